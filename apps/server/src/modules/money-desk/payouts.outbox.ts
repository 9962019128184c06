import { byMarket, providerOf, type ByMarket } from '../../adapters/providers/by-market.js'
import type { Cents } from '@kilat/domain'
import type { FastifyBaseLogger } from 'fastify'
import { backoffMs } from '../../adapters/payments/callback-deliverer.js'
import type { PayoutCallbackEvent, PayoutInput, PayoutProvider, PayoutResult } from '../../adapters/payouts/payout-provider.js'
import type { Keyring } from '../../adapters/secrets/secret-box.js'
import type { Db, Tx } from '../../db/client.js'
import { repeatPass, type RepeatingPass } from '../../jobs/repeat.js'
import { AppError } from '../../http/errors.js'
import { payoutDestinationsOf, type NameCheck } from '../kyc/kyc.service.js'
import { SYSTEM_ACTOR, disburseOrder, lockDeskOrder } from '../orders/orders.service.js'
import { movePayout, type PayoutMover } from './payouts.move.js'
import * as repo from './payouts.repo.js'
import type { PayoutRequest } from './payouts.schema.js'
import { returnFailedRefund } from './refund-return.js'

/**
 * The payout outbox (docs/product/operations.md#payout-states). Confirming a payout only writes
 * the instruction (the request turns `confirmed`), in the transaction of the decision; this worker
 * sends it to the provider OUTSIDE any transaction, with the request's id as the idempotency key:
 *
 * - a claim (payouts.repo.ts claimDuePayouts) takes due requests with FOR UPDATE SKIP LOCKED and
 *   pushes each a lease ahead (longer than a send may take), so two workers never send one at once,
 *   and a worker that died mid-send leaves it to the next pass once the lease ends: that one sends
 *   again with the same key and the provider answers its first result, never a second payout;
 * - accepted: recorded with the provider's reference; the result comes by the provider's callback
 *   (the webhook, receivePayoutCallback) or, when none came within PAYOUT_STATUS_AFTER_SECONDS, by
 *   asking its status;
 * - refused: the request fails with the reason, the order stays approved for a new request;
 * - unknown (a timeout, an HTTP 500, a network error): retried with backoff, same key;
 * - completed: the order is paid out (151 → 174/170) with its due dates counted from the
 *   completion, in the transaction that records it.
 *
 * Every change of state is a move of the domain's payout table through movePayout
 * (payouts.move.ts): a guarded update with its event row and its audit row (no staff id: the
 * system) in the same transaction.
 *
 * One deadline per request and pass (SEND_TIMEOUT_MS) bounds its calls to the provider: an
 * AbortSignal goes down to the HTTP request, so a call given up on is cancelled, not left running.
 * The lease is longer than the deadline, and renewed before a request whose turn in the batch comes
 * late, so that no other worker claims a request while a call of it may still be in the air.
 */

/** The deadline of a request's calls to its provider in one pass; past it the outcome is unknown: retried later with the same key. */
export const SEND_TIMEOUT_MS = 20_000
/** Longer than the deadline: a request is not taken again while a call of it may still be in the air. */
export const LEASE_MS = 3 * SEND_TIMEOUT_MS
const BATCH = 20

export interface OutboxDeps {
  db: Db
  /** Opens where each payout goes (the kyc module's sealed accounts). */
  secrets: Keyring
  /** The payout provider of each market (docs/operations/going-live.md#providers-by-market), or one for all. */
  payouts: PayoutProvider | ByMarket<PayoutProvider>
  /** PAYOUT_STATUS_AFTER_SECONDS: the provider's status is asked this long after acceptance without a callback. */
  statusAfterSeconds: number
  log?: FastifyBaseLogger
  /** SEND_TIMEOUT_MS unless a test shortens it. */
  sendTimeoutMs?: number
  /** Three deadlines (LEASE_MS by default) unless a test sets it; always longer than the deadline. */
  leaseMs?: number
  /**
   * Tests only: called once the provider answered a send, before anything is recorded; a throw
   * plays the process dying right there (the pass stops, nothing of it is written).
   */
  afterSend?: (requestId: number, result: PayoutResult) => void | Promise<void>
}

export interface PassOutcome {
  claimed: number
  accepted: number
  refused: number
  retried: number
  completed: number
  failed: number
}

