import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { ratings } from '../../db/schema.js'

/**
 * Whether the order's borrower has rated it, as SQL over an order's row: the loan-details query
 * (orders.service borrowerOrderReader) reads it with the order, in the same round trip. Ratings
 * are by the order's database key (`orders.id`), never by its public number.
 */
export function isRatedSql(order: { id: SQLWrapper; borrowerId: SQLWrapper }): SQL<boolean> {
  const rating = new QueryBuilder()
    .select({ id: ratings.id })
    .from(ratings)
    .where(and(eq(ratings.borrowerId, order.borrowerId), eq(ratings.orderKey, order.id)))
  return sql<boolean>`exists (${rating})`
}

/** One rating per borrower and order: a later one replaces the earlier. */
export async function upsertRating(db: Executor, values: { borrowerId: number; orderKey: number | null; score: number }): Promise<void> {
  await db
    .insert(ratings)
    .values(values)
    .onConflictDoUpdate({ target: [ratings.borrowerId, ratings.orderKey], set: { score: values.score, updatedAt: sql`now()` } })
}
