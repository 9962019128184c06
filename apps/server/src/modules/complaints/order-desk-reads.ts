import { and, asc, eq, inArray, sql } from 'drizzle-orm'
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
 * Complaints of each market (their order's product's) still waiting for a reply ('processing'):
 * those due on the market's `today` (its local date) and those past it. One read for all the
 * markets asked, not one per market: each would go through every market's waiting complaints and
 * their orders (docs/performance/console-at-scale.md). A market without any is absent.
 */
export async function complaintsDueIn(db: Executor, todays: Partial<Record<Market, string>>): Promise<Map<Market, { dueToday: number; overdue: number }>> {
  const entries = Object.entries(todays) as Array<[Market, string]>
  if (entries.length === 0) return new Map()
  // the market's own today, for each row
  const today = sql`(case ${productColumns.market} ${sql.join(
    entries.map(([m, d]) => sql`when ${m} then ${d}::date`),
    sql` `,
  )} end)`
  const rows = await db
    .select({
      market: productColumns.market,
      dueToday: sql<number>`count(*) filter (where ${complaints.replyDue} = ${today})::int`,
      overdue: sql<number>`count(*) filter (where ${complaints.replyDue} < ${today})::int`,
    })
    .from(complaints)
    .innerJoin(...orderJoin(complaints.orderKey))
    .innerJoin(...productJoin(orderColumns.productId))
    .where(
      and(
        eq(complaints.status, 'processing'),
        inArray(
          productColumns.market,
          entries.map(([m]) => m),
        ),
        sql`${complaints.replyDue} <= ${today}`,
      ),
    )
    .groupBy(productColumns.market)
  return new Map(rows.map((r) => [r.market, { dueToday: r.dueToday, overdue: r.overdue }]))
}

/** Problem type 1 is collection (docs/product/complaints.md#problem-types). */
const COLLECTION_TYPE = 1

/** A borrower's complaints about collection not closed yet: the credit policy's `record.openCollectionComplaints` (docs/product/decisions.md#inputs). */
export async function openCollectionComplaintsOf(db: Executor, borrowerId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(complaints)
    .where(and(eq(complaints.borrowerId, borrowerId), eq(complaints.problemType, COLLECTION_TYPE), sql`${complaints.status} <> 'closed'`))
  return row?.count ?? 0
}
