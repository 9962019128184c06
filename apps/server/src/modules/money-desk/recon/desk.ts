import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm'
import {
  type DataOf,
  type DifferenceView,
  type InboxState,
  type ReconDayView,
  type ResolutionView,
  type paymentsCallbacks,
  type paymentsInbox,
  type paymentsLedger,
} from '@kilat/contract'
import { cents, resolutionsFor, type Market } from '@kilat/domain'
import type { PaymentGateway } from '../../../adapters/payments/payment-gateway.js'
import { providerOf, type ByMarket } from '../../../adapters/providers/by-market.js'
import { rowsOf, type Db, type Executor } from '../../../db/client.js'
import { AppError } from '../../../http/errors.js'
import type { StaffPrincipal } from '../../../http/types.js'
import { record } from '../../audit/audit.service.js'
import { orderColumns, orderJoin, orderNosOf } from '../../orders/orders.service.js'
import { fourEyesPeople, staffEmailsOf } from '../../staff/staff.service.js'
import { ledgerEntries, paymentAccounts, paymentInbox, payments } from '../../repayment/repayment.service.js'
import { reconDays, reconDifferences, reconResolutions, unmatchedCallbacks, type ReconDifference, type ReconResolution } from '../reconciliation.schema.js'
import { dayIsOver, inLocalDay } from './day.js'
import { openDifferencesOf, reconcileDay } from './reconcile.js'
import { fetchReport, storedReport } from './reports.js'

/**
 * The payments desk and reconciliation of the ops console (docs/product/operations.md#money-desk):
 * what finance reads of a market's day and the day's run and close. Every call names a market of
 * the staff member's (else 403, before anything is read); a record of another market is not found.
 */

export interface MoneyDeskDeps {
  db: Db
  now: () => Date
  /** The gateway of each market (docs/operations/going-live.md#providers-by-market), or one for all. */
  gateway: PaymentGateway | ByMarket<PaymentGateway>
}

interface DayQuery {
  market: Market
  day: string
}

/** The desk always works in one market, one of the caller's. */
export function assertMarket(staff: StaffPrincipal, market: Market): void {
  if (!staff.markets.includes(market)) throw new AppError('staffForbidden')
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

function nextCursorOf<T>(rows: T[], limit: number, keyOf: (row: T) => string): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  return { page, nextCursor: rows.length > limit && last ? keyOf(last) : null }
}

function inboxState(row: { appliedAt: Date | null; attempts: number }): InboxState {
  if (row.appliedAt) return 'applied'
  return row.attempts > 0 ? 'failed' : 'pending'
}

const STATE_FILTER: Record<InboxState, SQL> = {
  applied: sql`${paymentInbox.appliedAt} is not null`,
  failed: sql`${paymentInbox.appliedAt} is null and ${paymentInbox.attempts} > 0`,
  pending: sql`${paymentInbox.appliedAt} is null and ${paymentInbox.attempts} = 0`,
}

/** docs/product/operations.md#payments-desk: the inbox of the day, newest stored first. */
export async function inboxOf(deps: MoneyDeskDeps, staff: StaffPrincipal, q: DayQuery & { state?: InboxState | undefined; cursor?: number | undefined; limit: number }): Promise<DataOf<typeof paymentsInbox>> {
  assertMarket(staff, q.market)
  const rows = await deps.db
    .select({ inbox: paymentInbox, orderNo: orderColumns.orderNo })
    .from(paymentInbox)
    .innerJoin(paymentAccounts, eq(paymentAccounts.id, paymentInbox.paymentAccountId))
    .innerJoin(...orderJoin(paymentAccounts.orderKey))
    .where(
      and(
        eq(paymentAccounts.market, q.market),
        inLocalDay(paymentInbox.paidAt, q.market, q.day),
        q.state ? STATE_FILTER[q.state] : undefined,
        q.cursor ? lt(paymentInbox.id, q.cursor) : undefined,
      ),
    )
    .orderBy(desc(paymentInbox.id))
    .limit(q.limit + 1)
  const { page, nextCursor } = nextCursorOf(rows, q.limit, (r) => String(r.inbox.id))
  return {
    rows: page.map(({ inbox: r, orderNo }) => ({
      id: r.id,
      gatewayPaymentId: r.gatewayPaymentId,
      accountNo: r.accountNo,
      orderNo,
      method: r.method,
      amount: r.amount,
      paidAt: r.paidAt.toISOString(),
      receivedAt: r.receivedAt.toISOString(),
      state: inboxState(r),
      attempts: r.attempts,
      lastError: r.lastError,
      nextAttemptAt: r.appliedAt ? null : r.nextAttemptAt.toISOString(),
      appliedAt: iso(r.appliedAt),
    })),
    nextCursor,
  }
}