/** The deadline passed: the calls under it were cancelled; the outcome is unknown. */
export class SendTimeout extends Error {
  override readonly name = 'SendTimeout'
}

/**
 * A request's deadline: its signal aborts `ms` from now with a SendTimeout, which cancels the
 * provider's HTTP call under it. `end` when its calls are over.
 */
function deadline(ms: number): { signal: AbortSignal; end: () => void } {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new SendTimeout(`no answer within ${ms} ms`)), ms)
  return { signal: controller.signal, end: () => clearTimeout(timer) }
}

/**
 * A call to the provider under the deadline: it is not started once the deadline passed, and the
 * worker stops waiting at the deadline even for a provider that does not listen to the signal.
 */
function within<T>(signal: AbortSignal, call: (signal: AbortSignal) => Promise<T>): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason)
    signal.addEventListener('abort', onAbort, { once: true })
    call(signal)
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', onAbort))
  })
}

const errorText = (cause: unknown) => (cause instanceof Error ? `${cause.name}: ${cause.message}` : 'unknown error').slice(0, 500)

/** Who moves a request here: the worker (the system) or the provider's callback. */
type Mover = 'system' | 'provider'

const moverOf = (kind: Mover): PayoutMover => (kind === 'system' ? { kind: 'system' } : { kind: 'provider' })

/**
 * What a completed payout does besides its own row, by its purpose: a disbursement pays the order
 * out (151 → 174/170/3), its due dates counted from the completion. A refund (to come) adds its own
 * entry here, in the same transaction as the completion.
 */
const ON_COMPLETED: Record<PayoutRequest['purpose'], (tx: Tx, request: PayoutRequest, completedAt: Date) => Promise<void>> = {
  disbursement: async (tx, request, completedAt) => {
    const found = await lockDeskOrder(tx, request.orderKey)
    if (!found) throw new Error(`payout ${request.id}: its order is gone`)
    if (!(await disburseOrder(tx, found, completedAt, SYSTEM_ACTOR, request.id))) throw new Error(`payout ${request.id}: order ${found.order.id} is no longer approved`)
  },
  // the refund's entries were written when it was confirmed (docs/product/waivers-and-refunds.md#refunds): the money has now left
  refund: async () => {},
}

type FailedPayout = (tx: Tx, request: PayoutRequest, reason: string, at: Date) => Promise<void>

/**
 * What a failed payout does besides its own row, by its purpose, in the same transaction: a
 * disbursement leaves the order approved (finance may request it again); a refund is given back,
 * so that the money it kept for the borrower can be refunded again.
 */
const ON_FAILED: Record<PayoutRequest['purpose'], FailedPayout> = {
  disbursement: async () => {},
  // the refund is this module's own (refund-return.ts, docs/product/waivers-and-refunds.md#a-refund-that-fails)
  refund: async (tx, request, reason, at) => {
    if (request.adjustmentId === null) throw new Error(`refund payout ${request.id} names no refund`)
    await returnFailedRefund(tx, { refundId: request.adjustmentId, payoutRequestId: request.id, reason, at })
  },
}

/**
 * A confirmed refund's instruction to pay (docs/product/waivers-and-refunds.md#refunds), written in
 * the transaction that confirms the refund, so that both exist or neither: a `confirmed` request of
 * purpose `refund` that the worker sends like any payout, its id the provider's idempotency key.
 * One refund of an order on its way at a time: another is refused until it ends.
 */
export async function queueRefund(tx: Tx, refund: { refundId: number; orderKey: number; amount: Cents; requestedBy: number; confirmedBy: number; at: Date }): Promise<PayoutRequest> {
  const request = await movePayout(
    tx,
    {
      event: 'queue',
      create: {
        adjustmentId: refund.refundId,
        orderKey: refund.orderKey,
        amount: refund.amount as PayoutRequest['amount'],
        purpose: 'refund',
        requestedBy: refund.requestedBy,
        requestedAt: refund.at,
        decidedBy: refund.confirmedBy,
        decidedAt: refund.at,
        nextAttemptAt: refund.at,
      },
    },
    // the refund's confirmation writes its own audit row in this transaction (docs/product/waivers-and-refunds.md#refunds)
    { by: { kind: 'staff', staffId: refund.confirmedBy, role: null, ip: null }, at: refund.at, auditedBy: 'adjustments.refund-confirm' },
  )
  if (!request) throw new AppError('payoutInFlight')
  return request
}

