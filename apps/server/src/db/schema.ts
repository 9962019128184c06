import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { ORDER_STATUSES, isUnsettled, type Cents, type LateChargeTerms, type Locale, type Market } from '@kilat/domain'

/**
 * One schema for PGlite and PostgreSQL 15 (docs/product/platform.md#database): nothing newer than 15.
 * Money columns are integer minor units (cents); `bigint` with mode 'number' keeps them exact up to
 * Number.MAX_SAFE_INTEGER, far beyond any loan. Rates are integer basis points (1 bp = 0.01 %).
 */

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity()
/** Integer minor units, typed with domain's `Cents` brand so a count cannot pass for an amount. */
const money = (name: string) => bigint(name, { mode: 'number' }).$type<Cents>().notNull().default(0 as Cents)
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () => ts('created_at').notNull().defaultNow()

export type Localized = Record<Locale, string>
export type LocalizedList = Record<Locale, string[]>
export type LateTiers = LateChargeTerms['tiers']

/**
 * Late charges (docs/product/money-rules.md#late-charges): a one-time fee for new and for repeat
 * clients, daily tiers and a cap, bounded further by the market's law (domain lateChargePlan).
 * Products state them; an order copies them when it is created, so a later change of the product
 * never changes a signed loan.
 */
const lateCharges = () => ({
  lateFeeNew: money('late_fee_new'),
  lateFeeRepeat: money('late_fee_repeat'),
  lateTiers: jsonb('late_tiers').$type<LateTiers>().notNull().default([]),
  lateCapBps: integer('late_cap_bps').notNull().default(10_000),
})

export const borrowers = pgTable(
  'borrowers',
  {
    id: id(),
    /** E.164, as normalizeMobile returns it. */
    phone: text('phone').notNull(),
    market: text('market').$type<Market>().notNull(),
    name: text('name'),
    locale: text('locale').$type<Locale>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('borrowers_phone_key').on(t.phone),
    check('borrowers_market_check', sql`${t.market} in ('ID', 'IN', 'MX')`),
  ],
)

/** docs/product/shell-and-sessions.md#session-resolution: only the SHA-256 of the token is stored, so a database leak opens no session. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.tokenHash),
    index('sessions_borrower_id_idx').on(t.borrowerId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
)

/** One row per code sent; only the latest row of a phone and purpose can log in. */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_phone_purpose_created_idx').on(t.phone, t.purpose, t.createdAt)],
)

/** Sandbox SMS adapter (docs/product/platform.md#sandbox-adapters): every message is stored here instead of sent. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_to_phone_created_idx').on(t.toPhone, t.createdAt)],
)

/**
 * Fixed-window counters shared by every server process (docs/product/platform.md#scale-out: no throttle state in
 * process memory). `bucket` names what is counted, for example `sms-ip:203.0.113.7`.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limits_expires_at_idx').on(t.expiresAt)],
)

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
    // One unsettled order per borrower and product, enforced where two requests cannot both pass.
    uniqueIndex('orders_one_unsettled_per_product_key')
      .on(t.borrowerId, t.productId)
      .where(sql.raw(`status in (${UNSETTLED_STATUSES.join(', ')})`)),
    check('orders_late_charges_check', sql`${t.lateFeeNew} >= 0 and ${t.lateFeeRepeat} >= 0 and ${t.lateCapBps} between 0 and 10000`),
    check('orders_amounts_check', sql`${t.principal} >= 0 and ${t.fee} >= 0 and ${t.paid} >= 0 and ${t.penalty} >= 0`),
    check('orders_penalty_paid_check', sql`${t.penaltyPaid} between 0 and ${t.penalty}`),
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
    status: text('status').$type<PeriodStatus>().notNull().default('unpaid'),
    paidAt: ts('paid_at'),
  },
  (t) => [
    primaryKey({ columns: [t.orderKey, t.periodNo] }),
    check('order_periods_status_check', sql`${t.status} in ('unpaid', 'paid', 'overdue')`),
    check('order_periods_paid_parts_check', sql`${t.interestPaid} between 0 and ${t.interest} and ${t.principalPaid} between 0 and ${t.principal}`),
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

/** PostgreSQL's tsvector, for the knowledge base's generated search columns. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * Complaint problem types and the collection sub-types (docs/product/complaints.md#problem-types):
 * `parent_value` 0 for a type, the type's value (1, collection) for its sub-types.
 */
