import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Market } from '@kilat/domain'
import { id, money, createdAt, lateCharges, type Localized, type LocalizedList } from '../../db/columns.js'
import { borrowers } from '../auth/auth.schema.js'

/**
 * A loan product as the recommended list and the loan-confirm screen show it.
 * Term: `term_unit` 'day' is one payment after `term_days`; 'period' is `periods` installments of
 * `period_days` each (then `term_days` = periods × period_days). Interest accrues at
 * `daily_rate_bps` per day on the principal; `admin_fee_bps` is deducted at disbursement.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    /** Stable public code, used by the jump calls and the logo address. */
    code: text('code').notNull(),
    market: text('market').$type<Market>().notNull(),
    name: text('name').notNull(),
    logoUrl: text('logo_url').notNull(),
    minAmount: money('min_amount'),
    maxAmount: money('max_amount'),
    amountStep: money('amount_step'),
    termUnit: text('term_unit').$type<'day' | 'period'>().notNull(),
    termDays: integer('term_days').notNull(),
    periods: integer('periods').notNull().default(1),
    /** Installment counts the borrower may choose besides `periods` (domain `periodChoices`); empty for a fixed term. */
    periodOptions: jsonb('period_options').$type<number[]>().notNull().default([]),
    periodDays: integer('period_days').notNull(),
    dailyRateBps: integer('daily_rate_bps').notNull(),
    adminFeeBps: integer('admin_fee_bps').notNull().default(0),
    /** Fee of a loan extension (docs/product/loans.md#extension), in cents; 0 when the product allows none. */
    extensionFee: money('extension_fee'),
    tags: jsonb('tags').$type<LocalizedList>().notNull(),
    buttonText: jsonb('button_text').$type<Localized>().notNull(),
    description: jsonb('description').$type<Localized>().notNull(),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    /** Partner products are served by another lender: applying opens `partner_url`. */
    isPartner: boolean('is_partner').notNull().default(false),
    partnerUrl: text('partner_url'),
    sort: integer('sort').notNull().default(0),
    ...lateCharges(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('products_code_key').on(t.code),
    check('products_late_charges_check', sql`${t.lateFeeNew} >= 0 and ${t.lateFeeRepeat} >= 0 and ${t.lateCapBps} between 0 and 10000`),
    index('products_market_status_sort_idx').on(t.market, t.status, t.sort),
    check('products_market_check', sql`${t.market} in ('ID', 'IN', 'MX')`),
    check('products_term_unit_check', sql`${t.termUnit} in ('day', 'period')`),
    check('products_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('products_amounts_check', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount} and ${t.amountStep} > 0`),
    check('products_partner_url_check', sql`not ${t.isPartner} or ${t.partnerUrl} is not null`),
  ],
)

export const EVENT_KINDS = ['page', 'service', 'stand_click', 'jump', 'apply'] as const
export type EventKind = (typeof EVENT_KINDS)[number]

/**
 * What borrowers tap in the product lists (docs/product/products.md#events: events, apply, jump, joint-login clicks).
 * Append-only: the code has no UPDATE or DELETE path for it.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<EventKind>().notNull(),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id, { onDelete: 'restrict' }),
    moduleId: integer('module_id'),
    position: integer('position'),
    scene: text('scene'),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_product_kind_created_idx').on(t.productId, t.kind, t.createdAt),
    index('events_borrower_created_idx').on(t.borrowerId, t.createdAt),
    check('events_kind_check', sql.raw(`kind in (${EVENT_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
)

export type Product = typeof products.$inferSelect
export type NewProduct = typeof products.$inferInsert
export type Event = typeof events.$inferSelect
