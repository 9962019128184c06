import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import { MARKET_INFO, ORDER_STATUS, type Market } from '@kilat/domain'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Executor, Tx } from '../../db/client.js'
import { borrowerJoin, borrowerPhone } from '../auth/auth.service.js'
import { productColumns, productJoin, type Product } from '../products/products.service.js'
import {
  orderHistory,
  orderPeriods,
  orders,
  type Order,
  type OrderHistoryRow,
} from './orders.schema.js'

/**
 * The order desk's queries (docs/product/operations.md#loan-decisions): orders with their product
 * and borrower's phone, the review and payout queues by key, the history, the dashboard's counts.
 */

/** An order as the desk reads it: the whole row, its product, its borrower's phone (E.164). */
export interface DeskOrder {
  order: Order
  product: Product
  phone: string
}

const deskSelect = { order: orders, product: productColumns, phone: borrowerPhone }

const deskFrom = (db: Executor) =>
  db
    .select(deskSelect)
    .from(orders)
    .innerJoin(...productJoin(orders.productId))
    .innerJoin(...borrowerJoin(orders.borrowerId))

/** The order by its public number, whatever its market (the caller checks the staff member's). */
export async function findDeskOrder(db: Executor, orderNo: string): Promise<DeskOrder | undefined> {
  const [row] = await deskFrom(db).where(eq(orders.orderNo, orderNo)).limit(1)
  return row
}

/** The same, locked until the transaction ends: a payout confirms against an order nobody else moves. */
export async function lockDeskOrder(tx: Tx, orderKey: number): Promise<DeskOrder | undefined> {
  const [row] = await deskFrom(tx).where(eq(orders.id, orderKey)).limit(1).for('update', { of: orders })
  return row
}

/**
 * Key-set paging over a timestamp and the id: the cursor is `<epoch ms>.<id>` of the last row. The
 * timestamp is compared at millisecond precision (what the cursor carries), in both the order and
 * the condition, so a row is never shown twice or skipped. It is read as UTC wall time, the same
 * order as the instant's, because that form can be indexed (the queues' partial indexes in
 * orders.schema.ts, docs/performance/console-at-scale.md).
 */
const millis = (column: PgColumn) => sql`date_trunc('milliseconds', ${column} at time zone 'UTC')`

export function cursorOf(at: Date, id: number): string {
  return `${at.getTime()}.${id}`
}

function afterCursor(column: PgColumn, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined
  const [ms, id] = cursor.split('.').map(Number) as [number, number]
  return sql`(${millis(column)}, ${orders.id}) > (${new Date(ms).toISOString()}::timestamptz at time zone 'UTC', ${id})`
}

/** Orders in `status` of the markets, oldest `column` first, a page after `cursor` (one row more, to tell a next page). */
export function queuePage(db: Executor, status: number, markets: Market[], column: PgColumn, cursor: string | undefined, limit: number): Promise<DeskOrder[]> {
  return deskFrom(db)
    // the status written out, not a parameter, so that the planner sees the queue's partial index fits
    .where(and(sql`${orders.status} = ${sql.raw(String(Math.trunc(status)))}`, inArray(productColumns.market, markets), isNotNull(column), afterCursor(column, cursor)))
    .orderBy(asc(millis(column)), asc(orders.id))
    .limit(limit + 1)
}

/**
 * Orders by number or by the borrower's phone (E.164 forms), in the markets, newest first. The two
 * matches are read apart, each through its own index (an OR across the order and the borrower
 * would read every order), and merged: the same rows, in the same order, as one query would give.
 */
export async function searchOrders(db: Executor, markets: Market[], orderNo: string | null, phones: string[], limit: number): Promise<DeskOrder[]> {
  const match: SQL[] = []
  if (orderNo) match.push(eq(orders.orderNo, orderNo))
  if (phones.length) match.push(inArray(borrowerPhone, phones))
  const found = await Promise.all(
    match.map((m) =>
      deskFrom(db)
        .where(and(inArray(productColumns.market, markets), m))
        .orderBy(desc(orders.appliedAt), desc(orders.id))
        .limit(limit),
    ),
  )
  if (found.length < 2) return found[0] ?? []
  const byId = new Map(found.flat().map((r) => [r.order.id, r]))
  return [...byId.values()]
    .sort((a, b) => b.order.appliedAt.getTime() - a.order.appliedAt.getTime() || b.order.id - a.order.id)
    .slice(0, limit)
}

