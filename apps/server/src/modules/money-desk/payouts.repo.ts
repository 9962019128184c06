import { and, asc, desc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { QueryBuilder } from 'drizzle-orm/pg-core'
import { PAYOUT_IN_FLIGHT, PAYOUT_OPEN, type Market } from '@kilat/domain'
import { rowsOf, type Executor, type Tx } from '../../db/client.js'
import { orderColumns, orderJoin, orderRefsByKeys, type Order } from '../orders/orders.service.js'
import {
  payoutCallbacks,
  payoutEvents,
  payoutRequests,
  type PayoutActorKind,
  type PayoutEvent,
  type PayoutRequest,
  type PayoutRequestStatus,
} from './payouts.schema.js'

/**
 * The payout outbox's queries (docs/product/operations.md#payout-states): the worker's claim with
 * a lease, its retries, the events and the provider's callbacks. A request's state changes only
 * through movePayout (payouts.move.ts).
 */

/**
 * The states in flight (the domain's, in which the worker still has something to do), written out
 * in the statement rather than as parameters: the planner then sees that the partial index of due
 * requests fits (payout_requests_due_idx).
 */
const IN_FLIGHT_SQL = sql.raw(PAYOUT_IN_FLIGHT.map((s) => `'${s.replace(/'/g, "''")}'`).join(', '))

export interface ClaimedPayout {
  id: number
  /** The state it was in when claimed: confirmed (first send), sending (a retry or a lapsed lease) or accepted (a status call). */
  was: 'confirmed' | 'sending' | 'accepted'
  orderKey: number
  amount: number
  attempts: number
  /** The provider it went (or goes) to: null until its first claim names its market's. */
  provider: string | null
  providerRef: string | null
  /** The lease this worker holds it under: no other worker claims it before. */
  leaseUntil: Date
}

/**
 * Claims up to `limit` requests due at `now`, skipping those another worker holds, and pushes each
 * a lease ahead (`leaseUntil`); a confirmed or sending one counts an attempt (a sending one is taken
 * again when its retry is due, or when the worker that held it died). The state does not change
 * here: the caller moves each confirmed one to sending (`claim`, movePayout) in the same
 * transaction. The provider is then called outside any transaction.
 */
export async function claimDuePayouts(tx: Tx, now: Date, leaseUntil: Date, limit: number): Promise<ClaimedPayout[]> {
  const rows = await rowsOf<{ id: number | string; was: ClaimedPayout['was']; order_id: number | string; amount: number | string; attempts: number | string; provider: string | null; provider_ref: string | null }>(
    tx.execute(sql`
      with due as (
        select id, status from ${payoutRequests}
        where status in (${IN_FLIGHT_SQL}) and next_attempt_at <= ${now.toISOString()}::timestamptz
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked
      )
      update ${payoutRequests} p set
        attempts = p.attempts + case when due.status = 'accepted' then 0 else 1 end,
        next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
      from due where p.id = due.id
      returning p.id, due.status as was, p.order_id, p.amount, p.attempts, p.provider, p.provider_ref`),
  )
  return rows.map((r) => ({
    id: Number(r.id),
    was: r.was,
    orderKey: Number(r.order_id),
    amount: Number(r.amount),
    attempts: Number(r.attempts),
    provider: r.provider,
    providerRef: r.provider_ref,
    leaseUntil,
  }))
}

/**
 * Pushes the lease of a request this worker holds further ahead, before a call to the provider its
 * lease would not outlast; false when the lease is no longer this worker's (it ran out and another
 * worker took the request, or its state changed).
 */
export async function renewLease(db: Executor, id: number, heldUntil: Date, leaseUntil: Date): Promise<boolean> {
  const [row] = await db
    .update(payoutRequests)
    .set({ nextAttemptAt: leaseUntil })
    .where(and(eq(payoutRequests.id, id), inArray(payoutRequests.status, ['sending', 'accepted']), eq(payoutRequests.nextAttemptAt, heldUntil)))
    .returning({ id: payoutRequests.id })
  return row !== undefined
}

/** Names the provider a request goes to (its market's, at its first claim); a request keeps the one it went to. */
export async function nameProvider(tx: Tx, id: number, provider: string): Promise<void> {
  await tx.update(payoutRequests).set({ provider }).where(and(eq(payoutRequests.id, id), isNull(payoutRequests.provider)))
}

/** The orders' numbers, markets and borrowers, for the audit rows and the provider (and, through the kyc module, where the payouts go). */
export async function orderRefsOf(db: Executor, orderKeys: number[]): Promise<Map<number, { orderNo: string; market: Market; borrowerId: number }>> {
  if (orderKeys.length === 0) return new Map()
  const refs = await orderRefsByKeys(db, orderKeys)
  return new Map(refs.map((r) => [r.orderKey, { orderNo: r.orderNo, market: r.market, borrowerId: r.borrowerId }]))
}

/** Whether a loan of the borrower is on its way to their account: the kyc module refuses to change the account meanwhile. */
export async function borrowerPayoutInFlight(db: Executor, borrowerId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: payoutRequests.id })
    .from(payoutRequests)
    .innerJoin(...orderJoin(payoutRequests.orderKey))
    .where(and(eq(orderColumns.borrowerId, borrowerId), eq(payoutRequests.purpose, 'disbursement'), inArray(payoutRequests.status, [...PAYOUT_IN_FLIGHT])))
    .limit(1)
  return row !== undefined
}

