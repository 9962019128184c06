import { eq, type SQLWrapper } from 'drizzle-orm'
import { borrowers } from './auth.schema.js'

/**
 * Pieces of another area's one statement over rows that point at a borrower (the ops console's
 * order lists show the phone, masked, and search by it): `.innerJoin(...borrowerJoin(row.borrowerId))`
 * then `borrowerPhone` in the select or the condition. The table stays in this module.
 */
export const borrowerJoin = (borrowerId: SQLWrapper) => [borrowers, eq(borrowers.id, borrowerId)] as const
export const borrowerPhone = borrowers.phone
