import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Market } from '@kilat/domain'
import { id, money, createdAt, inList, lateCharges, ts, type Localized, type LocalizedList } from '../../db/columns.js'
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
    /**
     * Versions (docs/product/products.md#versions): every published change is a new row, so an
     * order keeps the row it was signed under. `lineage_id` is the first version's id (null on the
     * first version itself); `current` marks the version borrowers are offered.
     */
    lineageId: bigint('lineage_id', { mode: 'number' }),
    version: integer('version').notNull().default(1),
    current: boolean('current').notNull().default(true),
  },
  (t) => [
    uniqueIndex('products_code_current_key').on(t.code).where(sql`${t.current}`),
    uniqueIndex('products_lineage_current_key').on(sql`coalesce(${t.lineageId}, ${t.id})`).where(sql`${t.current}`),
    check('products_late_charges_check', sql`${t.lateFeeNew} >= 0 and ${t.lateFeeRepeat} >= 0 and ${t.lateCapBps} between 0 and 10000`),
    index('products_market_status_sort_idx').on(t.market, t.status, t.sort),
    check('products_market_check', sql`${t.market} in ('ID', 'IN', 'MX')`),
    check('products_term_unit_check', sql`${t.termUnit} in ('day', 'period')`),
    check('products_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('products_amounts_check', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount} and ${t.amountStep} > 0`),
    check('products_partner_url_check', sql`not ${t.isPartner} or ${t.partnerUrl} is not null`),
  ],
)

export const PRODUCT_VERSION_STATUSES = ['pending', 'published', 'withdrawn'] as const
export type ProductVersionStatus = (typeof PRODUCT_VERSION_STATUSES)[number]

/**
 * A version of a product an admin proposed (docs/product/products.md#versions): the whole product
 * as it would be published, waiting for a second admin. `product_id` is the current version it
 * replaces (null for a new product); at most one pending proposal per product code. Publishing
 * inserts the new products row and records it in `published_product_id`.
 */
export const productVersions = pgTable(
  'product_versions',
  {
    id: id(),
    market: text('market').$type<Market>().notNull(),
    code: text('code').notNull(),
    productId: bigint('product_id', { mode: 'number' }).references(() => products.id, { onDelete: 'restrict' }),
    /** The whole product as proposed (the products row's fields but its id and versioning). */
    draft: jsonb('draft').$type<ProductDraftRow>().notNull(),
    status: text('status').$type<ProductVersionStatus>().notNull().default('pending'),
    proposedBy: bigint('proposed_by', { mode: 'number' }).notNull(),
    proposedAt: ts('proposed_at').notNull().defaultNow(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: ts('decided_at'),
    publishedProductId: bigint('published_product_id', { mode: 'number' }).references(() => products.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('product_versions_one_pending_key').on(t.code).where(sql`${t.status} = 'pending'`),
    index('product_versions_market_status_idx').on(t.market, t.status),
    check('product_versions_status_check', inList('status', PRODUCT_VERSION_STATUSES)),
    check('product_versions_market_check', sql`${t.market} in ('ID', 'IN', 'MX')`),
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
/** A proposed version's fields: a products row without its id, versioning and creation time. */
export type ProductDraftRow = Omit<Product, 'id' | 'lineageId' | 'version' | 'current' | 'createdAt'>
export type ProductVersion = typeof productVersions.$inferSelect
export type NewProduct = typeof products.$inferInsert
export type Event = typeof events.$inferSelect
