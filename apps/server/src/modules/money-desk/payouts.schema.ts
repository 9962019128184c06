import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, money, ts } from '../../db/columns.js'
import { orders } from '../orders/orders.schema.js'

/**
 * The payout desk's tables (docs/product/operations.md#payout-states): the payout requests, which
 * are also the outbox's instructions, their history, the provider's callbacks and where each
 * borrower's payouts go. They moved here from orders.schema.ts unchanged
 * (docs/decisions/0026-money-desk-module.md): the same tables, columns and indexes.
 */

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
     * A refund's own id (`adjustments.id`, adjustments.schema.ts) when the purpose is a refund: a
     * refund whose payout fails is given back by this module (docs/product/waivers-and-refunds.md#a-refund-that-fails).
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
  (t) => [
    uniqueIndex('payout_callbacks_event_key').on(t.provider, t.eventId),
    // each provider's last callback, for the metrics (docs/operations/metrics.md#providers)
    index('payout_callbacks_received_idx').on(t.provider, t.receivedAt),
  ],
)

export type PayoutRequest = typeof payoutRequests.$inferSelect
export type PayoutEvent = typeof payoutEvents.$inferSelect

// Where a borrower's payouts go (payout_destinations) is the kyc module's (modules/kyc/kyc.schema.ts).

