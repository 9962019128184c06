import { and, asc, desc, eq, getTableColumns, inArray, isNull, lt, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { MARKETS, MARKET_INFO, ORDER_STATUS, ORDER_STATUSES, TKB_HORIZON_DAYS, isSettled, type Cents, type Market } from '@kilat/domain'
import type { Executor, Tx } from '../../db/client.js'
import { jsonRowOf, rowFromJson } from '../../db/json-rows.js'
import { prepared } from '../../db/prepared.js'
import {
  UNSETTLED_STATUSES,
  orderHistory,
  orderPeriods,
  orders,
  type NewOrder,
  type NewOrderPeriod,
  type Order,
  type OrderActorKind,
  type OrderPeriod,
} from './orders.schema.js'
import { productColumns, productJoin, type Product } from '../products/products.service.js'

const SETTLED_STATUSES = ORDER_STATUSES.filter(isSettled)

/** The statements' condition for "this borrower's order by its public number" (placeholders `orderNo`, `borrowerId`). */
const isBorrowerOrder = () => and(eq(orders.orderNo, sql.placeholder('orderNo')), eq(orders.borrowerId, sql.placeholder('borrowerId')))

const borrowerOrderStatement = prepared((db) =>
  db
    .select({ order: orders, product: productColumns })
    .from(orders)
    .innerJoin(...productJoin(orders.productId))
    .where(isBorrowerOrder())
    .limit(1)
    .prepare('borrower_order'),
)

const borrowerOrderMarketStatement = prepared((db) =>
  db
    .select({ market: productColumns.market })
    .from(orders)
    .innerJoin(...productJoin(orders.productId))
    .where(isBorrowerOrder())
    .limit(1)
    .prepare('borrower_order_market'),
)

/** The market of this borrower's order by its public number (its product's); undefined for another borrower's. */
export async function findBorrowerOrderMarket(db: Executor, borrowerId: number, orderNo: string): Promise<Market | undefined> {
  const [row] = await borrowerOrderMarketStatement(db).execute({ orderNo, borrowerId })
  return row?.market
}

/**
 * The database key of this borrower's order by its public number, as a one-column select (no row
 * for another borrower's order): for a statement of another module that writes against the order.
 */
export function borrowerOrderKeySql(borrowerId: number, orderNo: string): SQL {
  return sql`select ${orders.id} as order_key from ${orders} where ${orders.orderNo} = ${orderNo} and ${orders.borrowerId} = ${borrowerId}`
}

/** An order of this borrower by its public number, with its product; another borrower's is not there. */
export async function findBorrowerOrder(
  db: Executor,
  borrowerId: number,
  orderNo: string,
): Promise<{ order: Order; product: Product } | undefined> {
  const [row] = await borrowerOrderStatement(db).execute({ orderNo, borrowerId })
  return row
}

/** The order's schedule as a JSON array, first installment first (`[]` for none). Needs `orders` in the query. */
const scheduleJson = sql<Array<Record<string, unknown>>>`coalesce((select json_agg(${jsonRowOf(orderPeriods)} order by ${orderPeriods.periodNo}) from ${orderPeriods} where ${orderPeriods.orderKey} = ${orders.id}), '[]'::json)`

export interface OrderWithSchedule<A> {
  order: Order
  product: Product
  /** First installment first. */
  periods: OrderPeriod[]
  /** The caller's own columns (see borrowerOrderQuery). */
  also: A
}

/** SQL expressions over the `orders` row, one per column a caller adds to the order's query. */
export type AlsoColumns<A> = { [K in keyof A]: SQL<A[K]> }

/**
 * A borrower's order by its public number with its product and its schedule, in one round trip and
 * one prepared statement (`name`). `also` adds the caller's columns computed from the order's row,
 * for example the loans module's "has the borrower rated it": a screen then needs no second query.
 */
export function borrowerOrderQuery<A extends Record<string, unknown>>(
  name: string,
  also: (order: typeof orders) => AlsoColumns<A>,
): (db: Executor, borrowerId: number, orderNo: string) => Promise<OrderWithSchedule<A> | undefined> {
  return orderWithScheduleQuery<Order, Product, A>(name, orders, productColumns, also)
}

/** An order's chosen columns with its product's chosen columns and the whole schedule (see borrowerOrderPartQuery). */
export interface OrderPartWithSchedule<OK extends keyof Order, PK extends keyof Product, A = Record<never, never>> {
  order: Pick<Order, OK>
  product: Pick<Product, PK>
  /** First installment first. */
  periods: OrderPeriod[]
  /** The caller's own columns (see borrowerOrderQuery). */
  also: A
}

/**
 * As borrowerOrderQuery, but only the columns a screen reads: each column of a row costs every
 * request its description and parsing (the driver describes the result on each execution), and the
 * order and product rows have about fifty. init-pay-type went from 0.44 to 0.70 of bench:api's
 * floor when it read one column instead of both rows (docs/decisions/0008-api-performance.md#fourth-round-repayment-reads).
 */
export function borrowerOrderPartQuery<OK extends keyof Order, PK extends keyof Product, A extends Record<string, unknown> = Record<never, never>>(
  name: string,
  orderKeys: readonly OK[],
  productKeys: readonly PK[],
  also?: (order: typeof orders) => AlsoColumns<A>,
): (db: Executor, borrowerId: number, orderNo: string) => Promise<OrderPartWithSchedule<OK, PK, A> | undefined> {
  const columnsOf = (columns: Record<string, PgColumn>, keys: readonly string[]): Record<string, PgColumn> =>
    Object.fromEntries(
      keys.map((key) => {
        const column = columns[key]
        if (!column) throw new Error(`${name}: no column ${key}`)
        return [key, column]
      }),
    )
  return orderWithScheduleQuery<Pick<Order, OK>, Pick<Product, PK>, A>(name, columnsOf(getTableColumns(orders), orderKeys), columnsOf(productColumns, productKeys), also)
}

/** The one statement of both readers above: the order and product as selected, the schedule, the caller's columns. */
function orderWithScheduleQuery<O, P, A extends Record<string, unknown>>(
  name: string,
  orderFields: typeof orders | Record<string, PgColumn>,
  productFields: typeof productColumns | Record<string, PgColumn>,
  also?: (order: typeof orders) => AlsoColumns<A>,
): (db: Executor, borrowerId: number, orderNo: string) => Promise<{ order: O; product: P; periods: OrderPeriod[]; also: A } | undefined> {
  const alsoFields = also ? Object.fromEntries(Object.entries<SQL>(also(orders)).map(([key, expression]) => [key, expression.as(key)])) : {}
  const statement = prepared((db) =>
    db
      .select({ order: orderFields, product: productFields, schedule: scheduleJson, ...alsoFields })
      .from(orders)
      .innerJoin(...productJoin(orders.productId))
      .where(isBorrowerOrder())
      .limit(1)
      .prepare(name),
  )
  return async (db, borrowerId, orderNo) => {
    const [row] = await statement(db).execute({ orderNo, borrowerId })
    if (!row) return undefined
    const { order, product, schedule, ...rest } = row
    return {
      order: order as unknown as O,
      product: product as unknown as P,
      periods: (schedule as Array<Record<string, unknown>>).map((p) => rowFromJson(orderPeriods, p)),
      also: rest as unknown as A,
    }
  }
}

const periodsStatement = prepared((db) =>
  db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, sql.placeholder('orderKey'))).orderBy(asc(orderPeriods.periodNo)).prepare('order_periods'),
)

