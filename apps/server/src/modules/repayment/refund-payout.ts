import type { Cents, Market } from '@kilat/domain'
import type { Tx } from '../../db/client.js'

/** What a confirmed refund hands to the payout outbox. */
export interface RefundPayout {
  /** The refund's id (`adjustments.id`): the payout's idempotency key, so a retried send pays once. */
  refundId: number
  /** The order's database key (`orders.id`). */
  orderKey: number
  /** What goes back to the borrower, cents. */
  amount: Cents
  market: Market
}

/**
 * Hands a confirmed refund to the payout outbox (docs/product/waivers-and-refunds.md#refunds): called
 * once, inside the transaction that confirms the refund, so that the refund and its instruction to
 * pay exist together or not at all. It writes only; a worker outside any transaction or lock sends
 * the money through the payout provider. Until the outbox is wired in, the refund stays `confirmed`
 * and nothing else is written: no provider is ever called from here.
 */
export async function queueRefundPayout(_tx: Tx, _refund: RefundPayout): Promise<void> {
  // the payout outbox's instruction is written here, in `_tx`
}
