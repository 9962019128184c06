import { eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { repeatPass, type RepeatingPass } from '../../jobs/repeat.js'
import { rowsOf, type Executor } from '../../db/client.js'
import { backoffMs, postSignedCallback } from '../payments/callback-deliverer.js'
import { SANDBOX_SILENCE_KEY, callbackBodyOf, finishPayout } from './sandbox-payouts.js'
import { sandboxPayouts } from './sandbox-payouts.schema.js'

/**
 * The payout sandbox's callbacks (docs/product/operations.md#the-payout-sandbox), delivered as the
 * payment sandbox delivers its own (adapters/payments/callback-deliverer.ts): every accepted payout
 * whose time has come turns completed or failed, and its signed callback is posted to our payout
 * webhook until it answers 2xx, 5 s × 2^attempts apart (at most an hour). Rows are claimed with one
 * UPDATE … FOR UPDATE SKIP LOCKED that pushes their next attempt a lease ahead; the posts happen
 * outside any transaction (the webhook opens its own). A silent payout has no callback; while the
 * whole provider is silent (setSandboxSilence, demo mode) nothing is claimed, and what was due goes
 * out at the first pass after it comes back.
 */

const POST_TIMEOUT_MS = 10_000
const LEASE_MS = 3 * POST_TIMEOUT_MS
const BATCH = 20

export interface PayoutDelivererDeps {
  db: Executor
  secret: string
  /** Our payout webhook's address. */
  url: string
  fetch?: typeof fetch
}

export interface PayoutDeliveryOutcome {
  claimed: number
  delivered: number
  failed: number
}

/** Posts every payout callback due at `now` (one batch); tests call it with the time they choose. */
export async function deliverDuePayoutCallbacks(deps: PayoutDelivererDeps, now = new Date()): Promise<PayoutDeliveryOutcome> {
  const claimed = await rowsOf<{ id: number | string; callback_attempts: number | string }>(
    deps.db.execute(sql`
      update ${sandboxPayouts} set callback_next_at = ${new Date(now.getTime() + LEASE_MS).toISOString()}::timestamptz
      where id in (
        select id from ${sandboxPayouts}
        where callback_delivered_at is null and callback_next_at <= ${now.toISOString()}::timestamptz
          and not exists (select 1 from ${sandboxPayouts} where key = ${SANDBOX_SILENCE_KEY})
        order by callback_next_at, id
        limit ${BATCH}
        for update skip locked
      )
      returning id, callback_attempts`),
  )
  const results = await Promise.all(claimed.map((row) => deliverOne(deps, Number(row.id), Number(row.callback_attempts), now)))
  const delivered = results.filter(Boolean).length
  return { claimed: claimed.length, delivered, failed: claimed.length - delivered }
}

async function deliverOne(deps: PayoutDelivererDeps, id: number, attemptsBefore: number, now: Date): Promise<boolean> {
  let error: string | null
  try {
    const row = await finishPayout(deps.db, id)
    if (!row) return false
    error = await postSignedCallback(deps, JSON.stringify(callbackBodyOf(row)))
  } catch (cause) {
    // the sandbox's own row could not be read or finished: tried again later, like a failed post
    error = cause instanceof Error ? `${cause.name}: ${cause.message}`.slice(0, 500) : 'unknown error'
  }
  const attempts = attemptsBefore + 1
  if (error === null) {
    await deps.db.update(sandboxPayouts).set({ callbackAttempts: attempts, callbackDeliveredAt: new Date(), callbackError: null }).where(eq(sandboxPayouts.id, id))
    return true
  }
  await deps.db
    .update(sandboxPayouts)
    .set({ callbackAttempts: attempts, callbackError: error, callbackNextAt: new Date(now.getTime() + backoffMs(attemptsBefore)) })
    .where(eq(sandboxPayouts.id, id))
  return false
}

/** Delivers the sandbox's payout callbacks every `intervalSeconds`, each pass after the previous one ended. */
export function startPayoutCallbackDeliverer(deps: PayoutDelivererDeps, intervalSeconds: number, log: FastifyBaseLogger): RepeatingPass {
  return repeatPass('payout callbacks', () => deliverDuePayoutCallbacks(deps).then((o) => ({ ...o })), intervalSeconds, log)
}