interface CallbackRow {
  source: 'inbox' | 'unmatched'
  id: number | string
  gateway_payment_id: string
  account_no: string
  order_no: string | null
  method: string
  amount: number | string
  paid_at: string | Date
  received_at: string | Date
  ms: number | string
  raw: unknown
}

/**
 * docs/product/operations.md#payments-desk: every callback of the day as received, ours (in the
 * inbox) and for unknown accounts (kept, refused), newest first by key (received time, source, id).
 */
export async function callbacksOf(
  deps: MoneyDeskDeps,
  staff: StaffPrincipal,
  q: DayQuery & { matched?: 'yes' | 'no' | undefined; cursor?: string | undefined; limit: number },
): Promise<DataOf<typeof paymentsCallbacks>> {
  assertMarket(staff, q.market)
  const ours = sql`
    select 'inbox' as source, 0 as rank, i.id, i.gateway_payment_id, i.account_no, o.order_no, i.method, i.amount, i.paid_at, i.received_at, i.raw
    from ${paymentInbox} i join ${paymentAccounts} a on a.id = i.payment_account_id join ${orderJoin(sql`a.order_id`)[0]} o on o.id = a.order_id
    where a.market = ${q.market} and ${inLocalDay(sql`i.paid_at`, q.market, q.day)}`
  const theirs = sql`
    select 'unmatched' as source, 1 as rank, u.id, u.gateway_payment_id, u.account_no, null as order_no, u.method, u.amount, u.paid_at, u.received_at, u.raw
    from ${unmatchedCallbacks} u
    where u.market = ${q.market} and ${inLocalDay(sql`u.paid_at`, q.market, q.day)}`
  const union = q.matched === 'yes' ? ours : q.matched === 'no' ? theirs : sql`${ours} union all ${theirs}`
  let after = sql``
  if (q.cursor) {
    const [ms, rank, id] = q.cursor.split('.').map(Number) as [number, number, number]
    after = sql`where (c.ms, c.rank, c.id) < (${ms}::bigint, ${rank}::int, ${id}::bigint)`
  }
  const rows = await rowsOf<CallbackRow & { rank: number | string }>(
    deps.db.execute(sql`
      select * from (select x.*, floor(extract(epoch from x.received_at) * 1000)::bigint as ms from (${union}) x) c
      ${after}
      order by c.ms desc, c.rank desc, c.id desc
      limit ${q.limit + 1}`),
  )
  const { page, nextCursor } = nextCursorOf(rows, q.limit, (r) => `${r.ms}.${r.rank}.${r.id}`)
  return {
    rows: page.map((r) => ({
      source: r.source,
      id: Number(r.id),
      gatewayPaymentId: r.gateway_payment_id,
      accountNo: r.account_no,
      orderNo: r.order_no,
      method: r.method,
      amount: cents(Number(r.amount)),
      paidAt: new Date(r.paid_at).toISOString(),
      receivedAt: new Date(r.received_at).toISOString(),
      body: JSON.stringify(typeof r.raw === 'string' ? JSON.parse(r.raw) : r.raw),
    })),
    nextCursor,
  }
}

/** docs/product/operations.md#payments-desk: the ledger's entries of the payments received on the day, newest written first. */
export async function ledgerOf(deps: MoneyDeskDeps, staff: StaffPrincipal, q: DayQuery & { cursor?: number | undefined; limit: number }): Promise<DataOf<typeof paymentsLedger>> {
  assertMarket(staff, q.market)
  const rows = await deps.db
    .select({ entry: ledgerEntries, gatewayPaymentId: payments.gatewayPaymentId, orderNo: orderColumns.orderNo })
    .from(ledgerEntries)
    .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .innerJoin(paymentAccounts, eq(paymentAccounts.id, payments.paymentAccountId))
    .innerJoin(...orderJoin(ledgerEntries.orderKey))
    .where(and(eq(paymentAccounts.market, q.market), inLocalDay(payments.receivedAt, q.market, q.day), q.cursor ? lt(ledgerEntries.id, q.cursor) : undefined))
    .orderBy(desc(ledgerEntries.id))
    .limit(q.limit + 1)
  const { page, nextCursor } = nextCursorOf(rows, q.limit, (r) => String(r.entry.id))
  return {
    rows: page.map(({ entry: e, gatewayPaymentId, orderNo }) => ({
      id: e.id,
      orderNo,
      paymentId: e.paymentId,
      gatewayPaymentId,
      component: e.component,
      periodNo: e.periodNo,
      amount: e.amount,
      at: e.createdAt.toISOString(),
    })),
    nextCursor,
  }
}

