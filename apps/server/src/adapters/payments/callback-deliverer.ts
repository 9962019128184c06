import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { repeatPass, type RepeatingPass } from '../../jobs/repeat.js'
import type { Executor } from '../../db/client.js'
import { rowsOf } from '../../db/client.js'
import { gatewayCallbacks } from './sandbox.schema.js'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signCallback } from './sandbox-gateway.js'

/**
 * The sandbox gateway's delivery of callbacks (docs/decisions/0012-payment-gateway.md#delivery-queue):
 * each queued callback is posted over HTTP to our webhook, signed, until it answers 2xx; a failure
 * waits 5 s × 2^attempts (at most an hour) before the next try, as real gateways retry.
 *
 * Claiming: one UPDATE takes due rows with FOR UPDATE SKIP LOCKED and pushes their next attempt a
 * lease ahead, then the posts happen outside any transaction. No transaction may stay open across
 * the post: the webhook it reaches writes in a transaction of its own, which on PGlite (one
 * connection) would wait for ours forever, and on PostgreSQL would hold a connection for nothing.
 * Two processes never post the same row at once; one that dies mid-post leaves the row to be
 * retried when the lease ends. A callback delivered twice is harmless: the webhook is idempotent.
 */

/** First retry after 5 s, then doubling, never more than an hour apart. */
export function backoffMs(attemptsBefore: number): number {
  return Math.min(5_000 * 2 ** Math.min(attemptsBefore, 30), 3_600_000)
}

const POST_TIMEOUT_MS = 10_000
/** Longer than a post can take: a row is not taken again while its post may still be running. */
const LEASE_MS = 3 * POST_TIMEOUT_MS
const BATCH = 20

export interface DelivererDeps {
  db: Executor
  /** PAYMENT_CALLBACK_SECRET: the webhook checks with the same. */
  secret: string
  /** Our webhook's address. */
  url: string
  /** The global fetch unless a test passes its own. */
  fetch?: typeof fetch
}

export interface DeliveryOutcome {
  claimed: number
  delivered: number
  failed: number
}

interface ClaimedCallback {
  id: number
  body: string
  attempts: number
}

/** Posts every callback due at `now` (at most one batch); tests call it with the time they choose. */
export async function deliverDueCallbacks(deps: DelivererDeps, now = new Date()): Promise<DeliveryOutcome> {
  const claimed = await rowsOf<ClaimedCallback>(
    deps.db.execute(sql`
      update ${gatewayCallbacks} set next_attempt_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
      where id in (
        select id from ${gatewayCallbacks}
        where delivered_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id
        limit ${BATCH}
        for update skip locked
      )
      returning id, body, attempts`),
  )
  const results = await Promise.all(claimed.map((row) => deliverOne(deps, { ...row, id: Number(row.id), attempts: Number(row.attempts) }, now)))
  const delivered = results.filter(Boolean).length
  return { claimed: claimed.length, delivered, failed: claimed.length - delivered }
}

/**
 * Posts one signed callback as the sandboxes do (the payment gateway's and the payout provider's):
 * null once the webhook answered 2xx, else what went wrong, for the row's `last_error`.
 */
export async function postSignedCallback(deps: { url: string; secret: string; fetch?: typeof fetch | undefined }, body: string): Promise<string | null> {
  // Signed with the real clock, whatever `now` a test schedules with: the webhook checks freshness.
  const timestamp = Math.floor(Date.now() / 1000)
  try {
    const response = await (deps.fetch ?? fetch)(deps.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signCallback(deps.secret, timestamp, body) },
      body,
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    })
    // read to the end, so the connection goes back to the pool
    await response.arrayBuffer().catch(() => undefined)
    return response.ok ? null : `HTTP ${response.status}`
  } catch (cause) {
    return cause instanceof Error ? `${cause.name}: ${cause.message}`.slice(0, 500) : 'network error'
  }
}

async function deliverOne(deps: DelivererDeps, row: ClaimedCallback, now: Date): Promise<boolean> {
  const error = await postSignedCallback(deps, row.body)
  const attempts = row.attempts + 1
  if (error === null) {
    await deps.db
      .update(gatewayCallbacks)
      .set({ attempts, deliveredAt: new Date(), lastError: null })
      .where(eq(gatewayCallbacks.id, row.id))
    return true
  }
  await deps.db
    .update(gatewayCallbacks)
    .set({ attempts, lastError: error, nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)) })
    .where(eq(gatewayCallbacks.id, row.id))
  return false
}

/**
 * Runs deliverDueCallbacks every `intervalSeconds` and whenever kicked (the demo's "pay" is then
 * answered at once), each pass after the previous one ended. `deps` is read at each pass.
 */
export function startCallbackDeliverer(deps: DelivererDeps, intervalSeconds: number, log: FastifyBaseLogger): RepeatingPass {
  return repeatPass('payment callbacks', () => deliverDueCallbacks(deps).then(({ claimed, delivered, failed }) => ({ claimed, delivered, failed })), intervalSeconds, log)
}
