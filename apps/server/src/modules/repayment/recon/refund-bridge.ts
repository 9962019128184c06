import type { Cents, Market } from '@kilat/domain'
import type { Tx } from '../../../db/client.js'

/**
 * Where a confirmed "refund" resolution hands over to the refunds desk
 * (docs/product/operations.md#resolutions). The refunds desk is built apart; until it is wired in
 * here, the resolution stays confirmed-awaiting-refund and nothing else happens. Called inside the
 * confirmation's transaction, so a refund request the desk stores commits with the resolution.
 */
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
}

export async function requestRefundFromResolution(_tx: Tx, _refund: RefundFromResolution): Promise<void> {
  // Wired to the refunds desk when it joins; the resolution records the request meanwhile.
}
