import { and, eq, inArray, lte, type SQL, type SQLWrapper } from 'drizzle-orm'
import {
  MARKETS,
  ORDER_STATUS,
  amountAllowed,
  isOrderStatus,
  loanTermsOf,
  localDate,
  nextStatus,
  quoteLoan,
  type OrderEvent,
  type OrderKind,
  type Market,
  type OrderStatus,
} from '@kilat/domain'
import type { Db, Tx } from '../../db/client.js'
import { orders, type Order } from './orders.schema.js'
import { record } from '../audit/audit.service.js'
import type { Product } from '../products/products.service.js'
import * as repo from './orders.repo.js'
import type { ClaimedOrder, LocalToday, StatusChangeBy } from './orders.repo.js'
import { decisionsTotal } from '../../telemetry/metrics.js'

/**
 * Status changes of the order job and of staff (docs/product/loans.md#order-lifecycle). Every change
 * goes through domain `nextStatus` and an UPDATE that re-checks the status it read; the job works on
 * rows claimed with FOR UPDATE SKIP LOCKED: any number of server processes can run the job at once,
 * staff can act beside it, and each change happens exactly once.
 */

const DAY_MS = 86_400_000
/** Rows one transaction claims; a full batch makes the step go round again. */
export const BATCH = 100

export const todayIn = (now: Date): LocalToday => Object.fromEntries(MARKETS.map((m) => [m, localDate(now, m)])) as LocalToday

export const kindOf = (order: Pick<Order, 'termUnit'>, product: Pick<Product, 'isPartner'>): OrderKind => ({
  installment: order.termUnit === 'period',
  partner: product.isPartner,
})

export function transition(status: number, event: OrderEvent, kind: OrderKind): OrderStatus {
  if (!isOrderStatus(status)) throw new Error(`unknown order status ${status}`)
  return nextStatus(status, event, kind)
}

/**
 * Who decides or pays out an order: the system (demo mode's job) or a staff member. Both go through
 * decideOrder and disburseOrder below, so the history and the audit trail read the same whoever acted.
 */
export type OrderActor = { kind: 'system' } | { kind: 'staff'; staffId: number; role: string; ip: string }

export const SYSTEM_ACTOR: OrderActor = { kind: 'system' }

/** The history's note of who changed the status, and why. */
function changeBy(actor: OrderActor, reason?: string | null, note?: string | null): StatusChangeBy {
  return actor.kind === 'staff' ? { kind: 'staff', staffId: actor.staffId, reason, note } : { kind: 'system', reason, note }
}

/** The audit trail's who: a staff member, or the system (no staff id). */
const auditWho = (actor: OrderActor) =>
  actor.kind === 'staff' ? { staffId: actor.staffId, role: actor.role, ip: actor.ip } : { staffId: null, role: null, ip: null }

export interface StepOutcome {
  /** Rows claimed: a full batch means there may be more. */
  claimed: number
  /** The events that moved an order, one per order moved. */
  moved: OrderEvent[]
}

/**
 * The one way the job changes statuses: claim a batch of orders matching `where` and let `move`
 * change each (through a guarded update); `move` answers the event when the order moved.
 */
async function changeStatuses(db: Db, where: SQL | undefined, move: (tx: Tx, row: ClaimedOrder) => Promise<OrderEvent | null>): Promise<StepOutcome> {
  return db.transaction(async (tx) => {
    const claimed = await repo.claimOrders(tx, where, BATCH)
    const moved: OrderEvent[] = []
    for (const row of claimed) {
      const event = await move(tx, row)
      if (event) moved.push(event)
    }
    return { claimed: claimed.length, moved }
  })
}

export interface Decision {
  event: 'approve' | 'reject'
  /** A rejection's reason key (contract REJECT_REASONS) and the staff member's text. */
  reason?: string | null
  note?: string | null
  /** The credit policy's band that decided it (the metrics' label); a person's decision is `manual`, demo mode's `demo`. */
  band?: string
}

/**
 * Decides a submitted order (21 → 151 or 110), its history row and audit row in the caller's
 * transaction. False when the order was no longer submitted: somebody else decided it first.
 */
