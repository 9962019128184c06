import { and, eq, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { ratings } from '../../db/schema.js'

/** Ratings by the order's database key (`orders.id`), never by its public number. */
export async function hasRating(db: Executor, borrowerId: number, orderKey: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ratings.id })
    .from(ratings)
    .where(and(eq(ratings.borrowerId, borrowerId), eq(ratings.orderKey, orderKey)))
    .limit(1)
  return row !== undefined
}

/** One rating per borrower and order: a later one replaces the earlier. */
export async function upsertRating(db: Executor, values: { borrowerId: number; orderKey: number | null; score: number }): Promise<void> {
  await db
    .insert(ratings)
    .values(values)
    .onConflictDoUpdate({ target: [ratings.borrowerId, ratings.orderKey], set: { score: values.score, updatedAt: sql`now()` } })
}
