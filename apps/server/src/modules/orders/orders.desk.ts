import {
  ORDER_DESK_LIMITS,
  type DataOf,
  type OpsOrderSummary,
  type PayoutRequestView,
  type RejectReason,
  type orderDashboard,
  type orderReviewQueue,
  type orderScreen,
  type payoutQueue,
} from '@kilat/contract'
import { ORDER_STATUS, daysOverdue, localDate, maskPhone, normalizeMobile, type Market } from '@kilat/domain'
import type { PayoutProvider } from '../../adapters/payouts/payout-provider.js'
import { providerOf, type ByMarket } from '../../adapters/providers/by-market.js'
import type { Db } from '../../db/client.js'
import { keptReads } from '../../db/kept-reads.js'
import { AppError } from '../../http/errors.js'
import type { StaffPrincipal } from '../../http/types.js'
import { complaintsDueIn, orderComplaintsOf } from '../complaints/complaints.service.js'
import { orderLedgerOf, orderPaymentsOf, repaymentTotalsOf, repaymentsReceivedOn } from '../repayment/repayment.service.js'
import { staffEmailsOf } from '../staff/staff.service.js'
import * as desk from './orders.desk.repo.js'
import type { DeskOrder } from './orders.desk.repo.js'
import { decideOrder, type OrderActor } from './orders.lifecycle.js'
import { movePayout, type PayoutMover } from './payouts.move.js'
import * as payoutsRepo from './payouts.repo.js'
import { orders, type PayoutRequest } from './orders.schema.js'
import { periodsOf } from './orders.repo.js'

/**
 * The order desk of the ops console (docs/product/operations.md#loan-decisions): risk decides
 * submitted orders, finance pays approved ones out with four eyes, every role finds an order and
 * reads it. Every write records its audit row in its own transaction; an order of a market the
 * staff member does not work in is not found, as if it did not exist.
 */

export interface DeskDeps {
  db: Db
  now: () => Date
  /** The payout provider of each market (docs/operations/going-live.md#providers-by-market), or one for all. */
  payouts: PayoutProvider | ByMarket<PayoutProvider>
  /** Wakes the payout outbox's worker after a confirmation (a listening server's; tests run passes themselves). */
  kickPayouts?: () => void
}

/** Who acts, for the history and the audit trail. */
export const staffActor = (staff: StaffPrincipal, ip: string): OrderActor & { kind: 'staff' } => ({ kind: 'staff', staffId: staff.staffId, role: staff.role, ip })

/** The same, as a payout's mover (payouts.move.ts). */
const staffMover = (staff: StaffPrincipal, ip: string): PayoutMover => ({ kind: 'staff', staffId: staff.staffId, role: staff.role, ip })

/** The markets a list covers: the one asked for, if the staff member works in it, else all of theirs. */
function marketsOf(staff: StaffPrincipal, market: Market | undefined): Market[] {
  if (market === undefined) return staff.markets
  if (!staff.markets.includes(market)) throw new AppError('staffForbidden')
  return [market]
}

/** The order by number, only in the staff member's markets: another market's is not found. */
async function orderInMarkets(db: Db, staff: StaffPrincipal, orderNo: string): Promise<DeskOrder> {
  const found = await desk.findDeskOrder(db, orderNo)
  if (!found || !staff.markets.includes(found.product.market)) throw new AppError('notFound')
  return found
}

const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function summaryOf({ order, product, phone }: DeskOrder): OpsOrderSummary {
  return {
    orderNo: order.orderNo,
    market: product.market,
    status: order.status,
    productId: product.id,
    productName: product.name,
    amount: order.principal,
    received: order.received,
    totalRepay: order.totalRepay,
    termUnit: order.termUnit,
    termDays: order.termDays,
    periods: order.periods,
    phoneMasked: maskPhone(phone),
    appliedAt: order.appliedAt.toISOString(),
    decidedAt: iso(order.decidedAt),
    disbursedAt: iso(order.disbursedAt),
    dueAt: iso(order.dueAt),
  }
}