/** The order's schedule, first installment first. */
export async function periodsOf(db: Executor, orderKey: number): Promise<OrderPeriod[]> {
  return periodsStatement(db).execute({ orderKey })
}

/**
 * The number of the borrower's unsettled order of a product under any of its versions, if there is
 * one: `lineageId` is the product's first version's id (docs/product/products.md#versions).
 */
export async function unsettledOrderNo(db: Executor, borrowerId: number, lineageId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.borrowerId, borrowerId), eq(sql`coalesce(${orders.productLineageId}, ${orders.productId})`, lineageId), inArray(orders.status, UNSETTLED_STATUSES)))
    .limit(1)
  return row?.orderNo
}

/** Unsettled statuses written out, so that a prepared statement's plan can use the partial unique index. */
const isUnsettled = sql`${orders.status} in (${sql.raw(UNSETTLED_STATUSES.join(', '))})`

/**
 * The borrower's unsettled orders as `[productId, orderNo]` pairs, as SQL over an order's row: the
 * loan-details query reads them with the order, so that the recommended list it may show needs no
 * second round trip.
 */
export function unsettledOrdersSql(order: { borrowerId: SQLWrapper }): SQL<Array<[number, string]>> {
  // the orders table a second time, under its own name: the outer query's row is `orders`
  const u = (column: { name: string }) => sql`${sql.identifier('u')}.${sql.identifier(column.name)}`
  return sql<Array<[number, string]>>`coalesce((select json_agg(json_build_array(${u(orders.productId)}, ${u(orders.orderNo)})) from ${orders} ${sql.identifier('u')} where ${u(orders.borrowerId)} = ${order.borrowerId} and ${u(orders.status)} in (${sql.raw(UNSETTLED_STATUSES.join(', '))})), '[]'::json)`
}

