import type { Cents, Market } from '@kilat/domain'
import type { Tx } from '../../../db/client.js'
import { refundFromResolution } from '../adjustments.js'

/** What a confirmed "refund" resolution hands to the refunds (docs/product/operations.md#resolutions). */
export interface RefundFromResolution {
  /** `recon_resolutions.id`: the refund's idempotency key. */
  resolutionId: number
  differenceId: number
  market: Market
  /** The order the money reached; null for a payment to an unknown account. */
  orderKey: number | null
  /** The payment the money came as, when we recorded one. */
  paymentId: number | null
  gateway: string
  gatewayPaymentId: string
  accountNo: string
  /** What goes back, in cents of the market's currency. */
  amount: Cents
  /** The finance member who confirmed it, and the one who proposed it. */
  confirmedBy: number
  proposedBy: number
  note: string
  at: Date
}

/**
 * Called inside the resolution's confirming transaction. Money that reached an order is refunded
 * as any refund is (docs/product/waivers-and-refunds.md#refunds): a confirmed refund under the
 * order's refundable limit, its entry, and its payout in the outbox, all committed with the
 * resolution; true. Money paid to an account we never issued reached no borrower we know, so there
 * is no one to pay it out to: the resolution stays awaiting its refund, which the gateway returns
 * to the payer; false.
 */
export async function requestRefundFromResolution(tx: Tx, refund: RefundFromResolution): Promise<boolean> {
  if (refund.orderKey === null) return false
  await refundFromResolution(tx, {
    orderKey: refund.orderKey,
    amount: refund.amount,
    note: refund.note,
    requestedBy: refund.proposedBy,
    confirmedBy: refund.confirmedBy,
    at: refund.at,
  })
  return true
}
