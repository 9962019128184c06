import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
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
 *
 * The lease is short and renewed (docs/decisions/0012-payment-gateway.md#the-inbox-lease): while a
 * pass applies its batch, a heartbeat pushes the lease of the rows it still holds, so a live slow
 * pass keeps them and a dead process's rows are due again within LEASE_MS, where the borrower waits
 * for them. Should a pass lose a row anyway (stalled longer than the lease), two passes apply it:
 * receivePayment's unique payment id makes the second a duplicate that changes nothing.
 */

/** A claim not renewed for this long lapses: a dead process's events are taken again after it. */
export const LEASE_MS = 3_000
/** How often a pass renews its claim: two renewals can fail in a row before the claim lapses. */
const HEARTBEAT_MS = 1_000
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
  /** LEASE_MS and HEARTBEAT_MS unless a test shortens them (or, to play a dead process, never renews). */
  leaseMs?: number
  heartbeatMs?: number
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

/**
 * The end of a claim, from `ms`, with random microseconds: the value a pass writes into its rows'
 * `next_attempt_at` is its mark on them, so that a renewal pushes only rows this pass still holds
 * (another process that took a lapsed row wrote its own). Both engines keep microseconds; the due
 * check, in milliseconds, sees the row at most 1 ms later.
 */
function leaseUntil(ms: number): string {
  const iso = new Date(ms).toISOString()
  return `${iso.slice(0, -1)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}Z`
}

/**
 * Renews the lease of `ids` every `heartbeatMs` until stopped: each renewal moves the rows still
 * unapplied and still bearing this pass's mark to a new one, and drops the others (applied, failed
 * with a backoff, or lost). `clock` is the pass's time (a test's chosen `now`, running on).
 */
function holdClaim(db: Db, ids: number[], lease: string, clock: () => number, leaseMs: number, heartbeatMs: number, log?: FastifyBaseLogger) {
  let held = ids
  let current = lease
  let renewing: Promise<void> = Promise.resolve()
  const renew = async () => {
    if (held.length === 0) return
    const next = leaseUntil(clock() + leaseMs)
    try {
      const kept = await rowsOf<{ id: number | string }>(
        db.execute(sql`
          update ${paymentInbox} set next_attempt_at = ${next}::timestamptz
          where id in (${sql.join(held.map((id) => sql`${id}`), sql`, `)}) and applied_at is null and next_attempt_at = ${current}::timestamptz
          returning id`),
      )
      current = next
      held = kept.map((r) => Number(r.id))
    } catch (error) {
      // the next renewal tries again; meanwhile the claim runs on to its end
      log?.warn({ err: error }, 'payment inbox claim not renewed')
    }
  }
  const timer = setInterval(() => {
    renewing = renewing.then(renew)
  }, heartbeatMs)
  return {
    /** Stops renewing; what the pass did not apply becomes due when its claim ends. */
    async release() {
      clearInterval(timer)
      await renewing
    },
  }
}

/**
 * Applies every stored event due at `now` (at most one batch); tests call it with the time they choose.
 * Oldest first, as received: a dead process's claim, once lapsed, carries a later due time than the
 * events stored after it, and ordering by that time put its borrowers behind the whole backlog.
 */
export async function applyDueEvents(db: Db, now = new Date(), options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const started = Date.now()
  const clock = () => now.getTime() + (Date.now() - started)
  const leaseMs = options.leaseMs ?? LEASE_MS
  const lease = leaseUntil(now.getTime() + leaseMs)
  const claimed = await db
    .update(paymentInbox)
    .set({ nextAttemptAt: sql`${lease}::timestamptz` })
    .where(
      sql`${paymentInbox.id} in (
        select id from ${paymentInbox}
        where applied_at is null and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by id
        limit ${BATCH}
        for update skip locked)`,
    )
    .returning()
  if (claimed.length === 0) return { claimed: 0, applied: 0, failed: 0 }
  const claim = holdClaim(db, claimed.map((row) => row.id), lease, clock, leaseMs, options.heartbeatMs ?? HEARTBEAT_MS, options.log)
  let applied = 0
  try {
    for (const row of claimed) {
      await giveWay(options.busy)
      if (await applyOne(db, row, now, options)) applied++
    }
  } finally {
    await claim.release()
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
      // another pass that took the row after this one lost it may have applied it meanwhile
      .where(and(eq(paymentInbox.id, row.id), isNull(paymentInbox.appliedAt)))
    return false
  }
}

/**
 * Passes until a pass claims less than a full batch: everything due is applied. Each pass looks at
 * the clock again unless a test fixes `now`: a backlog takes seconds to apply, and a claim that
 * lapses meanwhile (a dead process's) is taken, oldest first, by the next batch rather than after
 * the whole backlog.
 */
export async function applyAllDueEvents(db: Db, now?: Date, options: ApplyOptions = {}): Promise<ApplyOutcome> {
  const total: ApplyOutcome = { claimed: 0, applied: 0, failed: 0 }
  for (;;) {
    const outcome = await applyDueEvents(db, now ?? new Date(), options)
    total.claimed += outcome.claimed
    total.applied += outcome.applied
    total.failed += outcome.failed
    if (outcome.claimed < BATCH) return total
  }
}

/** After a pass that failed (the database away), the next comes this soon rather than at the interval. */
const RETRY_AFTER_FAILURE_MS = 1_000
/** A row found due at the end of a pass (another process was claiming it) is looked at again after this. */
const MIN_WAKE_MS = 100

/** When the next unapplied event falls due (a claim ending, a backoff), or null when none waits. */
async function nextDueAt(db: Db): Promise<number | null> {
  const [row] = await rowsOf<{ due: string | Date | null }>(db.execute(sql`select min(next_attempt_at) as due from ${paymentInbox} where applied_at is null`))
  return row?.due ? new Date(row.due).getTime() : null
}

/**
 * Applies the inbox every `intervalSeconds` and whenever kicked (a payment then shows within
 * moments), each pass after the previous one ended. It also passes once at start and, after each
 * pass, when the next waiting event falls due, if sooner than the interval: the events a dead
 * process had claimed are applied as soon as its claim lapses (LEASE_MS after its last renewal),
 * whether or not any callback arrives meanwhile. A pass that failed is tried again after a second.
 */
export function startInboxWorker(db: Db, intervalSeconds: number, log: FastifyBaseLogger, busy?: () => boolean): RepeatingPass {
  let wake: NodeJS.Timeout | undefined
  const wakeIn = (ms: number) => {
    clearTimeout(wake)
    if (ms < intervalSeconds * 1000) wake = setTimeout(() => worker.kick(), Math.max(ms, MIN_WAKE_MS))
  }
  const pass = async () => {
    clearTimeout(wake)
    try {
      const { claimed, applied, failed } = await applyAllDueEvents(db, undefined, { log, ...(busy ? { busy } : {}) })
      const due = await nextDueAt(db)
      if (due !== null) wakeIn(due - Date.now())
      return { claimed, applied, failed }
    } catch (error) {
      wakeIn(RETRY_AFTER_FAILURE_MS)
      throw error
    }
  }
  const worker = repeatPass('payment inbox', pass, intervalSeconds, log)
  worker.kick()
  return {
    kick: () => worker.kick(),
    async stop() {
      clearTimeout(wake)
      await worker.stop()
      clearTimeout(wake)
    },
  }
}
