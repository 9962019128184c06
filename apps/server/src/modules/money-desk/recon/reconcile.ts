import { and, eq, sql } from 'drizzle-orm'
import { GATEWAY_FEES, type Market } from '@kilat/domain'
import { rowsOf, type Executor, type Tx } from '../../../db/client.js'
import { AppError } from '../../../http/errors.js'
import { ledgerEntries, paymentAccounts, paymentInbox, payments } from '../../repayment/repayment.service.js'
import { gatewayReportLines, reconDays, reconDifferences, reconResolutions, unmatchedCallbacks, type GatewayReport } from '../reconciliation.schema.js'
import { inLocalDay } from './day.js'

/**
 * Reconciliation of one market's day (docs/product/operations.md#reconciliation): the gateway's
 * stored report against our payments and the callbacks we refused. Each kind of difference is one
 * INSERT … SELECT over the day, so that a day of 100,000 payments takes seconds, not a loop per
 * payment; `(gateway, kind, gateway_payment_id)` is unique, so a second run adds nothing. Payments
 * a resolution made are the desk's own answer to a difference, never a new one.
 */

export interface ReconcileOutcome {
  /** Differences found that were not known before. */
  added: number
  /** Missed callbacks whose payment has arrived since: no longer open. */
  cleared: number
}

/** The day's payments of the market through this gateway, with their accounts, that no resolution made. */
function dayPayments(gateway: string, market: Market, day: string) {
  return sql`
    select p.id, p.gateway_payment_id, p.order_id, p.amount, p.received_at, a.account_no, a.amount as asked, a.expires_at
    from ${payments} p
    join ${paymentAccounts} a on a.id = p.payment_account_id
    where p.gateway = ${gateway} and a.market = ${market} and ${inLocalDay(sql`p.received_at`, market, day)}
      and not exists (select 1 from ${reconResolutions} r where r.payment_id = p.id)`
}

async function insertDifferences(tx: Tx, select: ReturnType<typeof sql>): Promise<number> {
  const rows = await rowsOf<{ id: number }>(
    tx.execute(sql`
      insert into ${reconDifferences} (market, day, kind, gateway, gateway_payment_id, account_no, order_id, payment_id, amount, expected, actual, paid_at)
      ${select}
      on conflict (gateway, kind, gateway_payment_id) do nothing
      returning id`),
  )
  return rows.length
}

