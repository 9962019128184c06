import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, unique } from 'drizzle-orm/pg-core'
import { id, ts, createdAt } from '../../db/columns.js'
import { borrowers } from '../auth/auth.schema.js'
import { orders } from '../orders/orders.schema.js'

/**
 * The stars a borrower gave (docs/product/loans.md#rating: what they chose, not always 5). One per borrower
 * and order (a null order is a rating of the app itself); a later rating replaces the earlier.
 */
export const ratings = pgTable(
  'ratings',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /** The order's database key (`orders.id`); null for a rating of the app itself. */
    orderKey: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'cascade' }),
    score: integer('score').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('ratings_borrower_order_key').on(t.borrowerId, t.orderKey).nullsNotDistinct(),
    index('ratings_order_id_idx').on(t.orderKey),
    check('ratings_score_check', sql`${t.score} between 1 and 5`),
  ],
)

export type Rating = typeof ratings.$inferSelect
