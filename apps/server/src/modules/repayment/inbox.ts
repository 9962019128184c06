import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { cents } from '@kilat/domain'
import { backoffMs } from '../../adapters/payments/callback-deliverer.js'
import type { PaymentEvent } from '../../adapters/payments/payment-gateway.js'
import type { Db } from '../../db/client.js'
import { paymentAccounts, paymentInbox, type InboxEvent } from '../../db/schema.js'
import { receivePayment } from './payments.js'

/**
 * The webhook's inbox (docs/decisions/0012-payment-gateway.md#acknowledging-callbacks): a verified
 * callback is stored and acknowledged at once; this worker applies it afterwards with
 * receivePayment, which stays idempotent on the gateway's payment id.
 *
 * Claiming is the delivery queue's (adapters/payments/callback-deliverer.ts): one UPDATE takes due
 * rows with FOR UPDATE SKIP LOCKED and pushes their next attempt a lease ahead; each event is then
 * applied outside that statement, in receivePayment's own transaction (on PGlite's one connection a
 * transaction of ours left open would block it forever). A process that dies after acknowledging,
 * or mid-pass, leaves the row to the next pass; applying it twice records one payment.
 */

/** Longer than applying a batch can take: a row is not taken again while it may still be applied. */
const LEASE_MS = 30_000
const BATCH = 20

export type StoreOutcome = { stored: true; duplicate: boolean } | { stored: false }

/**
 * Stores a verified event for one of our accounts (the account, its gateway and number must
 * match: one indexed read); `duplicate` when the gateway's payment id was stored before.
 * `stored: false` for an account we never issued: refused, so that the gateway keeps retrying it.
 */
export async function storeEvent(db: Db, gatewayName: string, event: PaymentEvent): Promise<StoreOutcome> {
  const accountId = Number(event.externalId)
  if (!Number.isSafeInteger(accountId) || accountId <= 0) return { stored: false }
  const [account] = await db
    .select({ id: paymentAccounts.id })
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.id, accountId), eq(paymentAccounts.gateway, gatewayName), eq(paymentAccounts.accountNo, event.accountNo)))
    .limit(1)
  if (!account) return { stored: false }
  const inserted = await db
    .insert(paymentInbox)
    .values({
      gateway: gatewayName,
      gatewayPaymentId: event.gatewayPaymentId,
      paymentAccountId: account.id,
      accountNo: event.accountNo,
      amount: event.amount,
      paidAt: event.paidAt,
      method: event.method,
      raw: event.raw,
    })
    .onConflictDoNothing({ target: [paymentInbox.gateway, paymentInbox.gatewayPaymentId] })
    .returning({ id: paymentInbox.id })
  return { stored: true, duplicate: inserted.length === 0 }
}

export interface ApplyOutcome {
  claimed: number
  applied: number
  failed: number
}

export interface ApplyOptions {
  /** receivePayment unless a test passes its own. */
  apply?: typeof receivePayment
  log?: FastifyBaseLogger
  /** True while the webhook is storing callbacks: each event waits for it a little (giveWay). */
  busy?: () => boolean
}

/** However busy the webhook is, an event is applied at least this often. */
const MAX_GIVE_WAY_MS = 50

/**
 * Before each event, acknowledgements go first: one pass holds one connection at most, gives way
 * to waiting I/O, and waits (up to MAX_GIVE_WAY_MS) while callbacks are being stored. On PGlite,
 * which runs one statement at a time in this process, an event applied between a callback's two
 * statements delays its answer by a whole transaction; without this the last of 50 callbacks
 * arriving together waited 2.7 s (docs/decisions/0012-payment-gateway.md#acknowledging-callbacks).
 */
async function giveWay(busy: (() => boolean) | undefined): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve))
  const until = Date.now() + MAX_GIVE_WAY_MS
  while (busy?.() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 1))
}

