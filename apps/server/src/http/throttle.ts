import { and, eq, lt, sql } from 'drizzle-orm'
import type { Executor } from '../db/client.js'
import { rateLimits } from './throttle.schema.js'

/**
 * Counts one hit in a fixed window shared by every server process (the counter lives in the
 * database, docs/product/platform.md#scale-out). Returns false once the window holds more than `limit` hits.
 */
export async function hitRateLimit(db: Executor, bucket: string, windowSeconds: number, limit: number): Promise<boolean> {
  const windowMs = windowSeconds * 1000
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs)
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, windowStart, hits: 1, expiresAt: new Date(windowStart.getTime() + 2 * windowMs) })
    .onConflictDoUpdate({ target: [rateLimits.bucket, rateLimits.windowStart], set: { hits: sql`${rateLimits.hits} + 1` } })
    .returning({ hits: rateLimits.hits })
  // Old windows of this bucket are useless once expired; removing them here keeps the table small.
  await db.delete(rateLimits).where(and(eq(rateLimits.bucket, bucket), lt(rateLimits.expiresAt, sql`now()`)))
  return (row?.hits ?? 0) <= limit
}

/**
 * The hits counted so far in the current window of `bucket`, counting none: for a limit on failures,
 * checked before an attempt and counted only when the attempt fails.
 */
export async function rateLimitHits(db: Executor, bucket: string, windowSeconds: number): Promise<number> {
  const windowMs = windowSeconds * 1000
  const windowStart = new Date(Math.floor(Date.now() / windowMs) * windowMs)
  const [row] = await db
    .select({ hits: rateLimits.hits })
    .from(rateLimits)
    .where(and(eq(rateLimits.bucket, bucket), eq(rateLimits.windowStart, windowStart)))
  return row?.hits ?? 0
}