/** For each order, how many orders its borrower applied for before it. */
export async function earlierOrderCounts(db: Executor, list: Array<Pick<Order, 'id' | 'borrowerId' | 'appliedAt'>>): Promise<Map<number, number>> {
  if (list.length === 0) return new Map()
  const borrowerIds = [...new Set(list.map((o) => o.borrowerId))]
  const rows = await db
    .select({ id: orders.id, borrowerId: orders.borrowerId, appliedAt: orders.appliedAt })
    .from(orders)
    .where(inArray(orders.borrowerId, borrowerIds))
  return new Map(
    list.map((o) => [
      o.id,
      rows.filter((r) => r.borrowerId === o.borrowerId && r.id !== o.id && (r.appliedAt < o.appliedAt || (r.appliedAt.getTime() === o.appliedAt.getTime() && r.id < o.id))).length,
    ]),
  )
}

/** The installments of the borrowers' paid-out orders, with their market: how late each was paid, or is. */
export function disbursedPeriodsOf(
  db: Executor,
  borrowerIds: number[],
): Promise<Array<{ borrowerId: number; market: Market; dueAt: Date; paidAt: Date | null; status: string }>> {
  if (borrowerIds.length === 0) return Promise.resolve([])
  return db
    .select({ borrowerId: orders.borrowerId, market: productColumns.market, dueAt: orderPeriods.dueAt, paidAt: orderPeriods.paidAt, status: orderPeriods.status })
    .from(orderPeriods)
    .innerJoin(orders, eq(orders.id, orderPeriods.orderKey))
    .innerJoin(...productJoin(orders.productId))
    .where(and(inArray(orders.borrowerId, [...new Set(borrowerIds)]), isNotNull(orders.disbursedAt)))
}

/** The order's status changes, oldest first. */
export function historyOf(db: Executor, orderKey: number): Promise<OrderHistoryRow[]> {
  return db.select().from(orderHistory).where(eq(orderHistory.orderKey, orderKey)).orderBy(asc(orderHistory.at), asc(orderHistory.id))
}

// dashboard

const zoneOf = (market: Market) => MARKET_INFO[market].timeZone
/**
 * The instants of the market's local day, as bounds the database computes from the zone: an index
 * on the time serves them (the column's local date, computed for every row, would not).
 */
const onLocalDay = (column: PgColumn, market: Market, day: string) =>
  sql`(${column} >= (${day}::date::timestamp at time zone ${zoneOf(market)}) and ${column} < ((${day}::date + 1)::timestamp at time zone ${zoneOf(market)}))`

export interface DayCounts {
  applications: number
  approvals: number
  rejections: number
  disbursed: number
  overdue: number
}

/**
 * A market's orders of its local day: applied, approved, rejected (from the history: a decision
 * counts on the day it was made), the money paid out that day (what borrowers received), and our
 * own orders overdue now.
 */
export async function dayCounts(db: Executor, market: Market, day: string): Promise<DayCounts> {
  const count = sql<number>`count(*)::int`
  const inMarket = eq(productColumns.market, market)
  const [applied] = await db
    .select({ n: count })
    .from(orders)
    .innerJoin(...productJoin(orders.productId))
    .where(and(inMarket, onLocalDay(orders.appliedAt, market, day)))
  const [decided] = await db
    .select({
      approvals: sql<number>`count(*) filter (where ${orderHistory.toStatus} = ${ORDER_STATUS.approved})::int`,
      rejections: sql<number>`count(*) filter (where ${orderHistory.toStatus} = ${ORDER_STATUS.rejected})::int`,
    })
    .from(orderHistory)
    .innerJoin(orders, eq(orders.id, orderHistory.orderKey))
    .innerJoin(...productJoin(orders.productId))
    .where(
      and(
        inMarket,
        eq(orderHistory.fromStatus, ORDER_STATUS.submitted),
        // the only rows counted: named, so the index on the status reached and the time serves it
        inArray(orderHistory.toStatus, [ORDER_STATUS.approved, ORDER_STATUS.rejected]),
        onLocalDay(orderHistory.at, market, day),
      ),
    )
  const [paidOut] = await db
    .select({ sum: sql<string>`coalesce(sum(${orders.received}), 0)::text` })
    .from(orders)
    .innerJoin(...productJoin(orders.productId))
    .where(and(inMarket, isNotNull(orders.disbursedAt), onLocalDay(orders.disbursedAt, market, day)))
  const [overdue] = await db
    .select({ n: count })
    .from(orders)
    .innerJoin(...productJoin(orders.productId))
    .where(and(inMarket, eq(orders.status, ORDER_STATUS.overdue)))
  return {
    applications: applied?.n ?? 0,
    approvals: decided?.approvals ?? 0,
    rejections: decided?.rejections ?? 0,
    disbursed: Number(paidOut?.sum ?? 0),
    overdue: overdue?.n ?? 0,
  }
}
