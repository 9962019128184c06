import { eq, inArray, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { cents } from '@kilat/domain'
import { backoffMs } from '../../adapters/payments/callback-deliverer.js'
import type { PaymentEvent } from '../../adapters/payments/payment-gateway.js'
import { rowsOf, type Db } from '../../db/client.js'
import { paymentAccounts, paymentInbox, type InboxEvent } from './repayment.schema.js'
import { repeatPass, type RepeatingPass } from '../../jobs/repeat.js'
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

interface Pending {
  gatewayName: string
  accountId: number
  event: PaymentEvent
  done: (outcome: StoreOutcome) => void
  fail: (error: unknown) => void
}

/** At most this many callbacks go into one statement. */
const STORE_BATCH = 100

/**
 * Stores verified events for the webhook, several in one statement (docs/decisions/0012-payment-gateway.md#acknowledging-callbacks).
 * While one insert runs, the callbacks arriving meanwhile wait together and go into the next one:
 * on PGlite's single connection 50 callbacks at once cost a few statements rather than 50 in a
 * row, and a lone callback is written at once, as before.
 */
export class InboxWriter {
  private readonly waiting: Pending[] = []
  private writing = false

  constructor(private readonly db: Db) {}

  /**
   * Stores a verified event for one of our accounts (the account, its gateway and number must
   * match); `duplicate` when the gateway's payment id was stored before. `stored: false` for an
   * account we never issued: refused, so that the gateway keeps retrying it.
   */
  store(gatewayName: string, event: PaymentEvent): Promise<StoreOutcome> {
    const accountId = Number(event.externalId)
    if (!Number.isSafeInteger(accountId) || accountId <= 0) return Promise.resolve({ stored: false })
    return new Promise<StoreOutcome>((done, fail) => {
      this.waiting.push({ gatewayName, accountId, event, done, fail })
      if (!this.writing) void this.write()
    })
  }

  private async write(): Promise<void> {
    this.writing = true
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, STORE_BATCH)
        try {
          const outcomes = await storeBatch(this.db, batch)
          batch.forEach((p, i) => p.done(outcomes[i]!))
        } catch (error) {
          for (const p of batch) p.fail(error)
        }
      }
    } finally {
      this.writing = false
    }
  }
}

/**
 * One insert for the batch, each row taking its account from payment_accounts (so an unknown or
 * mismatched account inserts nothing); the gateway's payment id stored before, or twice in the
 * batch, inserts once. Rows that inserted nothing are told apart (repeated, or not our account)
 * by one read of their accounts.
 */
async function storeBatch(db: Db, batch: readonly Omit<Pending, 'done' | 'fail'>[]): Promise<StoreOutcome[]> {
  // The worker compares due times with this process's clock (whole milliseconds), so the row takes
  // its times from it too: the database's now() has microseconds, and a pass in the same
  // millisecond would otherwise find the event not yet due.
  const received = new Date().toISOString()
  const values = sql.join(
    batch.map(
      ({ gatewayName, accountId, event }) =>
        sql`(${gatewayName}::text, ${event.gatewayPaymentId}::text, ${accountId}::bigint, ${event.accountNo}::text, ${event.amount}::bigint, ${event.paidAt.toISOString()}::timestamptz, ${event.method}::text, ${JSON.stringify(event.raw)}::jsonb)`,
    ),
    sql`, `,
  )
  const inserted = await rowsOf<{ gateway: string; gateway_payment_id: string }>(
    db.execute(sql`
      insert into ${paymentInbox} (gateway, gateway_payment_id, payment_account_id, account_no, amount, paid_at, method, raw, received_at, next_attempt_at)
      select v.gateway, v.gateway_payment_id, a.id, a.account_no, v.amount, v.paid_at, v.method, v.raw, ${received}::timestamptz, ${received}::timestamptz
      from (values ${values}) as v(gateway, gateway_payment_id, account_id, account_no, amount, paid_at, method, raw)
      join ${paymentAccounts} a on a.id = v.account_id and a.gateway = v.gateway and a.account_no = v.account_no
      on conflict (gateway, gateway_payment_id) do nothing
      returning gateway, gateway_payment_id`),
  )
  const key = (gateway: string, paymentId: string) => `${gateway}\u0000${paymentId}`
  const fresh = new Set(inserted.map((r) => key(r.gateway, r.gateway_payment_id)))
  const rest = batch.filter((p) => !fresh.has(key(p.gatewayName, p.event.gatewayPaymentId)))
  const ours = new Set<string>()
  if (rest.length > 0) {
    const accounts = await db
      .select({ id: paymentAccounts.id, gateway: paymentAccounts.gateway, accountNo: paymentAccounts.accountNo })
      .from(paymentAccounts)
      .where(inArray(paymentAccounts.id, [...new Set(rest.map((p) => p.accountId))]))
    for (const a of accounts) ours.add(`${a.id}\u0000${a.gateway}\u0000${a.accountNo}`)
  }
  // the first of a payment id that this batch inserted is the new one; any other copy is a repeat
  const claimed = new Set<string>()
  return batch.map((p) => {
    const k = key(p.gatewayName, p.event.gatewayPaymentId)
    if (fresh.has(k) && !claimed.has(k)) {
      claimed.add(k)
      return { stored: true, duplicate: false }
    }
    if (fresh.has(k)) return { stored: true, duplicate: true }
    return ours.has(`${p.accountId}\u0000${p.gatewayName}\u0000${p.event.accountNo}`) ? { stored: true, duplicate: true } : { stored: false }
  })
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

/**
 * Applies the inbox every `intervalSeconds` and whenever kicked (a payment then shows within
 * moments), each pass after the previous one ended.
 */
export function startInboxWorker(db: Db, intervalSeconds: number, log: FastifyBaseLogger, busy?: () => boolean): RepeatingPass {
  return repeatPass('payment inbox', () => applyAllDueEvents(db, new Date(), { log, ...(busy ? { busy } : {}) }).then(({ claimed, applied, failed }) => ({ claimed, applied, failed })), intervalSeconds, log)
}