/**
 * The provider completed the payout: the request turns completed and its purpose's consequence
 * follows (ON_COMPLETED), in one transaction. False when the request was no longer on its way (a
 * repeated callback, or a status call after the callback).
 */
async function completeIn(tx: Tx, requestId: number, providerRef: string | null, completedAt: Date, actor: Mover, now: Date): Promise<boolean> {
  const request = await repo.lockPayout(tx, requestId)
  if (!request) return false
  const moved = await movePayout(
    tx,
    { event: 'complete', id: requestId, changes: { completedAt, providerRef: request.providerRef ?? providerRef, nextAttemptAt: null, lastError: null } },
    { by: moverOf(actor), at: now },
  )
  if (!moved) return false
  await ON_COMPLETED[moved.purpose](tx, moved, completedAt)
  return true
}

/** The provider refused or failed the payout: the request fails with the reason, and its purpose's consequence follows (ON_FAILED). */
async function failIn(tx: Tx, requestId: number, reason: string, actor: Mover, now: Date): Promise<boolean> {
  const moved = await movePayout(
    tx,
    { event: 'fail', id: requestId, changes: { failureReason: reason.slice(0, 500), nextAttemptAt: null, lastError: null } },
    { by: moverOf(actor), at: now, reason: reason.slice(0, 500) },
  )
  if (!moved) return false
  await ON_FAILED[moved.purpose](tx, moved, reason.slice(0, 500), now)
  return true
}

/** The completion time we count from: the provider's, never later than our own now. */
const completionTime = (at: Date, now: Date) => (at.getTime() > now.getTime() || Number.isNaN(at.getTime()) ? now : at)

export type CallbackOutcome = { stored: true; duplicate: boolean } | { stored: false; reason: 'unknownPayout' | 'otherTransfer' }

/**
 * A verified callback of the provider, stored and applied in one transaction (so a 200 means both):
 * a repeat of its event id changes nothing; a reference that is not one of our requests of this
 * provider, or names another transfer than the one it accepted, is refused, so that the provider
 * keeps it in its retries and operations can look.
 */
export async function receivePayoutCallback(db: Db, provider: string, event: PayoutCallbackEvent, now = new Date()): Promise<CallbackOutcome> {
  const requestId = Number(event.reference)
  if (!Number.isSafeInteger(requestId) || requestId <= 0) return { stored: false, reason: 'unknownPayout' }
  return db.transaction(async (tx): Promise<CallbackOutcome> => {
    const request = await repo.lockPayout(tx, requestId)
    // a request not sent yet (pending, confirmed) or withdrawn is unknown to any provider
    if (!request || request.status === 'pending' || request.status === 'confirmed' || request.status === 'cancelled' || (request.provider !== null && request.provider !== provider)) {
      return { stored: false, reason: 'unknownPayout' }
    }
    if (request.providerRef !== null && request.providerRef !== event.providerRef) return { stored: false, reason: 'otherTransfer' }
    const fresh = await repo.storePayoutCallback(tx, { provider, eventId: event.eventId, requestId, status: event.status, raw: event.raw, receivedAt: now })
    if (!fresh) return { stored: true, duplicate: true }
    if (event.status === 'completed') await completeIn(tx, requestId, event.providerRef, completionTime(event.at, now), 'provider', now)
    else await failIn(tx, requestId, event.reason ?? 'failed', 'provider', now)
    return { stored: true, duplicate: false }
  })
}