/** The day as the desk shows it: report, our total, counts by status, who closed it. */
export async function dayView(deps: MoneyDeskDeps, market: Market, day: string): Promise<ReconDayView> {
  const db = deps.db
  const [report, [dayRow], counts, [ours], [pending]] = await Promise.all([
    storedReport(db, providerOf(deps.gateway, market).name, market, day),
    db.select().from(reconDays).where(and(eq(reconDays.market, market), eq(reconDays.day, day))),
    db
      .select({ status: reconDifferences.status, n: sql<number>`count(*)::int` })
      .from(reconDifferences)
      .where(and(eq(reconDifferences.market, market), eq(reconDifferences.day, day)))
      .groupBy(reconDifferences.status),
    db
      .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
      .from(payments)
      .innerJoin(paymentAccounts, eq(paymentAccounts.id, payments.paymentAccountId))
      .where(and(eq(payments.gateway, providerOf(deps.gateway, market).name), eq(paymentAccounts.market, market), inLocalDay(payments.receivedAt, market, day))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(reconResolutions)
      .innerJoin(reconDifferences, eq(reconDifferences.id, reconResolutions.differenceId))
      .where(and(eq(reconDifferences.market, market), eq(reconDifferences.day, day), eq(reconResolutions.status, 'pending'))),
  ])
  const count = (status: string) => counts.find((c) => c.status === status)?.n ?? 0
  const emails = await staffEmailsOf(db, [dayRow?.closedBy ?? null])
  const reconciled = Boolean(dayRow)
  const closed = Boolean(dayRow?.closedAt)
  return {
    market,
    day,
    report: report ? { fetchedAt: report.fetchedAt.toISOString(), lineCount: report.lineCount, total: report.total, feeTotal: report.feeTotal } : null,
    ours: { count: ours?.n ?? 0, total: cents(Number(ours?.total ?? 0)) },
    reconciledAt: iso(dayRow?.reconciledAt ?? null),
    closedAt: iso(dayRow?.closedAt ?? null),
    closedByEmail: dayRow?.closedBy ? (emails.get(dayRow.closedBy) ?? null) : null,
    counts: { open: count('open'), resolved: count('resolved'), awaitingRefund: count('awaiting_refund'), cleared: count('cleared'), pendingResolutions: pending?.n ?? 0 },
    canClose: reconciled && !closed && count('open') === 0 && dayIsOver(day, deps.now(), market),
  }
}

/** docs/product/operations.md#reconciliation */
export async function reconDayOf(deps: MoneyDeskDeps, staff: StaffPrincipal, q: DayQuery): Promise<{ day: ReconDayView }> {
  assertMarket(staff, q.market)
  return { day: await dayView(deps, q.market, q.day) }
}

/**
 * Fetches the day's report (once) and reconciles the day; the job does the same for the day
 * before each market's today. Only a day that is over: its report is complete.
 */
export async function reconcileMarketDay(deps: Pick<MoneyDeskDeps, 'db' | 'gateway'>, market: Market, day: string, now: Date, onDone?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0], outcome: { added: number; cleared: number }) => Promise<void>) {
  if (!dayIsOver(day, now, market)) throw new AppError('reconDayNotOver')
  const { report } = await fetchReport(deps.db, providerOf(deps.gateway, market), market, day)
  return deps.db.transaction(async (tx) => {
    const outcome = await reconcileDay(tx, report, now)
    await onDone?.(tx, outcome)
    return outcome
  })
}

/** docs/product/operations.md#reconciliation: finance runs the day again (audit: payments.reconcile). */
export async function runReconciliation(deps: MoneyDeskDeps, staff: StaffPrincipal, ip: string, q: DayQuery) {
  assertMarket(staff, q.market)
  const now = deps.now()
  const outcome = await reconcileMarketDay(deps, q.market, q.day, now, async (tx, found) => {
    await record(tx, {
      staffId: staff.staffId,
      role: staff.role,
      action: 'payments.reconcile',
      recordType: 'recon-day',
      recordId: `${q.market}:${q.day}`,
      markets: [q.market],
      after: found,
      ip,
      at: now,
    })
  })
  return { ...outcome, day: await dayView(deps, q.market, q.day) }
}

