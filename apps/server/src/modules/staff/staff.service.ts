import { randomBytes } from 'node:crypto'
import { and, arrayOverlaps, desc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { STAFF_LIMITS, type StaffMe, type StaffRole } from '@kilat/contract'
import type { Locale, Market } from '@kilat/domain'
import type { Db, Executor, Tx } from '../../db/client.js'
import { uniqueViolation } from '../../db/errors.js'
import { AppError } from '../../http/errors.js'
import { hashToken } from '../../http/sessions.js'
import { hitRateLimit, rateLimitHits } from '../../http/throttle.js'
import type { StaffPrincipal } from '../../http/types.js'
import type { Keyring } from '../../adapters/secrets/secret-box.js'
import { record } from '../audit/audit.service.js'
import { hashPassword, newTotpSecret, totpEnrolment, totpStepOf, verifyPassword } from './staff.credentials.js'
import { staff, staffEnrolments, staffSessions, type Staff } from './staff.schema.js'
import { openTotpSecret, reserveStaffId, sealTotpSecret } from './staff.secrets.js'
import { findStaffSession, openStaffSession, type Clock } from './staff.sessions.js'

/** Staff accounts, sign-in and enrolment (docs/product/operations.md#sign-in). */

export interface StaffDeps {
  db: Db
  now: Clock
  /** Seals and opens the authenticator secrets (docs/decisions/0021-secrets-at-rest.md). */
  secrets: Keyring
}

/** Who made a change, for the audit trail; the system (a command, demo mode) has no staff id. */
export interface Actor {
  staffId: number | null
  role: StaffRole | null
  ip: string | null
}

export const SYSTEM_ACTOR: Actor = { staffId: null, role: null, ip: null }

export const actorOf = (principal: StaffPrincipal, ip: string): Actor => ({ staffId: principal.staffId, role: principal.role, ip })

/**
 * Failed sign-in and enrolment attempts from one address (docs/product/operations.md#lockout). Only
 * failures count: an office of 200 staff behind one address signs in at the start of a shift
 * without being refused, and a typo by half of them still leaves room.
 */
export const SIGN_IN_WINDOW_SECONDS = 900
export const SIGN_IN_FAILURES_PER_WINDOW = 100

const LOCK_MS = STAFF_LIMITS.lockMinutes * 60_000
const ENROLMENT_MS = STAFF_LIMITS.enrolmentHours * 3_600_000

export interface StaffAccountView extends StaffMe {
  enrolled: boolean
  disabled: boolean
  createdAt: string
  lastSignInAt: string | null
  lastSignInIp: string | null
}

/** An account as calls and the audit trail show it: never its password hash or secret. */
export const accountView = (row: Staff): StaffAccountView => ({
  id: row.id,
  email: row.email,
  role: row.role,
  markets: row.markets,
  language: row.language,
  enrolled: row.enrolledAt !== null,
  disabled: row.disabledAt !== null,
  createdAt: row.createdAt.toISOString(),
  lastSignInAt: row.lastSignInAt?.toISOString() ?? null,
  lastSignInIp: row.lastSignInIp ?? null,
})

export const meOf = (row: Staff): StaffMe => ({ id: row.id, email: row.email, role: row.role, markets: row.markets, language: row.language })

/**
 * Runs one sign-in or enrolment attempt unless the address has used up its failures; a refusal of
 * the attempt (wrong password or code, unknown email, a lock, a bad link) counts one failure.
 */
async function throttled<T>(db: Executor, ip: string, attempt: () => Promise<T>): Promise<T> {
  const bucket = `staff-sign-in-failed-ip:${ip}`
  if ((await rateLimitHits(db, bucket, SIGN_IN_WINDOW_SECONDS)) >= SIGN_IN_FAILURES_PER_WINDOW) throw new AppError('tooManyRequests')
  try {
    return await attempt()
  } catch (error) {
    if (error instanceof AppError) await hitRateLimit(db, bucket, SIGN_IN_WINDOW_SECONDS, SIGN_IN_FAILURES_PER_WINDOW)
    throw error
  }
}

const isLocked = (account: Staff, now: Date) => account.lockedUntil !== null && account.lockedUntil.getTime() > now.getTime()

export interface CreateStaffInput {
  email: string
  role: StaffRole
  markets: Market[]
  language: Locale
}

/** A new account and its one-time enrolment link; `npm run staff:create` and the admin's call. */
export async function createStaff(
  deps: StaffDeps,
  input: CreateStaffInput,
  actor: Actor,
): Promise<{ account: StaffAccountView; enrolmentToken: string; enrolmentExpiresAt: Date }> {
  const now = deps.now()
  const email = input.email.trim()
  const enrolmentToken = randomBytes(32).toString('base64url')
  const enrolmentExpiresAt = new Date(now.getTime() + ENROLMENT_MS)
  try {
    return await deps.db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: staff.id }).from(staff).where(sql`lower(${staff.email}) = lower(${email})`).limit(1)
      if (taken) throw new AppError('staffEmailTaken')
      const id = await reserveStaffId(tx)
      const [row] = await tx
        .insert(staff)
        .overridingSystemValue()
        .values({
          id,
          email,
          role: input.role,
          markets: [...new Set(input.markets)],
          language: input.language,
          totpSecret: sealTotpSecret(newTotpSecret(), deps.secrets, id),
          createdAt: now,
        })
        .returning()
      if (!row) throw new Error('staff insert returned no row')
      await tx.insert(staffEnrolments).values({ staffId: row.id, tokenHash: hashToken(enrolmentToken), expiresAt: enrolmentExpiresAt, createdAt: now })
      const account = accountView(row)
      await record(tx, { ...actor, action: 'staff.create', recordType: 'staff', recordId: row.id, markets: row.markets, before: null, after: account, at: now })
      return { account, enrolmentToken, enrolmentExpiresAt }
    })
  } catch (error) {
    if (uniqueViolation(error) === 'staff_email_key') throw new AppError('staffEmailTaken')
    throw error
  }
}

