import { and, eq } from 'drizzle-orm'
import { canPayoutTake, nextPayoutStatus, type Market, type PayoutEvent } from '@kilat/domain'
import type { Tx } from '../../db/client.js'
import { record } from '../audit/audit.service.js'
import { payoutRequests, type PayoutRequest } from './payouts.schema.js'
import * as repo from './payouts.repo.js'
import { payoutsAmountCents, payoutsTotal } from '../../telemetry/metrics.js'

/**
 * The one way a payout request changes state (docs/product/operations.md#payout-states): the move
 * is one of the domain's payout table (`PAYOUT_TRANSITIONS`), named by its event; the row changes
 * only while it is still in the state the move starts from (UPDATE … WHERE status = from), and the
 * payout history row and the audit row are written with it, in the caller's transaction. The desk,
 * demo mode's job, the outbox's worker and the provider's callback all come here.
 */

/** Who makes the move: a staff member (named in the history and the audit trail), the system (the worker, demo mode's job) or the provider (its callback). */
export type PayoutMover = { kind: 'staff'; staffId: number; role: string | null; ip: string | null } | { kind: 'system' } | { kind: 'provider' }

const AUDIT_ACTION: Record<PayoutEvent, string> = {
  request: 'orders.payout-request',
  queue: 'orders.payout-request',
  confirm: 'orders.payout-confirm',
  cancel: 'orders.payout-cancel',
  claim: 'orders.payout-send',
  accept: 'orders.payout-accept',
  complete: 'orders.payout-complete',
  fail: 'orders.payout-fail',
}

/** A new request's columns; its state is the creating event's. */
export type NewPayout = Parameters<typeof repo.insertPayoutRequest>[1]

/** What a move may change besides the state. The amount, the order and the purpose never change. */
export type PayoutChanges = Partial<
  Pick<PayoutRequest, 'providerRef' | 'failureReason' | 'nextAttemptAt' | 'lastError' | 'acceptedAt' | 'completedAt' | 'decidedBy' | 'decidedAt' | 'provider'>
>

export type PayoutMove =
  | { event: 'request' | 'queue'; create: Omit<NewPayout, 'status'> }
  | { event: Exclude<PayoutEvent, 'request' | 'queue'>; id: number; changes?: PayoutChanges }

export interface PayoutMoveContext {
  by: PayoutMover
  at: Date
  /** The history row's reason (a failure's). */
  reason?: string | null
  /** The order's number and market, for the audit row, when the caller has them (read otherwise). */
  order?: { orderNo: string; market: Market }
  /** The caller's own audit row stands for this move (a confirmed refund's): no second one is written. */
  auditedBy?: string
}

/**
 * Makes the move and answers the request as it now is, or undefined when the move did not happen:
 * a creation while the order already has an open request (the partial unique index decides), or a
 * request no longer in a state the event moves from (another worker, the callback, another staff
 * member got there first). Nothing is written then. A move the domain table does not have is
 * never written: the state it ends in is the table's, never the caller's.
 */
export async function movePayout(tx: Tx, move: PayoutMove, context: PayoutMoveContext): Promise<PayoutRequest | undefined> {
  if ('create' in move) {
    const status = nextPayoutStatus(null, move.event)
    if (status !== 'pending' && status !== 'confirmed') throw new Error(`payout event ${move.event} creates ${status}`)
    const created = await repo.insertPayoutRequest(tx, { ...move.create, status })
    if (!created) return undefined
    await written(tx, move.event, null, created, context)
    return created
  }
  const before = await repo.lockPayout(tx, move.id)
  if (!before || !canPayoutTake(before.status, move.event)) return undefined
  const to = nextPayoutStatus(before.status, move.event)
  const [moved] = await tx
    .update(payoutRequests)
    .set({ ...move.changes, status: to })
    .where(and(eq(payoutRequests.id, move.id), eq(payoutRequests.status, before.status)))
    .returning()
  if (!moved) return undefined
  await written(tx, move.event, before.status, moved, context)
  return moved
}

/** A payout that reached its final state, for the metrics. */
function countFinalPayout(market: Market, outcome: 'completed' | 'failed', amount: number): void {
  payoutsTotal.inc({ market, outcome })
  payoutsAmountCents.inc({ market, outcome }, amount)
}

/** The history row and the audit row of a move made. */
async function written(tx: Tx, event: PayoutEvent, from: PayoutRequest['status'] | null, row: PayoutRequest, context: PayoutMoveContext): Promise<void> {
  const { by, at } = context
  await repo.addPayoutEvent(tx, { requestId: row.id, from, to: row.status, actor: by.kind, staffId: by.kind === 'staff' ? by.staffId : null, reason: context.reason ?? null, at })
  const final = row.status === 'completed' || row.status === 'failed'
  if (context.auditedBy !== undefined && !final) return
  const order = context.order ?? (await repo.orderRefsOf(tx, [row.orderKey])).get(row.orderKey)
  // counted as the move is written: a transaction rolled back after it counts once too many (docs/operations/metrics.md#money-flows)
  if (final && order) countFinalPayout(order.market, row.status as 'completed' | 'failed', row.amount)
  if (context.auditedBy !== undefined) return
  if (!order) throw new Error(`payout ${row.id}: its order is gone`)
  await record(tx, {
    staffId: by.kind === 'staff' ? by.staffId : null,
    role: by.kind === 'staff' ? by.role : null,
    ip: by.kind === 'staff' ? by.ip : null,
    action: AUDIT_ACTION[event],
    recordType: 'order',
    recordId: order.orderNo,
    markets: [order.market],
    ...(from === null ? {} : { before: { payoutRequestId: row.id, status: from } }),
    after: {
      payoutRequestId: row.id,
      status: row.status,
      ...(from === null ? { amount: row.amount } : {}),
      ...(event === 'claim' ? { attempt: row.attempts } : {}),
      ...(row.providerRef ? { providerRef: row.providerRef } : {}),
      ...(row.failureReason ? { failureReason: row.failureReason } : {}),
      ...(by.kind === 'provider' ? { by: 'provider' } : {}),
    },
    at,
  })
}
