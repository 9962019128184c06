import type { Cents, Market } from '@kilat/domain'
import type { Tx } from '../../db/client.js'
import { queueRefund } from './payouts.outbox.js'

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