/**
 * The reason key of the order's latest rejection in its history (a decision reason or a staff
 * member's REJECT_REASONS key, docs/product/loans.md#rejection-reason), as SQL over an order's row:
 * loan details reads it with the order, one round trip instead of a second read. Only a rejected
 * order looks in its history (the `case`: Postgres runs the subquery only in the branch taken), and
 * there it walks `order_history_order_idx` (order, id) backwards to the first rejection; null for
 * any other order and for a rejection that kept no reason.
 */
export function lastRejectReasonSql(order: { id: SQLWrapper; status: SQLWrapper }): SQL<string | null> {
  const rejected = sql.raw(String(ORDER_STATUS.rejected))
  return sql<string | null>`case when ${order.status} = ${rejected} then (select ${orderHistory.reason} from ${orderHistory} where ${orderHistory.orderKey} = ${order.id} and ${orderHistory.toStatus} = ${rejected} order by ${orderHistory.id} desc limit 1) end`
}

const unsettledStatement = prepared((db) =>
  db
    .select({ productId: orders.productId, orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.borrowerId, sql.placeholder('borrowerId')), isUnsettled))
    .prepare('unsettled_orders'),
)

/** The borrower's unsettled orders by product: product id → order number. */
export async function unsettledOrderNos(db: Executor, borrowerId: number): Promise<Map<number, string>> {
  const rows = await unsettledStatement(db).execute({ borrowerId })
  return new Map(rows.map((r) => [r.productId, r.orderNo]))
}

/** The order and its schedule; call it inside a transaction so that neither lands without the other. */
export async function insertOrder(db: Executor, order: NewOrder, periods: Array<Omit<NewOrderPeriod, 'orderKey'>>): Promise<Order> {
  const [row] = await db.insert(orders).values(order).returning()
  if (!row) throw new Error('order insert returned no row')
  if (periods.length) await db.insert(orderPeriods).values(periods.map((p) => ({ ...p, orderKey: row.id })))
  // the timeline starts with the borrower's application
  await db.insert(orderHistory).values({ orderKey: row.id, fromStatus: null, toStatus: row.status, actorKind: 'borrower', at: row.appliedAt })
  return row
}

/** The market-local date of today in every market (yyyy-mm-dd): days turn at each market's midnight. */
export type LocalToday = Readonly<Record<Market, string>>

/**
 * True when the timestamp column's local date in `market` is before that market's today:
 * docs/product/money-rules.md#overdue-boundary, the whole due date is still on time.
 */
function beforeLocalToday(column: SQLWrapper, market: Market, today: LocalToday): SQL {
  return sql`(${column} at time zone ${MARKET_INFO[market].timeZone})::date < ${today[market]}::date`
}

