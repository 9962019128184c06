import { createHash, randomBytes } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Locale, Market } from '@kilat/domain'
import type { Executor } from '../db/client.js'

/** docs/product/shell-and-sessions.md#session-cookie-and-the-address-bar: HttpOnly, SameSite=Lax cookie that stands in for `tok` after the first page. */
export const SESSION_COOKIE = 'sid'

/** Longest token we look up; real ones are 43 characters, the demo ones shorter. */
const MAX_TOKEN_LENGTH = 256

/** last_seen_at is written at most this often, so reads do not turn into writes. */
export const TOUCH_INTERVAL_MS = 60_000

export interface ResolvedSession {
  sessionId: number
  borrower: SessionBorrower
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

/**
 * The signed-in borrower a request carries: the row of auth's `borrowers` table (modules/auth owns
 * that table and the sessions; a module passing it where auth's `Borrower` is expected fails to
 * compile the day the two differ).
 */
export interface SessionBorrower {
  id: number
  phone: string
  market: Market
  name: string | null
  locale: Locale
  createdAt: Date
}

export interface FoundSession {
  sessionId: number
  borrower: SessionBorrower
  expiresAt: Date
  lastSeenAt: Date
}

/**
 * Where sessions are stored: modules/auth, which owns the `sessions` and `borrowers` tables, gives
 * it to the request context (app.ts), so that http/ names no table of a module above it.
 */
export interface SessionStore {
  /** The live session of a token's hash with its borrower, in one round trip; undefined when none. */
  find(db: Executor, tokenHash: string): Promise<FoundSession | undefined>
  /** Records that the session was used (the store decides how often it writes). */
  touch(db: Executor, sessionId: number, lastSeenAt: Date): Promise<void>
}

/** How long a resolved session is kept in the process (docs/decisions/0008-api-performance.md). */
export const SESSION_CACHE_MS = 5_000
/** Most sessions kept at once; past it the oldest entry goes. */
export const SESSION_CACHE_SIZE = 10_000

/**
 * Sessions resolved in the last few seconds, by token hash, so that a borrower's next calls skip
 * the lookup's round trip (docs/product/platform.md#scale-out). Only live sessions are kept, never
 * an unknown or expired token; an entry ends at `ttlMs` or at the session's own expiry, whichever
 * comes first, and `forget` drops a session at once when it is deleted in this process. Another
 * process's logout reaches this one within `ttlMs`: the price of the cache.
 */
export class SessionCache {
  readonly #entries = new Map<string, FoundSession & { until: number }>()
  /** Sessions deleted here lately, with when that stops mattering: a lookup that began before the delete must not bring one back. */
  readonly #forgotten = new Map<number, number>()

  constructor(
    readonly ttlMs = SESSION_CACHE_MS,
    readonly maxSize = SESSION_CACHE_SIZE,
  ) {}

  get size(): number {
    return this.#entries.size
  }

  get(tokenHash: string, now = Date.now()): FoundSession | undefined {
    const entry = this.#entries.get(tokenHash)
    if (!entry) return undefined
    if (now < entry.until && now < entry.expiresAt.getTime()) return entry
    this.#entries.delete(tokenHash)
    return undefined
  }

  set(tokenHash: string, session: FoundSession, now = Date.now()): void {
    if (this.ttlMs <= 0) return
    const forgotten = this.#forgotten.get(session.sessionId)
    if (forgotten !== undefined && now < forgotten) return
    this.#entries.delete(tokenHash)
    // one borrower object serves every request of the entry's life: nobody may change it
    this.#entries.set(tokenHash, { ...session, borrower: Object.freeze(session.borrower), until: now + this.ttlMs })
    if (this.#entries.size > this.maxSize) {
      const oldest = this.#entries.keys().next()
      if (!oldest.done) this.#entries.delete(oldest.value)
    }
  }

  /** Drops every entry of the session: after a logout its token must not work here for a moment longer. */
  forget(sessionId: number, now = Date.now()): void {
    for (const [key, entry] of this.#entries) if (entry.sessionId === sessionId) this.#entries.delete(key)
    for (const [id, until] of this.#forgotten) if (until <= now) this.#forgotten.delete(id)
    // a lookup slower than the cache's life would be stale anyway; the database refuses it after
    this.#forgotten.set(sessionId, now + this.ttlMs)
  }
}

/**
 * The live session of a token, from the cache when it was resolved a moment ago, else from the
 * database (and then kept). `last_seen_at` is written as before, at most once a minute.
 */
export async function resolveToken(db: Executor, store: SessionStore, cache: SessionCache, token: string): Promise<FoundSession | null> {
  if (token.length === 0 || token.length > MAX_TOKEN_LENGTH) return null
  const tokenHash = hashToken(token)
  const now = Date.now()
  const cached = cache.get(tokenHash, now)
  if (cached) {
    if (now - cached.lastSeenAt.getTime() >= TOUCH_INTERVAL_MS) {
      await store.touch(db, cached.sessionId, cached.lastSeenAt)
      cached.lastSeenAt = new Date(now)
    }
    return cached
  }
  const found = await store.find(db, tokenHash)
  if (!found) return null
  await store.touch(db, found.sessionId, found.lastSeenAt)
  cache.set(tokenHash, found, now)
  return found
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
