import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ORDER_STATUS, ORDER_STATUSES, isUnsettled } from '@kilat/domain'
import { id, money, ts, createdAt, lateCharges } from '../../db/columns.js'
import { borrowers } from '../auth/auth.schema.js'
import { products } from '../products/products.schema.js'

/** Statuses that still owe money or a decision (domain isUnsettled). */
export const UNSETTLED_STATUSES = ORDER_STATUSES.filter(isUnsettled)

/**
 * A borrower's loan order (docs/product/loans.md#statuses lists the statuses).
 * Naming: in code `orderId` means only the public order number (`order_no`, `orderId` on the wire);
 * a foreign key to `orders.id` is called `orderKey` in TypeScript although its column stays
 * `order_id`, so the two can never be passed for each other unnoticed. The terms are copied from the
 * product when the borrower applies, so editing a product never changes a running loan.
 * received = principal - fee (the fee is deducted at disbursement); total_repay = principal +
 * interest; what is still owed = total_repay + penalty - paid.
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Public order number (`orderNo` / `orderId` on the wire). */
    orderNo: text('order_no').notNull(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'restrict' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    /**
     * The product's lineage (its first version's id, docs/product/products.md#versions) when the
     * order was signed under a later version; null under a first version, as `products.lineage_id`
     * is. "One running loan per product" holds across versions through it.
     */
    productLineageId: bigint('product_lineage_id', { mode: 'number' }),
    status: integer('status').notNull(),
    principal: money('principal'),
    fee: money('fee'),
    received: money('received'),
    interest: money('interest'),
    totalRepay: money('total_repay'),
    paid: money('paid'),
    penalty: money('penalty'),
    /** The part of `penalty` paid (docs/product/money-rules.md#repayment); `paid` includes it. */
    penaltyPaid: money('penalty_paid'),
    /**
     * The part of `penalty` waived by finance (docs/product/waivers-and-refunds.md#waivers): a running
     * sum of the money desk's adjustment entries (modules/money-desk), written with them in one transaction, as
     * `penalty_paid` is with a payment's ledger entries.
     */
    penaltyWaived: money('penalty_waived'),
    termUnit: text('term_unit').$type<'day' | 'period'>().notNull(),
    termDays: integer('term_days').notNull(),
    periods: integer('periods').notNull().default(1),
    dailyRateBps: integer('daily_rate_bps').notNull(),
    /** The borrower may pay an extension fee to move the due date (docs/product/loans.md#extension). */
    isDelay: boolean('is_delay').notNull().default(false),
    ...lateCharges(),
    /**
     * The market-local date through which late charges are accrued. The job adds a day's charge
     * and moves this date in one UPDATE, so a day is never charged twice, whoever runs the job.
     */
    penaltyAccruedThrough: date('penalty_accrued_through', { mode: 'string' }),
    /**
     * Left to a staff member: the automatic (demo) decision and disbursement skip the order. The
     * demo's showcase orders use it so that every status stays visible.
     */
    manualReview: boolean('manual_review').notNull().default(false),
    appliedAt: ts('applied_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    disbursedAt: ts('disbursed_at'),
    dueAt: ts('due_at'),
    settledAt: ts('settled_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_order_no_key').on(t.orderNo),
    index('orders_borrower_created_idx').on(t.borrowerId, t.createdAt),
    index('orders_product_id_idx').on(t.productId),
    index('orders_status_due_idx').on(t.status, t.dueAt),
    // the console at scale (docs/performance/console-at-scale.md): the dashboard's orders of a
    // local day, by application and by payout, and its count of a status by market (index only)
    index('orders_applied_at_idx').on(t.appliedAt),
    index('orders_disbursed_at_idx').on(t.disbursedAt),
    index('orders_status_product_idx').on(t.status, t.productId),
    // the collections desk's overdue orders of a market with their late charges (orders.collections.ts):
    // the buckets are counted from this index and the unpaid installments' alone
    index('orders_overdue_idx')
      .on(t.productId, t.id, t.penalty, t.penaltyPaid, t.penaltyWaived)
      .where(sql.raw(`status = ${ORDER_STATUS.overdue}`)),
    // the review and disbursement queues in their order (orders.desk.repo.ts queuePage): a page is
    // the first rows of the index, not a sort of every order of the status
    index('orders_review_queue_idx')
      .on(sql`date_trunc('milliseconds', ${t.appliedAt} at time zone 'UTC')`, t.id)
      .where(sql.raw(`status = ${ORDER_STATUS.submitted}`)),
    index('orders_payout_queue_idx')
      .on(sql`date_trunc('milliseconds', ${t.decidedAt} at time zone 'UTC')`, t.id)
      .where(sql.raw(`status = ${ORDER_STATUS.approved}`)),
    // One unsettled order per borrower and product, whatever its version, enforced where two
    // requests cannot both pass.
    uniqueIndex('orders_one_unsettled_per_product_key')
      .on(t.borrowerId, sql`coalesce(${t.productLineageId}, ${t.productId})`)
      .where(sql.raw(`status in (${UNSETTLED_STATUSES.join(', ')})`)),
    check('orders_late_charges_check', sql`${t.lateFeeNew} >= 0 and ${t.lateFeeRepeat} >= 0 and ${t.lateCapBps} between 0 and 10000`),
    check('orders_amounts_check', sql`${t.principal} >= 0 and ${t.fee} >= 0 and ${t.paid} >= 0 and ${t.penalty} >= 0`),
    check('orders_penalty_paid_check', sql`${t.penaltyPaid} between 0 and ${t.penalty}`),
    check('orders_penalty_waived_check', sql`${t.penaltyWaived} >= 0 and ${t.penaltyPaid} + ${t.penaltyWaived} <= ${t.penalty}`),
  ],
)