/** Sends every payout due at `now` (one batch at most), then asks the status of those whose callback is late. */
export async function runPayoutPass(deps: OutboxDeps, now = new Date()): Promise<PassOutcome> {
  const sendTimeoutMs = deps.sendTimeoutMs ?? SEND_TIMEOUT_MS
  const leaseMs = deps.leaseMs ?? 3 * sendTimeoutMs
  if (leaseMs <= sendTimeoutMs) throw new Error(`the payout lease (${leaseMs} ms) must be longer than the send deadline (${sendTimeoutMs} ms)`)
  const started = performance.now()
  // the pass's clock: `now`, moved on by the time the pass has taken
  const clock = () => new Date(now.getTime() + Math.round(performance.now() - started))
  const outcome: PassOutcome = { claimed: 0, accepted: 0, refused: 0, retried: 0, completed: 0, failed: 0 }
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await repo.claimDuePayouts(tx, now, new Date(now.getTime() + leaseMs), BATCH)
    const refs = await repo.orderRefsOf(tx, rows.map((r) => r.orderKey))
    // a request goes to its market's provider, and stays with the one it went to
    for (const row of rows) {
      if (row.provider !== null) continue
      row.provider = providerOf(deps.payouts, refs.get(row.orderKey)!.market).name
      await repo.nameProvider(tx, row.id, row.provider)
    }
    // the first claim of a confirmed request is its move to sending
    for (const row of rows) {
      if (row.was !== 'confirmed') continue
      const ref = refs.get(row.orderKey)!
      if (!(await movePayout(tx, { event: 'claim', id: row.id }, { by: moverOf('system'), at: now, order: ref }))) throw new Error(`payout ${row.id}: claimed confirmed, but could not move it to sending`)
    }
    return rows.map((r) => ({ ...r, ...refs.get(r.orderKey)! }))
  })
  outcome.claimed = claimed.length
  // where each payout goes, read as it is sent: the account now, and whether it may be paid into
  const accounts = await payoutDestinationsOf(deps.db, deps.secrets, [...new Set(claimed.map((r) => r.borrowerId))])
  for (const row of claimed) {
    const provider = byMarket(deps.payouts).named(row.provider!)
    if (!provider) {
      // the market changed provider while this payout was on its way: only the old one can finish it
      await retryLater(deps, row, row.was === 'accepted' ? 'accepted' : 'sending', new Error(`payout provider ${row.provider} is not configured any more`), now)
      outcome.retried += 1
      continue
    }
    // the lease must outlast this request's deadline, with a deadline to spare to record the answer
    const at = clock()
    if (row.leaseUntil.getTime() - at.getTime() < 2 * sendTimeoutMs) {
      const leaseUntil = new Date(at.getTime() + leaseMs)
      // not ours any more (another worker took it after our lease ran out): that one sends it
      if (!(await repo.renewLease(deps.db, row.id, row.leaseUntil, leaseUntil))) continue
      row.leaseUntil = leaseUntil
    }
    const account = accounts.get(row.borrowerId)
    const input: PayoutInput = { reference: String(row.id), orderNo: row.orderNo, amount: row.amount as PayoutInput['amount'], market: row.market, ...(account ? { destination: account.destination } : {}) }
    // never sent yet, to an account whose holder's name did not pass: not sent (docs/product/identity-and-payout-account.md#name-check)
    if (row.was === 'confirmed' && account && !account.payable) {
      await holdUnpayable(deps, row, account.nameCheck, now, outcome)
      continue
    }
    const limit = deadline(sendTimeoutMs)
    try {
      if (row.was === 'accepted') await checkStatus(deps, provider, row, input, limit.signal, now, outcome)
      else await send(deps, provider, row, input, limit.signal, now, outcome)
    } finally {
      limit.end()
    }
  }
  return outcome
}

/**
 * A payout whose account's name check is still pending waits for it (retried later); one whose
 * holder's name did not match, or whose account the bank does not know, fails without being sent:
 * the order stays approved for a new request once the borrower (or risk) has put it right.
 */
async function holdUnpayable(deps: OutboxDeps, row: repo.ClaimedPayout, nameCheck: NameCheck, now: Date, outcome: PassOutcome): Promise<void> {
  if (nameCheck === 'pending') {
    await retryLater(deps, row, 'sending', new Error("the payout account's holder name is not checked yet"), now)
    outcome.retried += 1
    return
  }
  if (await deps.db.transaction((tx) => failIn(tx, row.id, `The payout account did not pass its name check (${nameCheck})`, 'system', now))) outcome.refused += 1
}

/** Sends with the request's key, and records what the provider answered. */
async function send(deps: OutboxDeps, provider: PayoutProvider, row: repo.ClaimedPayout, input: PayoutInput, signal: AbortSignal, now: Date, outcome: PassOutcome): Promise<void> {
  const result = await sendOnce(deps, provider, row, input, 'sending', signal, now, outcome)
  if (!result) return
  await deps.afterSend?.(row.id, result)
  if (result.ok) {
    const at = now
    // undefined when the callback (or another worker whose lease this one outlived) recorded it first
    const accepted = await deps.db.transaction((tx) =>
      movePayout(
        tx,
        { event: 'accept', id: row.id, changes: { providerRef: result.providerRef, acceptedAt: at, nextAttemptAt: new Date(now.getTime() + deps.statusAfterSeconds * 1000), lastError: null } },
        { by: moverOf('system'), at },
      ),
    )
    if (accepted) outcome.accepted += 1
    return
  }
  if (await deps.db.transaction((tx) => failIn(tx, row.id, result.reason, 'system', now))) outcome.refused += 1
}

