import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core'
import { id, money, ts, createdAt, inList } from '../../db/columns.js'
import { orders } from '../orders/orders.schema.js'
import { payments } from '../repayment/repayment.schema.js'

/**
 * Waivers' and refunds' tables (docs/decisions/0018-adjustments.md): moved here from
 * repayment.schema.ts unchanged (docs/decisions/0026-money-desk-module.md).
 */

export const ADJUSTMENT_KINDS = ['waiver', 'refund', 'cooling_off', 'refund_returned'] as const
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number]
export const ADJUSTMENT_STATUSES = ['pending', 'confirmed', 'cancelled'] as const
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number]
/** What an adjustment entry lowers (late charges, fees, interest) or, for a refund, pays back. */
export const ADJUSTMENT_COMPONENTS = ['late_charge', 'fee', 'interest', 'refund', 'refund_returned'] as const
export type AdjustmentComponent = (typeof ADJUSTMENT_COMPONENTS)[number]

/**
 * A change to what an order owes or holds that is not money received (docs/decisions/0018-adjustments.md,
 * docs/product/waivers-and-refunds.md): a waiver of late charges or interest and a refund of an
 * overpayment, each asked for by one finance member and confirmed by another, and India's
 * cooling-off exit, written by the payment that ends the loan; and a refund whose payout failed,
 * given back by the system (`refund_returned`, pointing at the refund it returns). The amount, order, kind and
 * component never change (a trigger refuses it): only the status moves, from `pending` to
 * `confirmed` or `cancelled`, once. One pending request per order and kind (a partial unique index).
 * Staff ids reference nothing, as in the audit trail; a cooling-off row has none.
 */
export const adjustments = pgTable(
  'adjustments',
  {
    id: id(),
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<AdjustmentKind>().notNull(),
    /** A waiver's component: 'late_charge' or 'interest'; null for refunds and cooling-off exits. */
    component: text('component').$type<'late_charge' | 'interest'>(),
    amount: money('amount'),
    note: text('note').notNull().default(''),
    status: text('status').$type<AdjustmentStatus>().notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'number' }),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: ts('decided_at'),
    /** The payment that ended the loan, for a cooling-off exit. */
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id, { onDelete: 'restrict' }),
    /** The refund a `refund_returned` row gives back (its payout failed): one return per refund. */
    reversesId: bigint('reverses_id', { mode: 'number' }).references((): AnyPgColumn => adjustments.id, { onDelete: 'restrict' }),
  },
  (t) => [
    index('adjustments_order_idx').on(t.orderKey, t.id),
    index('adjustments_status_idx').on(t.status, t.id),
    uniqueIndex('adjustments_one_pending_key').on(t.orderKey, t.kind).where(sql`status = 'pending'`),
    check('adjustments_kind_check', inList('kind', ADJUSTMENT_KINDS)),
    check('adjustments_status_check', inList('status', ADJUSTMENT_STATUSES)),
    check('adjustments_amount_check', sql`${t.amount} > 0`),
    check('adjustments_component_check', sql`(${t.kind} = 'waiver') = (${t.component} is not null) and (${t.component} is null or ${t.component} in ('late_charge', 'interest'))`),
    check('adjustments_decided_check', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    check('adjustments_cooling_off_check', sql`(${t.kind} = 'cooling_off') = (${t.paymentId} is not null) and (${t.kind} in ('cooling_off', 'refund_returned') or ${t.requestedBy} is not null)`),
    check('adjustments_reverses_check', sql`(${t.kind} = 'refund_returned') = (${t.reversesId} is not null)`),
    uniqueIndex('adjustments_reverses_key').on(t.reversesId),
  ],
)

/**
 * Where a confirmed adjustment went, one row per component and period (as a payment's ledger
 * entries): its entries sum to its amount. Append-only (a trigger refuses UPDATE and DELETE).
 * `period_no` is set for interest only.
 */
export const adjustmentEntries = pgTable(
  'adjustment_entries',
  {
    id: id(),
    adjustmentId: bigint('adjustment_id', { mode: 'number' })
      .notNull()
      .references(() => adjustments.id, { onDelete: 'restrict' }),
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    periodNo: integer('period_no'),
    component: text('component').$type<AdjustmentComponent>().notNull(),
    amount: money('amount'),
    createdAt: createdAt(),
  },
  (t) => [
    index('adjustment_entries_adjustment_idx').on(t.adjustmentId),
    index('adjustment_entries_order_idx').on(t.orderKey),
    check('adjustment_entries_component_check', inList('component', ADJUSTMENT_COMPONENTS)),
    check('adjustment_entries_amount_check', sql`${t.amount} > 0`),
    check('adjustment_entries_period_check', sql`(${t.periodNo} is not null) = (${t.component} = 'interest')`),
  ],
)

export type Adjustment = typeof adjustments.$inferSelect
export type NewAdjustment = typeof adjustments.$inferInsert
export type AdjustmentEntry = typeof adjustmentEntries.$inferSelect
export type NewAdjustmentEntry = typeof adjustmentEntries.$inferInsert