const eventOf = (row: InboxEvent): PaymentEvent => ({
  gatewayPaymentId: row.gatewayPaymentId,
  accountNo: row.accountNo,
  externalId: String(row.paymentAccountId),
  amount: cents(row.amount),
  paidAt: row.paidAt,
  method: row.method,
  raw: row.raw,
})

/** Applies every stored event due at `now` (at most one batch); tests call it with the time they choose. */
export async function applyDueEvents(db: Db, now = new Date(), options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const claimed = await db
    .update(paymentInbox)
    .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
    .where(
      sql`${paymentInbox.id} in (
        select id from ${paymentInbox}
        where applied_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id
        limit ${BATCH}
        for update skip locked)`,
    )
    .returning()
  let applied = 0
  for (const row of claimed) {
    await giveWay(options.busy)
    if (await applyOne(db, row, now, options)) applied++
  }
  return { claimed: claimed.length, applied, failed: claimed.length - applied }
}

async function applyOne(db: Db, row: InboxEvent, now: Date, options: ApplyOptions): Promise<boolean> {
  const attempts = row.attempts + 1
  try {
    const outcome = await (options.apply ?? receivePayment)(db, row.gateway, eventOf(row), now)
    await db.update(paymentInbox).set({ attempts, appliedAt: new Date(), lastError: null }).where(eq(paymentInbox.id, row.id))
    if (!outcome.duplicate) options.log?.info({ paymentId: outcome.paymentId, orderStatus: outcome.orderStatus, amount: row.amount }, 'payment recorded')
    return true
  } catch (cause) {
    const error = cause instanceof Error ? `${cause.name}: ${cause.message}`.slice(0, 500) : 'unknown error'
    options.log?.error({ err: cause, gatewayPaymentId: row.gatewayPaymentId, attempts }, 'payment not applied, retried later')
    await db
      .update(paymentInbox)
      .set({ attempts, lastError: error, nextAttemptAt: new Date(now.getTime() + backoffMs(row.attempts)) })
      .where(eq(paymentInbox.id, row.id))
    return false
  }
}

/** Passes until a pass claims less than a full batch: everything due is applied. */
export async function applyAllDueEvents(db: Db, now = new Date(), options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const total: ApplyOutcome = { claimed: 0, applied: 0, failed: 0 }
  for (;;) {
    const outcome = await applyDueEvents(db, now, options)
    total.claimed += outcome.claimed
    total.applied += outcome.applied
    total.failed += outcome.failed
    if (outcome.claimed < BATCH) return total
  }
}

export interface RunningInbox {
  /** Runs a pass now (after the current one, if one is running): a payment shows within moments. */
  kick(): void
  /** Stops the timer and waits for a pass in progress. */
  stop(): Promise<void>
}

/**
 * Applies the inbox every `intervalSeconds` and whenever kicked, each pass after the previous one
 * ended (the deliverer's rhythm, adapters/payments/callback-deliverer.ts).
 */
export function startInboxWorker(db: Db, intervalSeconds: number, log: FastifyBaseLogger, busy?: () => boolean): RunningInbox {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = false

  const schedule = (ms: number) => {
    clearTimeout(timer)
    if (!stopped) timer = setTimeout(tick, ms)
  }
  const tick = () => {
    again = false
    running = applyAllDueEvents(db, new Date(), { log, ...(busy ? { busy } : {}) })
      .then((outcome) => {
        if (outcome.claimed > 0) log.info({ job: 'payment-inbox', ...outcome }, 'payment inbox')
      })
      .catch((error: unknown) => {
        log.error({ err: error, job: 'payment-inbox' }, 'payment inbox pass failed')
      })
      .finally(() => {
        running = undefined
        schedule(again ? 0 : intervalSeconds * 1000)
      })
  }
  schedule(intervalSeconds * 1000)

  return {
    kick() {
      if (stopped) return
      if (running) again = true
      else schedule(0)
    },
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
