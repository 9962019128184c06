import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm'
import { addDays, daysBetween, localDate, MARKETS, PAYOUT_IN_FLIGHT, type Market } from '@kilat/domain'
import { rowsOf, type Executor } from '../../db/client.js'
import { adjustments } from './adjustments.schema.js'
import { payoutCallbacks, payoutRequests } from './payouts.schema.js'
import { orderRefsOf } from './payouts.repo.js'
import { gatewayReports, reconDays, reconDifferences } from './reconciliation.schema.js'

/**
 * The money desk's figures for the metrics (docs/operations/metrics.md#money-flows): the payout
 * outbox, each payout provider's last callback, reconciliation and the adjustments waiting for a
 * second member. Each reads an index of the rows still open (the outbox's, the open differences',
 * the pending adjustments'), never the whole history, so a refresh costs the same at a million
 * orders as at a thousand.
 */
export interface MoneyDeskFigures {
  outbox: Array<{ market: Market; state: 'confirmed' | 'sending' | 'accepted'; count: number }>
  /** The oldest payout per market, provider and state, with when it entered the state. */
  oldest: Array<{ market: Market; provider: string; state: 'sending' | 'accepted'; since: Date }>
  lastCallbacks: Array<{ provider: string; market: Market; at: Date }>
  openDifferences: Array<{ market: Market; kind: string; count: number }>
  unreconciledDays: Array<{ market: Market; days: number }>
  pendingAdjustments: Array<{ market: Market; kind: string; count: number }>
}

/** How far back a provider's last callbacks are looked for, and how many of them (their markets come from their orders). */
const LAST_CALLBACK_HORIZON_MS = 7 * 86_400_000
const LAST_CALLBACKS_PER_PROVIDER = 200
/** Reconciliation looks this many days back. */
const RECON_WINDOW_DAYS = 30

export async function moneyDeskFigures(db: Executor, now: Date): Promise<MoneyDeskFigures> {
  // the outbox: the rows still on their way (payout_requests_due_idx holds exactly them)
  const inFlight = await db
    .select({ orderKey: payoutRequests.orderKey, status: payoutRequests.status, provider: payoutRequests.provider, decidedAt: payoutRequests.decidedAt, acceptedAt: payoutRequests.acceptedAt })
    .from(payoutRequests)
    .where(inArray(payoutRequests.status, [...PAYOUT_IN_FLIGHT]))
  const pendingAdjustments = await db.select({ orderKey: adjustments.orderKey, kind: adjustments.kind }).from(adjustments).where(eq(adjustments.status, 'pending'))
  const refs = await orderRefsOf(db, [...new Set([...inFlight.map((r) => r.orderKey), ...pendingAdjustments.map((r) => r.orderKey)])])

  const outbox = new Map<string, MoneyDeskFigures['outbox'][number]>()
  const oldest = new Map<string, MoneyDeskFigures['oldest'][number]>()
  for (const row of inFlight) {
    const market = refs.get(row.orderKey)?.market
    if (!market) continue
    const state = row.status as 'confirmed' | 'sending' | 'accepted'
    const key = `${market}:${state}`
    outbox.set(key, { market, state, count: (outbox.get(key)?.count ?? 0) + 1 })
    if (state === 'confirmed') continue
    // sending: since it was confirmed (the time it has been trying to leave); accepted: since the provider took it
    const since = state === 'accepted' ? row.acceptedAt : row.decidedAt
    if (!since) continue
    const provider = row.provider ?? 'none'
    const oldKey = `${market}:${provider}:${state}`
    const found = oldest.get(oldKey)
    if (!found || since < found.since) oldest.set(oldKey, { market, provider, state, since })
  }

  const adjustmentCounts = new Map<string, MoneyDeskFigures['pendingAdjustments'][number]>()
  for (const row of pendingAdjustments) {
    const market = refs.get(row.orderKey)?.market
    if (!market) continue
    const key = `${market}:${row.kind}`
    adjustmentCounts.set(key, { market, kind: row.kind, count: (adjustmentCounts.get(key)?.count ?? 0) + 1 })
  }

  return {
    outbox: [...outbox.values()],
    oldest: [...oldest.values()],
    lastCallbacks: await lastCallbacksOf(db, now),
    openDifferences: await openDifferencesOf(db),
    unreconciledDays: await unreconciledDaysOf(db, now),
    pendingAdjustments: [...adjustmentCounts.values()],
  }
}