/** Where the enrolment link points: the token in the fragment never reaches a server log or a Referer. */
export const enrolmentPath = (token: string) => `/ops/enrol#token=${token}`

/**
 * Counts a wrong password or code, in its own transaction so that the refusal that follows does
 * not undo it; the fifth in a row locks the account (and ends a sign-in waiting for its code).
 * Returns true when the account is now locked.
 */
async function countFailure(deps: StaffDeps, account: Staff, reason: 'password' | 'code', ip: string, now: Date): Promise<boolean> {
  const lockUntil = new Date(now.getTime() + LOCK_MS).toISOString()
  const limit = STAFF_LIMITS.attemptsBeforeLock
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(staff)
      .set({
        failedAttempts: sql`case when ${staff.failedAttempts} + 1 >= ${limit} then 0 else ${staff.failedAttempts} + 1 end`,
        lockedUntil: sql`case when ${staff.failedAttempts} + 1 >= ${limit} then ${lockUntil}::timestamptz else ${staff.lockedUntil} end`,
      })
      .where(eq(staff.id, account.id))
      .returning({ failedAttempts: staff.failedAttempts, lockedUntil: staff.lockedUntil })
    const locked = row?.lockedUntil != null && row.lockedUntil.getTime() > now.getTime()
    if (locked) await tx.delete(staffSessions).where(and(eq(staffSessions.staffId, account.id), eq(staffSessions.stage, 'code')))
    await record(tx, {
      staffId: account.id,
      role: account.role,
      action: locked ? 'staff.lock' : 'staff.sign-in-failed',
      recordType: 'staff',
      recordId: account.id,
      markets: account.markets,
      after: { reason, failedAttempts: row?.failedAttempts ?? null, lockedUntil: locked ? lockUntil : null },
      ip,
      at: now,
    })
    return locked
  })
}

async function recordEvent(deps: StaffDeps, entry: Parameters<typeof record>[1]): Promise<void> {
  await deps.db.transaction((tx) => record(tx, entry).then(() => undefined))
}

/**
 * The password step. Every refusal reads the same whatever the reason (unknown email, wrong
 * password, disabled or not yet enrolled account), except a lock, which the staff member must know
 * to wait out. Right: a session waiting for the code, for 5 minutes.
 */
async function passwordStep(
  deps: StaffDeps,
  input: { email: string; password: string },
  ip: string,
): Promise<{ token: string; expiresAt: Date }> {
  const now = deps.now()
  const [account] = await deps.db.select().from(staff).where(sql`lower(${staff.email}) = lower(${input.email})`).limit(1)
  if (!account || account.disabledAt !== null || account.passwordHash === null) {
    await verifyPassword(null, input.password)
    await recordEvent(deps, {
      staffId: account?.id ?? null,
      role: account?.role ?? null,
      action: 'staff.sign-in-failed',
      recordType: 'staff',
      recordId: account?.id ?? '',
      // an unknown email is about no market: every admin may see the attempt
      markets: account?.markets ?? null,
      after: { reason: account ? (account.disabledAt ? 'disabled' : 'not-enrolled') : 'unknown-email', email: input.email },
      ip,
      at: now,
    })
    throw new AppError('staffSignInFailed')
  }
  if (isLocked(account, now)) {
    await recordEvent(deps, { staffId: account.id, role: account.role, action: 'staff.sign-in-refused', recordType: 'staff', recordId: account.id, markets: account.markets, after: { reason: 'locked' }, ip, at: now })
    throw new AppError('staffLocked')
  }
  if (!(await verifyPassword(account.passwordHash, input.password))) {
    throw new AppError((await countFailure(deps, account, 'password', ip, now)) ? 'staffLocked' : 'staffSignInFailed')
  }
  return openStaffSession(deps.db, account.id, 'code', now)
}

