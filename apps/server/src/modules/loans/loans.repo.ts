import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import type { Executor } from '../../db/client.js'
import { ratings } from './loans.schema.js'
import { borrowerOrderKeySql } from '../orders/orders.service.js'

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

/**
 * Rates one of the borrower's orders by its public number, in one round trip: the order's key is
 * selected in the insert itself, so another borrower's order (or none) inserts nothing and answers
 * false. One rating per borrower and order: a later one replaces the earlier.
 */
export async function rateBorrowerOrder(db: Executor, borrowerId: number, orderNo: string, score: number): Promise<boolean> {
  const column = (c: { name: string }) => sql.identifier(c.name)
  const result = await db.execute(sql`
    insert into ${ratings} (${column(ratings.borrowerId)}, ${column(ratings.orderKey)}, ${column(ratings.score)})
    select ${borrowerId}, o.order_key, ${score} from (${borrowerOrderKeySql(borrowerId, orderNo)}) o
    on conflict (${column(ratings.borrowerId)}, ${column(ratings.orderKey)})
    do update set ${column(ratings.score)} = excluded.${column(ratings.score)}, ${column(ratings.updatedAt)} = now()
    returning ${column(ratings.orderKey)} as order_key`)
  // pg and PGlite both answer with the returned rows in `rows`
  return (result as { rows: unknown[] }).rows.length > 0
}

/** One rating per borrower and order: a later one replaces the earlier. */
export async function upsertRating(db: Executor, values: { borrowerId: number; orderKey: number | null; score: number }): Promise<void> {
  await db
    .insert(ratings)
    .values(values)
    .onConflictDoUpdate({ target: [ratings.borrowerId, ratings.orderKey], set: { score: values.score, updatedAt: sql`now()` } })
}