export async function decideOrder(tx: Tx, row: ClaimedOrder, decision: Decision, now: Date, actor: OrderActor): Promise<boolean> {
  const { order } = row
  if (order.status !== ORDER_STATUS.submitted) return false
  const status = transition(order.status, decision.event, kindOf(order, row.product))
  const moved = await repo.updateOrderInStatus(tx, order.id, order.status, { status, decidedAt: now, updatedAt: now }, changeBy(actor, decision.reason, decision.note))
  if (!moved) return false
  decisionsTotal.inc({ market: row.product.market, band: decision.band ?? (actor.kind === 'staff' ? 'manual' : 'demo'), decision: decision.event })
  await record(tx, {
    ...auditWho(actor),
    action: `orders.${decision.event}`,
    recordType: 'order',
    recordId: order.orderNo,
    markets: [row.product.market],
    before: { status: order.status },
    after: { status, ...(decision.reason ? { reason: decision.reason } : {}), ...(decision.note ? { note: decision.note } : {}) },
    at: now,
  })
  return true
}

/**
 * Pays out an approved order (151 → 174, 170, or 3 for a partner's): the due dates count from
 * `now`, the day the money leaves. History and audit rows in the caller's transaction. False when
 * the order was no longer approved.
 */
export async function disburseOrder(tx: Tx, row: ClaimedOrder, now: Date, actor: OrderActor, payoutRequestId?: number): Promise<boolean> {
  const { order, product } = row
  if (order.status !== ORDER_STATUS.approved) return false
  const status = transition(order.status, 'disburse', kindOf(order, product))
  const schedule = scheduleFrom(order, product, now)
  const moved = await repo.updateOrderInStatus(
    tx,
    order.id,
    order.status,
    { status, disbursedAt: now, dueAt: schedule.lastDue, updatedAt: now },
    changeBy(actor, payoutRequestId === undefined ? null : `payout ${payoutRequestId}`),
  )
  if (!moved) return false
  await schedule.write(tx)
  await record(tx, {
    ...auditWho(actor),
    action: 'orders.disburse',
    recordType: 'order',
    recordId: order.orderNo,
    markets: [row.product.market],
    before: { status: order.status },
    after: { status, dueAt: schedule.lastDue, ...(payoutRequestId === undefined ? {} : { payoutRequestId }) },
    at: now,
  })
  return true
}

/**
 * What a decider answers for one claimed order: a decision; `refer` (people decide it: the job
 * leaves it alone from then on); or `leave` (nothing changes: the market has no policy).
 */
export type SystemAnswer = (Decision & { afterwards?: (tx: Tx) => Promise<void> }) | { event: 'refer'; reasons: string[] } | { event: 'leave' }

/**
 * The system's decision of submitted orders (docs/product/decisions.md): claims a batch of submitted
 * orders the job may decide that `where` selects, and moves each as `decide` answers: approved or
 * rejected through decideOrder (then `then`, in the same transaction: the automatic payout), or
 * referred: marked for people (manual review), with an audit row naming the reasons. `decide` is
 * the decisions module's, handed in where the job is started, never imported.
 */
export function decideSubmitted(
  db: Db,
  where: (orderId: SQLWrapper) => SQL,
  now: Date,
  decide: (tx: Tx, row: ClaimedOrder) => Promise<SystemAnswer>,
): Promise<StepOutcome> {
  return changeStatuses(db, and(eq(orders.status, ORDER_STATUS.submitted), eq(orders.manualReview, false), where(orders.id)), async (tx, row) => {
    const answer = await decide(tx, row)
    if (answer.event === 'leave') return null
    if (answer.event === 'refer') {
      decisionsTotal.inc({ market: row.product.market, band: 'refer', decision: 'refer' })
      await repo.markForReview(tx, row.order.id, now)
      await record(tx, {
        ...auditWho(SYSTEM_ACTOR),
        action: 'orders.refer',
        recordType: 'order',
        recordId: row.order.orderNo,
        markets: [row.product.market],
        before: { status: row.order.status },
        after: { status: row.order.status, reasons: answer.reasons },
        at: now,
      })
      return null
    }
    if (!(await decideOrder(tx, row, answer, now, SYSTEM_ACTOR))) return null
    await answer.afterwards?.(tx)
    return answer.event
  })
}

/** Demo decision, `delaySeconds` after applying: an amount within the product's limits is approved, any other rejected. */
export function decideOrders(db: Db, now: Date, delaySeconds: number): Promise<StepOutcome> {
  const cutoff = new Date(now.getTime() - delaySeconds * 1000)
  return changeStatuses(
    db,
    and(eq(orders.status, ORDER_STATUS.submitted), eq(orders.manualReview, false), lte(orders.appliedAt, cutoff)),
    async (tx, row) => {
      const { order, product } = row
      const event = amountAllowed(order.principal, { min: product.minAmount, max: product.maxAmount, step: product.amountStep }) ? 'approve' : 'reject'
      return (await decideOrder(tx, row, { event, reason: event === 'reject' ? 'outside_policy' : null }, now, SYSTEM_ACTOR)) ? event : null
    },
  )
}