export const problemTypes = pgTable(
  'problem_types',
  {
    id: id(),
    parentValue: integer('parent_value').notNull().default(0),
    value: integer('value').notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [uniqueIndex('problem_types_parent_value_key').on(t.parentValue, t.value)],
)

export const COMPLAINT_STATUS_NAMES = ['processing', 'replied', 'closed'] as const
export type ComplaintStatusName = (typeof COMPLAINT_STATUS_NAMES)[number]
export type ComplaintOutcome = 'resolved' | 'unresolved'

/**
 * A borrower's complaint (docs/product/complaints.md#complaint-lifecycle). Images are the names the
 * storage adapter gave the uploads (`complaint_uploads.name`), never addresses. `reply_due` is the
 * market-local date by which an agent answers (3 business days). `request_key` makes a double tap
 * one complaint (docs/product/complaints.md#saving).
 */
export const complaints = pgTable(
  'complaints',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /** The order's database key (`orders.id`); see the note above `orders`. */
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    problemType: integer('problem_type').notNull(),
    /** 0 when the type has no sub-types. */
    problemSonType: integer('problem_son_type').notNull().default(0),
    detail: text('detail').notNull(),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: text('status').$type<ComplaintStatusName>().notNull().default('processing'),
    outcome: text('outcome').$type<ComplaintOutcome>(),
    replyText: text('reply_text'),
    replyImages: jsonb('reply_images').$type<string[]>().notNull().default([]),
    repliedAt: ts('replied_at'),
    closedAt: ts('closed_at'),
    score: integer('score'),
    scoredAt: ts('scored_at'),
    replyDue: date('reply_due', { mode: 'string' }).notNull(),
    requestKey: text('request_key'),
    createdAt: createdAt(),
  },
  (t) => [
    index('complaints_borrower_created_idx').on(t.borrowerId, t.createdAt),
    index('complaints_status_due_idx').on(t.status, t.replyDue),
    uniqueIndex('complaints_borrower_request_key').on(t.borrowerId, t.requestKey).where(sql`request_key is not null`),
    check('complaints_status_check', sql`${t.status} in ('processing', 'replied', 'closed')`),
    check('complaints_outcome_check', sql`${t.outcome} is null or (${t.status} = 'closed' and ${t.outcome} in ('resolved', 'unresolved'))`),
    check('complaints_score_check', sql`${t.score} is null or ${t.score} between 1 and 5`),
    check('complaints_detail_check', sql`char_length(${t.detail}) between 1 and 200`),
  ],
)

/**
 * An image stored through the storage adapter (docs/product/complaints.md#images): the borrower's
 * own uploads and the agent's reply images, both served only to that borrower.
 */
export const complaintUploads = pgTable(
  'complaint_uploads',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /** Server-made file name (random, with the extension of the re-encoded type). */
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    source: text('source').$type<'borrower' | 'agent'>().notNull().default('borrower'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('complaint_uploads_name_key').on(t.name),
    index('complaint_uploads_borrower_created_idx').on(t.borrowerId, t.createdAt),
    check('complaint_uploads_source_check', sql`${t.source} in ('borrower', 'agent')`),
  ],
)

export type QaKind = 'category' | 'question'

/**
 * The chatbot's knowledge base (docs/product/complaints.md#knowledge-base): categories (pid 0) and
 * their questions, each question with its answer and search keywords in every language. The
 * search columns are generated with each language's own text-search configuration: question and
 * keywords weigh more (A) than the answer (B).
 */
const searchVector = (config: 'indonesian' | 'english' | 'spanish', locale: Locale) =>
  sql.raw(
    `setweight(to_tsvector('${config}'::regconfig, coalesce(title->>'${locale}', '') || ' ' || coalesce(keywords->>'${locale}', '')), 'A')` +
      ` || setweight(to_tsvector('${config}'::regconfig, coalesce(answer->>'${locale}', '')), 'B')`,
  )

