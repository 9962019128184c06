import type { Executor } from '../../db/client.js'
import type { NewOrder, Order, OrderPeriod, Product } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import * as repo from './orders.repo.js'

/**
 * The orders module's public face: other modules reach orders only through this file. Orders live
 * in `orders.repo.ts` (queries), `orders.lifecycle.ts` (status changes) and `orders.job.ts` (the
 * background job that moves them), see docs/product/loans.md#order-lifecycle.
 */

export { runOrderJob, startOrderJob, type JobDeps, type JobResult, type RunningJob } from './orders.job.js'

/** This borrower's order by its public number, with its product; any other order is not found. */
export async function borrowerOrder(db: Executor, borrowerId: number, orderNo: string): Promise<{ order: Order; product: Product }> {
  const row = await repo.findBorrowerOrder(db, borrowerId, orderNo)
  if (!row) throw new AppError('notFound')
  return row
}

/** The order's schedule, first installment first. `orderKey` is the database key, `orders.id`. */
export function periodsOf(db: Executor, orderKey: number): Promise<OrderPeriod[]> {
  return repo.periodsOf(db, orderKey)
}

/** The number of the borrower's unsettled order of a product, if there is one. */
export function unsettledOrderNo(db: Executor, borrowerId: number, productId: number): Promise<string | undefined> {
  return repo.unsettledOrderNo(db, borrowerId, productId)
}

/** The borrower's unsettled orders by product: product id → order number. */
export function unsettledOrderNos(db: Executor, borrowerId: number): Promise<Map<number, string>> {
  return repo.unsettledOrderNos(db, borrowerId)
}

/** Stores a new order with its schedule; call it inside a transaction so neither lands alone. */
export function insertOrder(db: Executor, order: NewOrder, periods: Array<Omit<OrderPeriod, 'orderKey'>>): Promise<Order> {
  return repo.insertOrder(db, order, periods)
}
