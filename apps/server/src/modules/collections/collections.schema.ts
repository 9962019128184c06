import { sql } from 'drizzle-orm'
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Market } from '@kilat/domain'
import { id, ts } from '../../db/columns.js'
import { borrowers } from '../auth/auth.schema.js'
import { orders } from '../orders/orders.schema.js'

/**
 * An order's contact log (docs/product/collections.md#contact-log): each attempt a collector made
 * to reach the borrower, and each reminder the system sent before a due date. A collector's row
 * names the staff member (referencing nothing, as in the audit trail); a reminder's row has no
 * staff member, its step and installment, and is the reminder's claim: the partial unique indexes
 * let one process of many insert it, once per installment and step and at most once a day per
 * borrower, and only the process whose insert went in sends the SMS. `local_date` is the
 * borrower-local date of the contact. Amounts are never changed: a new promise is a new row.
 */
export const collectionContacts = pgTable(
  'collection_contacts',
  {
    id: id(),
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: text('market').$type<Market>().notNull(),
    staffId: bigint('staff_id', { mode: 'number' }),
    channel: text('channel').notNull(),
    outcome: text('outcome').notNull(),
    note: text('note').notNull().default(''),
    promiseDate: date('promise_date', { mode: 'string' }),
    promiseAmount: bigint('promise_amount', { mode: 'number' }),
    /** A reminder's step (`before3`, `before1`, `due`) and the installment it is about; null for a collector's contact. */
    reminderStep: text('reminder_step'),
    periodNo: integer('period_no'),
    localDate: date('local_date', { mode: 'string' }).notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('collection_contacts_order_idx').on(t.orderKey, t.id),
    uniqueIndex('collection_contacts_reminder_once_key').on(t.orderKey, t.periodNo, t.reminderStep).where(sql`reminder_step is not null`),
    uniqueIndex('collection_contacts_reminder_daily_key').on(t.borrowerId, t.localDate).where(sql`reminder_step is not null`),
    check('collection_contacts_market_check', sql`${t.market} in ('ID', 'IN', 'MX')`),
    check('collection_contacts_channel_check', sql`${t.channel} in ('phone', 'sms', 'whatsapp', 'email')`),
    check(
      'collection_contacts_outcome_check',
      sql`${t.outcome} in ('no_answer', 'reached', 'promise_to_pay', 'refused_to_pay', 'wrong_number', 'reminder_sent', 'reminder_failed')`,
    ),
    check('collection_contacts_promise_check', sql`(${t.outcome} = 'promise_to_pay') = (${t.promiseDate} is not null and ${t.promiseAmount} is not null and ${t.promiseAmount} > 0)`),
    check(
      'collection_contacts_who_check',
      sql`(${t.reminderStep} is null and ${t.staffId} is not null and ${t.periodNo} is null) or (${t.reminderStep} in ('before3', 'before1', 'due') and ${t.staffId} is null and ${t.periodNo} is not null and ${t.channel} = 'sms')`,
    ),
  ],
)

export type CollectionContact = typeof collectionContacts.$inferSelect
export type NewCollectionContact = typeof collectionContacts.$inferInsert
