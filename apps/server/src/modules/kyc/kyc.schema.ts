import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Market } from '@kilat/domain'
import { id, inList, ts } from '../../db/columns.js'
import { borrowers } from '../auth/auth.schema.js'

/**
 * Know the borrower (docs/product/identity-and-payout-account.md): who the borrower is, as the app
 * shell's KYC step found, and where their loan is paid. The numbers, the birth date, the address
 * and the account number are sealed with the secrets key (docs/decisions/0021-secrets-at-rest.md);
 * what staff screens show (the name, the masked number, the bank and last four digits) is kept
 * beside them in the clear, so that a list never opens a sealed value.
 */

export const DOCUMENT_KINDS = ['nik', 'pan', 'curp'] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]
export const KYC_RESULTS = ['verified', 'failed'] as const

/** The borrower's identity now: one row per borrower, its number unique through its lookup. */
export const borrowerIdentities = pgTable(
  'borrower_identities',
  {
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .primaryKey()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    market: text('market').$type<Market>().notNull(),
    fullName: text('full_name').notNull(),
    documentKind: text('document_kind').$type<DocumentKind>().notNull(),
    documentMasked: text('document_masked').notNull(),
    /** Sealed JSON of the whole checked identity (kyc.secrets.ts). */
    details: text('details').notNull(),
    /** HMAC of the domain's identityKey under the key that sealed `details`: one identity, one borrower. */
    idLookup: text('id_lookup').notNull(),
    kycVendor: text('kyc_vendor').notNull(),
    kycReference: text('kyc_reference').notNull(),
    kycResult: text('kyc_result').$type<(typeof KYC_RESULTS)[number]>().notNull(),
    kycCheckedAt: ts('kyc_checked_at').notNull(),
    version: integer('version').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('borrower_identities_lookup_key').on(t.idLookup),
    check('borrower_identities_kind_check', inList('document_kind', DOCUMENT_KINDS)),
    check('borrower_identities_result_check', inList('kyc_result', KYC_RESULTS)),
    check('borrower_identities_market_check', sql`${t.market} in ('ID', 'IN', 'MX')`),
  ],
)

/**
 * Every version of every identity, the current one too, never changed: a correction adds one.
 * Credit bureau reporting reads what was true on a date from here; a version was replaced when the
 * next one was recorded.
 */
export const identityVersions = pgTable(
  'identity_versions',
  {
    id: id(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    fullName: text('full_name').notNull(),
    documentMasked: text('document_masked').notNull(),
    /** Sealed as the current row's, bound to this row's id. */
    details: text('details').notNull(),
    kycResult: text('kyc_result').$type<(typeof KYC_RESULTS)[number]>().notNull(),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('identity_versions_borrower_version_key').on(t.borrowerId, t.version)],
)

export const ACCOUNT_KINDS = ['bank', 'ewallet', 'upi', 'clabe', 'debitCard'] as const
export const NAME_CHECKS = ['pending', 'match', 'mismatch', 'unknownAccount', 'notAvailable', 'accepted'] as const
export type NameCheck = (typeof NAME_CHECKS)[number]

/**
 * Where a borrower's payouts go (docs/product/identity-and-payout-account.md#payout-account): the
 * account the borrower gave in the app's bank step or on /payout-account, one per borrower, read
 * when a payout is sent. Its codes are the market's own (adapters/payouts/payout-provider.ts
 * PayoutDestination); each live provider maps them. The number (the e-wallet's phone, the UPI id,
 * the CLABE) is sealed; the holder's name the bank gave and the check's result sit beside it.
 */
export const payoutDestinations = pgTable(
  'payout_destinations',
  {
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .primaryKey()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /** The borrower's market: which provider checks and pays the account. */
    market: text('market').$type<Market>().notNull(),
    kind: text('kind').$type<(typeof ACCOUNT_KINDS)[number]>().notNull().default('bank'),
    channelCode: text('channel_code').notNull(),
    /** Sealed (kyc.secrets.ts): the account number, e-wallet phone, UPI id, CLABE or card number. */
    accountNumber: text('account_number').notNull(),
    /** The identity's name when the account was given: the name a payout is sent to. */
    holderName: text('holder_name').notNull(),
    ifsc: text('ifsc'),
    /** What anyone may see: the institution and the last four digits (domain maskPayoutAccount). */
    institution: text('institution').notNull().default(''),
    last4: text('last4'),
    masked: text('masked').notNull().default(''),
    nameCheck: text('name_check').$type<NameCheck>().notNull().default('pending'),
    /** The holder's name as the bank keeps it, from the provider's check. */
    holderNameFound: text('holder_name_found'),
    /** Our idempotency key of the provider's check of this version of the account. */
    checkReference: text('check_reference'),
    checkedAt: ts('checked_at'),
    /** When a check still pending (no answer, or the provider's check not finished) is asked again. */
    nextCheckAt: ts('next_check_at'),
    checkAttempts: integer('check_attempts').notNull().default(0),
    version: integer('version').notNull().default(1),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('payout_destinations_account_check', sql`${t.accountNumber} <> ''`),
    check('payout_destinations_kind_check', inList('kind', ACCOUNT_KINDS)),
    check('payout_destinations_name_check_check', inList('name_check', NAME_CHECKS)),
    index('payout_destinations_pending_check_idx').on(t.nextCheckAt).where(sql`${t.nameCheck} = 'pending'`),
  ],
)

export type PayoutDestinationRow = typeof payoutDestinations.$inferSelect

export const KYC_FLAG_KINDS = ['duplicateIdentity', 'nameMismatch'] as const
export const KYC_FLAG_STATUSES = ['open', 'accepted', 'rejected'] as const

/**
 * The risk queue: an identity number another borrower already holds, a holder's name that does
 * not match. One open flag per borrower and kind; risk closes it with a note.
 */
export const kycFlags = pgTable(
  'kyc_flags',
  {
    id: id(),
    kind: text('kind').$type<(typeof KYC_FLAG_KINDS)[number]>().notNull(),
    market: text('market').$type<Market>().notNull(),
    borrowerId: bigint('borrower_id', { mode: 'number' })
      .notNull()
      .references(() => borrowers.id, { onDelete: 'cascade' }),
    /** The borrower who already holds the identity. */
    otherBorrowerId: bigint('other_borrower_id', { mode: 'number' }).references(() => borrowers.id, { onDelete: 'set null' }),
    holderName: text('holder_name'),
    accountMasked: text('account_masked'),
    status: text('status').$type<(typeof KYC_FLAG_STATUSES)[number]>().notNull().default('open'),
    note: text('note'),
    createdAt: ts('created_at').notNull().defaultNow(),
    resolvedAt: ts('resolved_at'),
    resolvedBy: bigint('resolved_by', { mode: 'number' }),
  },
  (t) => [
    uniqueIndex('kyc_flags_open_key').on(t.borrowerId, t.kind).where(sql`${t.status} = 'open'`),
    index('kyc_flags_status_idx').on(t.status, t.id),
    check('kyc_flags_kind_check', inList('kind', KYC_FLAG_KINDS)),
    check('kyc_flags_status_check', inList('status', KYC_FLAG_STATUSES)),
  ],
)

export type KycFlagRow = typeof kycFlags.$inferSelect
