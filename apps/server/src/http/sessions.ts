import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Executor } from '../db/client.js'
import { prepared } from '../db/prepared.js'
import { borrowers, sessions, type Borrower } from '../db/schema.js'

/** docs/product/shell-and-sessions.md#session-cookie-and-the-address-bar: HttpOnly, SameSite=Lax cookie that stands in for `tok` after the first page. */
export const SESSION_COOKIE = 'sid'

/** Longest token we look up; real ones are 43 characters, the demo ones shorter. */
const MAX_TOKEN_LENGTH = 256

/** last_seen_at is written at most this often, so reads do not turn into writes. */
const TOUCH_INTERVAL_MS = 60_000

export interface ResolvedSession {
  sessionId: number
  borrower: Borrower
  expiresAt: Date
  /** Where the token came from: a cookie-only POST needs the XMLHttpRequest marker. */
  via: 'query' | 'header' | 'cookie'
  token: string
}

/** 256 random bits, URL-safe. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex')
}

export async function createSession(
  db: Executor,
  borrowerId: number,
  options: { ttlDays: number; token?: string },
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = options.token ?? newSessionToken()
  const expiresAt = new Date(Date.now() + options.ttlDays * 86_400_000)
  const [row] = await db
    .insert(sessions)
    .values({ tokenHash: hashToken(token), borrowerId, expiresAt })
    .returning({ id: sessions.id })
  if (!row) throw new Error('session insert returned no row')
  return { token, sessionId: row.id, expiresAt }
}

/** Every call of a borrower starts here: one prepared statement, the session joined to its borrower. */
const sessionByTokenHash = prepared((db) =>
  db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      borrower: borrowers,
    })
    .from(sessions)
    .innerJoin(borrowers, eq(borrowers.id, sessions.borrowerId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_by_token_hash'),
)

/** The live session of a token with its borrower; an expired row is never resolved. */
export async function findSession(
  db: Executor,
  token: string,
): Promise<{ sessionId: number; borrower: Borrower; expiresAt: Date; lastSeenAt: Date } | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null
  const [row] = await sessionByTokenHash(db).execute({ tokenHash: hashToken(token) })
  return row ?? null
}

export async function touchSession(db: Executor, sessionId: number, lastSeenAt: Date): Promise<void> {
  if (Date.now() - lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)))
}

export async function deleteSession(db: Executor, sessionId: number): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** The token a request carries: query (`tok`, `sessionId`), then header, then cookie. */
export function tokenOf(request: FastifyRequest): { token: string; via: ResolvedSession['via'] } | undefined {
  const fromQuery = request.sharedParams.tok ?? request.sharedParams.sessionId
  if (fromQuery) return { token: fromQuery, via: 'query' }
  const header = request.headers['x-session-id']
  if (typeof header === 'string' && header.length > 0) return { token: header, via: 'header' }
  const cookie = request.cookies[SESSION_COOKIE]
  if (typeof cookie === 'string' && cookie.length > 0) return { token: cookie, via: 'cookie' }
  return undefined
}

function cookieOptions(request: FastifyRequest) {
  return { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: request.protocol === 'https' }
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(request), expires: expiresAt })
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(request))
}
