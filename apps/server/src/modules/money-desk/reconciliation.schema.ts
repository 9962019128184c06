import { sql } from 'drizzle-orm'
import { bigint, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Market, ReconDifferenceKind, ReconResolutionKind } from '@kilat/domain'
import { RECON_DIFFERENCE_KINDS, RECON_RESOLUTION_KINDS } from '@kilat/domain'
import { id, money, ts, createdAt, inList } from '../../db/columns.js'
import { orders } from '../orders/orders.schema.js'
import { payments } from '../repayment/repayment.schema.js'

/**
 * The money desk's tables (docs/product/operations.md#money-desk): the callbacks for accounts we
 * never issued, the gateway's daily reports as fetched, the differences reconciliation finds
 * between them and our payments, finance's resolutions of those, and each day's close. Like the
 * ledger, nothing here holds an amount that is ever changed: a resolution is a new row, and what it
 * moves is new payments and ledger entries.
 */

const marketCheck = (column: string) => sql.raw(`${column} in ('ID', 'IN', 'MX')`)

/**
 * A verified callback for an account that is not ours (or no longer matches its number): the
 * webhook still refuses it, so that the gateway retries, but keeps it here once, so that finance
 * sees it (`unknown_account`). `market` comes from the callback's method (null when no market has
 * it: then only the report's line places it).
 */
