import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import type { Cents, Market } from '@kilat/domain'
import type { Executor, Tx } from '../../db/client.js'
import { orderColumns, orderJoin } from '../orders/orders.service.js'
import { productColumns, productJoin } from '../products/products.service.js'
import { overpaidOf, type AdjustmentJson } from '../repayment/repayment.service.js'
import { adjustmentEntries, adjustments, type Adjustment, type NewAdjustment, type NewAdjustmentEntry } from './adjustments.schema.js'

/**
 * The adjustments' queries (docs/decisions/0018-adjustments.md): requests, their entries, and what
 * an order overpaid and had refunded.
 */

/** An adjustment with its order's number, market and product name, as the desk lists it. */
export interface AdjustmentRow {
  adjustment: Adjustment
  orderNo: string
  market: Market
  productName: string
}

const rowSelect = { adjustment: adjustments, orderNo: orderColumns.orderNo, market: productColumns.market, productName: productColumns.name }

const rowsFrom = (db: Executor) =>
  db
    .select(rowSelect)
    .from(adjustments)
    .innerJoin(...orderJoin(adjustments.orderKey))
    .innerJoin(...productJoin(orderColumns.productId))

/** The pending request, or undefined when another of the same order and kind is pending (the partial unique index decides). */
export async function insertRequest(tx: Tx, values: NewAdjustment): Promise<Adjustment | undefined> {
  const [row] = await tx.insert(adjustments).values(values).onConflictDoNothing().returning()
  return row
}

/** A confirmed adjustment written at once (a cooling-off exit) with its entries. */
export async function insertConfirmed(tx: Tx, values: NewAdjustment, entries: Array<Omit<NewAdjustmentEntry, 'adjustmentId'>>): Promise<Adjustment> {
  const [row] = await tx.insert(adjustments).values(values).returning()
  if (!row) throw new Error('no adjustment row returned')
  await insertEntries(
    tx,
    entries.map((e) => ({ ...e, adjustmentId: row.id })),
  )
  return row
}

export async function insertEntries(tx: Tx, entries: NewAdjustmentEntry[]): Promise<void> {
  if (entries.length) await tx.insert(adjustmentEntries).values(entries)
}

/** The return of a refund (its payout failed), if it was returned. */
export async function returnOf(db: Executor, refundId: number): Promise<Adjustment | undefined> {
  const [row] = await db.select().from(adjustments).where(eq(adjustments.reversesId, refundId)).limit(1)
  return row
}

/** The request locked until the transaction ends: of two confirmations, the second waits and finds it handled. */
export async function lockRequest(tx: Tx, id: number): Promise<Adjustment | undefined> {
  const [row] = await tx.select().from(adjustments).where(eq(adjustments.id, id)).for('update')
  return row
}

/** Moves a pending request to `status`; undefined when it was no longer pending. */
export async function closeRequest(tx: Tx, id: number, values: { status: 'confirmed' | 'cancelled'; decidedBy: number; decidedAt: Date }): Promise<Adjustment | undefined> {
  const [row] = await tx
    .update(adjustments)
    .set(values)
    .where(and(eq(adjustments.id, id), eq(adjustments.status, 'pending')))
    .returning()
  return row
}

/** The order's adjustments, newest first. */
export function adjustmentsOfOrder(db: Executor, orderKey: number): Promise<Adjustment[]> {
  return db.select().from(adjustments).where(eq(adjustments.orderKey, orderKey)).orderBy(desc(adjustments.id))
}

/** One adjustment with its order's number and market. */
export async function adjustmentRow(db: Executor, id: number): Promise<AdjustmentRow | undefined> {
  const [row] = await rowsFrom(db).where(eq(adjustments.id, id)).limit(1)
  return row
}

/** Pending requests of the markets, oldest first, after the id `after`: one page and one more row. */
export function pendingPage(db: Executor, markets: Market[], after: number | undefined, limit: number): Promise<AdjustmentRow[]> {
  return rowsFrom(db)
    .where(and(eq(adjustments.status, 'pending'), inArray(productColumns.market, markets), after === undefined ? undefined : gt(adjustments.id, after)))
    .orderBy(asc(adjustments.id))
    .limit(limit + 1)
}

/**
 * What the order's payments overpaid (their `overpayment` entries) and what confirmed refunds paid
 * back, less the refunds whose payout failed and were given back (`refund_returned`).
 */
export async function overpaidAndRefunded(db: Executor, orderKey: number): Promise<{ overpaid: Cents; refunded: Cents }> {
  const overpaid = await overpaidOf(db, orderKey)
  const [refunded] = await db
    .select({ sum: sql<string>`coalesce(sum(case when ${adjustments.kind} = 'refund' then ${adjustments.amount} else -${adjustments.amount} end), 0)::text` })
    .from(adjustments)
    .where(and(eq(adjustments.orderKey, orderKey), inArray(adjustments.kind, ['refund', 'refund_returned']), eq(adjustments.status, 'confirmed')))
  return { overpaid, refunded: Number(refunded?.sum ?? 0) as Cents }
}

/**
 * SQL over an order's row: its confirmed adjustments as JSON (`[]` for none), oldest first, in the
 * same round trip as the order: for the borrower's loan details and installment plan.
 */
export function confirmedAdjustmentsSql(order: { id: Parameters<typeof eq>[0] }) {
  return sql<AdjustmentJson[]>`coalesce((select json_agg(json_build_object('kind', ${adjustments.kind}, 'component', ${adjustments.component}, 'amount', ${adjustments.amount}, 'decidedAt', ${adjustments.decidedAt}) order by ${adjustments.id}) from ${adjustments} where ${adjustments.orderKey} = ${order.id} and ${adjustments.status} = 'confirmed'), '[]'::json)`
}

/** The confirmed adjustments of an order, oldest first. */
export function confirmedAdjustmentsOf(db: Executor, orderKey: number): Promise<Adjustment[]> {
  return db
    .select()
    .from(adjustments)
    .where(and(eq(adjustments.orderKey, orderKey), eq(adjustments.status, 'confirmed')))
    .orderBy(asc(adjustments.id))
}

/** How many waivers a borrower was granted, over all their orders: the credit policy's `record.waivers` (docs/product/decisions.md#inputs). */
export async function waiverCountOf(db: Executor, borrowerId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(adjustments)
    .innerJoin(...orderJoin(adjustments.orderKey))
    .where(and(eq(orderColumns.borrowerId, borrowerId), eq(adjustments.kind, 'waiver'), eq(adjustments.status, 'confirmed')))
  return row?.count ?? 0
}
