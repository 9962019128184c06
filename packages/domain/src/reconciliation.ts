/**
 * Reconciliation's vocabulary (docs/product/operations.md#reconciliation): the kinds of difference
 * between the gateway's daily report and our payments, and how finance may resolve each. The
 * server finds the differences; what may be done with one is decided here, once.
 */

export const RECON_DIFFERENCE_KINDS = [
  /** A callback for an account we never issued: refused by the webhook, kept for operations. */
  'unknown_account',
  /** A payment into an account whose time had run out (the gateway took it all the same). */
  'expired_account',
  /** A payment of another amount than its account asked. */
  'amount_mismatch',
  /** A payment on an order that owed nothing any more (settled): all of it is kept to refund. */
  'overpayment',
  /** The report has a payment we never received a callback for (a missed webhook). */
  'missed_callback',
  /** We received a callback the report does not list. */
  'unreported_callback',
  /** The gateway kept another fee than the contract's (domain gateway-fees). */
  'fee_mismatch',
] as const
export type ReconDifferenceKind = (typeof RECON_DIFFERENCE_KINDS)[number]

export const RECON_RESOLUTION_KINDS = [
  /** The money becomes a payment on an order, through the allocation every payment goes through. */
  'apply_to_order',
  /** The gateway's mistake (its report, its fee, its callback): recorded with a note, nothing moves. */
  'gateway_error',
  /** The money goes back to the payer: a refund is requested. */
  'refund',
] as const
export type ReconResolutionKind = (typeof RECON_RESOLUTION_KINDS)[number]

/**
 * What each kind of difference may become. Only money that reached no order (an unknown account,
 * a missed callback) can be applied to one; only money we hold beyond what was asked can be
 * refunded; any difference may be the gateway's error.
 */
const ALLOWED: Record<ReconDifferenceKind, readonly ReconResolutionKind[]> = {
  unknown_account: ['apply_to_order', 'refund', 'gateway_error'],
  missed_callback: ['apply_to_order', 'gateway_error'],
  expired_account: ['refund', 'gateway_error'],
  amount_mismatch: ['refund', 'gateway_error'],
  overpayment: ['refund', 'gateway_error'],
  unreported_callback: ['gateway_error'],
  fee_mismatch: ['gateway_error'],
}

export function resolutionsFor(kind: ReconDifferenceKind): readonly ReconResolutionKind[] {
  return ALLOWED[kind]
}

export function resolutionAllowed(kind: ReconDifferenceKind, resolution: ReconResolutionKind): boolean {
  return ALLOWED[kind].includes(resolution)
}
