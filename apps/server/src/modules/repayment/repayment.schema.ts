import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Market } from '@kilat/domain'
import { id, money, ts, createdAt, inList } from '../../db/columns.js'
import { borrowers } from '../auth/auth.schema.js'
import { orders } from '../orders/orders.schema.js'

export const PAYMENT_PURPOSES = ['repay', 'extension'] as const
export type PaymentPurpose = (typeof PAYMENT_PURPOSES)[number]
export const PAYMENT_ACCOUNT_STATUSES = ['pending', 'paid', 'expired'] as const
export type PaymentAccountStatus = (typeof PAYMENT_ACCOUNT_STATUSES)[number]
export const LEDGER_COMPONENTS = ['late_charge', 'fee', 'interest', 'principal', 'extension_fee', 'overpayment'] as const
export type LedgerComponent = (typeof LEDGER_COMPONENTS)[number]

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
    // a borrower's repayments beside each order of the console's queues (docs/performance/console-at-scale.md)
    index('payments_borrower_id_idx').on(t.borrowerId),
    index('payments_payment_account_id_idx').on(t.paymentAccountId),
    // a market's day of payments, for reconciliation and the payments desk
    index('payments_received_at_idx').on(t.receivedAt, t.id),
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
    index('payment_inbox_paid_at_idx').on(t.paidAt, t.id),
    // each gateway's last callback, for the metrics (docs/operations/metrics.md#providers)
    index('payment_inbox_gateway_received_idx').on(t.gateway, t.receivedAt),
    check('payment_inbox_amount_check', sql`${t.amount} > 0`),
  ],
)

/**
 * Where a card token is sealed and looked up (docs/decisions/0021-secrets-at-rest.md): the module's
 * cards/card-secrets.ts and the demo seed (db/seed-cards.ts) seal with the same.
 */
export const CARD_TOKEN_SECRET = { table: 'bank_cards', column: 'card_token', lookupScope: 'bank_cards.card_token' } as const

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
    /**
     * The gateway's token of the card, what a charge names instead of the number: sealed with this
     * row's id (docs/decisions/0021-secrets-at-rest.md); cards/card-secrets.ts seals and opens it.
     */
    cardToken: text('card_token').notNull(),
    /**
     * The token's HMAC under the sealing key's lookup key: a sealed token cannot be unique, its
     * lookup can. Null only on a row of before sealing, until the server's start seals it.
     */
    cardTokenLookup: text('card_token_lookup'),
    holderName: text('holder_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('bank_cards_borrower_id_idx').on(t.borrowerId),
    uniqueIndex('bank_cards_gateway_token_lookup_key').on(t.gateway, t.cardTokenLookup),
    check('bank_cards_token_lookup_check', sql`(${t.cardTokenLookup} is null) = (${t.cardToken} not like 'v1:%')`),
    // the server's start looks for tokens still plain (docs/decisions/0021-secrets-at-rest.md#upgrade): none, at once
    index('bank_cards_plain_token_idx').on(t.id).where(sql`card_token_lookup is null`),
    check('bank_cards_masked_no_check', sql`${t.maskedNo} ~ '^[0-9]{0,6}[*]+[0-9]{4}$'`),
    check('bank_cards_last4_check', sql`${t.last4} ~ '^[0-9]{4}$'`),
  ],
)

/**
 * A repayToken of repayment-way (docs/product/repayment.md#card-repayment): good for one repayment-commit of that borrower and
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
 * A card repayment (docs/product/repayment.md#card-repayment): 'pending' from repayment-commit until the borrower's SMS code is
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
export type InboxEvent = typeof paymentInbox.$inferSelect
export type BankCard = typeof bankCards.$inferSelect
export type NewBankCard = typeof bankCards.$inferInsert
export type RepayRecord = typeof repayRecords.$inferSelect