function payoutView(row: PayoutRequest, orderNo: string, emails: Map<number, string>): PayoutRequestView {
  return {
    id: row.id,
    orderNo,
    status: row.status,
    purpose: row.purpose,
    amount: row.amount,
    requestedBy: row.requestedBy,
    requestedByEmail: row.requestedBy === null ? null : (emails.get(row.requestedBy) ?? null),
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedBy,
    decidedByEmail: row.decidedBy === null ? null : (emails.get(row.decidedBy) ?? null),
    decidedAt: iso(row.decidedAt),
    providerRef: row.providerRef,
    failureReason: row.failureReason,
    attempts: row.attempts,
    acceptedAt: iso(row.acceptedAt),
    completedAt: iso(row.completedAt),
  }
}

async function payoutViewOf(db: Db, row: PayoutRequest, orderNo: string): Promise<PayoutRequestView> {
  return payoutView(row, orderNo, await staffEmailsOf(db, [row.requestedBy, row.decidedBy]))
}

type BorrowerRecord = DataOf<typeof orderScreen>['borrower']

/**
 * The borrower's record beside each order: earlier orders, repayments, and the most days any
 * installment of a paid-out order was late (paid late, or unpaid now), by domain daysOverdue.
 */
async function borrowerRecords(db: Db, list: DeskOrder[], now: Date): Promise<Map<number, BorrowerRecord>> {
  const borrowerIds = list.map((r) => r.order.borrowerId)
  const [earlier, repayments, periods] = await Promise.all([
    desk.earlierOrderCounts(
      db,
      list.map((r) => r.order),
    ),
    repaymentTotalsOf(db, borrowerIds),
    desk.disbursedPeriodsOf(db, borrowerIds),
  ])
  const worst = new Map<number, number>()
  for (const p of periods) {
    const until = p.status === 'paid' ? (p.paidAt ?? p.dueAt) : now
    worst.set(p.borrowerId, Math.max(worst.get(p.borrowerId) ?? 0, daysOverdue(p.dueAt, until, p.market)))
  }
  return new Map(
    list.map(({ order }) => {
      const paid = repayments.get(order.borrowerId)
      return [
        order.id,
        { earlierOrders: earlier.get(order.id) ?? 0, repaymentsCount: paid?.count ?? 0, repaymentsSum: paid?.sum ?? 0, worstDaysOverdue: worst.get(order.borrowerId) ?? 0 },
      ]
    }),
  )
}

interface PageQuery {
  market?: Market | undefined
  cursor?: string | undefined
  limit: number
}

/** One page of a queue and the cursor of the next (null on the last). */
function paged(rows: DeskOrder[], limit: number, keyOf: (row: DeskOrder) => Date): { page: DeskOrder[]; nextCursor: string | null } {
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  return { page, nextCursor: rows.length > limit && last ? desk.cursorOf(keyOf(last), last.order.id) : null }
}

/** docs/product/operations.md#review-queue */
export async function reviewQueue(deps: DeskDeps, staff: StaffPrincipal, q: PageQuery): Promise<DataOf<typeof orderReviewQueue>> {
  const rows = await desk.queuePage(deps.db, ORDER_STATUS.submitted, marketsOf(staff, q.market), orders.appliedAt, q.cursor, q.limit)
  const { page, nextCursor } = paged(rows, q.limit, (r) => r.order.appliedAt)
  const records = await borrowerRecords(deps.db, page, deps.now())
  return { orders: page.map((r) => ({ ...summaryOf(r), borrower: records.get(r.order.id)! })), nextCursor }
}

async function decide(deps: DeskDeps, staff: StaffPrincipal, ip: string, orderNo: string, decision: Parameters<typeof decideOrder>[2]): Promise<{ order: OpsOrderSummary }> {
  const found = await orderInMarkets(deps.db, staff, orderNo)
  // 21 is the only status a decision starts from: anything else was decided already
  if (found.order.status !== ORDER_STATUS.submitted) throw new AppError('orderAlreadyDecided')
  await deps.db.transaction(async (tx) => {
    // the guarded update: of two deciders at once, the second finds the order no longer submitted
    if (!(await decideOrder(tx, found, decision, deps.now(), staffActor(staff, ip)))) throw new AppError('orderAlreadyDecided')
  })
  return { order: summaryOf((await desk.findDeskOrder(deps.db, orderNo))!) }
}