/** The same, for rows of any market: `marketColumn` names each row's market. */
function beforeTheirToday(column: SQLWrapper, marketColumn: SQLWrapper, today: LocalToday): SQL {
  return or(...MARKETS.map((m) => and(sql`${marketColumn} = ${m}`, beforeLocalToday(column, m, today))))!
}

/** An unpaid installment of the order whose due date is over in its market. Needs `products` joined. */
export function hasPastDuePeriod(today: LocalToday): SQL {
  return sql`exists (select 1 from ${orderPeriods} where ${orderPeriods.orderKey} = ${orders.id} and ${orderPeriods.paid} + ${orderPeriods.interestWaived} < ${orderPeriods.total} and ${beforeTheirToday(orderPeriods.dueAt, productColumns.market, today)})`
}

/** Late charges of the order not yet accrued for its market's today. Needs `products` joined. */
export function notAccruedToday(today: LocalToday): SQL {
  return or(
    ...MARKETS.map((m) => and(eq(productColumns.market, m), or(isNull(orders.penaltyAccruedThrough), lt(orders.penaltyAccruedThrough, today[m])))),
  )!
}

export interface ClaimedOrder {
  order: Order
  product: Product
}

/**
 * Locks up to `limit` orders matching `where` (products joined), oldest first, skipping rows another
 * transaction holds: processes running the job at once each take different rows.
 */
export async function claimOrders(tx: Tx, where: SQL | undefined, limit: number): Promise<ClaimedOrder[]> {
  return tx
    .select({ order: orders, product: productColumns })
    .from(orders)
    .innerJoin(...productJoin(orders.productId))
    .where(where)
    .orderBy(asc(orders.id))
    .limit(limit)
    .for('update', { of: orders, skipLocked: true })
}

/** Leaves a submitted order to people: the order job decides it no more. */
export async function markForReview(tx: Tx, orderKey: number, now: Date): Promise<void> {
  await tx.update(orders).set({ manualReview: true, updatedAt: now }).where(eq(orders.id, orderKey))
}

/** Who changes an order's status, as its history keeps it (docs/product/operations.md#order-history). */
export type StatusChangeBy =
  | { kind: Exclude<OrderActorKind, 'staff'>; reason?: string | null; note?: string | null }
  | { kind: 'staff'; staffId: number; reason?: string | null; note?: string | null }

/**
 * Writes `changes` only if the order is still in `status`; true when it was. A change of status
 * adds its row to the order's history in the same transaction, whoever the caller: no status moves
 * without its record.
 */
export async function updateOrderInStatus(tx: Tx, orderKey: number, status: number, changes: Partial<NewOrder>, by: StatusChangeBy): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set(changes)
    .where(and(eq(orders.id, orderKey), eq(orders.status, status)))
    .returning({ id: orders.id })
  if (updated.length === 0) return false
  if (changes.status !== undefined && changes.status !== status) {
    await tx.insert(orderHistory).values({
      orderKey,
      fromStatus: status,
      toStatus: changes.status,
      actorKind: by.kind,
      staffId: by.kind === 'staff' ? by.staffId : null,
      reason: by.reason ?? null,
      note: by.note ?? null,
      ...(changes.updatedAt instanceof Date ? { at: changes.updatedAt } : {}),
    })
  }
  return true
}

/**
 * Adds a late charge and moves the date it covers, only if that date is still the one read: a day is
 * never charged twice. True when it was written.
 */
export async function recordAccrual(
  tx: Tx,
  order: Pick<Order, 'id' | 'penaltyAccruedThrough'>,
  added: Cents,
  through: string,
  now: Date,
): Promise<boolean> {
  const updated = await tx
    .update(orders)
    .set({ penalty: sql`${orders.penalty} + ${added}`, penaltyAccruedThrough: through, updatedAt: now })
    .where(
      and(
        eq(orders.id, order.id),
        order.penaltyAccruedThrough === null ? isNull(orders.penaltyAccruedThrough) : eq(orders.penaltyAccruedThrough, order.penaltyAccruedThrough),
      ),
    )
    .returning({ id: orders.id })
  return updated.length > 0
}

