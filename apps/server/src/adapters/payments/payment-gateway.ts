import type { IncomingHttpHeaders } from 'node:http'
import type { Cents, Market } from '@kilat/domain'

/**
 * The outside world's payment gateway, behind an interface (docs/product/platform.md#sandbox-adapters,
 * docs/decisions/0012-payment-gateway.md). It issues the numbers a borrower pays into (a bank's
 * virtual account, a mini market's payment code, a CLABE, …) and tells us, by a callback to our
 * webhook, when money arrived. The sandbox (sandbox-gateway.ts) is the built-in implementation; a
 * real provider (Xendit, Midtrans) implements the same two calls.
 */

/** What the borrower pays into, as the repayment methods name it (modules/repayment/methods). */
export type AccountKind = 'va' | 'payment_code' | 'upi' | 'clabe' | 'cash_reference'

export interface IssueAccountInput {
  /** The repayment method's code: 'BCA', 'ALFAMART', 'SPEI', … (a real gateway's bank or outlet code). */
  method: string
  accountKind: AccountKind
  /** What the account expects, in cents of the market's currency. */
  amount: Cents
  market: Market
  /** When the account should stop taking money (the gateway may shorten it; it answers the real one). */
  expiresAt: Date
  /** Our id of the account (`payment_accounts.id`): the gateway sends it back as `external_id`. */
  reference: string
  /**
   * The bank's numbering where we know it (methods.ts: its company-code prefix and the number's
   * length). A real gateway knows its banks and ignores this; the sandbox numbers with it.
   */
  numbering?: { prefix?: string | undefined; length?: number | undefined } | undefined
}

export interface IssuedAccount {
  /** What the borrower types or shows at the counter. */
  accountNo: string
  /** The gateway's own id of the account. */
  gatewayRef: string
  expiresAt: Date
}

/** A payment the gateway reports, once its callback is verified. */
export interface PaymentEvent {
  /** The gateway's id of this payment: our idempotency key. */
  gatewayPaymentId: string
  accountNo: string
  /** Our `payment_accounts.id`, as we gave it at issue (`reference`). */
  externalId: string
  amount: Cents
  paidAt: Date
  method: string
  /** The callback's parsed body, kept as received. */
  raw: unknown
}

export type CallbackRefusal = 'missingSignature' | 'badSignature' | 'staleTimestamp' | 'malformed'

export type VerifiedCallback = { ok: true; event: PaymentEvent } | { ok: false; reason: CallbackRefusal }

export interface PaymentGateway {
  /** Stored with every account and payment (`gateway`), so two gateways' ids never meet. */
  readonly name: string
  issueAccount(input: IssueAccountInput): Promise<IssuedAccount>
  /**
   * Checks that a callback comes from the gateway and is fresh, from the raw bytes received (a
   * signature covers bytes, not a re-serialised object), then reads it. Nothing is trusted before.
   */
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now?: Date): VerifiedCallback
}