/**
 * Sets when the worker takes a request again (a retry after an unknown outcome, the next status
 * call) and its last error, while it is still `state`: no change of state, so no history row.
 * Undefined when it moved meanwhile.
 */
export async function reschedulePayout(
  db: Executor,
  id: number,
  state: 'sending' | 'accepted',
  changes: Pick<PayoutRequest, 'nextAttemptAt' | 'lastError'>,
): Promise<PayoutRequest | undefined> {
  const [row] = await db
    .update(payoutRequests)
    .set(changes)
    .where(and(eq(payoutRequests.id, id), eq(payoutRequests.status, state)))
    .returning()
  return row
}

/** The request, locked until the transaction ends. */
export async function lockPayout(tx: Tx, id: number): Promise<PayoutRequest | undefined> {
  const [row] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, id)).for('update')
  return row
}

export function addPayoutEvent(
  tx: Executor,
  event: { requestId: number; from: PayoutRequestStatus | null; to: PayoutRequestStatus; actor: PayoutActorKind; staffId?: number | null; reason?: string | null; at: Date },
): Promise<unknown> {
  return tx.insert(payoutEvents).values({
    requestId: event.requestId,
    fromStatus: event.from,
    toStatus: event.to,
    actorKind: event.actor,
    staffId: event.actor === 'staff' ? (event.staffId ?? null) : null,
    reason: event.reason ?? null,
    at: event.at,
  })
}

/** The events of the requests, oldest first. */
export function payoutEventsOf(db: Executor, requestIds: number[]): Promise<PayoutEvent[]> {
  if (requestIds.length === 0) return Promise.resolve([])
  return db.select().from(payoutEvents).where(inArray(payoutEvents.requestId, requestIds)).orderBy(asc(payoutEvents.at), asc(payoutEvents.id))
}

/** Stores a provider's callback once by its event id; false when it was stored before. */
export async function storePayoutCallback(tx: Tx, values: { provider: string; eventId: string; requestId: number; status: string; raw: unknown; receivedAt: Date }): Promise<boolean> {
  const [row] = await tx.insert(payoutCallbacks).values(values).onConflictDoNothing().returning({ id: payoutCallbacks.id })
  return row !== undefined
}

/** The open request of an order for a purpose (pending or on its way), if any. */
export async function openPayoutOf(db: Executor, orderKey: number): Promise<PayoutRequest | undefined> {
  const [row] = await db
    .select()
    .from(payoutRequests)
    .where(and(eq(payoutRequests.orderKey, orderKey), eq(payoutRequests.purpose, 'disbursement'), inArray(payoutRequests.status, [...PAYOUT_OPEN])))
    .limit(1)
  return row
}

/**
 * SQL over an order's row: true while its disbursement is on its way (confirmed, sending,
 * accepted), for the borrower's loan details (docs/product/loans.md#loan-details).
 */
export function payoutInProgressSql(order: { id: SQLWrapper }): SQL<boolean> {
  const open = new QueryBuilder()
    .select({ id: payoutRequests.id })
    .from(payoutRequests)
    .where(and(eq(payoutRequests.orderKey, order.id), eq(payoutRequests.purpose, 'disbursement'), inArray(payoutRequests.status, [...PAYOUT_IN_FLIGHT])))
  return sql<boolean>`exists (${open})`
}

/** SQL over an order's row: true when it has no payout request of any state (the demo's automatic payout asks only once). */
export function noPayoutYetSql(order: { id: SQLWrapper }): SQL {
  return sql`not exists (select 1 from ${payoutRequests} where ${payoutRequests.orderKey} = ${order.id})`
}

/** The orders' payout requests, newest first. */
export function payoutRequestsOf(db: Executor, orderKeys: number[]): Promise<PayoutRequest[]> {
  if (orderKeys.length === 0) return Promise.resolve([])
  return db.select().from(payoutRequests).where(inArray(payoutRequests.orderKey, orderKeys)).orderBy(desc(payoutRequests.id))
}

/**
 * A new request, pending or already confirmed; undefined when the order has an open one for the
 * purpose already (the partial unique index decides). Only movePayout (payouts.move.ts) calls it: a
 * request is created by a move of the payout table, with its history and audit rows.
 */
export async function insertPayoutRequest(
  tx: Tx,
  values: {
    orderKey: number
    amount: Order['received']
    requestedBy: number | null
    requestedAt: Date
    purpose?: PayoutRequest['purpose']
    status?: 'pending' | 'confirmed'
    decidedBy?: number
    decidedAt?: Date
    nextAttemptAt?: Date
    adjustmentId?: number
  },
): Promise<PayoutRequest | undefined> {
  const [row] = await tx.insert(payoutRequests).values(values).onConflictDoNothing().returning()
  return row
}
