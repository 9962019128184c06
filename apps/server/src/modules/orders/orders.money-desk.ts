import { eq, inArray } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { productColumns, productJoin } from '../products/products.service.js'
import { orders } from './orders.schema.js'

/**
 * What the money desk (modules/money-desk, docs/product/operations.md#money-desk) reads of orders:
 * an order by its number with its market (a resolution that applies money to it), orders by their
 * keys with their markets and borrowers (the payout outbox), and the numbers of orders by their keys.
 */

export interface DeskOrderRef {
  orderKey: number
  orderNo: string
  market: Market
  borrowerId: number
}

const refOf = (db: Executor) =>
  db
    .select({ orderKey: orders.id, orderNo: orders.orderNo, market: productColumns.market, borrowerId: orders.borrowerId })
    .from(orders)
    .innerJoin(...productJoin(orders.productId))

export async function orderRefByNo(db: Executor, orderNo: string): Promise<DeskOrderRef | undefined> {
  const [row] = await refOf(db).where(eq(orders.orderNo, orderNo)).limit(1)
  return row as DeskOrderRef | undefined
}

export async function orderRefByKey(db: Executor, orderKey: number): Promise<DeskOrderRef | undefined> {
  const [row] = await refOf(db).where(eq(orders.id, orderKey)).limit(1)
  return row as DeskOrderRef | undefined
}

export async function orderRefsByKeys(db: Executor, orderKeys: number[]): Promise<DeskOrderRef[]> {
  const keys = [...new Set(orderKeys)]
  if (keys.length === 0) return []
  return (await refOf(db).where(inArray(orders.id, keys))) as DeskOrderRef[]
}

export async function orderNosOf(db: Executor, orderKeys: number[]): Promise<Map<number, string>> {
  const keys = [...new Set(orderKeys)]
  if (keys.length === 0) return new Map()
  const rows = await db.select({ id: orders.id, orderNo: orders.orderNo }).from(orders).where(inArray(orders.id, keys))
  return new Map(rows.map((r) => [r.id, r.orderNo]))
}
