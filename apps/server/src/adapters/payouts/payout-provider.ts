import type { Cents, Market } from '@kilat/domain'

/**
 * The outside world's payout provider, behind an interface (docs/product/operations.md#disbursement):
 * it sends an approved loan's money to the borrower. The sandbox (sandbox-payouts.ts) is the
 * built-in implementation; a real provider (Xendit's or Midtrans' disbursement API, STP's SPEI
 * transfers) implements the same call and is passed to `buildApp` as `payouts`.
 */

export interface PayoutInput {
  /**
   * Our id of the payout request: the provider's idempotency key, so that a request sent twice
   * (a retry after a timeout) moves the money once.
   */
  reference: string
  orderNo: string
  amount: Cents
  market: Market
}

/** The provider's answer: sent, with its reference of the transfer, or refused with its reason. */
export type PayoutResult = { ok: true; providerRef: string } | { ok: false; reason: string }

export interface PayoutProvider {
  /** Stored with each payout it sent ('sandbox', …). */
  readonly name: string
  send(input: PayoutInput): Promise<PayoutResult>
}