export const qaEntries = pgTable(
  'qa_entries',
  {
    id: id(),
    /** Stable seed key, so the seed can rewrite an entry in place. */
    key: text('key').notNull(),
    /** 0 for a category; else the category's id. */
    pid: bigint('pid', { mode: 'number' }).notNull().default(0),
    kind: text('kind').$type<QaKind>().notNull(),
    title: jsonb('title').$type<Localized>().notNull(),
    /** A category's short name under its icon. */
    alias: jsonb('alias').$type<Localized>(),
    icon: text('icon').notNull().default(''),
    /** A question's answer. */
    answer: jsonb('answer').$type<Localized>(),
    /** Words borrowers use for it that the question does not say. */
    keywords: jsonb('keywords').$type<Localized>(),
    /** 4: go to customer service. */
    actionType: integer('action_type').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    searchId: tsvector('search_id').generatedAlwaysAs(searchVector('indonesian', 'id')),
    searchEn: tsvector('search_en').generatedAlwaysAs(searchVector('english', 'en')),
    searchEs: tsvector('search_es').generatedAlwaysAs(searchVector('spanish', 'es')),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('qa_entries_key_key').on(t.key),
    index('qa_entries_pid_sort_idx').on(t.pid, t.sort),
    index('qa_entries_search_id_idx').using('gin', t.searchId),
    index('qa_entries_search_en_idx').using('gin', t.searchEn),
    index('qa_entries_search_es_idx').using('gin', t.searchEs),
    check('qa_entries_kind_check', sql`${t.kind} in ('category', 'question')`),
    check('qa_entries_action_type_check', sql`${t.actionType} in (0, 4)`),
  ],
)

/**
 * The words of the knowledge base per language (pg_trgm's "words" table for spelling
 * correction): a typed word that is not here is replaced by its closest trigram match before the
 * full-text search. Rebuilt from qa_entries whenever the knowledge base changes.
 */
export const qaLexicon = pgTable(
  'qa_lexicon',
  {
    locale: text('locale').$type<Locale>().notNull(),
    word: text('word').notNull(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.word] }), index('qa_lexicon_word_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))],
)

/**
 * What borrowers tell the chatbot (docs/product/complaints.md#chatbot-records): solved / not
 * solved (qa_id: the question), a rating, or free text with the questions it was answered with,
 * so that unanswered questions can be found (`matched` = false).
 */
export const qaRecords = pgTable(
  'qa_records',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    orderNo: text('order_no'),
    type: integer('type').notNull(),
    value: text('value').notNull().default(''),
    qaId: bigint('qa_id', { mode: 'number' }),
    locale: text('locale').$type<Locale>().notNull(),
    matchedIds: jsonb('matched_ids').$type<number[]>().notNull().default([]),
    matched: boolean('matched'),
    createdAt: createdAt(),
  },
  (t) => [
    index('qa_records_type_matched_created_idx').on(t.type, t.matched, t.createdAt),
    index('qa_records_borrower_created_idx').on(t.borrowerId, t.createdAt),
    check('qa_records_type_check', sql`${t.type} between 1 and 4`),
  ],
)

/** The copy of a channel template in one language (docs/product/registration.md#channel-templates). */
export interface TemplateCopy {
  title: string
  subtitle: string
  highlights: Array<{ title: string; text: string }>
  buttonText: string
  agreementText: string
  agreementLinkText: string
  riskNote: string
  bannerAlt: string
}

/**
 * Promotion landing pages (docs/product/registration.md#channel-templates): the id is the public
 * `id` of `/register?id=`, fixed by the seed, so it is not generated.
 */
export const channelTemplates = pgTable(
  'channel_templates',
  {
    id: integer('id').primaryKey(),
    market: text('market').$type<Market>().notNull(),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('active'),
    appName: text('app_name').notNull(),
    copy: jsonb('copy').$type<Record<Locale, TemplateCopy>>().notNull(),
    bannerUrl: text('banner_url').notNull(),
    logoUrl: text('logo_url').notNull(),
    themeColor: text('theme_color').notNull(),
    androidUrl: text('android_url').notNull(),
    iosUrl: text('ios_url').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('channel_templates_market_check', sql`${t.market} in ('ID', 'IN', 'MX')`),
    check('channel_templates_status_check', sql`${t.status} in ('active', 'disabled')`),
    check('channel_templates_theme_color_check', sql`${t.themeColor} ~ '^#[0-9a-fA-F]{6}$'`),
  ],
)

/**
 * A registration session (docs/product/registration.md#sid-and-captcha): only the SHA-256 of the
 * sid is stored. `captcha_hash` is the live captcha (void once checked, right or wrong);
 * `sent_captcha_hash` and `sent_phone` remember the captcha that unlocked the last code sent, which
 * register checks again.
 */
