import { byMarket, providerOf, type ByMarket } from '../../adapters/providers/by-market.js'
import type { Cents } from '@kilat/domain'
import type { FastifyBaseLogger } from 'fastify'
import { backoffMs } from '../../adapters/payments/callback-deliverer.js'
import type { PayoutCallbackEvent, PayoutInput, PayoutProvider, PayoutResult } from '../../adapters/payouts/payout-provider.js'
import type { Db, Tx } from '../../db/client.js'
import { repeatPass, type RepeatingPass } from '../../jobs/repeat.js'
import { AppError } from '../../http/errors.js'
import { record } from '../audit/audit.service.js'
import { insertPayoutRequest, lockDeskOrder } from './orders.desk.repo.js'
import { SYSTEM_ACTOR, disburseOrder } from './orders.lifecycle.js'
import type { PayoutActorKind, PayoutRequest, PayoutRequestStatus } from './orders.schema.js'
import * as repo from './payouts.repo.js'

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
 * Every change is a guarded update (it names the states it moves from), with its event row and
 * its audit row (no staff id: the system) in the same transaction.
 */

/** A send slower than this is an unknown outcome: retried later with the same key. */
export const SEND_TIMEOUT_MS = 20_000
/** Longer than a send may take: a request is not taken again while its send may still be running. */
export const LEASE_MS = 3 * SEND_TIMEOUT_MS
const BATCH = 20