export type PeriodStatus = 'unpaid' | 'paid' | 'overdue'

/** Repayment schedule: one row for a single-payment loan, one per installment otherwise. */
export const orderPeriods = pgTable(
  'order_periods',
  {
    /** The order's database key (`orders.id`), not its public number: see the note above `orders`. */
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    periodNo: integer('period_no').notNull(),
    dueAt: ts('due_at').notNull(),
    principal: money('principal'),
    interest: money('interest'),
    total: money('total'),
    /** interest_paid + principal_paid, kept for the readers that need only the sum. */
    paid: money('paid'),
    /** What of `interest` and of `principal` is paid (docs/product/money-rules.md#repayment: interest first). */
    interestPaid: money('interest_paid'),
    principalPaid: money('principal_paid'),
    /**
     * The part of `interest` waived by finance or released by India's cooling-off exit
     * (docs/product/waivers-and-refunds.md#waivers): a running sum of adjustment entries.
     */
    interestWaived: money('interest_waived'),
    status: text('status').$type<PeriodStatus>().notNull().default('unpaid'),
    paidAt: ts('paid_at'),
  },
  (t) => [
    primaryKey({ columns: [t.orderKey, t.periodNo] }),
    // what an order still owes, read from the index alone (orders.collections.ts: every overdue
    // order's oldest unpaid due date and amount, docs/performance/console-at-scale.md)
    index('order_periods_unpaid_idx')
      .on(t.orderKey, t.dueAt, t.total, t.paid, t.interestWaived)
      .where(sql`status <> 'paid'`),
    check('order_periods_status_check', sql`${t.status} in ('unpaid', 'paid', 'overdue')`),
    check('order_periods_paid_parts_check', sql`${t.interestPaid} between 0 and ${t.interest} and ${t.principalPaid} between 0 and ${t.principal}`),
    check('order_periods_interest_waived_check', sql`${t.interestWaived} >= 0 and ${t.interestPaid} + ${t.interestWaived} <= ${t.interest}`),
  ],
)

export type Order = typeof orders.$inferSelect
export type NewOrder = typeof orders.$inferInsert
export type OrderPeriod = typeof orderPeriods.$inferSelect
export type NewOrderPeriod = typeof orderPeriods.$inferInsert

export type OrderActorKind = 'system' | 'staff' | 'borrower' | 'gateway'

/**
 * Every status an order took, one row per change, written by the orders module's own update in the
 * same transaction as the change (docs/product/operations.md#order-history): the job's, a payment's
 * and staff's alike. `staff_id` references nothing, as in the audit trail: the history outlives the
 * accounts it names. `from_status` is null for the order's creation.
 */
export const orderHistory = pgTable(
  'order_history',
  {
    id: id(),
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    actorKind: text('actor_kind').$type<OrderActorKind>().notNull(),
    staffId: bigint('staff_id', { mode: 'number' }),
    /** A rejection's reason key, a payment's event, …. */
    reason: text('reason'),
    /** A rejection's text, as the staff member wrote it. */
    note: text('note'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('order_history_order_idx').on(t.orderKey, t.id),
    // the dashboard counts a market's decisions of the day from here
    index('order_history_to_at_idx').on(t.toStatus, t.at),
    check('order_history_actor_check', sql`${t.actorKind} in ('system', 'staff', 'borrower', 'gateway') and (${t.actorKind} = 'staff') = (${t.staffId} is not null)`),
  ],
)

export type OrderHistoryRow = typeof orderHistory.$inferSelect