export async function insertPeriods(tx: Tx, orderKey: number, periods: Array<Omit<NewOrderPeriod, 'orderKey'>>): Promise<void> {
  if (periods.length) await tx.insert(orderPeriods).values(periods.map((p) => ({ ...p, orderKey })))
}

export async function setPeriodDueAt(tx: Tx, orderKey: number, periodNo: number, dueAt: Date): Promise<void> {
  await tx.update(orderPeriods).set({ dueAt }).where(and(eq(orderPeriods.orderKey, orderKey), eq(orderPeriods.periodNo, periodNo)))
}

/** Writes `changes` to one installment of the order (a payment's share of it, an extension's new date). */
export async function updatePeriod(tx: Tx, orderKey: number, periodNo: number, changes: Partial<NewOrderPeriod>): Promise<void> {
  await tx
    .update(orderPeriods)
    .set(changes)
    .where(and(eq(orderPeriods.orderKey, orderKey), eq(orderPeriods.periodNo, periodNo)))
}

/** Unpaid installments whose due date is over in the market become 'overdue'. */
export async function markPeriodsOverdue(tx: Tx, orderKey: number, market: Market, today: LocalToday): Promise<void> {
  await tx
    .update(orderPeriods)
    .set({ status: 'overdue' })
    .where(
      and(
        eq(orderPeriods.orderKey, orderKey),
        eq(orderPeriods.status, 'unpaid'),
        // interest waived is owed no more (docs/product/waivers-and-refunds.md#waivers)
        sql`${orderPeriods.paid} + ${orderPeriods.interestWaived} < ${orderPeriods.total}`,
        beforeLocalToday(orderPeriods.dueAt, market, today),
      ),
    )
}

/** Whether the borrower had settled a loan (ours or a partner's) before `appliedAt`. */
export async function settledBefore(db: Executor, borrowerId: number, appliedAt: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.borrowerId, borrowerId), inArray(orders.status, SETTLED_STATUSES), lt(orders.settledAt, appliedAt)))
    .limit(1)
  return row !== undefined
}

/** A borrower's orders by order number, each with its product's name (the demo's /testPreview links). */
export function borrowerOrderList(db: Executor, borrowerId: number): Promise<Array<{ orderNo: string; productId: number; productName: string; status: number }>> {
  return db
    .select({ orderNo: orders.orderNo, productId: orders.productId, productName: productColumns.name, status: orders.status })
    .from(orders)
    .innerJoin(...productJoin(orders.productId))
    .where(eq(orders.borrowerId, borrowerId))
    .orderBy(asc(orders.orderNo))
}

/**
 * Pieces of another area's one statement over rows that point at an order (their `order_id`): a
 * payment account read with its order (and locked with it), a complaint with its order's number.
 * `.innerJoin(...orderJoin(row.orderKey))`, then `orderColumns` (or some of them) in the select and
 * `.for('update', lockingOrder)` to lock the order. The table itself stays in this module.
 */
export const orderJoin = (orderKey: SQLWrapper) => [orders, eq(orders.id, orderKey)] as const
export const orderColumns = getTableColumns(orders)
export const lockingOrder = { of: orders } as const

/** An order card of a screen that lists the borrower's orders (the complaint form's order choice). */
export interface OrderCardRow {
  orderNo: string
  status: number
  principal: Cents
  appliedAt: Date
  productName: string
  productLogo: string
  market: Market
}

const orderCardsStatement = prepared((db) =>
  db
    .select({
      orderNo: orders.orderNo,
      status: orders.status,
      principal: orders.principal,
      appliedAt: orders.appliedAt,
      productName: productColumns.name,
      productLogo: productColumns.logoUrl,
      market: productColumns.market,
    })
    .from(orders)
    .innerJoin(...productJoin(orders.productId))
    .where(eq(orders.borrowerId, sql.placeholder('borrowerId')))
    .orderBy(desc(orders.appliedAt), desc(orders.id))
    .prepare('complaint_orders'),
)