/**
 * The code step: a code of the current step or the one either side, never one of a step already
 * used. The waiting session is replaced by a new one, so that a token seen before the code is
 * worth nothing after it.
 */
async function codeStep(
  deps: StaffDeps,
  token: string | undefined,
  code: string,
  ip: string,
): Promise<{ token: string; expiresAt: Date; me: StaffMe }> {
  const now = deps.now()
  const found = token ? await findStaffSession(deps.db, token, 'code', now) : null
  if (!found) throw new AppError('sessionRequired')
  const account = found.account
  if (isLocked(account, now)) throw new AppError('staffLocked')
  const step = totpStepOf(openTotpSecret(account, deps.secrets), code, now)
  if (step === null || (account.lastTotpStep !== null && step <= account.lastTotpStep)) {
    throw new AppError((await countFailure(deps, account, 'code', ip, now)) ? 'staffLocked' : 'staffCodeWrong')
  }
  return deps.db.transaction(async (tx) => {
    // Guarded: of two requests with the same code, one moves the step and the other finds it moved.
    const [row] = await tx
      .update(staff)
      .set({ lastTotpStep: step, failedAttempts: 0, lockedUntil: null, lastSignInAt: now, lastSignInIp: ip })
      .where(and(eq(staff.id, account.id), or(isNull(staff.lastTotpStep), lt(staff.lastTotpStep, step))))
      .returning()
    if (!row) throw new AppError('staffCodeWrong')
    await tx.delete(staffSessions).where(eq(staffSessions.id, found.sessionId))
    const opened = await openStaffSession(tx, account.id, 'active', now)
    await record(tx, { staffId: account.id, role: account.role, action: 'staff.sign-in', recordType: 'staff', recordId: account.id, markets: account.markets, ip, at: now })
    return { ...opened, me: meOf(row) }
  })
}

async function liveEnrolment(db: Executor, token: string, now: Date) {
  const [row] = await db
    .select({ enrolment: staffEnrolments, account: staff })
    .from(staffEnrolments)
    .innerJoin(staff, eq(staff.id, staffEnrolments.staffId))
    .where(eq(staffEnrolments.tokenHash, hashToken(token)))
    .limit(1)
  if (!row || row.enrolment.usedAt !== null || row.enrolment.expiresAt.getTime() <= now.getTime() || row.account.disabledAt !== null) {
    throw new AppError('enrolmentInvalid')
  }
  return row
}

/** The enrolment link's QR code; the link stays good until it is finished. */
async function enrolmentStart(deps: StaffDeps, token: string) {
  const { account } = await liveEnrolment(deps.db, token, deps.now())
  const secret = openTotpSecret(account, deps.secrets)
  return { email: account.email, secret, ...(await totpEnrolment(secret, account.email)) }
}

/** The password chosen and the first code confirmed: the link is used up and the owner signed in. */
async function enrolmentFinish(
  deps: StaffDeps,
  input: { token: string; password: string; code: string },
  ip: string,
): Promise<{ token: string; expiresAt: Date; me: StaffMe }> {
  const now = deps.now()
  const { enrolment, account } = await liveEnrolment(deps.db, input.token, now)
  const step = totpStepOf(openTotpSecret(account, deps.secrets), input.code, now)
  if (step === null) throw new AppError('staffCodeWrong')
  const passwordHash = await hashPassword(input.password)
  return deps.db.transaction(async (tx) => {
    const [used] = await tx
      .update(staffEnrolments)
      .set({ usedAt: now })
      .where(and(eq(staffEnrolments.id, enrolment.id), isNull(staffEnrolments.usedAt)))
      .returning({ id: staffEnrolments.id })
    if (!used) throw new AppError('enrolmentInvalid')
    const [row] = await tx
      .update(staff)
      .set({ passwordHash, enrolledAt: now, lastTotpStep: step, failedAttempts: 0, lockedUntil: null, lastSignInAt: now, lastSignInIp: ip })
      .where(eq(staff.id, account.id))
      .returning()
    if (!row) throw new AppError('enrolmentInvalid')
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, account.id))
    const opened = await openStaffSession(tx, account.id, 'active', now)
    await record(tx, {
      staffId: account.id,
      role: account.role,
      action: 'staff.enrol',
      recordType: 'staff',
      recordId: account.id,
      markets: account.markets,
      before: accountView(account),
      after: accountView(row),
      ip,
      at: now,
    })
    return { ...opened, me: meOf(row) }
  })
}

