import type { IncomingHttpHeaders } from 'node:http'
import type { Cents, Market } from '@kilat/domain'

/**
 * The outside world's payment gateway, behind an interface (docs/product/platform.md#sandbox-adapters,
 * docs/decisions/0012-payment-gateway.md). It issues the numbers a borrower pays into (a bank's
 * virtual account, a mini market's payment code, a CLABE, …) and tells us, by a callback to our
 * webhook, when money arrived. The sandbox (sandbox-gateway.ts) is the built-in implementation; a
 * real provider (Xendit, Midtrans) implements the same two calls.
 */

/**
 * What the borrower pays into, as the repayment methods name it (modules/repayment/methods); 'card'
 * is a charge of a bank card the borrower bound (chargeCard), 'hosted' the gateway's own payment
 * page (hostedPageUrl).
 */
export type AccountKind = 'va' | 'payment_code' | 'upi' | 'clabe' | 'cash_reference' | 'card' | 'hosted'

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

/** A card to keep: the gateway stores the number and answers a token for later charges. */
export interface TokenizeCardInput {
  /** The full number, Luhn-checked: passed on to the gateway, never stored or logged by us. */
  cardNo: string
  holderName: string
  market: Market
}

export interface ChargeCardInput {
  /** The token tokenizeCard answered for the card. */
  cardToken: string
  /** Cents of the market's currency: the server's own figure of what is owed. */
  amount: Cents
  market: Market
  /** Our `payment_accounts.id` of the charge: the gateway sends it back as `external_id`. */
  reference: string
  /** How long the charge may take to complete before we stop waiting for it. */
  expiresAt: Date
}

/** One payment of the gateway's daily settlement report: what it says it collected. */
export interface SettlementLine {
  /** The gateway's id of the payment, as its callback carried it. */
  gatewayPaymentId: string
  accountNo: string
  amount: Cents
  /** What the gateway kept of it. */
  fee: Cents
  paidAt: Date
}

/** What the gateway says it collected in a market on one of its local days (yyyy-mm-dd). */
export interface SettlementReport {
  market: Market
  day: string
  lines: SettlementLine[]
}

export type CallbackRefusal = 'missingSignature' | 'badSignature' | 'staleTimestamp' | 'malformed'

export type VerifiedCallback = { ok: true; event: PaymentEvent } | { ok: false; reason: CallbackRefusal }

export interface PaymentGateway {
  /** Stored with every account and payment (`gateway`), so two gateways' ids never meet. */
  readonly name: string
  /**
   * Whether the gateway can take a repayment method of ours (its code: 'BCA', 'UPI', 'SPEI'; 'CARD'
   * for binding and charging a card, 'HOSTED' for its own payment page): the methods a market
   * offers follow its gateway (docs/operations/going-live.md#what-each-market-offers). Absent: every one.
   */
  offers?(method: string): boolean
  issueAccount(input: IssueAccountInput): Promise<IssuedAccount>
  /** Keeps a card at the gateway (docs/decisions/0012-payment-gateway.md#cards). */
  tokenizeCard(input: TokenizeCardInput): Promise<{ cardToken: string }>
  /**
   * Charges a kept card once the borrower confirmed with their SMS code. The answer's `accountNo`
   * is the gateway's id of the charge; the money is known only when its callback arrives, like
   * any other payment.
   */
  chargeCard(input: ChargeCardInput): Promise<IssuedAccount>
  /** Where the borrower pays an account of kind 'hosted' (issued by issueAccount): the gateway's own page. */
  hostedPageUrl(accountNo: string): string
  /**
   * Checks that a callback comes from the gateway and is fresh, from the raw bytes received (a
   * signature covers bytes, not a re-serialised object), then reads it. Nothing is trusted before.
   */
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now?: Date): VerifiedCallback
  /**
   * The daily settlement report of a market's local day (docs/product/operations.md#the-gateways-daily-report):
   * every payment the gateway collected that day, with its fee. Xendit's is its transactions
   * report (`GET /transactions` by date), Midtrans' its settlement file.
   */
  reportOf(market: Market, localDay: string): Promise<SettlementReport>
}

/** Whether a gateway takes one of our repayment methods: every one, unless it says otherwise. */
export function gatewayOffers(gateway: PaymentGateway, method: string): boolean {
  return gateway.offers?.(method) ?? true
}