/** Every order of the borrower, newest first. */
export function borrowerOrderCards(db: Executor, borrowerId: number): Promise<OrderCardRow[]> {
  return orderCardsStatement(db).execute({ borrowerId })
}

/** The key and status of this borrower's order by its public number; undefined for another's. */
export async function borrowerOrderKeyAndStatus(db: Executor, borrowerId: number, orderNo: string): Promise<{ id: number; status: number } | undefined> {
  const [row] = await db
    .select({ id: orders.id, status: orders.status })
    .from(orders)
    .where(and(eq(orders.borrowerId, borrowerId), eq(orders.orderNo, orderNo)))
    .limit(1)
  return row
}

export interface LendingTotals {
  totalDisbursed: number
  borrowersServed: number
  outstandingLoans: number
  /** Outstanding principal, cents (domain outstandingPrincipal, computed in SQL). */
  outstanding: number
  /** Of which on loans more than 90 days overdue. */
  outstandingBeyond90: number
}

/** Our own loans still being repaid (partners' loans are the partners' figures). */
const REPAYING = [ORDER_STATUS.repayingInstallments, ORDER_STATUS.due, ORDER_STATUS.overdue]

/**
 * The market's lending totals from the orders themselves (docs/product/registration.md#lending-figures):
 * every disbursed loan of our own products; a loan's days overdue count from its oldest unpaid
 * installment's due date in the market's calendar; the outstanding amount is the principal not
 * yet repaid, payments covering late charges and interest first (as domain outstandingPrincipal).
 */
export async function lendingTotals(db: Executor, market: Market): Promise<LendingTotals> {
  const zone = MARKET_INFO[market].timeZone
  const repaying = sql.raw(REPAYING.join(', '))
  const [productTable, onProduct] = productJoin(orders.productId)
  const result = await db.execute(sql`
    with own as (
      select ${orders.status} as status, ${orders.borrowerId} as borrower_id, ${orders.principal} as principal,
             -- what finance waived was never paid, so payments reach the principal sooner (docs/product/waivers-and-refunds.md#waivers)
             greatest(0, ${orders.principal} - greatest(0, ${orders.paid} - (${orders.interest} - coalesce((select sum(${orderPeriods.interestWaived}) from ${orderPeriods} where ${orderPeriods.orderKey} = ${orders.id}), 0)) - (${orders.penalty} - ${orders.penaltyWaived}))) as owed,
             (select min(${orderPeriods.dueAt}) from ${orderPeriods} where ${orderPeriods.orderKey} = ${orders.id} and ${orderPeriods.paid} + ${orderPeriods.interestWaived} < ${orderPeriods.total}) as oldest_due
      from ${orders}
      join ${productTable} on ${onProduct}
      where ${productColumns.market} = ${market} and not ${productColumns.isPartner} and ${orders.disbursedAt} is not null
    )
    select
      sum(principal) as disbursed,
      count(distinct borrower_id) as borrowers,
      count(*) filter (where status in (${repaying})) as loans,
      sum(owed) filter (where status in (${repaying})) as outstanding,
      sum(owed) filter (
        where status in (${repaying})
          and oldest_due is not null
          and (now() at time zone ${zone})::date - (oldest_due at time zone ${zone})::date > ${TKB_HORIZON_DAYS}
      ) as beyond
    from own
  `)
  // pg and PGlite both answer with the rows in `rows`; sums of bigint come back as numeric text
  const row = (result as unknown as { rows: Array<Record<'disbursed' | 'borrowers' | 'loans' | 'outstanding' | 'beyond', unknown>> }).rows[0]
  const n = (v: unknown) => Number(v ?? 0)
  return {
    totalDisbursed: n(row?.disbursed),
    borrowersServed: n(row?.borrowers),
    outstandingLoans: n(row?.loans),
    outstanding: n(row?.outstanding),
    outstandingBeyond90: n(row?.beyond),
  }
}
