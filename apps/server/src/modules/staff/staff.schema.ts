import { sql } from 'drizzle-orm'
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { StaffRole } from '@kilat/contract'
import type { Locale, Market } from '@kilat/domain'

/** Staff accounts, their enrolment links and their sessions (docs/product/operations.md#sign-in). */

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity()
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const staffRef = () =>
  bigint('staff_id', { mode: 'number' })
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' })

export const staff = pgTable(
  'staff',
  {
    id: id(),
    /** As typed at creation; unique whatever its case. */
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    markets: text('markets').array().$type<Market[]>().notNull(),
    language: text('language').$type<Locale>().notNull().default('en'),
    /** argon2id (PHC string); null until the owner enrols. */
    passwordHash: text('password_hash'),
    /**
     * The authenticator's shared secret (base32), sealed with this row's id
     * (docs/decisions/0021-secrets-at-rest.md): staff.secrets.ts seals and opens it.
     */
    totpSecret: text('totp_secret').notNull(),
    enrolledAt: ts('enrolled_at'),
    /** The 30-second step of the last code accepted: a code is good once, and never an older one. */
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    /** Wrong passwords or codes since the last sign-in or lock. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: ts('locked_until'),
    disabledAt: ts('disabled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** staff administration: the last full sign-in (password and code, or enrolment) and its address. */
    lastSignInAt: ts('last_sign_in_at'),
    lastSignInIp: text('last_sign_in_ip'),
  },
  (t) => [
    uniqueIndex('staff_email_key').on(sql`lower(${t.email})`),
    check('staff_role_check', sql`${t.role} in ('agent', 'risk', 'finance', 'collector', 'admin')`),
    check('staff_markets_check', sql`cardinality(${t.markets}) between 1 and 3 and ${t.markets} <@ array['ID', 'IN', 'MX']`),
    check('staff_language_check', sql`${t.language} in ('id', 'en', 'es')`),
  ],
)

export type Staff = typeof staff.$inferSelect

/** One-time enrolment links (`npm run staff:create`, the admin's create call): stored hashed. */
export const staffEnrolments = pgTable(
  'staff_enrolments',
  {
    id: id(),
    staffId: staffRef(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_enrolments_token_hash_key').on(t.tokenHash), index('staff_enrolments_staff_id_idx').on(t.staffId)],
)

/**
 * Staff sessions, apart from borrowers' so that neither token ever opens the other's calls.
 * `stage` 'code': the password was right and the authenticator's code is awaited; 'active': signed in.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: id(),
    staffId: staffRef(),
    tokenHash: text('token_hash').notNull(),
    stage: text('stage').$type<'code' | 'active'>().notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    /** The absolute end: 12 hours after sign-in (5 minutes for the code step). */
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_hash_key').on(t.tokenHash),
    index('staff_sessions_staff_id_idx').on(t.staffId),
    check('staff_sessions_stage_check', sql`${t.stage} in ('code', 'active')`),
  ],
)

/**
 * staff administration (docs/product/operations.md#staff-administration): a change of role and
 * markets that ends in `admin`, proposed by one admin and applied when another confirms it. One
 * pending request per member.
 */
export const staffRoleRequests = pgTable(
  'staff_role_requests',
  {
    id: id(),
    staffId: staffRef(),
    role: text('role').$type<StaffRole>().notNull(),
    markets: text('markets').array().$type<Market[]>().notNull(),
    status: text('status').$type<'pending' | 'confirmed' | 'cancelled'>().notNull().default('pending'),
    proposedBy: bigint('proposed_by', { mode: 'number' })
      .notNull()
      .references(() => staff.id),
    proposedAt: ts('proposed_at').notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => staff.id),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('staff_role_requests_pending_key').on(t.staffId).where(sql`${t.status} = 'pending'`),
    check('staff_role_requests_status_check', sql`${t.status} in ('pending', 'confirmed', 'cancelled')`),
    check('staff_role_requests_role_check', sql`${t.role} in ('agent', 'risk', 'finance', 'collector', 'admin')`),
    check('staff_role_requests_markets_check', sql`cardinality(${t.markets}) between 1 and 3 and ${t.markets} <@ array['ID', 'IN', 'MX']`),
    // four eyes: the checker is never the maker
    check('staff_role_requests_four_eyes_check', sql`${t.decidedBy} is null or ${t.status} = 'cancelled' or ${t.decidedBy} <> ${t.proposedBy}`),
  ],
)

export type StaffRoleRequest = typeof staffRoleRequests.$inferSelect