/** docs/product/operations.md#loan-decisions: 21 → 151. */
export function approveOrder(deps: DeskDeps, staff: StaffPrincipal, ip: string, orderNo: string) {
  return decide(deps, staff, ip, orderNo, { event: 'approve' })
}

/** docs/product/operations.md#loan-decisions: 21 → 110, the reason and the text kept in the history and the audit row. */
export function rejectOrder(deps: DeskDeps, staff: StaffPrincipal, ip: string, input: { orderNo: string; reason: RejectReason; note: string }) {
  return decide(deps, staff, ip, input.orderNo, { event: 'reject', reason: input.reason, note: input.note || null })
}

/** docs/product/operations.md#disbursement: approved orders, oldest decision first, each with its latest request. */
export async function payoutQueueOf(deps: DeskDeps, staff: StaffPrincipal, q: PageQuery): Promise<DataOf<typeof payoutQueue>> {
  const rows = await desk.queuePage(deps.db, ORDER_STATUS.approved, marketsOf(staff, q.market), orders.decidedAt, q.cursor, q.limit)
  const { page, nextCursor } = paged(rows, q.limit, (r) => r.order.decidedAt!)
  const requests = await desk.payoutRequestsOf(
    deps.db,
    page.map((r) => r.order.id),
  )
  const emails = await staffEmailsOf(
    deps.db,
    requests.flatMap((r) => [r.requestedBy, r.decidedBy]),
  )
  return {
    orders: page.map((r) => {
      const latest = requests.find((p) => p.orderKey === r.order.id)
      return { ...summaryOf(r), payout: latest ? payoutView(latest, r.order.orderNo, emails) : null }
    }),
    nextCursor,
  }
}

/** The maker's step: a pending request for an approved order; one pending request per order. */
export async function requestPayout(deps: DeskDeps, staff: StaffPrincipal, ip: string, orderNo: string): Promise<{ payout: PayoutRequestView }> {
  const found = await orderInMarkets(deps.db, staff, orderNo)
  const now = deps.now()
  const created = await deps.db.transaction(async (tx) => {
    const locked = await desk.lockDeskOrder(tx, found.order.id)
    if (!locked || locked.order.status !== ORDER_STATUS.approved) throw new AppError('orderNotApproved')
    const row = await movePayout(
      tx,
      { event: 'request', create: { orderKey: locked.order.id, amount: locked.order.received, requestedBy: staff.staffId, requestedAt: now } },
      { by: staffMover(staff, ip), at: now, order: { orderNo, market: found.product.market } },
    )
    if (!row) {
      // one open request per order: waiting for its checker, or on its way to the borrower
      const open = await payoutsRepo.openPayoutOf(tx, locked.order.id)
      throw new AppError(open && open.status !== 'pending' ? 'payoutInFlight' : 'payoutAlreadyRequested')
    }
    return row
  })
  return { payout: await payoutViewOf(deps.db, created, orderNo) }
}

/** A request and its order, both locked, in the staff member's markets; another market's is not found. */
async function lockRequest(tx: Parameters<Parameters<Db['transaction']>[0]>[0], staff: StaffPrincipal, requestId: number) {
  const request = await desk.lockPayoutRequest(tx, requestId)
  const found = request ? await desk.lockDeskOrder(tx, request.orderKey) : undefined
  if (!request || !found || !staff.markets.includes(found.product.market)) throw new AppError('notFound')
  if (request.status !== 'pending') throw new AppError('payoutNotPending')
  return { request, found }
}

/**
 * The checker's step (docs/product/operations.md#disbursement): another finance member confirms,
 * which writes the payout's instruction to the outbox (`confirmed`, due now) in the same
 * transaction as the decision and answers at once; the provider is not called here. The worker
 * (payouts.outbox.ts) sends it; the order is paid out, its due dates counted from then, when the
 * provider reports the payout completed.
 */
