import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import {
  UNSETTLED_STATUSES,
  orderPeriods,
  orders,
  products,
  ratings,
  type NewOrder,
  type Order,
  type OrderPeriod,
  type Product,
} from '../../db/schema.js'

/** An order of this borrower by its public number, with its product; another borrower's is not found. */
export async function findBorrowerOrder(
  db: Executor,
  borrowerId: number,
  orderNo: string,
): Promise<{ order: Order; product: Product } | undefined> {
  const [row] = await db
    .select({ order: orders, product: products })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(and(eq(orders.orderNo, orderNo), eq(orders.borrowerId, borrowerId)))
    .limit(1)
  return row
}

export async function periodsOf(db: Executor, orderId: number): Promise<OrderPeriod[]> {
  return db.select().from(orderPeriods).where(eq(orderPeriods.orderId, orderId)).orderBy(asc(orderPeriods.periodNo))
}

/** The number of the borrower's unsettled order of a product, if there is one. */
export async function unsettledOrderNo(db: Executor, borrowerId: number, productId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.borrowerId, borrowerId), eq(orders.productId, productId), inArray(orders.status, UNSETTLED_STATUSES)))
    .limit(1)
  return row?.orderNo
}

export async function insertOrder(
  db: Executor,
  order: NewOrder,
  periods: Array<Omit<OrderPeriod, 'orderId'>>,
): Promise<Order> {
  const [row] = await db.insert(orders).values(order).returning()
  if (!row) throw new Error('order insert returned no row')
  if (periods.length) await db.insert(orderPeriods).values(periods.map((p) => ({ ...p, orderId: row.id })))
  return row
}

export async function hasRating(db: Executor, borrowerId: number, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(and(eq(ratings.borrowerId, borrowerId), eq(ratings.orderId, orderId)))
    .limit(1)
  return row !== undefined
}

/** One rating per borrower and order: a later one replaces the earlier. */
export async function upsertRating(db: Executor, values: { borrowerId: number; orderId: number | null; score: number }): Promise<void> {
  await db
    .insert(ratings)
    .values(values)
    .onConflictDoUpdate({ target: [ratings.borrowerId, ratings.orderId], set: { score: values.score, updatedAt: sql`now()` } })
}