/** Each provider's latest callback per market, from its last few within the horizon (payout_callbacks_received_idx). */
async function lastCallbacksOf(db: Executor, now: Date): Promise<MoneyDeskFigures['lastCallbacks']> {
  const providers = await rowsOf<{ provider: string }>(
    db.execute(sql`
      with recursive p(provider) as (
        select min(provider) from payout_callbacks
        union all
        select (select min(provider) from payout_callbacks where provider > p.provider) from p where p.provider is not null
      )
      select provider from p where provider is not null`),
  )
  const since = new Date(now.getTime() - LAST_CALLBACK_HORIZON_MS)
  const found: MoneyDeskFigures['lastCallbacks'] = []
  for (const { provider } of providers) {
    const latest = await db
      .select({ at: payoutCallbacks.receivedAt, orderKey: payoutRequests.orderKey })
      .from(payoutCallbacks)
      .innerJoin(payoutRequests, eq(payoutRequests.id, payoutCallbacks.requestId))
      .where(and(eq(payoutCallbacks.provider, provider), gte(payoutCallbacks.receivedAt, since)))
      .orderBy(desc(payoutCallbacks.receivedAt))
      .limit(LAST_CALLBACKS_PER_PROVIDER)
    const refs = await orderRefsOf(db, [...new Set(latest.map((r) => r.orderKey))])
    const byMarket = new Map<Market, Date>()
    for (const row of latest) {
      const market = refs.get(row.orderKey)?.market
      if (market && !byMarket.has(market)) byMarket.set(market, row.at)
    }
    for (const [market, at] of byMarket) found.push({ provider, market, at })
  }
  return found
}

async function openDifferencesOf(db: Executor): Promise<MoneyDeskFigures['openDifferences']> {
  const rows = await db
    .select({ market: reconDifferences.market, kind: reconDifferences.kind, count: sql<number>`count(*)::int` })
    .from(reconDifferences)
    .where(eq(reconDifferences.status, 'open'))
    .groupBy(reconDifferences.market, reconDifferences.kind)
  return rows.map((r) => ({ market: r.market, kind: r.kind, count: Number(r.count) }))
}

/**
 * Days before the market's today, within the last 30, not yet closed: from the day after the last
 * closed one (or the first day a gateway report was fetched, on a new install) through yesterday.
 * A market that never took a report has nothing to reconcile yet.
 */
async function unreconciledDaysOf(db: Executor, now: Date): Promise<MoneyDeskFigures['unreconciledDays']> {
  const closed = await db
    .select({ market: reconDays.market, day: sql<string>`max(${reconDays.day})::text` })
    .from(reconDays)
    .where(isNotNull(reconDays.closedAt))
    .groupBy(reconDays.market)
  const first = await db.select({ market: gatewayReports.market, day: sql<string>`min(${gatewayReports.day})::text` }).from(gatewayReports).groupBy(gatewayReports.market)
  return MARKETS.map((market) => {
    const today = localDate(now, market)
    const windowStart = addDays(today, -RECON_WINDOW_DAYS)
    const lastClosed = closed.find((r) => r.market === market)?.day
    const firstReport = first.find((r) => r.market === market)?.day
    const from = lastClosed ? addDays(lastClosed, 1) : firstReport
    if (!from) return { market, days: 0 }
    const start = from < windowStart ? windowStart : from
    return { market, days: Math.max(0, daysBetween(start, today)) }
  })
}
