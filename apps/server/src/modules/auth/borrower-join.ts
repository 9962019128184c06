import { eq, inArray, type SQLWrapper } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { borrowers } from './auth.schema.js'

/**
 * Pieces of another area's one statement over rows that point at a borrower (the ops console's
 * order lists show the phone, masked, and search by it): `.innerJoin(...borrowerJoin(row.borrowerId))`
 * then `borrowerPhone` in the select or the condition. The table stays in this module.
 */
export const borrowerJoin = (borrowerId: SQLWrapper) => [borrowers, eq(borrowers.id, borrowerId)] as const
export const borrowerPhone = borrowers.phone

/** The phones of `ids`, by borrower (credit bureau reporting's telephone segment). */
export async function phonesOf(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map()
  const rows = await db.select({ id: borrowers.id, phone: borrowers.phone }).from(borrowers).where(inArray(borrowers.id, [...new Set(ids)]))
  return new Map(rows.map((r) => [r.id, r.phone]))
}
