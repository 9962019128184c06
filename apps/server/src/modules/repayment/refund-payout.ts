import type { Cents, Market } from '@kilat/domain'
import type { Tx } from '../../db/client.js'
import { record } from '../audit/audit.service.js'
import { onRefundPayoutFailed, queueRefund } from '../orders/orders.service.js'
import * as repo from './adjustments.repo.js'

/** What a confirmed refund hands to the payout outbox. */
export interface RefundPayout {
  /** The refund's id (`adjustments.id`), for the audit trail's and the logs' sake. */
  refundId: number
  /** The order's database key (`orders.id`). */
  orderKey: number
  /** What goes back to the borrower, cents. */
  amount: Cents
  market: Market
  /** The finance member who asked for the refund, and the one who confirmed it. */
  requestedBy: number
  confirmedBy: number
  at: Date
}

/**
 * Hands a confirmed refund to the payout outbox (docs/product/waivers-and-refunds.md#refunds): called
 * once, inside the transaction that confirms the refund, so that the refund and its instruction to
 * pay exist together or not at all. It writes only: the outbox's worker sends the money through the
 * payout provider outside any transaction or lock, the instruction's id its idempotency key
 * (docs/product/operations.md#payout-states). Returns that id.
 */
export async function queueRefundPayout(tx: Tx, refund: RefundPayout): Promise<number> {
  const request = await queueRefund(tx, { refundId: refund.refundId, orderKey: refund.orderKey, amount: refund.amount, requestedBy: refund.requestedBy, confirmedBy: refund.confirmedBy, at: refund.at })
  return request.id
}

/**
 * A refund whose payout failed is given back (docs/product/waivers-and-refunds.md#a-refund-that-fails):
 * the refund's own entry stands, as every entry does, and a `refund_returned` adjustment of the same
 * amount undoes it, in the transaction that fails the payout. What was overpaid is refundable again,
 * so finance can refund it anew (four eyes, a new payout); a repeated failure of one payout changes
 * nothing twice (one return per refund).
 */
onRefundPayoutFailed(async (tx, request, reason, at) => {
  if (request.adjustmentId === null) throw new Error(`refund payout ${request.id} names no refund`)
  await returnFailedRefund(tx, { refundId: request.adjustmentId, payoutRequestId: request.id, reason, at })
})

/** Writes a refund's return: once per refund (a unique key); nothing when it was returned already. */
export async function returnFailedRefund(tx: Tx, input: { refundId: number; payoutRequestId: number; reason: string; at: Date }): Promise<number | undefined> {
  const seen = await repo.adjustmentRow(tx, input.refundId)
  if (!seen || seen.adjustment.kind !== 'refund' || seen.adjustment.status !== 'confirmed') throw new Error(`refund ${input.refundId} is not a confirmed refund`)
  const refund = seen.adjustment
  if (await repo.returnOf(tx, refund.id)) return undefined
  const row = await repo.insertConfirmed(
    tx,
    {
      orderKey: refund.orderKey,
      kind: 'refund_returned',
      component: null,
      amount: refund.amount,
      note: input.reason.slice(0, 500),
      requestedBy: null,
      requestedAt: input.at,
      status: 'confirmed',
      decidedBy: null,
      decidedAt: input.at,
      reversesId: refund.id,
    },
    [{ orderKey: refund.orderKey, component: 'refund_returned', periodNo: null, amount: refund.amount }],
  )
  await record(tx, {
    staffId: null,
    role: null,
    ip: null,
    action: 'adjustments.refund-returned',
    recordType: 'order',
    recordId: seen.orderNo,
    markets: [seen.market],
    before: { adjustmentId: refund.id, kind: 'refund', amount: refund.amount, payoutRequestId: input.payoutRequestId },
    after: { adjustmentId: row.id, kind: row.kind, amount: row.amount, reverses: refund.id, reason: row.note },
    at: input.at,
  })
  return row.id
}
