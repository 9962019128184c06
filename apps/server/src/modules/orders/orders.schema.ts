import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
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
     * sum of the repayment module's adjustment entries, written with them in one transaction, as
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

export type PayoutRequestStatus = 'pending' | 'confirmed' | 'sending' | 'accepted' | 'completed' | 'failed' | 'cancelled'
export type PayoutPurpose = 'disbursement' | 'refund'

/** The states of a payout on its way: one such request per order and purpose at most. */
export const PAYOUT_OPEN_STATUSES = ['pending', 'confirmed', 'sending', 'accepted'] as const satisfies readonly PayoutRequestStatus[]

/**
 * A payout, asked for by one finance member and confirmed by another, then sent through the outbox
 * (docs/product/operations.md#disbursement, #payout-states). The row is both the four-eyes request
 * and the outbox's instruction: confirming writes `confirmed` and `next_attempt_at`, the worker
 * claims it (`sending`, a lease in `next_attempt_at`), the provider accepts and later completes or
 * fails it. `purpose` says what the money is for, so that a refund can use the same outbox. At
 * most one open request per order and purpose, held by a partial unique index: two requests at the
 * same instant cannot both pass, and none is taken while a payout is on its way. Staff ids
 * reference nothing, as in the audit trail; `requested_by` is null when the system asked (demo
 * mode's automatic payout). The amount is never changed.
 */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: id(),
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<PayoutPurpose>().notNull().default('disbursement'),
    status: text('status').$type<PayoutRequestStatus>().notNull().default('pending'),
    /** What is sent: the order's `received` when requested. */
    amount: money('amount'),
    requestedBy: bigint('requested_by', { mode: 'number' }),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    /** Who confirmed or cancelled it, and when. */
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: ts('decided_at'),
    /** The payout adapter that sent it ('sandbox', …) and its reference of the transfer. */
    provider: text('provider'),
    providerRef: text('provider_ref'),
    failureReason: text('failure_reason'),
    /** Sends to the provider so far (each with the request's id as the idempotency key). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the worker looks at it next: a confirmed one at once; while sending, the end of the
     * sender's lease or the next retry; once accepted, when to ask the provider's status if no
     * callback came. Null once it is no longer on its way.
     */
    nextAttemptAt: ts('next_attempt_at'),
    /** The last send's or status call's error (a timeout, an HTTP 500), for staff. */
    lastError: text('last_error'),
    acceptedAt: ts('accepted_at'),
    completedAt: ts('completed_at'),
    /**
     * A refund's own id (`adjustments.id` of the repayment module) when the purpose is a refund: a
     * refund whose payout fails is given back by that module (docs/product/waivers-and-refunds.md#a-refund-that-fails).
     */
    adjustmentId: bigint('adjustment_id', { mode: 'number' }),
  },
  (t) => [
    index('payout_requests_order_idx').on(t.orderKey, t.id),
    uniqueIndex('payout_requests_one_open_key')
      .on(t.orderKey, t.purpose)
      .where(sql.raw(`status in (${PAYOUT_OPEN_STATUSES.map((v) => `'${v}'`).join(', ')})`)),
    index('payout_requests_due_idx').on(t.nextAttemptAt).where(sql`status in ('confirmed', 'sending', 'accepted')`),
    check('payout_requests_status_check', sql`${t.status} in ('pending', 'confirmed', 'sending', 'accepted', 'completed', 'failed', 'cancelled')`),
    check('payout_requests_purpose_check', sql`${t.purpose} in ('disbursement', 'refund')`),
    check('payout_requests_adjustment_check', sql`${t.purpose} = 'refund' or ${t.adjustmentId} is null`),
    check('payout_requests_decided_check', sql`${t.status} <> 'pending' or ${t.decidedBy} is null`),
    check('payout_requests_amount_check', sql`${t.amount} > 0`),
  ],
)

export type PayoutActorKind = 'staff' | 'system' | 'provider'

/**
 * Every state a payout request took, one row per change, in the same transaction as the change
 * (docs/product/operations.md#payout-states): the order screen shows them beside the order's
 * history. `from_status` is null for the request's creation.
 */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: id(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => payoutRequests.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').$type<PayoutRequestStatus>(),
    toStatus: text('to_status').$type<PayoutRequestStatus>().notNull(),
    actorKind: text('actor_kind').$type<PayoutActorKind>().notNull(),
    staffId: bigint('staff_id', { mode: 'number' }),
    reason: text('reason'),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [
    index('payout_events_request_idx').on(t.requestId, t.id),
    check('payout_events_actor_check', sql`${t.actorKind} in ('staff', 'system', 'provider') and (${t.actorKind} = 'staff') = (${t.staffId} is not null)`),
  ],
)

/**
 * The payout provider's callbacks, each stored once by its event id (a repeat is a duplicate that
 * changes nothing), in the transaction that applies it: a callback answered 200 is never lost.
 */
export const payoutCallbacks = pgTable(
  'payout_callbacks',
  {
    id: id(),
    provider: text('provider').notNull(),
    eventId: text('event_id').notNull(),
    requestId: bigint('request_id', { mode: 'number' })
      .notNull()
      .references(() => payoutRequests.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    raw: jsonb('raw').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payout_callbacks_event_key').on(t.provider, t.eventId)],
)

export type OrderHistoryRow = typeof orderHistory.$inferSelect
export type PayoutRequest = typeof payoutRequests.$inferSelect
export type PayoutEvent = typeof payoutEvents.$inferSelect

/**
 * Where a borrower's payouts go (docs/operations/going-live.md#where-payouts-go): the account the
 * borrower gave in the app's bank step, one per borrower, read when a payout is sent (a correction
 * applies to the next send). Its codes are the market's own (adapters/payouts/payout-provider.ts
 * PayoutDestination); each live provider maps them. The sandbox needs none; a live provider
 * refuses a payout without one, and finance sees why.
 */
export const payoutDestinations = pgTable(
  'payout_destinations',
  {
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .primaryKey()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    channelCode: text('channel_code').notNull(),
    accountNumber: text('account_number').notNull(),
    holderName: text('holder_name').notNull(),
    ifsc: text('ifsc'),
    vpa: text('vpa'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('payout_destinations_account_check', sql`${t.accountNumber} <> '' or ${t.vpa} is not null`)],
)

export type PayoutDestinationRow = typeof payoutDestinations.$inferSelect