/**
 * What demo mode's payout step needs of the payout desk (modules/money-desk, which sits above this
 * module and keeps the payout requests): handed in by whoever runs the job (server.ts, tests), never
 * imported (docs/decisions/0026-money-desk-module.md).
 */
export interface DemoPayouts {
  /** SQL over an order's row: true when the order has no payout request of any state. */
  noPayoutYetSql(order: { id: SQLWrapper }): SQL
  /**
   * Asks for and confirms the order's payout as the system, in the caller's transaction, as a
   * checker's confirmation would; false when the order has an open request already.
   */
  queue(tx: Tx, order: { orderKey: number; orderNo: string; amount: Order['received']; market: Market }, now: Date): Promise<boolean>
}

/**
 * Demo payout, `delaySeconds` after the decision: the system asks for and confirms the payout in
 * one step, writing it to the payout outbox as a checker's confirmation would
 * (docs/product/operations.md#payout-states), so the demo goes the staff's way: the worker sends
 * it and the order is paid out, its due dates counted from then, when the provider completes it.
 * Only once per order: after a failed payout, staff ask again.
 */
export function disburseOrders(db: Db, now: Date, delaySeconds: number, payouts: DemoPayouts): Promise<StepOutcome> {
  const cutoff = new Date(now.getTime() - delaySeconds * 1000)
  return changeStatuses(
    db,
    and(eq(orders.status, ORDER_STATUS.approved), eq(orders.manualReview, false), lte(orders.decidedAt, cutoff), payouts.noPayoutYetSql(orders)),
    async (tx, row) => {
      const queued = await payouts.queue(tx, { orderKey: row.order.id, orderNo: row.order.orderNo, amount: row.order.received, market: row.product.market }, now)
      return queued ? 'disburse' : null
    },
  )
}

/**
 * The schedule fixed at payout: each due date counts from `now`. An order submitted without a
 * schedule (one made by staff or an older version) gets one priced from its own copied terms.
 */
function scheduleFrom(order: Order, product: Pick<Product, 'market'>, now: Date): { lastDue: Date; write: (tx: Tx) => Promise<void> } {
  const count = order.termUnit === 'day' ? 1 : Math.max(1, order.periods)
  const periodDays = Math.round(order.termDays / count)
  const dueAt = (periodNo: number) => new Date(now.getTime() + (periodNo === count ? order.termDays : periodNo * periodDays) * DAY_MS)
  const write = async (tx: Tx) => {
    const existing = await repo.periodsOf(tx, order.id)
    if (existing.length) {
      for (const p of existing) await repo.setPeriodDueAt(tx, order.id, p.periodNo, dueAt(p.periodNo))
      return
    }
    const terms = loanTermsOf(
      { market: product.market, termUnit: order.termUnit, termDays: order.termDays, periods: count, periodDays, dailyRateBps: order.dailyRateBps, adminFeeBps: 0 },
      count,
    )
    const quote = quoteLoan(order.principal, terms)
    await repo.insertPeriods(
      tx,
      order.id,
      quote.installments.map((p) => ({ periodNo: p.periodNo, dueAt: dueAt(p.periodNo), principal: p.principal, interest: p.interest, total: p.total })),
    )
  }
  return { lastDue: dueAt(count), write }
}

const REPAYING: OrderStatus[] = [ORDER_STATUS.repayingInstallments, ORDER_STATUS.due, ORDER_STATUS.partnerRepaying]

/**
 * A due date passing unpaid (docs/product/money-rules.md#overdue-boundary): from the start of the
 * next local day in the product's market, due and repaying orders turn overdue, partner ones too.
 */
export function markOverdue(db: Db, now: Date): Promise<StepOutcome> {
  const today = todayIn(now)
  return changeStatuses(db, and(inArray(orders.status, REPAYING), repo.hasPastDuePeriod(today)), async (tx, { order, product }) => {
    const status = transition(order.status, 'dueDatePassed', kindOf(order, product))
    if (!(await repo.updateOrderInStatus(tx, order.id, order.status, { status, updatedAt: now }, { kind: 'system', reason: 'dueDatePassed' }))) return null
    await repo.markPeriodsOverdue(tx, order.id, product.market, today)
    return 'dueDatePassed'
  })
}
