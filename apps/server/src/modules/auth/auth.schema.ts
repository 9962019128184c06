import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Locale, Market } from '@kilat/domain'
import { id, ts, createdAt } from '../../db/columns.js'

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

export type Borrower = typeof borrowers.$inferSelect
export type Session = typeof sessions.$inferSelect
