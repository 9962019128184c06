import type { Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import type { NewOrder, NewOrderPeriod, Order, OrderPeriod, orders } from './orders.schema.js'
import type { Product } from '../products/products.service.js'
import { AppError } from '../../http/errors.js'
import * as repo from './orders.repo.js'

/**
 * The orders module's public face: other modules reach orders only through this file. Orders live
 * in `orders.repo.ts` (queries), `orders.lifecycle.ts` (status changes) and `orders.job.ts` (the
 * background job that moves them), see docs/product/loans.md#order-lifecycle; the ops console's
 * order desk in `orders.desk.ts` and `orders.routes.ts` (docs/product/operations.md#loan-decisions).
 * This module imports none of the modules that build on orders (repayment, the money desk, the
 * order screen): what it needs of them is handed in (docs/decisions/0026-money-desk-module.md).
 */

/** A read of this borrower's order by its public number. */
type OrderRead<R> = (db: Executor, borrowerId: number, orderNo: string) => Promise<R>

/** Another borrower's order, or none, is not found, as on every loan screen. */
function orNotFound<R>(read: OrderRead<R | undefined>): OrderRead<R> {
  return async (db, borrowerId, orderNo) => {
    const found = await read(db, borrowerId, orderNo)
    if (found === undefined) throw new AppError('notFound')
    return found
  }
}

export { runOrderJob, startOrderJob, type JobDeps, type JobResult, type RunningJob } from './orders.job.js'
/** Every status change goes through these, whichever module causes it (a payment, the job). */
export { kindOf, transition } from './orders.lifecycle.js'
export { BATCH, decideSubmitted, type SystemAnswer, type StepOutcome } from './orders.lifecycle.js'
export { markForReview } from './orders.repo.js'
export { applicationFacts, type ApplicationFacts } from './orders.decision-facts.js'
export type { ClaimedOrder } from './orders.repo.js'
/** What the job's demo payouts need of the payout desk, handed in where the job is started. */
export type { DemoPayouts } from './orders.lifecycle.js'
/**
 * Pays out an approved order (the payout outbox, once the provider completed its payout) as the
 * system; the same move as every payout's, with its history and audit rows.
 */
export { SYSTEM_ACTOR, disburseOrder } from './orders.lifecycle.js'
/** A waiver's or a cooling-off release's effect on the order's figures and status (orders.relief.ts). */
export { writeRelief } from './orders.relief.js'
/** Writes changes only if the order is still in the status it was read in; true when it was. */
export const updateOrderInStatus = repo.updateOrderInStatus

/** This borrower's order by its public number, with its product; any other order is not found. */
export const borrowerOrder: OrderRead<{ order: Order; product: Product }> = orNotFound(repo.findBorrowerOrder)

/**
 * The market of this borrower's order, read alone: for a screen that needs nothing else of the order
 * (the methods to repay it by), a one-column read rather than the order and product rows.
 */
export const borrowerOrderMarket: OrderRead<Market> = orNotFound(repo.findBorrowerOrderMarket)

export type { AlsoColumns, OrderPartWithSchedule, OrderWithSchedule } from './orders.repo.js'

/** SQL selecting the database key (`order_key`) of this borrower's order by its number; no row for anyone else's. */
export const borrowerOrderKeySql = repo.borrowerOrderKeySql

/**
 * A reader of the borrower's order by its public number, with its product and schedule in one round
 * trip (one prepared statement, `name`), plus the caller's own columns over the order's row
 * (`also`); any other order is not found.
 */
export function borrowerOrderReader<A extends Record<string, unknown>>(
  name: string,
  also: (order: typeof orders) => repo.AlsoColumns<A>,
): (db: Executor, borrowerId: number, orderNo: string) => Promise<repo.OrderWithSchedule<A>> {
  return orNotFound(repo.borrowerOrderQuery(name, also))
}

/**
 * A reader of the borrower's order with only the order's and the product's columns named, its
 * schedule and the caller's own columns over the order's row (`also`), in one round trip (one
 * prepared statement, `name`); any other order is not found. For the screens read most: a column
 * costs every request (orders.repo.ts borrowerOrderPartQuery).
 */
export function borrowerOrderPartReader<OK extends keyof Order, PK extends keyof Product, A extends Record<string, unknown> = Record<never, never>>(
  name: string,
  orderKeys: readonly OK[],
  productKeys: readonly PK[],
  also?: (order: typeof orders) => repo.AlsoColumns<A>,
): (db: Executor, borrowerId: number, orderNo: string) => Promise<repo.OrderPartWithSchedule<OK, PK, A>> {
  return orNotFound(repo.borrowerOrderPartQuery(name, orderKeys, productKeys, also))
}

/** This borrower's order with its product and schedule, in one round trip; any other order is not found. */
export const borrowerOrderWithSchedule = borrowerOrderReader('borrower_order_with_schedule', () => ({}))

/** SQL of the borrower's unsettled orders as `[productId, orderNo]` pairs, over an order's row: for borrowerOrderReader. */
export const unsettledOrdersSql = repo.unsettledOrdersSql

/**
 * SQL of the reason key of a rejected order's latest rejection (its history's), over an order's row:
 * for borrowerOrderReader, so that loan details tells a rejected borrower why in its one round trip
 * (null for an order not rejected). The key is the decision's or the staff's; the contract's
 * `borrowerRejectReason` turns it into what the borrower reads.
 */
export const lastRejectReasonSql = repo.lastRejectReasonSql

/** The order's schedule, first installment first. `orderKey` is the database key, `orders.id`. */
export function periodsOf(db: Executor, orderKey: number): Promise<OrderPeriod[]> {
  return repo.periodsOf(db, orderKey)
}

/** The number of the borrower's unsettled order of a product under any of its versions (by its lineage id), if there is one. */
export function unsettledOrderNo(db: Executor, borrowerId: number, lineageId: number): Promise<string | undefined> {
  return repo.unsettledOrderNo(db, borrowerId, lineageId)
}

/** The borrower's unsettled orders by product: product id → order number. */
export function unsettledOrderNos(db: Executor, borrowerId: number): Promise<Map<number, string>> {
  return repo.unsettledOrderNos(db, borrowerId)
}

type OrderPlaced = (tx: Executor, order: Order) => Promise<void>
let orderPlaced: OrderPlaced | undefined

/**
 * Who counts a borrower's first order in the registration funnel: the registration module, which
 * owns the funnel (docs/product/registration-funnel.md#attribution), registers itself when it loads,
 * so that this module need not import it.
 */
export function onOrderPlaced(handler: OrderPlaced): void {
  orderPlaced = handler
}

/** Stores a new order with its schedule; call it inside a transaction so neither lands alone. */
export async function insertOrder(db: Executor, order: NewOrder, periods: Array<Omit<NewOrderPeriod, 'orderKey'>>): Promise<Order> {
  const row = await repo.insertOrder(db, order, periods)
  // in the order's transaction: the funnel counts an order that exists, once
  if (orderPlaced) await orderPlaced(db, row)
  return row
}

export type { NewOrder, NewOrderPeriod, Order, OrderPeriod, PeriodStatus } from './orders.schema.js'
export { UNSETTLED_STATUSES } from './orders.schema.js'
export const borrowerOrderList = repo.borrowerOrderList

/** Pieces of a statement of another area that joins the order its rows point at (see orders.repo.ts). */
export { lockingOrder, orderColumns, orderJoin } from './orders.repo.js'
/** Writes one installment of the order (repayment's allocation and extension). */
export const updatePeriod = repo.updatePeriod
export { borrowerOrderCards, borrowerOrderKeyAndStatus, type OrderCardRow } from './orders.repo.js'
/** The market's lending figures, from the orders themselves (the public site shows them). */
export { lendingTotals, type LendingTotals } from './orders.repo.js'

/**
 * The money desk's waivers, refunds and payouts (docs/product/waivers-and-refunds.md,
 * docs/product/operations.md#disbursement): an order by its number with its product and the
 * borrower's phone, and the same locked for a confirmation.
 */
export { findDeskOrder, lockDeskOrder, type DeskOrder } from './orders.desk.repo.js'
/** The money desk's reads of orders (docs/product/operations.md#money-desk). */
export { orderNosOf, orderRefByKey, orderRefByNo, orderRefsByKeys, type DeskOrderRef } from './orders.money-desk.js'

/**
 * The console's order desk, for the desks built on it (the payout desk, the order screen): the
 * staff member's markets, an order found only in them, its summary, the queues' pages by key.
 */
export {
  iso,
  marketsOf as deskMarketsOf,
  orderInMarkets as deskOrderInMarkets,
  paged as pagedDeskOrders,
  summaryOf,
  type PageQuery as DeskPageQuery,
} from './orders.desk.js'
export {
  dayCounts as deskDayCounts,
  disbursedPeriodsOf,
  earlierOrderCounts,
  historyOf as orderHistoryOf,
  queuePage as deskQueuePage,
  type DayCounts,
} from './orders.desk.repo.js'

/** collections: the collections desk's and the reminders' reads of orders (docs/product/collections.md). */
export {
  collectionOrderByNo,
  installmentsDueOn,
  isCollectable,
  overdueBucketCounts,
  overdueQueuePage,
  type BucketCount,
  type CollectionOrder,
  type CollectionOrderRow,
  type DueInstallment,
} from './orders.collections.js'

/** What an order owes now, late charges included: the order screen's figure, from the one home of what is owed. */
export { orderOwedNow } from './orders.owed.js'
export { reportableOrdersPage, reportableOrdersSql, reportableTotals, type ReportableOrder, type ReportableScope } from './orders.bureau-facts.js'