export async function reconcileDay(tx: Tx, report: GatewayReport, now: Date): Promise<ReconcileOutcome> {
  const { gateway, market, day } = report
  const [dayRow] = await tx.select().from(reconDays).where(and(eq(reconDays.market, market), eq(reconDays.day, day))).for('update')
  if (dayRow?.closedAt) throw new AppError('reconDayClosed')
  const ours = dayPayments(gateway, market, day)
  const fee = GATEWAY_FEES[market]
  let added = 0

  // a callback for an account we never issued, not since applied by a resolution
  added += await insertDifferences(
    tx,
    sql`select ${market}, ${day}::date, 'unknown_account', u.gateway, u.gateway_payment_id, u.account_no, null::bigint, null::bigint, u.amount, null::bigint, u.amount, u.paid_at
      from ${unmatchedCallbacks} u
      where u.gateway = ${gateway} and ${inLocalDay(sql`u.paid_at`, market, day)}
        and (u.market = ${market} or (u.market is null and exists (select 1 from ${gatewayReportLines} l where l.report_id = ${report.id} and l.gateway_payment_id = u.gateway_payment_id)))
        and not exists (select 1 from ${payments} p where p.gateway = u.gateway and p.gateway_payment_id = u.gateway_payment_id)`,
  )
  // paid after the account's time ran out
  added += await insertDifferences(
    tx,
    sql`select ${market}, ${day}::date, 'expired_account', ${gateway}, d.gateway_payment_id, d.account_no, d.order_id, d.id, d.amount, null::bigint, d.amount, d.received_at
      from (${ours}) d where d.received_at > d.expires_at`,
  )
  // another amount than the account asked
  added += await insertDifferences(
    tx,
    sql`select ${market}, ${day}::date, 'amount_mismatch', ${gateway}, d.gateway_payment_id, d.account_no, d.order_id, d.id, d.amount, d.asked, d.amount, d.received_at
      from (${ours}) d where d.amount <> d.asked`,
  )
  // the asked amount, kept whole or in part as an overpayment: the order owed nothing (any more)
  added += await insertDifferences(
    tx,
    sql`select ${market}, ${day}::date, 'overpayment', ${gateway}, d.gateway_payment_id, d.account_no, d.order_id, d.id, e.amount, d.amount - e.amount, d.amount, d.received_at
      from (${ours}) d join ${ledgerEntries} e on e.payment_id = d.id and e.component = 'overpayment'
      where d.amount = d.asked`,
  )
  // our payment, not in the report
  added += await insertDifferences(
    tx,
    sql`select ${market}, ${day}::date, 'unreported_callback', ${gateway}, d.gateway_payment_id, d.account_no, d.order_id, d.id, d.amount, null::bigint, d.amount, d.received_at
      from (${ours}) d
      where not exists (select 1 from ${gatewayReportLines} l where l.report_id = ${report.id} and l.gateway_payment_id = d.gateway_payment_id)`,
  )
  // the report's payment, of which no callback reached us (neither stored, nor refused), nor a resolution applied
  added += await insertDifferences(
    tx,
    sql`select ${market}, ${day}::date, 'missed_callback', ${gateway}, l.gateway_payment_id, l.account_no,
        (select a.order_id from ${paymentAccounts} a where a.gateway = ${gateway} and a.account_no = l.account_no order by a.id desc limit 1),
        null::bigint, l.amount, null::bigint, l.amount, l.paid_at
      from ${gatewayReportLines} l
      where l.report_id = ${report.id}
        and not exists (select 1 from ${payments} p where p.gateway = ${gateway} and p.gateway_payment_id = l.gateway_payment_id)
        and not exists (select 1 from ${paymentInbox} i where i.gateway = ${gateway} and i.gateway_payment_id = l.gateway_payment_id)
        and not exists (select 1 from ${unmatchedCallbacks} u where u.gateway = ${gateway} and u.gateway_payment_id = l.gateway_payment_id)`,
  )
  // the fee the report says the gateway kept against the contract's: domain contractFee
  // (fixed + amount × bps ÷ 10 000 rounded half up), written here in SQL so the day is one statement
  added += await insertDifferences(
    tx,
    sql`select ${market}, ${day}::date, 'fee_mismatch', ${gateway}, l.gateway_payment_id, l.account_no,
        (select p.order_id from ${payments} p where p.gateway = ${gateway} and p.gateway_payment_id = l.gateway_payment_id),
        (select p.id from ${payments} p where p.gateway = ${gateway} and p.gateway_payment_id = l.gateway_payment_id),
        l.amount, x.fee, l.fee, l.paid_at
      from ${gatewayReportLines} l
      cross join lateral (select ${fee.fixed}::bigint + (l.amount * ${fee.bps}::bigint + 5000) / 10000 as fee) x
      where l.report_id = ${report.id} and l.fee <> x.fee`,
  )
  // a missed callback whose payment arrived since (the gateway's retry, late) is no longer open
  const cleared = await rowsOf<{ id: number }>(
    tx.execute(sql`
      update ${reconDifferences} d set status = 'cleared'
      where d.market = ${market} and d.day = ${day}::date and d.kind = 'missed_callback' and d.status = 'open'
        and exists (select 1 from ${payments} p where p.gateway = d.gateway and p.gateway_payment_id = d.gateway_payment_id)
        and not exists (select 1 from ${reconResolutions} r where r.difference_id = d.id and r.status = 'pending')
      returning d.id`),
  )
  await tx
    .insert(reconDays)
    .values({ market, day, reconciledAt: now })
    .onConflictDoUpdate({ target: [reconDays.market, reconDays.day], set: { reconciledAt: now } })
  return { added, cleared: cleared.length }
}

/** Open differences of the market's day (a close waits for none). */
export async function openDifferencesOf(db: Executor, market: Market, day: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(reconDifferences)
    .where(and(eq(reconDifferences.market, market), eq(reconDifferences.day, day), eq(reconDifferences.status, 'open')))
  return row?.n ?? 0
}

/** Whether the market's day was reconciled at least once (by the job or by finance). */
export async function dayReconciled(db: Executor, market: Market, day: string): Promise<boolean> {
  const [row] = await db.select({ day: reconDays.day }).from(reconDays).where(and(eq(reconDays.market, market), eq(reconDays.day, day)))
  return row !== undefined
}
