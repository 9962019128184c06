import { and, eq, lte, or } from 'drizzle-orm'
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_LIMITS } from '@kilat/contract'
import type { Executor } from '../../db/client.js'
import { hashToken, newSessionToken } from '../../http/sessions.js'
import type { StaffPrincipal } from '../../http/types.js'
import { staff, staffSessions, type Staff } from './staff.schema.js'

/**
 * Staff sessions (docs/decisions/0014-staff-identity.md): their own cookie, never the borrowers'
 * `sid`, so that neither kind of token opens the other's calls. SameSite=Strict: the console is
 * never entered from another site's link with its session. Path `/`: the console's pages are
 * rendered by the server too.
 */
export const STAFF_COOKIE = 'kilat_staff'

const IDLE_MS = STAFF_LIMITS.idleMinutes * 60_000
export const ABSOLUTE_MS = STAFF_LIMITS.absoluteHours * 3_600_000
export const CODE_STEP_MS = STAFF_LIMITS.codeStepMinutes * 60_000
/** Longest cookie value looked up; real tokens are 43 characters. */
const MAX_TOKEN_LENGTH = 64

export type Clock = () => Date

export async function openStaffSession(
  db: Executor,
  staffId: number,
  stage: 'code' | 'active',
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  // The account's sessions that ended unseen go now: the table holds only live ones and a few stale.
  await db
    .delete(staffSessions)
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        or(lte(staffSessions.expiresAt, now), and(eq(staffSessions.stage, 'active'), lte(staffSessions.lastSeenAt, new Date(now.getTime() - IDLE_MS)))),
      ),
    )
  const token = newSessionToken()
  const expiresAt = new Date(now.getTime() + (stage === 'active' ? ABSOLUTE_MS : CODE_STEP_MS))
  await db.insert(staffSessions).values({ staffId, tokenHash: hashToken(token), stage, createdAt: now, lastSeenAt: now, expiresAt })
  return { token, expiresAt }
}

export interface FoundStaffSession {
  sessionId: number
  account: Staff
}

/**
 * The live session of a token at `stage`. A session past its absolute end, idle for 30 minutes
 * (active ones), or of a disabled account is deleted on sight; an active one is touched, which is
 * what makes the idle limit slide.
 */
export async function findStaffSession(db: Executor, token: string, stage: 'code' | 'active', now: Date): Promise<FoundStaffSession | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null
  const [row] = await db
    .select({ session: staffSessions, account: staff })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.tokenHash, hashToken(token)), eq(staffSessions.stage, stage)))
    .limit(1)
  if (!row) return null
  const t = now.getTime()
  const idle = stage === 'active' && t - row.session.lastSeenAt.getTime() >= IDLE_MS
  if (row.account.disabledAt !== null || t >= row.session.expiresAt.getTime() || idle) {
    await db.delete(staffSessions).where(eq(staffSessions.id, row.session.id))
    return null
  }
  if (stage === 'active') await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.session.id))
  return { sessionId: row.session.id, account: row.account }
}

export function staffTokenOf(request: FastifyRequest): string | undefined {
  const cookie = request.cookies[STAFF_COOKIE]
  return typeof cookie === 'string' && cookie.length > 0 ? cookie : undefined
}

function cookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'strict' as const, secure: request.protocol === 'https' }
}

export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(STAFF_COOKIE, token, { ...cookieOptions(request), expires: expiresAt })
}

export function clearStaffCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, cookieOptions(request))
}

export const principalOf = (found: FoundStaffSession): StaffPrincipal => ({
  staffId: found.account.id,
  sessionId: found.sessionId,
  email: found.account.email,
  role: found.account.role,
  markets: found.account.markets,
  language: found.account.language,
})

const kStaff = Symbol('kilat.staff')

/**
 * Gives every request `resolveStaff()` (used by http/route.ts for `auth: 'staff'` calls): the
 * staff cookie's active session, looked up in the database each time, with no cache, so that a
 * disabled account or a sign-out ends it at once in every process.
 */
export const staffSessionsPlugin = fp<{ now: Clock }>(
  async (app, { now }) => {
    app.decorateRequest(kStaff, null)
    app.decorateRequest('resolveStaff', function (this: FastifyRequest) {
      const self = this as FastifyRequest & { [kStaff]: Promise<StaffPrincipal | null> | null }
      self[kStaff] ??= (async () => {
        const token = staffTokenOf(self)
        if (!token) return null
        const found = await findStaffSession(app.db, token, 'active', now())
        return found ? principalOf(found) : null
      })()
      return self[kStaff]
    })
  },
  { name: 'kilat-staff-sessions', dependencies: ['kilat-request-context'] },
)
