import type { IncomingHttpHeaders } from 'node:http'
import type { Cents, Market } from '@kilat/domain'

/**
 * The outside world's payout provider, behind an interface (docs/product/operations.md#disbursement),
 * shaped like the payment gateway's (adapters/payments/payment-gateway.ts): it sends an approved
 * loan's money to the borrower, answers at once whether it took the payout, and reports later, by a
 * signed callback to our webhook, whether the money arrived. The sandbox (sandbox-payouts.ts) is the
 * built-in implementation; a real provider (Xendit's or Midtrans' disbursement API, STP's SPEI
 * transfers) implements the same calls and is passed to `buildApp` as `payouts`.
 */

/**
 * Where the money goes: the borrower's own account, as the borrower gave it
 * (docs/operations/going-live.md#where-payouts-go). `channelCode` names the receiving bank or
 * channel in the market's own terms: Indonesia's bank code ('BCA', 'MANDIRI'), India's transfer mode
 * ('IMPS', 'NEFT', 'RTGS' with `ifsc`, or 'UPI' with `vpa`), Mexico's Banxico institution code
 * ('40072') with a CLABE as the account number. Each provider maps it to its own codes.
 */
export interface PayoutDestination {
  channelCode: string
  /** The account number or CLABE; for UPI, empty (the id is `vpa`). Never logged whole. */
  accountNumber: string
  holderName: string
  /** India: the branch's IFSC for a bank transfer. */
  ifsc?: string | undefined
  /** India: the UPI id. */
  vpa?: string | undefined
}

export interface PayoutInput {
  /**
   * Our id of the payout request: the provider's idempotency key. Sending the same key again (a
   * retry after a timeout, another worker after a crash) answers the first result and never moves
   * the money twice.
   */
  reference: string
  orderNo: string
  amount: Cents
  market: Market
  /** The borrower's account; a live provider refuses a payout without one (a definite `{ ok: false }`), the sandbox needs none. */
  destination?: PayoutDestination | undefined
}

/**
 * The provider's answer to a send: it took the payout (its reference of the transfer; the result
 * comes later), or a definite refusal with its reason. Anything else (a timeout, an HTTP 500, a
 * network error) is thrown: the outcome is unknown and the send is retried with the same key.
 */
export type PayoutResult = { ok: true; providerRef: string } | { ok: false; reason: string }

/** What the provider knows of a key: nothing, taken and on its way, arrived, or failed with a reason. */
export type PayoutStatusAnswer =
  | { status: 'unknown' }
  | { status: 'accepted'; providerRef: string }
  | { status: 'completed'; providerRef: string; completedAt: Date }
  | { status: 'failed'; providerRef: string | null; reason: string }

/** A callback the provider sent, once verified: the final result of one payout. */
export interface PayoutCallbackEvent {
  /** The provider's id of this event: a repeat of it is a duplicate. */
  eventId: string
  /** Our reference (the payout request's id) as we gave it. */
  reference: string
  providerRef: string
  status: 'completed' | 'failed'
  /** The failure's reason; null when completed. */
  reason: string | null
  /** When the money arrived (or the payout failed), by the provider's clock. */
  at: Date
  /** The callback's parsed body, kept as received. */
  raw: unknown
}

export type PayoutCallbackRefusal = 'missingSignature' | 'badSignature' | 'staleTimestamp' | 'malformed'

export type VerifiedPayoutCallback = { ok: true; event: PayoutCallbackEvent } | { ok: false; reason: PayoutCallbackRefusal }

/**
 * Asking the market's provider who holds an account, before the first payout into it
 * (docs/product/identity-and-payout-account.md#name-check): Xendit's bank account name validation,
 * RazorpayX's fund account validation (the penny drop). `reference` is our idempotency key: asking
 * again with it (after a timeout, a crash) never starts a second check, nor a second penny.
 */
export interface AccountCheckInput {
  reference: string
  market: Market
  /** The account; `holderName` is the identity's name (RazorpayX's fund account takes one). */
  destination: PayoutDestination
}

/**
 * The bank's answer: the holder's name as the bank keeps it; no such account; or (an asynchronous
 * check, RazorpayX's) not finished yet, asked again later with the same reference. Anything else (a
 * timeout, an HTTP 5xx, a 429) is thrown: the check is tried again.
 */
export type AccountCheckAnswer = { status: 'found'; holderName: string } | { status: 'unknownAccount' } | { status: 'pending' }

/** Thrown by a provider whose answer is unknown (timeout, 5xx): the send is retried with the same key. */
export class PayoutUnavailable extends Error {
  override readonly name = 'PayoutUnavailable'
}

export interface PayoutProvider {
  /** Stored with each payout it sent ('sandbox', …). */
  readonly name: string
  /**
   * Sends a payout; idempotent by `input.reference`. Throws when the outcome is unknown. `signal`
   * is the caller's deadline (the payout outbox's): once it aborts, the call is cancelled down to
   * its HTTP request and throws, so nothing of it is left on its way.
   */
  send(input: PayoutInput, signal?: AbortSignal): Promise<PayoutResult>
  /** What the provider knows of a reference: asked when no callback came in time. Throws when unreachable, or when `signal` aborts. */
  status(reference: string, signal?: AbortSignal): Promise<PayoutStatusAnswer>
  /**
   * Checks that a callback comes from the provider and is fresh, from the raw bytes received (a
   * signature covers bytes, not a re-serialised object), then reads it. Nothing is trusted before.
   */
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now?: Date): VerifiedPayoutCallback
  /**
   * For a provider whose callbacks are not signed (STP): asks the provider, with our own signed
   * call, whether what a verified callback says is so; the webhook keeps the event only when it
   * agrees. Absent where the callback's signature is proof enough.
   */
  confirmCallback?(event: PayoutCallbackEvent): Promise<VerifiedPayoutCallback>
  /**
   * Who holds an account, by the provider's own check; idempotent by `input.reference`. Absent
   * where the market's provider has none (STP: the CLABE's own check digit stands, decision 0028).
   * Throws when the answer is unknown, or when `signal` aborts.
   */
  checkAccount?(input: AccountCheckInput, signal?: AbortSignal): Promise<AccountCheckAnswer>
}
