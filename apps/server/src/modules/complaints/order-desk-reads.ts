import { and, asc, eq, lt, sql } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { orderColumns, orderJoin } from '../orders/orders.service.js'
import { productColumns, productJoin } from '../products/products.service.js'
import { complaints } from './complaints.schema.js'

/**
 * What the ops console's order desk reads of complaints (docs/product/operations.md#dashboard): an
 * order's complaints, and a market's complaints waiting for a reply that is due today or late.
 */

export interface OrderComplaint {
  id: number
  status: string
  problemType: number
  detail: string
  replyDue: string
  createdAt: Date
  repliedAt: Date | null
}

/** The order's complaints, oldest first. `orderKey` is the order's database key. */
export function orderComplaintsOf(db: Executor, orderKey: number): Promise<OrderComplaint[]> {
  return db
    .select({
      id: complaints.id,
      status: complaints.status,
      problemType: complaints.problemType,
      detail: complaints.detail,
      replyDue: complaints.replyDue,
      createdAt: complaints.createdAt,
      repliedAt: complaints.repliedAt,
    })
    .from(complaints)
    .where(eq(complaints.orderKey, orderKey))
    .orderBy(asc(complaints.id))
}

/**
 * Complaints of the market (their order's product's) still waiting for a reply ('processing'):
 * those due on `today` (the market-local date) and those past it.
 */
export async function complaintsDueIn(db: Executor, market: Market, today: string): Promise<{ dueToday: number; overdue: number }> {
  const [row] = await db
    .select({
      dueToday: sql<number>`count(*) filter (where ${complaints.replyDue} = ${today})::int`,
      overdue: sql<number>`count(*) filter (where ${lt(complaints.replyDue, today)})::int`,
    })
    .from(complaints)
    .innerJoin(...orderJoin(complaints.orderKey))
    .innerJoin(...productJoin(orderColumns.productId))
    .where(and(eq(complaints.status, 'processing'), eq(productColumns.market, market), sql`${complaints.replyDue} <= ${today}`))
  return { dueToday: row?.dueToday ?? 0, overdue: row?.overdue ?? 0 }
}
