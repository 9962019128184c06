import { and, eq, inArray, lte, type SQL } from 'drizzle-orm'
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
  type OrderStatus,
} from '@kilat/domain'
import type { Db, Tx } from '../../db/client.js'
import { orders, type NewOrder, type Order } from './orders.schema.js'
import type { Product } from '../products/products.service.js'
import * as repo from './orders.repo.js'
import type { ClaimedOrder, LocalToday } from './orders.repo.js'

/**
 * Status changes of the order job (docs/product/loans.md#order-lifecycle). Every change goes through
 * domain `nextStatus`, on rows claimed with FOR UPDATE SKIP LOCKED and written by an UPDATE that
 * re-checks the status it read: any number of server processes can run the job at once, and each
 * change happens exactly once.
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

/** What a claimed order goes through: the event, the other fields it sets, what follows once it moved. */
interface Change {
  event: OrderEvent
  set?: Partial<NewOrder>
  /** Runs in the same transaction after the status was written, so it lands with it or not at all. */
  after?: (tx: Tx) => Promise<void>
}

export interface StepOutcome {
  /** Rows claimed: a full batch means there may be more. */
  claimed: number
  /** The events that moved an order, one per order moved. */
  moved: OrderEvent[]
}

/**
 * The one way the job changes statuses: claim a batch of orders matching `where`, ask `change` what
 * happens to each, and write the next status only where the status is still the one claimed.
 */
async function changeStatuses(db: Db, now: Date, where: SQL | undefined, change: (row: ClaimedOrder) => Change): Promise<StepOutcome> {
  return db.transaction(async (tx) => {
    const claimed = await repo.claimOrders(tx, where, BATCH)
    const moved: OrderEvent[] = []
    for (const row of claimed) {
      const { event, set, after } = change(row)
      const status = transition(row.order.status, event, kindOf(row.order, row.product))
      if (!(await repo.updateOrderInStatus(tx, row.order.id, row.order.status, { ...set, status, updatedAt: now }))) continue
      await after?.(tx)
      moved.push(event)
    }
    return { claimed: claimed.length, moved }
  })
}

/** Demo decision, `delaySeconds` after applying: an amount within the product's limits is approved, any other rejected. */
export function decideOrders(db: Db, now: Date, delaySeconds: number): Promise<StepOutcome> {
  const cutoff = new Date(now.getTime() - delaySeconds * 1000)
  return changeStatuses(
    db,
    now,
    and(eq(orders.status, ORDER_STATUS.submitted), eq(orders.manualReview, false), lte(orders.appliedAt, cutoff)),
    ({ order, product }) => ({
      event: amountAllowed(order.principal, { min: product.minAmount, max: product.maxAmount, step: product.amountStep }) ? 'approve' : 'reject',
      set: { decidedAt: now },
    }),
  )
}

/** Demo payout, `delaySeconds` after the decision: the due dates count from the day the money leaves. */
export function disburseOrders(db: Db, now: Date, delaySeconds: number): Promise<StepOutcome> {
  const cutoff = new Date(now.getTime() - delaySeconds * 1000)
  return changeStatuses(
    db,
    now,
    and(eq(orders.status, ORDER_STATUS.approved), eq(orders.manualReview, false), lte(orders.decidedAt, cutoff)),
    ({ order, product }) => {
      const schedule = scheduleFrom(order, product, now)
      return { event: 'disburse', set: { disbursedAt: now, dueAt: schedule.lastDue }, after: schedule.write }
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
  return changeStatuses(db, now, and(inArray(orders.status, REPAYING), repo.hasPastDuePeriod(today)), ({ order, product }) => ({
    event: 'dueDatePassed',
    after: (tx) => repo.markPeriodsOverdue(tx, order.id, product.market, today),
  }))
}
