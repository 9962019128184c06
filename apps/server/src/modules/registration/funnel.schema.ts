import { sql } from 'drizzle-orm'
import { bigint, check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import type { Market } from '@kilat/domain'
import { ts } from '../../db/columns.js'
import { borrowers } from '../auth/auth.schema.js'

/**
 * The registration funnel's daily counts (docs/product/registration-funnel.md#counts): one row per
 * market-local day, market, landing page (0: none known) and utm_tag ('' : none), each step a column,
 * added to in the transaction of the step itself, so that the console reads a 30-day range in a few
 * hundred rows however many orders there are. Visits, SMS and registrations fall on the day they
 * happen; first orders and first repayments on the day of the borrower's registration (a cohort).
 */
export const funnelDays = pgTable(
  'funnel_days',
  {
    market: text('market').$type<Market>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    templateId: integer('template_id').notNull(),
    utmTag: text('utm_tag').notNull(),
    visits: integer('visits').notNull().default(0),
    smsSent: integer('sms_sent').notNull().default(0),
    registered: integer('registered').notNull().default(0),
    firstOrders: integer('first_orders').notNull().default(0),
    firstRepayments: integer('first_repayments').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.market, t.day, t.templateId, t.utmTag] }),
    check('funnel_days_market_check', sql`${t.market} in ('ID', 'IN', 'MX')`),
    check('funnel_days_counts_check', sql`least(${t.visits}, ${t.smsSent}, ${t.registered}, ${t.firstOrders}, ${t.firstRepayments}) >= 0`),
  ],
)

/**
 * Where each borrower who registered through a landing page came from, and whether their first
 * order and first repayment are counted yet (docs/product/registration-funnel.md#attribution): a step
 * is counted once, by the update that fills its time.
 */
export const funnelBorrowers = pgTable(
  'funnel_borrowers',
  {
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .primaryKey()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: text('market').$type<Market>().notNull(),
    templateId: integer('template_id').notNull(),
    utmTag: text('utm_tag').notNull(),
    registeredDay: date('registered_day', { mode: 'string' }).notNull(),
    firstOrderAt: ts('first_order_at'),
    firstRepaymentAt: ts('first_repayment_at'),
  },
)
