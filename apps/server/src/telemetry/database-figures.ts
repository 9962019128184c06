import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/client.js'
import { repeatPass, type RepeatingPass } from '../jobs/repeat.js'
import { overdueBucketsOf } from '../modules/collections/collections.desk.js'
import { moneyDeskFigures } from '../modules/money-desk/money-desk.metrics.js'
import { inboxFigures } from '../modules/repayment/inbox.metrics.js'
import {
  adjustmentsPendingSecond,
  loansOverdue,
  paymentInboxOldestPendingSeconds,
  paymentInboxPending,
  payoutOutboxOldestSeconds,
  payoutOutboxRequests,
  providerLastCallbackTimestamp,
  reconOpenDifferences,
  reconUnreconciledDays,
} from './metrics.js'
import { MARKETS } from '@kilat/domain'

/**
 * How often each process reads the database's figures (docs/operations/metrics.md): a scrape reads
 * the last values and never waits on the database, so it stays fast at any size; an alert's minutes
 * are far longer than this.
 */
export const DATABASE_FIGURES_SECONDS = 15

const seconds = (from: Date, now: Date) => Math.max(0, (now.getTime() - from.getTime()) / 1000)

/**
 * Reads the inbox, the outbox, reconciliation, the adjustments waiting for a second member and the
 * overdue buckets through their modules, and sets their gauges. A series that is gone (a state
 * emptied) reads 0, not its last value: each gauge is reset and filled again.
 */
export async function refreshDatabaseFigures(db: Db, now: Date): Promise<void> {
  const [inbox, desk, overdue] = await Promise.all([inboxFigures(db, now), moneyDeskFigures(db, now), overdueBucketsOf(db, now)])

  paymentInboxPending.reset()
  paymentInboxOldestPendingSeconds.reset()
  for (const market of MARKETS) {
    const row = inbox.pending.find((r) => r.market === market)
    paymentInboxPending.set({ market }, row?.count ?? 0)
    paymentInboxOldestPendingSeconds.set({ market }, row ? seconds(row.oldestAt, now) : 0)
  }

  payoutOutboxRequests.reset()
  for (const market of MARKETS) {
    for (const state of ['confirmed', 'sending', 'accepted'] as const) {
      payoutOutboxRequests.set({ market, state }, desk.outbox.find((r) => r.market === market && r.state === state)?.count ?? 0)
    }
  }
  payoutOutboxOldestSeconds.reset()
  for (const row of desk.oldest) payoutOutboxOldestSeconds.set({ market: row.market, provider: row.provider, state: row.state }, seconds(row.since, now))

  providerLastCallbackTimestamp.reset()
  for (const row of inbox.lastCallbacks) providerLastCallbackTimestamp.set({ provider: row.gateway, kind: 'payment', market: row.market }, row.at.getTime() / 1000)
  for (const row of desk.lastCallbacks) providerLastCallbackTimestamp.set({ provider: row.provider, kind: 'payout', market: row.market }, row.at.getTime() / 1000)

  reconOpenDifferences.reset()
  for (const row of desk.openDifferences) reconOpenDifferences.set({ market: row.market, kind: row.kind }, row.count)
  reconUnreconciledDays.reset()
  for (const row of desk.unreconciledDays) reconUnreconciledDays.set({ market: row.market }, row.days)

  adjustmentsPendingSecond.reset()
  for (const row of desk.pendingAdjustments) adjustmentsPendingSecond.set({ market: row.market, kind: row.kind }, row.count)

  loansOverdue.reset()
  for (const row of overdue) loansOverdue.set({ market: row.market, bucket: row.bucket }, row.count)
}

/** The refresh every DATABASE_FIGURES_SECONDS on a listening server, the first one at once. */
export function startDatabaseFigures(db: Db, log: FastifyBaseLogger): RepeatingPass {
  const pass = repeatPass(
    'metrics refresh',
    async () => {
      await refreshDatabaseFigures(db, new Date())
      return {}
    },
    DATABASE_FIGURES_SECONDS,
    log,
  )
  pass.kick()
  return pass
}
