import type { DataOf, orderDashboard, orderReviewQueue, orderScreen } from '@kilat/contract'
import { ORDER_STATUS, daysOverdue, localDate, type Market } from '@kilat/domain'
import type { Db } from '../../db/client.js'
import { keptReads } from '../../db/kept-reads.js'
import type { StaffPrincipal } from '../../http/types.js'
import { complaintsDueIn, orderComplaintsOf } from '../complaints/complaints.service.js'
import { orderPayoutEventsOf, payoutRequestsOf, payoutView } from '../money-desk/money-desk.service.js'
import {
  deskDayCounts,
  deskMarketsOf,
  deskOrderInMarkets,
  deskQueuePage,
  disbursedPeriodsOf,
  earlierOrderCounts,
  iso,
  orderColumns,
  orderHistoryOf,
  orderOwedNow,
  pagedDeskOrders,
  periodsOf,
  summaryOf,
  type DeskOrder,
  type DeskPageQuery,
} from '../orders/orders.service.js'
import { orderLedgerOf, orderPaymentsOf, repaymentTotalsOf, repaymentsReceivedOn } from '../repayment/repayment.service.js'
import { staffEmailsOf } from '../staff/staff.service.js'

/**
 * The ops console's reads of an order that gather every area (docs/product/operations.md#review-queue,
 * #order-search-and-order-screen, #dashboard): the review queue with each borrower's record, the
 * order screen, the dashboard. This module sits above the modules it reads and asks each through
 * its service (docs/decisions/0026-money-desk-module.md); it writes nothing.
 */

export interface OrderScreenDeps {
  db: Db
  now: () => Date
}

type BorrowerRecord = DataOf<typeof orderScreen>['borrower']

/**
 * The borrower's record beside each order: earlier orders, repayments, and the most days any
 * installment of a paid-out order was late (paid late, or unpaid now), by domain daysOverdue.
 */
async function borrowerRecords(db: Db, list: DeskOrder[], now: Date): Promise<Map<number, BorrowerRecord>> {
  const borrowerIds = list.map((r) => r.order.borrowerId)
  const [earlier, repayments, periods] = await Promise.all([
    earlierOrderCounts(
      db,
      list.map((r) => r.order),
    ),
    repaymentTotalsOf(db, borrowerIds),
    disbursedPeriodsOf(db, borrowerIds),
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

/** docs/product/operations.md#review-queue */
export async function reviewQueue(deps: OrderScreenDeps, staff: StaffPrincipal, q: DeskPageQuery): Promise<DataOf<typeof orderReviewQueue>> {
  const rows = await deskQueuePage(deps.db, ORDER_STATUS.submitted, deskMarketsOf(staff, q.market), orderColumns.appliedAt, q.cursor, q.limit)
  const { page, nextCursor } = pagedDeskOrders(rows, q.limit, (r) => r.order.appliedAt)
  const records = await borrowerRecords(deps.db, page, deps.now())
  return { orders: page.map((r) => ({ ...summaryOf(r), borrower: records.get(r.order.id)! })), nextCursor }
}

/** docs/product/operations.md#order-search-and-order-screen: everything about one order, through each area's own service. */
export async function orderScreenOf(deps: OrderScreenDeps, staff: StaffPrincipal, orderNo: string): Promise<DataOf<typeof orderScreen>> {
  const found = await deskOrderInMarkets(deps.db, staff, orderNo)
  const { order, product } = found
  const [records, history, schedule, payments, ledger, complaints, payouts, owedNow] = await Promise.all([
    borrowerRecords(deps.db, [found], deps.now()),
    orderHistoryOf(deps.db, order.id),
    periodsOf(deps.db, order.id),
    orderPaymentsOf(deps.db, order.id),
    orderLedgerOf(deps.db, order.id),
    orderComplaintsOf(deps.db, order.id),
    payoutRequestsOf(deps.db, [order.id]),
    orderOwedNow(deps.db, order.id),
  ])
  const events = await orderPayoutEventsOf(
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
      owedNow,
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

export async function dashboardOf(deps: OrderScreenDeps, staff: StaffPrincipal, market: Market | undefined): Promise<DataOf<typeof orderDashboard>> {
  const now = deps.now()
  const wanted = deskMarketsOf(staff, market)
  const days = Object.fromEntries(wanted.map((m) => [m, localDate(now, m)])) as Partial<Record<Market, string>>
  const [due, markets] = await Promise.all([
    keptComplaintCounts(deps.db, JSON.stringify(days), () => complaintsDueIn(deps.db, days)),
    Promise.all(
      wanted.map(async (m) => {
        const day = days[m]!
        const [counts, received] = await Promise.all([deskDayCounts(deps.db, m, day), repaymentsReceivedOn(deps.db, m, day)])
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