export async function signOut(deps: StaffDeps, principal: StaffPrincipal, ip: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await tx.delete(staffSessions).where(eq(staffSessions.id, principal.sessionId))
    await record(tx, { ...actorOf(principal, ip), action: 'staff.sign-out', recordType: 'staff', recordId: principal.staffId, markets: principal.markets, at: deps.now() })
  })
}

export async function setLanguage(deps: StaffDeps, principal: StaffPrincipal, language: Locale, ip: string): Promise<StaffMe> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.update(staff).set({ language }).where(eq(staff.id, principal.staffId)).returning()
    if (!row) throw new AppError('sessionRequired')
    await record(tx, {
      ...actorOf(principal, ip),
      action: 'staff.language',
      recordType: 'staff',
      recordId: row.id,
      markets: row.markets,
      before: { language: principal.language },
      after: { language },
      at: deps.now(),
    })
    return meOf(row)
  })
}

const within = (markets: readonly Market[], allowed: readonly Market[]) => markets.every((m) => allowed.includes(m))

/** An admin manages the accounts that work only in markets of their own. */
export async function createStaffAsAdmin(deps: StaffDeps, principal: StaffPrincipal, input: CreateStaffInput, ip: string) {
  if (!within(input.markets, principal.markets)) throw new AppError('staffForbidden')
  // granting admin is four eyes (docs/product/operations.md#staff-administration): a new account
  // starts with another role, and a second admin confirms the grant
  if (input.role === 'admin') throw new AppError('staffAdminByGrant')
  return createStaff(deps, input, actorOf(principal, ip))
}

/** Accounts sharing a market with the admin, newest first. */
export async function listStaff(db: Executor, principal: StaffPrincipal): Promise<StaffAccountView[]> {
  const rows = await db.select().from(staff).where(arrayOverlaps(staff.markets, principal.markets)).orderBy(desc(staff.id)).limit(500)
  return rows.map(accountView)
}

/** Disables an account and ends its sessions in the same transaction: it is signed out at once. */
export async function disableStaff(deps: StaffDeps, principal: StaffPrincipal, staffId: number, ip: string): Promise<StaffAccountView> {
  const now = deps.now()
  return deps.db.transaction(async (tx: Tx) => {
    const [target] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update')
    // an account of none of the admin's markets is not in their list: not found, as if it did not exist
    if (!target || !target.markets.some((m) => principal.markets.includes(m))) throw new AppError('notFound')
    if (!within(target.markets, principal.markets)) throw new AppError('staffForbidden')
    // an admin who disabled themselves could leave no one to manage the accounts
    if (target.id === principal.staffId) throw new AppError('staffSelfDisable')
    if (target.disabledAt !== null) return accountView(target)
    const [row] = await tx.update(staff).set({ disabledAt: now }).where(eq(staff.id, staffId)).returning()
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, staffId))
    await record(tx, {
      ...actorOf(principal, ip),
      action: 'staff.disable',
      recordType: 'staff',
      recordId: staffId,
      markets: target.markets,
      before: accountView(target),
      after: accountView(row!),
      at: now,
    })
    return accountView(row!)
  })
}
/** The authenticator secrets' column, for `npm run secrets:rotate` and the server's start (docs/decisions/0021-secrets-at-rest.md). */
export { staffTotpColumn } from './staff.secrets.js'
/** The one maker-checker's rule, for every action with four eyes. */
export { checkFourEyes, fourEyesPeople } from './four-eyes.js'
/** Who acted, by email, for the screens of other areas (the order desk's timeline and payouts). */
export { staffEmailsOf } from './staff-emails.js'

/** The sign-in and enrolment steps, each behind the address's allowance of failures. */
export const signInWithPassword = (deps: StaffDeps, input: { email: string; password: string }, ip: string) =>
  throttled(deps.db, ip, () => passwordStep(deps, input, ip))
export const signInWithCode = (deps: StaffDeps, token: string | undefined, code: string, ip: string) =>
  throttled(deps.db, ip, () => codeStep(deps, token, code, ip))
export const startEnrolment = (deps: StaffDeps, token: string, ip: string) => throttled(deps.db, ip, () => enrolmentStart(deps, token))
export const finishEnrolment = (deps: StaffDeps, input: { token: string; password: string; code: string }, ip: string) =>
  throttled(deps.db, ip, () => enrolmentFinish(deps, input, ip))
