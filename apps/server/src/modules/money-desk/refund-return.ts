import type { Tx } from '../../db/client.js'
import { record } from '../audit/audit.service.js'
import * as repo from './adjustments.repo.js'

/**
 * A refund whose payout failed is given back (docs/product/waivers-and-refunds.md#a-refund-that-fails):
 * the refund's own entry stands, as every entry does, and a `refund_returned` adjustment of the same
 * amount undoes it, in the transaction that fails the payout. What was overpaid is refundable again,
 * so finance can refund it anew (four eyes, a new payout); a repeated failure of one payout changes
 * nothing twice (one return per refund). The outbox calls it when a refund's payout fails
 * (payouts.outbox.ts ON_FAILED), in the transaction that fails the payout.
 * Written once per refund (a unique key); nothing when it was returned already.
 */
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