/** One send with the request's key under its deadline; undefined when the outcome is unknown (then retried later). */
async function sendOnce(
  deps: OutboxDeps,
  provider: PayoutProvider,
  row: repo.ClaimedPayout,
  input: PayoutInput,
  state: 'sending' | 'accepted',
  signal: AbortSignal,
  now: Date,
  outcome: PassOutcome,
): Promise<PayoutResult | undefined> {
  try {
    return await within(signal, (s) => provider.send(input, s))
  } catch (cause) {
    await retryLater(deps, row, state, cause, now)
    outcome.retried += 1
    return undefined
  }
}

/** An unknown outcome: the same key goes again after a backoff; the request keeps its state. */
async function retryLater(deps: OutboxDeps, row: repo.ClaimedPayout, state: 'sending' | 'accepted', cause: unknown, now: Date): Promise<void> {
  deps.log?.warn({ payoutRequestId: row.id, attempts: row.attempts, err: cause }, 'payout provider did not answer; retried later')
  await repo.reschedulePayout(deps.db, row.id, state, { lastError: errorText(cause), nextAttemptAt: new Date(now.getTime() + backoffMs(Math.max(0, row.attempts - 1))) })
}

/** No callback came in time: the provider's status decides; a provider that does not know the key is sent it again (under the same deadline). */
async function checkStatus(deps: OutboxDeps, provider: PayoutProvider, row: repo.ClaimedPayout, input: PayoutInput, signal: AbortSignal, now: Date, outcome: PassOutcome): Promise<void> {
  let answer: Awaited<ReturnType<PayoutProvider['status']>>
  try {
    answer = await within(signal, (s) => provider.status(input.reference, s))
  } catch (cause) {
    await retryLater(deps, row, 'accepted', cause, now)
    outcome.retried += 1
    return
  }
  const at = now
  const statusLater = { nextAttemptAt: new Date(now.getTime() + deps.statusAfterSeconds * 1000), lastError: null }
  switch (answer.status) {
    case 'completed':
      if (await deps.db.transaction((tx) => completeIn(tx, row.id, answer.providerRef, completionTime(answer.completedAt, at), 'system', at))) outcome.completed += 1
      return
    case 'failed':
      if (await deps.db.transaction((tx) => failIn(tx, row.id, answer.reason, 'system', at))) outcome.failed += 1
      return
    case 'accepted':
      await repo.reschedulePayout(deps.db, row.id, 'accepted', statusLater)
      return
    case 'unknown': {
      // it accepted this key once: sending it again answers that first result, never a second payout
      const result = await sendOnce(deps, provider, row, input, 'accepted', signal, now, outcome)
      if (!result) return
      if (result.ok) await repo.reschedulePayout(deps.db, row.id, 'accepted', statusLater)
      else if (await deps.db.transaction((tx) => failIn(tx, row.id, result.reason, 'system', at))) outcome.failed += 1
    }
  }
}

/** Passes until one claims less than a full batch. */
export async function runAllPayouts(deps: OutboxDeps, now?: Date): Promise<PassOutcome> {
  const total: PassOutcome = { claimed: 0, accepted: 0, refused: 0, retried: 0, completed: 0, failed: 0 }
  for (let round = 0; round < 1000; round++) {
    const outcome = await runPayoutPass(deps, now ?? new Date())
    for (const key of Object.keys(total) as (keyof PassOutcome)[]) total[key] += outcome[key]
    if (outcome.claimed < BATCH) break
  }
  return total
}

/** Runs the outbox every `intervalSeconds` and whenever kicked (a confirmation is sent at once). */
export function startPayoutWorker(deps: OutboxDeps, intervalSeconds: number, log: FastifyBaseLogger): RepeatingPass {
  return repeatPass('payout outbox', async () => ({ ...(await runAllPayouts({ ...deps, log })) }), intervalSeconds, log)
}