export interface OutboxDeps {
  db: Db
  /** The payout provider of each market (docs/operations/going-live.md#providers-by-market), or one for all. */
  payouts: PayoutProvider | ByMarket<PayoutProvider>
  /** PAYOUT_STATUS_AFTER_SECONDS: the provider's status is asked this long after acceptance without a callback. */
  statusAfterSeconds: number
  log?: FastifyBaseLogger
  sendTimeoutMs?: number
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

class SendTimeout extends Error {
  override readonly name = 'SendTimeout'
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new SendTimeout(`no answer within ${ms} ms`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

const errorText = (cause: unknown) => (cause instanceof Error ? `${cause.name}: ${cause.message}` : 'unknown error').slice(0, 500)

/** Who moved a request, for its event row and the audit row. */
type Mover = PayoutActorKind

const auditSystem = { staffId: null, role: null, ip: null } as const

/**
 * One guarded state change with its event and audit rows, in `tx`. Undefined when the request was
 * no longer in one of `from` (another worker, or the callback, got there first).
 */
async function move(
  tx: Tx,
  request: Pick<PayoutRequest, 'id' | 'orderKey'>,
  from: PayoutRequestStatus[],
  changes: Parameters<typeof repo.movePayout>[3] & { status: PayoutRequestStatus },
  context: { actor: Mover; at: Date; reason?: string | null; action: string },
): Promise<PayoutRequest | undefined> {
  const before = await repo.lockPayout(tx, request.id)
  if (!before || !from.includes(before.status)) return undefined
  const moved = await repo.movePayout(tx, request.id, from, changes)
  if (!moved) return undefined
  await repo.addPayoutEvent(tx, { requestId: moved.id, from: before.status, to: moved.status, actor: context.actor, reason: context.reason ?? null, at: context.at })
  const refs = await repo.orderRefsOf(tx, [moved.orderKey])
  const ref = refs.get(moved.orderKey)!
  await record(tx, {
    ...auditSystem,
    action: context.action,
    recordType: 'order',
    recordId: ref.orderNo,
    markets: [ref.market],
    before: { payoutRequestId: moved.id, status: before.status },
    after: {
      payoutRequestId: moved.id,
      status: moved.status,
      ...(moved.providerRef ? { providerRef: moved.providerRef } : {}),
      ...(moved.failureReason ? { failureReason: moved.failureReason } : {}),
      ...(context.actor === 'provider' ? { by: 'provider' } : {}),
    },
    at: context.at,
  })
  return moved
}

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
let refundFailed: FailedPayout | undefined

/**
 * Who gives back a refund whose payout failed: the repayment module, which owns refunds
 * (docs/product/waivers-and-refunds.md#a-refund-that-fails), registers itself when it loads, so
 * that this module need not import it (it imports this one).
 */
export function onRefundPayoutFailed(handler: FailedPayout): void {
  refundFailed = handler
}

/**
 * What a failed payout does besides its own row, by its purpose, in the same transaction: a
 * disbursement leaves the order approved (finance may request it again); a refund is given back,
 * so that the money it kept for the borrower can be refunded again.
 */
const ON_FAILED: Record<PayoutRequest['purpose'], FailedPayout> = {
  disbursement: async () => {},
  refund: async (tx, request, reason, at) => {
    if (!refundFailed) throw new Error(`payout ${request.id}: nothing gives back a failed refund (the repayment module is not loaded)`)
    await refundFailed(tx, request, reason, at)
  },
}

/**
 * A confirmed refund's instruction to pay (docs/product/waivers-and-refunds.md#refunds), written in
 * the transaction that confirms the refund, so that both exist or neither: a `confirmed` request of
 * purpose `refund` that the worker sends like any payout, its id the provider's idempotency key.
 * One refund of an order on its way at a time: another is refused until it ends.
 */
export async function queueRefund(tx: Tx, refund: { refundId: number; orderKey: number; amount: Cents; requestedBy: number; confirmedBy: number; at: Date }): Promise<PayoutRequest> {
  const request = await insertPayoutRequest(tx, {
    adjustmentId: refund.refundId,
    orderKey: refund.orderKey,
    amount: refund.amount as PayoutRequest['amount'],
    purpose: 'refund',
    requestedBy: refund.requestedBy,
    requestedAt: refund.at,
    status: 'confirmed',
    decidedBy: refund.confirmedBy,
    decidedAt: refund.at,
    nextAttemptAt: refund.at,
  })
  if (!request) throw new AppError('payoutInFlight')
  await repo.addPayoutEvent(tx, { requestId: request.id, from: null, to: 'confirmed', actor: 'staff', staffId: refund.confirmedBy, at: refund.at })
  return request
}

/**
 * The provider completed the payout: the request turns completed and its purpose's consequence
 * follows (ON_COMPLETED), in one transaction. False when the request was no longer on its way (a
 * repeated callback, or a status call after the callback).
 */
async function completeIn(tx: Tx, requestId: number, providerRef: string | null, completedAt: Date, actor: Mover, now: Date): Promise<boolean> {
  const request = await repo.lockPayout(tx, requestId)
  if (!request || !repo.IN_FLIGHT.includes(request.status)) return false
  const moved = await move(
    tx,
    request,
    repo.IN_FLIGHT,
    { status: 'completed', completedAt, providerRef: request.providerRef ?? providerRef, nextAttemptAt: null, lastError: null },
    { actor, at: now, action: 'orders.payout-complete' },
  )
  if (!moved) return false
  await ON_COMPLETED[moved.purpose](tx, moved, completedAt)
  return true
}

/** The provider refused or failed the payout: the request fails with the reason, and its purpose's consequence follows (ON_FAILED). */
async function failIn(tx: Tx, requestId: number, reason: string, actor: Mover, now: Date): Promise<boolean> {
  const moved = await move(
    tx,
    { id: requestId, orderKey: 0 },
    repo.IN_FLIGHT,
    { status: 'failed', failureReason: reason.slice(0, 500), nextAttemptAt: null, lastError: null },
    { actor, at: now, reason: reason.slice(0, 500), action: 'orders.payout-fail' },
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
    if (!request || request.status === 'pending' || request.status === 'cancelled' || (request.provider !== null && request.provider !== provider)) {
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
  const leaseMs = deps.leaseMs ?? LEASE_MS
  const outcome: PassOutcome = { claimed: 0, accepted: 0, refused: 0, retried: 0, completed: 0, failed: 0 }
  const claimed = await deps.db.transaction(async (tx) => {
    const rows = await repo.claimDuePayouts(tx, now, new Date(now.getTime() + leaseMs), BATCH)
    // the first claim of a confirmed request is its move to sending: an event and an audit row
    const first = rows.filter((r) => r.was === 'confirmed')
    const refs = await repo.orderRefsOf(tx, rows.map((r) => r.orderKey))
    // a request goes to its market's provider, and stays with the one it went to
    for (const row of rows) {
      if (row.provider !== null) continue
      row.provider = providerOf(deps.payouts, refs.get(row.orderKey)!.market).name
      await repo.nameProvider(tx, row.id, row.provider)
    }
    for (const row of first) {
      const ref = refs.get(row.orderKey)!
      await repo.addPayoutEvent(tx, { requestId: row.id, from: 'confirmed', to: 'sending', actor: 'system', at: now })
      await record(tx, {
        ...auditSystem,
        action: 'orders.payout-send',
        recordType: 'order',
        recordId: ref.orderNo,
        markets: [ref.market],
        before: { payoutRequestId: row.id, status: 'confirmed' },
        after: { payoutRequestId: row.id, status: 'sending', attempt: row.attempts },
        at: now,
      })
    }
    return rows.map((r) => ({ ...r, ...refs.get(r.orderKey)! }))
  })
  outcome.claimed = claimed.length
  for (const row of claimed) {
    const provider = byMarket(deps.payouts).named(row.provider!)
    if (!provider) {
      // the market changed provider while this payout was on its way: only the old one can finish it
      await retryLater(deps, row, [row.was === 'accepted' ? 'accepted' : 'sending'], new Error(`payout provider ${row.provider} is not configured any more`), now)
      outcome.retried += 1
      continue
    }
    const input: PayoutInput = { reference: String(row.id), orderNo: row.orderNo, amount: row.amount as PayoutInput['amount'], market: row.market, ...(row.destination ? { destination: row.destination } : {}) }
    if (row.was === 'accepted') await checkStatus(deps, provider, row, input, now, outcome)
    else await send(deps, provider, row, input, now, outcome)
  }
  return outcome
}

/** Sends with the request's key, and records what the provider answered. */
async function send(deps: OutboxDeps, provider: PayoutProvider, row: repo.ClaimedPayout, input: PayoutInput, now: Date, outcome: PassOutcome): Promise<void> {
  const result = await sendOnce(deps, provider, row, input, ['sending'], now, outcome)
  if (!result) return
  await deps.afterSend?.(row.id, result)
  if (result.ok) {
    const at = now
    // undefined when the callback (or another worker whose lease this one outlived) recorded it first
    const accepted = await deps.db.transaction((tx) =>
      move(
        tx,
        row,
        ['sending'],
        { status: 'accepted', providerRef: result.providerRef, acceptedAt: at, nextAttemptAt: new Date(now.getTime() + deps.statusAfterSeconds * 1000), lastError: null },
        { actor: 'system', at, action: 'orders.payout-accept' },
      ),
    )
    if (accepted) outcome.accepted += 1
    return
  }
  if (await deps.db.transaction((tx) => failIn(tx, row.id, result.reason, 'system', now))) outcome.refused += 1
}

/** One send with the request's key; undefined when the outcome is unknown (then retried later). */
async function sendOnce(deps: OutboxDeps, provider: PayoutProvider, row: repo.ClaimedPayout, input: PayoutInput, from: PayoutRequestStatus[], now: Date, outcome: PassOutcome): Promise<PayoutResult | undefined> {
  try {
    return await withTimeout(provider.send(input), deps.sendTimeoutMs ?? SEND_TIMEOUT_MS)
  } catch (cause) {
    await retryLater(deps, row, from, cause, now)
    outcome.retried += 1
    return undefined
  }
}

/** An unknown outcome: the same key goes again after a backoff; the request keeps its state. */
async function retryLater(deps: OutboxDeps, row: repo.ClaimedPayout, from: PayoutRequestStatus[], cause: unknown, now: Date): Promise<void> {
  deps.log?.warn({ payoutRequestId: row.id, attempts: row.attempts, err: cause }, 'payout provider did not answer; retried later')
  await repo.movePayout(deps.db, row.id, from, { lastError: errorText(cause), nextAttemptAt: new Date(now.getTime() + backoffMs(Math.max(0, row.attempts - 1))) })
}

/** No callback came in time: the provider's status decides; a provider that does not know the key is sent it again. */
async function checkStatus(deps: OutboxDeps, provider: PayoutProvider, row: repo.ClaimedPayout, input: PayoutInput, now: Date, outcome: PassOutcome): Promise<void> {
  let answer: Awaited<ReturnType<PayoutProvider['status']>>
  try {
    answer = await withTimeout(provider.status(input.reference), deps.sendTimeoutMs ?? SEND_TIMEOUT_MS)
  } catch (cause) {
    await retryLater(deps, row, ['accepted'], cause, now)
    outcome.retried += 1
    return
  }
  const at = now
  switch (answer.status) {
    case 'completed':
      if (await deps.db.transaction((tx) => completeIn(tx, row.id, answer.providerRef, completionTime(answer.completedAt, at), 'system', at))) outcome.completed += 1
      return
    case 'failed':
      if (await deps.db.transaction((tx) => failIn(tx, row.id, answer.reason, 'system', at))) outcome.failed += 1
      return
    case 'accepted':
      await repo.movePayout(deps.db, row.id, ['accepted'], { nextAttemptAt: new Date(now.getTime() + deps.statusAfterSeconds * 1000), lastError: null })
      return
    case 'unknown': {
      // it accepted this key once: sending it again answers that first result, never a second payout
      const result = await sendOnce(deps, provider, row, input, ['accepted'], now, outcome)
      if (!result) return
      if (result.ok) await repo.movePayout(deps.db, row.id, ['accepted'], { nextAttemptAt: new Date(now.getTime() + deps.statusAfterSeconds * 1000), lastError: null })
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