export async function confirmPayout(
  deps: DeskDeps,
  staff: StaffPrincipal,
  ip: string,
  requestId: number,
): Promise<{ payout: PayoutRequestView; order: OpsOrderSummary }> {
  const now = deps.now()
  const { closed, orderNo } = await deps.db.transaction(async (tx) => {
    const { request, found } = await lockRequest(tx, staff, requestId)
    if (request.requestedBy === staff.staffId) throw new AppError('payoutSameStaff')
    if (found.order.status !== ORDER_STATUS.approved) throw new AppError('orderNotApproved')
    const closed = await movePayout(
      tx,
      { event: 'confirm', id: request.id, changes: { decidedBy: staff.staffId, decidedAt: now, provider: providerOf(deps.payouts, found.product.market).name, nextAttemptAt: now } },
      { by: staffMover(staff, ip), at: now, order: { orderNo: found.order.orderNo, market: found.product.market } },
    )
    if (!closed) throw new AppError('payoutNotPending')
    return { closed, orderNo: found.order.orderNo }
  })
  deps.kickPayouts?.()
  return { payout: await payoutViewOf(deps.db, closed, orderNo), order: summaryOf((await desk.findDeskOrder(deps.db, orderNo))!) }
}

/** Either finance member withdraws a pending request. */
export async function cancelPayout(deps: DeskDeps, staff: StaffPrincipal, ip: string, requestId: number): Promise<{ payout: PayoutRequestView }> {
  const now = deps.now()
  const { closed, orderNo } = await deps.db.transaction(async (tx) => {
    const { request, found } = await lockRequest(tx, staff, requestId)
    const closed = await movePayout(
      tx,
      { event: 'cancel', id: request.id, changes: { decidedBy: staff.staffId, decidedAt: now } },
      { by: staffMover(staff, ip), at: now, order: { orderNo: found.order.orderNo, market: found.product.market } },
    )
    if (!closed) throw new AppError('payoutNotPending')
    return { closed, orderNo: found.order.orderNo }
  })
  return { payout: await payoutViewOf(deps.db, closed, orderNo) }
}

const SEARCH_LIMIT = 50

/**
 * docs/product/operations.md#order-search-and-order-screen: the text is an order number, or a phone
 * read by the phone rules of each market searched (a local number means one thing in Indonesia and
 * another in Mexico); exact matches only.
 */
export async function searchOrders(deps: DeskDeps, staff: StaffPrincipal, q: { q: string; market?: Market | undefined }): Promise<{ orders: OpsOrderSummary[] }> {
  const markets = marketsOf(staff, q.market)
  const text = q.q.trim().slice(0, ORDER_DESK_LIMITS.searchMax)
  const phones = [...new Set(markets.map((m) => normalizeMobile(text, m)).filter((p): p is string => p !== null))]
  const orderNo = /^[A-Za-z0-9-]{1,32}$/.test(text) ? text : null
  const rows = await desk.searchOrders(deps.db, markets, orderNo, phones, SEARCH_LIMIT)
  return { orders: rows.map(summaryOf) }
}

