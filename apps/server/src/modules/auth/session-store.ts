import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Executor } from '../../db/client.js'
import { prepared } from '../../db/prepared.js'
import { TOUCH_INTERVAL_MS, hashToken, newSessionToken, type FoundSession, type SessionCache, type SessionStore } from '../../http/sessions.js'
import { borrowers, sessions } from './auth.schema.js'

/**
 * The sessions' storage (docs/product/shell-and-sessions.md#session-resolution): auth owns the
 * `sessions` table beside `borrowers`, and hands `sessionStore` to http/'s request context.
 */

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

export async function touchSession(db: Executor, sessionId: number, lastSeenAt: Date): Promise<void> {
  if (Date.now() - lastSeenAt.getTime() < TOUCH_INTERVAL_MS) return
  await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), lt(sessions.lastSeenAt, sql`now() - interval '1 minute'`)))
}

/** Deletes the session and drops it from this process's cache at once. */
export async function deleteSession(db: Executor, cache: SessionCache, sessionId: number): Promise<void> {
  cache.forget(sessionId)
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

export const sessionStore: SessionStore = {
  async find(db, tokenHash): Promise<FoundSession | undefined> {
    const [found] = await sessionByTokenHash(db).execute({ tokenHash })
    return found
  },
  touch: touchSession,
}