export const promotionSids = pgTable(
  'promotion_sids',
  {
    sidHash: text('sid_hash').primaryKey(),
    captchaHash: text('captcha_hash'),
    captchaExpiresAt: ts('captcha_expires_at'),
    sentCaptchaHash: text('sent_captcha_hash'),
    sentPhone: text('sent_phone'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('promotion_sids_expires_at_idx').on(t.expiresAt)],
)

export const PROMOTION_EVENT_KINDS = ['visit', 'click', 'register'] as const
export type PromotionEventKind = (typeof PROMOTION_EVENT_KINDS)[number]

/**
 * Visits, clicks and registrations of the promotion landing pages, with the campaign fields the
 * page passes on (docs/product/registration.md#tracking). Phone numbers only masked; no address.
 */
export const promotionEvents = pgTable(
  'promotion_events',
  {
    id: id(),
    kind: text('kind').$type<PromotionEventKind>().notNull(),
    pageId: text('page_id'),
    pageType: text('page_type'),
    userFrom: text('user_from'),
    clientType: text('client_type'),
    utmTag: text('utm_tag'),
    appFrom: text('app_from'),
    phoneMasked: text('phone_masked'),
    borrowerId: bigint('borrower_id', { mode: 'number' }).references(() => borrowers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('promotion_events_kind_created_idx').on(t.kind, t.createdAt),
    check('promotion_events_kind_check', sql.raw(`kind in (${PROMOTION_EVENT_KINDS.map((k) => `'${k}'`).join(', ')})`)),
  ],
)

export type Borrower = typeof borrowers.$inferSelect
export type Session = typeof sessions.$inferSelect
export type Product = typeof products.$inferSelect
export type NewProduct = typeof products.$inferInsert
export type Order = typeof orders.$inferSelect
export type NewOrder = typeof orders.$inferInsert
export type OrderPeriod = typeof orderPeriods.$inferSelect
export type NewOrderPeriod = typeof orderPeriods.$inferInsert
export type Event = typeof events.$inferSelect
export type Rating = typeof ratings.$inferSelect
export type ProblemType = typeof problemTypes.$inferSelect
export type Complaint = typeof complaints.$inferSelect
export type NewComplaint = typeof complaints.$inferInsert
export type ComplaintUpload = typeof complaintUploads.$inferSelect
export type QaEntry = typeof qaEntries.$inferSelect
export type NewQaEntry = typeof qaEntries.$inferInsert
export type QaRecord = typeof qaRecords.$inferSelect
export type ChannelTemplate = typeof channelTemplates.$inferSelect
export type NewChannelTemplate = typeof channelTemplates.$inferInsert
export type PromotionSid = typeof promotionSids.$inferSelect

export const PAYMENT_PURPOSES = ['repay', 'extension'] as const
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number]
export const PAYMENT_ACCOUNT_STATUSES = ['pending', 'paid', 'expired'] as const
export type PaymentAccountStatus = (typeof PAYMENT_ACCOUNT_STATUSES)[number]
export const LEDGER_COMPONENTS = ['late_charge', 'fee', 'interest', 'principal', 'extension_fee', 'overpayment'] as const
export type LedgerComponent = (typeof LEDGER_COMPONENTS)[number]

const inList = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`)

/**
 * What we asked the payment gateway to issue for a borrower to pay into (docs/product/money-rules.md#repayment,
 * docs/decisions/0012-payment-gateway.md): a virtual account or a retail payment code for an amount
 * the server computed. `period_count` is how many of the oldest unpaid periods it pays (null:
 * everything owed). One pending account per order, purpose, method and amount: a second request
 * for the same gets the same account (the partial unique index decides, even for two at once).
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'restrict' }),
    /** The order's database key (`orders.id`); see the note above `orders`. */
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    purpose: text('purpose').$type<PaymentPurpose>().notNull(),
    periodCount: integer('period_count'),
    /** The repayment method's code, for example 'BCA' or 'ALFAMART'. */
    method: text('method').notNull(),
    accountKind: text('account_kind').notNull(),
    accountNo: text('account_no').notNull(),
    amount: money('amount'),
    market: text('market').$type<Market>().notNull(),
    gateway: text('gateway').notNull(),
    /** The gateway's own id of the account. */
    gatewayRef: text('gateway_ref').notNull(),
    expiresAt: ts('expires_at').notNull(),
    status: text('status').$type<PaymentAccountStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    paidAt: ts('paid_at'),
    /** India's bank transfer: the 12-digit UTR (the bank's transfer reference) the borrower submitted. */
    utr: text('utr'),
  },
  (t) => [
    uniqueIndex('payment_accounts_one_pending_key')
      .on(t.orderKey, t.purpose, t.method, t.amount)
      .where(sql`status = 'pending'`),
    index('payment_accounts_borrower_created_idx').on(t.borrowerId, t.createdAt),
    index('payment_accounts_account_no_idx').on(t.accountNo),
    uniqueIndex('payment_accounts_gateway_ref_key').on(t.gateway, t.gatewayRef),
    check('payment_accounts_purpose_check', inList('purpose', PAYMENT_PURPOSES)),
    check('payment_accounts_status_check', inList('status', PAYMENT_ACCOUNT_STATUSES)),
    check('payment_accounts_market_check', sql`${t.market} in ('ID', 'IN', 'MX')`),
    check('payment_accounts_amount_check', sql`${t.amount} > 0`),
    check('payment_accounts_period_count_check', sql`${t.periodCount} is null or ${t.periodCount} > 0`),
    check('payment_accounts_paid_at_check', sql`(${t.status} = 'paid') = (${t.paidAt} is not null)`),
  ],
)

/**
 * The ledger's head: one row per payment the gateway reported, never changed or removed (a trigger
 * refuses UPDATE and DELETE, drizzle/0006). The gateway's payment id is the idempotency key: a
 * callback delivered twice inserts nothing the second time. `raw` is the callback as received.
 */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    gateway: text('gateway').notNull(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    paymentAccountId: bigint('payment_account_id', { mode: 'number' })
      .notNull()
      .references(() => paymentAccounts.id, { onDelete: 'restrict' }),
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'restrict' }),
    amount: money('amount'),
    /** When the gateway says the money was paid. */
    receivedAt: ts('received_at').notNull(),
    raw: jsonb('raw').$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_gateway_payment_id_key').on(t.gateway, t.gatewayPaymentId),
    index('payments_order_id_idx').on(t.orderKey),
    index('payments_payment_account_id_idx').on(t.paymentAccountId),
    check('payments_amount_check', sql`${t.amount} > 0`),
  ],
)

/**
 * Where each payment went, one row per component (docs/product/money-rules.md#repayment): a
 * payment's entries sum to its amount. Append-only like `payments`. `period_no` is null for what
 * belongs to the order as a whole (late charges, fees, an extension fee, an overpayment to refund).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    periodNo: integer('period_no'),
    component: text('component').$type<LedgerComponent>().notNull(),
    amount: money('amount'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ledger_entries_payment_id_idx').on(t.paymentId),
    index('ledger_entries_order_id_idx').on(t.orderKey),
    check('ledger_entries_component_check', inList('component', LEDGER_COMPONENTS)),
    check('ledger_entries_amount_check', sql`${t.amount} > 0`),
    check('ledger_entries_period_check', sql`(${t.periodNo} is not null) = (${t.component} in ('interest', 'principal'))`),
  ],
)

/**
 * The sandbox gateway's durable delivery queue (adapters/payments/sandbox-gateway.ts): each
 * payment it simulates becomes one callback, posted to our webhook until it answers 2xx, with
 * exponential backoff. `body` is the exact JSON sent (it is what the signature covers). One
 * callback per account: a sandbox account is paid once.
 */
export const gatewayCallbacks = pgTable(
  'gateway_callbacks',
  {
    id: id(),
    paymentAccountId: bigint('payment_account_id', { mode: 'number' })
      .notNull()
      .references(() => paymentAccounts.id, { onDelete: 'cascade' }),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gateway_callbacks_payment_account_id_key').on(t.paymentAccountId),
    uniqueIndex('gateway_callbacks_gateway_payment_id_key').on(t.gatewayPaymentId),
    index('gateway_callbacks_due_idx').on(t.nextAttemptAt).where(sql`delivered_at is null`),
  ],
)

/**
 * The webhook's inbox (docs/decisions/0012-payment-gateway.md#acknowledging-callbacks): each
 * verified callback for one of our accounts is stored here and acknowledged at once; the inbox
 * worker (modules/repayment/inbox.ts) applies it afterwards, retrying with backoff until it is
 * applied. `(gateway, gateway_payment_id)` is unique, so a callback delivered twice is one row.
 */
export const paymentInbox = pgTable(
  'payment_inbox',
  {
    id: id(),
    gateway: text('gateway').notNull(),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    paymentAccountId: bigint('payment_account_id', { mode: 'number' })
      .notNull()
      .references(() => paymentAccounts.id, { onDelete: 'restrict' }),
    accountNo: text('account_no').notNull(),
    amount: money('amount'),
    /** When the gateway says the money was paid. */
    paidAt: ts('paid_at').notNull(),
    method: text('method').notNull(),
    /** The callback's parsed body, kept as received. */
    raw: jsonb('raw').$type<unknown>().notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    appliedAt: ts('applied_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('payment_inbox_gateway_payment_id_key').on(t.gateway, t.gatewayPaymentId),
    index('payment_inbox_due_idx').on(t.nextAttemptAt).where(sql`applied_at is null`),
    index('payment_inbox_payment_account_id_idx').on(t.paymentAccountId),
    check('payment_inbox_amount_check', sql`${t.amount} > 0`),
  ],
)

/**
 * A card a borrower repays from (docs/decisions/0012-payment-gateway.md#cards). The full number is
 * never stored: the gateway keeps it and gives us a token to charge; we keep what the borrower may
 * see (the first 6 and last 4 digits) to tell cards apart.
 */
export const bankCards = pgTable(
  'bank_cards',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    /** For example 411111******1111. */
    maskedNo: text('masked_no').notNull(),
    last4: text('last4').notNull(),
    gateway: text('gateway').notNull(),
    /** The gateway's token of the card: what a charge names instead of the number. */
    cardToken: text('card_token').notNull(),
    holderName: text('holder_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_cards_borrower_id_idx').on(t.borrowerId),
    uniqueIndex('bank_cards_gateway_token_key').on(t.gateway, t.cardToken),
    check('bank_cards_masked_no_check', sql`${t.maskedNo} ~ '^[0-9]{0,6}[*]+[0-9]{4}$'`),
    check('bank_cards_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
)

/**
 * A repayToken of repayment-way (spec 7.3): good for one repayment-commit of that borrower and
 * order within 15 minutes. Only its SHA-256 is stored, as for sessions.
 */
export const repayTokens = pgTable(
  'repay_tokens',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('repay_tokens_token_hash_key').on(t.tokenHash), index('repay_tokens_expires_at_idx').on(t.expiresAt)],
)

/**
 * A card repayment (spec 4.3): 'pending' from repayment-commit until the borrower's SMS code is
 * confirmed, then 'submitted' with the charge's payment account; whether the money arrived is that
 * account's status. Only one confirm moves a record out of 'pending' (an update guarded by it).
 */
export const REPAY_RECORD_STATUSES = ['pending', 'submitted'] as const
export type RepayRecordStatus = (typeof REPAY_RECORD_STATUSES)[number]

export const repayRecords = pgTable(
  'repay_records',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'restrict' }),
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    cardId: bigint('card_id', { mode: 'number' })
      .notNull()
      .references(() => bankCards.id, { onDelete: 'restrict' }),
    amount: money('amount'),
    status: text('status').$type<RepayRecordStatus>().notNull().default('pending'),
    paymentAccountId: bigint('payment_account_id', { mode: 'number' }).references(() => paymentAccounts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    submittedAt: ts('submitted_at'),
  },
  (t) => [
    index('repay_records_borrower_created_idx').on(t.borrowerId, t.createdAt),
    check('repay_records_status_check', inList('status', REPAY_RECORD_STATUSES)),
    check('repay_records_amount_check', sql`${t.amount} > 0`),
    check('repay_records_submitted_check', sql`(${t.status} = 'submitted') = (${t.submittedAt} is not null)`),
    // The confirm moves the record first (so that only one confirm charges), then links the charge,
    // in one transaction: a submitted record without its account is never seen from outside.
    check('repay_records_account_check', sql`${t.paymentAccountId} is null or ${t.status} = 'submitted'`),
  ],
)

export type PaymentAccount = typeof paymentAccounts.$inferSelect
export type NewPaymentAccount = typeof paymentAccounts.$inferInsert
export type Payment = typeof payments.$inferSelect
export type LedgerEntry = typeof ledgerEntries.$inferSelect
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert
export type GatewayCallback = typeof gatewayCallbacks.$inferSelect
export type InboxEvent = typeof paymentInbox.$inferSelect
export type BankCard = typeof bankCards.$inferSelect
export type NewBankCard = typeof bankCards.$inferInsert
export type RepayRecord = typeof repayRecords.$inferSelect