/** docs/product/operations.md#order-search-and-order-screen: everything about one order, through each area's own service. */
export async function orderScreenOf(deps: DeskDeps, staff: StaffPrincipal, orderNo: string): Promise<DataOf<typeof orderScreen>> {
  const found = await orderInMarkets(deps.db, staff, orderNo)
  const { order, product } = found
  const [records, history, schedule, payments, ledger, complaints, payouts] = await Promise.all([
    borrowerRecords(deps.db, [found], deps.now()),
    desk.historyOf(deps.db, order.id),
    periodsOf(deps.db, order.id),
    orderPaymentsOf(deps.db, order.id),
    orderLedgerOf(deps.db, order.id),
    orderComplaintsOf(deps.db, order.id),
    desk.payoutRequestsOf(deps.db, [order.id]),
  ])
  const events = await payoutsRepo.payoutEventsOf(
    deps.db,
    payouts.map((p) => p.id),
  )
  const emails = await staffEmailsOf(deps.db, [...history.map((h) => h.staffId), ...payouts.flatMap((p) => [p.requestedBy, p.decidedBy]), ...events.map((e) => e.staffId)])
  return {
    order: {
      ...summaryOf(found),
      productLogo: product.logoUrl,
      dailyRateBps: order.dailyRateBps,
      fee: order.fee,
      interest: order.interest,
      paid: order.paid,
      settledAt: iso(order.settledAt),
    },
    borrower: records.get(order.id)!,
    timeline: history.map((h) => ({
      from: h.fromStatus,
      to: h.toStatus,
      actor: h.actorKind,
      staffId: h.staffId,
      staffEmail: h.staffId === null ? null : (emails.get(h.staffId) ?? null),
      reason: h.reason,
      note: h.note,
      at: h.at.toISOString(),
    })),
    schedule: schedule.map((p) => ({
      periodNo: p.periodNo,
      dueAt: p.dueAt.toISOString(),
      principal: p.principal,
      interest: p.interest,
      total: p.total,
      paid: p.paid,
      status: p.status,
      paidAt: iso(p.paidAt),
    })),
    payments: payments.map((p) => ({ id: p.id, amount: p.amount, method: p.method, paidAt: p.paidAt.toISOString(), gatewayPaymentId: p.gatewayPaymentId })),
    ledger: ledger.map((l) => ({ id: l.id, kind: l.kind, amount: l.amount, periodNo: l.periodNo, at: l.at.toISOString() })),
    lateCharges: { charged: order.penalty, paid: order.penaltyPaid, accruedThrough: order.penaltyAccruedThrough },
    complaints: complaints.map((c) => ({ ...c, createdAt: c.createdAt.toISOString(), repliedAt: iso(c.repliedAt) })),
    payouts: payouts.map((p) => payoutView(p, order.orderNo, emails)),
    payoutEvents: events.map((e) => ({
      requestId: e.requestId,
      from: e.fromStatus,
      to: e.toStatus,
      actor: e.actorKind,
      staffEmail: e.staffId === null ? null : (emails.get(e.staffId) ?? null),
      reason: e.reason,
      at: e.at.toISOString(),
    })),
  }
}

/** docs/product/operations.md#dashboard: each market's figures for its own local today. */
/**
 * How long the dashboard's complaint counts are kept (docs/product/operations.md#dashboard): they
 * join every open complaint to its order's market (about 45 ms at 100,000 complaints) and move only
 * when a complaint is answered or falls due.
 */
export const COMPLAINT_COUNTS_KEPT_MS = 30_000
const keptComplaintCounts = keptReads<Map<Market, { dueToday: number; overdue: number }>>(COMPLAINT_COUNTS_KEPT_MS)

export async function dashboardOf(deps: DeskDeps, staff: StaffPrincipal, market: Market | undefined): Promise<DataOf<typeof orderDashboard>> {
  const now = deps.now()
  const wanted = marketsOf(staff, market)
  const days = Object.fromEntries(wanted.map((m) => [m, localDate(now, m)])) as Partial<Record<Market, string>>
  const [due, markets] = await Promise.all([
    keptComplaintCounts(deps.db, JSON.stringify(days), () => complaintsDueIn(deps.db, days)),
    Promise.all(
      wanted.map(async (m) => {
        const day = days[m]!
        const [counts, received] = await Promise.all([desk.dayCounts(deps.db, m, day), repaymentsReceivedOn(deps.db, m, day)])
        return { m, day, counts, received }
      }),
    ),
  ])
  return {
    markets: markets.map(({ m, day, counts, received }) => {
      const complaints = due.get(m) ?? { dueToday: 0, overdue: 0 }
      return {
        market: m,
        date: day,
        applications: counts.applications,
        approvals: counts.approvals,
        rejections: counts.rejections,
        disbursed: counts.disbursed,
        repaymentsReceived: received.sum,
        repaymentsCount: received.count,
        ordersOverdue: counts.overdue,
        complaintsDueToday: complaints.dueToday,
        complaintsOverdue: complaints.overdue,
      }
    }),
  }
}