/**
 * docs/product/operations.md#closing-a-day: a finance member closes the day's books once it is
 * reconciled and nothing is open. The day's row is locked, so a close and a run never cross.
 */
export async function closeDay(deps: MoneyDeskDeps, staff: StaffPrincipal, ip: string, q: DayQuery): Promise<{ day: ReconDayView }> {
  assertMarket(staff, q.market)
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(reconDays).where(and(eq(reconDays.market, q.market), eq(reconDays.day, q.day))).for('update')
    if (!row) throw new AppError('reconDayNotReconciled')
    if (row.closedAt) throw new AppError('reconDayClosed')
    if ((await openDifferencesOf(tx, q.market, q.day)) > 0) throw new AppError('reconDayOpen')
    await tx
      .update(reconDays)
      .set({ closedBy: staff.staffId, closedAt: now })
      .where(and(eq(reconDays.market, q.market), eq(reconDays.day, q.day), isNull(reconDays.closedAt)))
    await record(tx, {
      staffId: staff.staffId,
      role: staff.role,
      action: 'payments.close-day',
      recordType: 'recon-day',
      recordId: `${q.market}:${q.day}`,
      markets: [q.market],
      after: { closedAt: now.toISOString() },
      ip,
      at: now,
    })
  })
  return { day: await dayView(deps, q.market, q.day) }
}

export function resolutionView(row: ReconResolution, orderNos: Map<number, string>, emails: Map<number, string>): ResolutionView {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    orderNo: row.orderKey === null ? null : (orderNos.get(row.orderKey) ?? null),
    note: row.note,
    ...fourEyesPeople('reconResolution', { ...row, requestedBy: row.proposedBy, requestedAt: row.proposedAt }, emails),
    paymentId: row.paymentId,
  }
}

/** The differences as the desk shows them, each with its latest resolution. */
export async function differenceViews(db: Executor, rows: ReconDifference[]): Promise<DifferenceView[]> {
  const ids = rows.map((r) => r.id)
  const resolutions = ids.length ? await db.select().from(reconResolutions).where(inArray(reconResolutions.differenceId, ids)).orderBy(desc(reconResolutions.id)) : []
  const orderNos = await orderNosOf(db, [...rows.map((r) => r.orderKey), ...resolutions.map((r) => r.orderKey)].filter((k): k is number => k !== null))
  const emails = await staffEmailsOf(db, resolutions.flatMap((r) => [r.proposedBy, r.decidedBy]))
  return rows.map((d) => {
    const latest = resolutions.find((r) => r.differenceId === d.id)
    return {
      id: d.id,
      market: d.market,
      day: d.day,
      kind: d.kind,
      gatewayPaymentId: d.gatewayPaymentId,
      accountNo: d.accountNo,
      orderNo: d.orderKey === null ? null : (orderNos.get(d.orderKey) ?? null),
      amount: d.amount,
      expected: d.expected === null ? null : cents(d.expected),
      actual: d.actual === null ? null : cents(d.actual),
      paidAt: d.paidAt.toISOString(),
      status: d.status,
      allowed: [...resolutionsFor(d.kind)],
      resolution: latest ? resolutionView(latest, orderNos, emails) : null,
    }
  })
}

/** docs/product/operations.md#reconciliation: the day's differences in the order found, by id. */
export async function differencesOf(deps: MoneyDeskDeps, staff: StaffPrincipal, q: DayQuery & { status?: 'open' | 'done' | undefined; cursor?: number | undefined; limit: number }) {
  assertMarket(staff, q.market)
  const rows = await deps.db
    .select()
    .from(reconDifferences)
    .where(
      and(
        eq(reconDifferences.market, q.market),
        eq(reconDifferences.day, q.day),
        q.status === 'open' ? eq(reconDifferences.status, 'open') : q.status === 'done' ? sql`${reconDifferences.status} <> 'open'` : undefined,
        q.cursor ? sql`${reconDifferences.id} > ${q.cursor}` : undefined,
      ),
    )
    .orderBy(reconDifferences.id)
    .limit(q.limit + 1)
  const { page, nextCursor } = nextCursorOf(rows, q.limit, (r) => String(r.id))
  return { rows: await differenceViews(deps.db, page), nextCursor }
}