export const unmatchedCallbacks = pgTable(
  'unmatched_callbacks',
  {
    id: id(),
    gateway: text('gateway').notNull(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    accountNo: text('account_no').notNull(),
    externalId: text('external_id').notNull(),
    amount: money('amount'),
    paidAt: ts('paid_at').notNull(),
    method: text('method').notNull(),
    market: text('market').$type<Market>(),
    raw: jsonb('raw').$type<unknown>().notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('unmatched_callbacks_gateway_payment_id_key').on(t.gateway, t.gatewayPaymentId),
    index('unmatched_callbacks_paid_at_idx').on(t.paidAt),
    check('unmatched_callbacks_market_check', sql`${t.market} is null or ${marketCheck('market')}`),
  ],
)

/** The gateway's settlement report of one market's local day, fetched once (a second fetch stores nothing). */
export const gatewayReports = pgTable(
  'gateway_reports',
  {
    id: id(),
    gateway: text('gateway').notNull(),
    market: text('market').$type<Market>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    lineCount: integer('line_count').notNull(),
    total: money('total'),
    feeTotal: money('fee_total'),
    fetchedAt: createdAt(),
  },
  (t) => [uniqueIndex('gateway_reports_day_key').on(t.gateway, t.market, t.day), check('gateway_reports_market_check', marketCheck('market'))],
)

/** One payment the gateway says it collected: its id, the account, the amount, its fee and when. */
export const gatewayReportLines = pgTable(
  'gateway_report_lines',
  {
    id: id(),
    reportId: bigint('report_id', { mode: 'number' })
      .notNull()
      .references(() => gatewayReports.id, { onDelete: 'restrict' }),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    accountNo: text('account_no').notNull(),
    amount: money('amount'),
    fee: money('fee'),
    paidAt: ts('paid_at').notNull(),
  },
  (t) => [uniqueIndex('gateway_report_lines_payment_key').on(t.reportId, t.gatewayPaymentId), check('gateway_report_lines_amount_check', sql`${t.amount} > 0`)],
)

export const RECON_DIFFERENCE_STATUSES = ['open', 'resolved', 'awaiting_refund', 'cleared'] as const
export type ReconDifferenceStatus = (typeof RECON_DIFFERENCE_STATUSES)[number]

/**
 * A difference between the report and our side, for one market's day. `(gateway, kind,
 * gateway_payment_id)` is unique: running a day's reconciliation again finds the same ones and adds
 * nothing. `expected` is what our side (the account, the contract's fee) says, `actual` what
 * arrived or the report says. `cleared`: a later run found it gone (a late callback arrived).
 */
export const reconDifferences = pgTable(
  'recon_differences',
  {
    id: id(),
    market: text('market').$type<Market>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').$type<ReconDifferenceKind>().notNull(),
    gateway: text('gateway').notNull(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    accountNo: text('account_no').notNull(),
    /** The order the money reached or the account points at; null for an unknown account. */
    orderKey: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id, { onDelete: 'restrict' }),
    /** The money in question, cents: the payment's, the report line's or the callback's amount. */
    amount: money('amount'),
    expected: bigint('expected', { mode: 'number' }),
    actual: bigint('actual', { mode: 'number' }),
    paidAt: ts('paid_at').notNull(),
    status: text('status').$type<ReconDifferenceStatus>().notNull().default('open'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('recon_differences_key').on(t.gateway, t.kind, t.gatewayPaymentId),
    index('recon_differences_day_idx').on(t.market, t.day, t.id),
    // the open ones per market and kind, for the metrics (docs/operations/metrics.md#money-flows)
    index('recon_differences_open_idx').on(t.market, t.kind).where(sql`status = 'open'`),
    check('recon_differences_kind_check', inList('kind', RECON_DIFFERENCE_KINDS)),
    check('recon_differences_status_check', inList('status', RECON_DIFFERENCE_STATUSES)),
    check('recon_differences_market_check', marketCheck('market')),
  ],
)

export const RECON_RESOLUTION_STATUSES = ['pending', 'confirmed', 'awaiting_refund', 'cancelled'] as const
export type ReconResolutionStatus = (typeof RECON_RESOLUTION_STATUSES)[number]

/**
 * Finance's answer to a difference, with four eyes: one member proposes, another confirms (or
 * either cancels). At most one pending per difference (a partial unique index, even for two at
 * once). An applied one names the payment it made; a refund waits for the refund's own desk.
 */
export const reconResolutions = pgTable(
  'recon_resolutions',
  {
    id: id(),
    differenceId: bigint('difference_id', { mode: 'number' })
      .notNull()
      .references(() => reconDifferences.id, { onDelete: 'restrict' }),
    kind: text('kind').$type<ReconResolutionKind>().notNull(),
    /** apply_to_order: the order the money goes to. */
    orderKey: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'restrict' }),
    note: text('note').notNull(),
    status: text('status').$type<ReconResolutionStatus>().notNull().default('pending'),
    proposedBy: bigint('proposed_by', { mode: 'number' }).notNull(),
    proposedAt: ts('proposed_at').notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: ts('decided_at'),
    /** The payment an applied resolution made. */
    paymentId: bigint('payment_id', { mode: 'number' }).references(() => payments.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('recon_resolutions_one_pending_key').on(t.differenceId).where(sql`status = 'pending'`),
    index('recon_resolutions_difference_idx').on(t.differenceId),
    check('recon_resolutions_kind_check', inList('kind', RECON_RESOLUTION_KINDS)),
    check('recon_resolutions_status_check', inList('status', RECON_RESOLUTION_STATUSES)),
    check('recon_resolutions_order_check', sql`(${t.kind} = 'apply_to_order') = (${t.orderKey} is not null)`),
  ],
)

/** A market's day: when it was last reconciled, and who closed its books (once, with nothing open). */
export const reconDays = pgTable(
  'recon_days',
  {
    market: text('market').$type<Market>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    reconciledAt: ts('reconciled_at').notNull(),
    closedBy: bigint('closed_by', { mode: 'number' }),
    closedAt: ts('closed_at'),
  },
  (t) => [uniqueIndex('recon_days_key').on(t.market, t.day), check('recon_days_closed_check', sql`(${t.closedBy} is null) = (${t.closedAt} is null)`)],
)

export type UnmatchedCallback = typeof unmatchedCallbacks.$inferSelect
export type ReconDifference = typeof reconDifferences.$inferSelect
export type ReconResolution = typeof reconResolutions.$inferSelect
export type GatewayReport = typeof gatewayReports.$inferSelect
