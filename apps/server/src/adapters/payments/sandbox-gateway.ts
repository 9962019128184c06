import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import { and, asc, eq, sql } from 'drizzle-orm'
import { MARKET_INFO, cents, contractFee, makeClabe, type Cents, type Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { gatewayCallbacks } from './sandbox.schema.js'
import type {
  ChargeCardInput,
  IssueAccountInput,
  IssuedAccount,
  PaymentGateway,
  SettlementLine,
  SettlementReport,
  TokenizeCardInput,
  VerifiedCallback,
} from './payment-gateway.js'

/**
 * The built-in payment gateway (docs/decisions/0012-payment-gateway.md), behaving like Xendit's and
 * Midtrans' test modes: it issues believable numbers, and `sandboxPay` stands in for a borrower
 * paying at the bank or the counter, which queues a signed callback to our webhook
 * (callback-deliverer.ts posts it). What it issued is the `payment_accounts` row itself (its
 * `gateway` is 'sandbox'); what was paid is its `gateway_callbacks` queue.
 */

export const SANDBOX_GATEWAY = 'sandbox'

/** The headers of a signed callback: unix seconds, and the hex HMAC-SHA256 of `${timestamp}.${body}`. */
export const TIMESTAMP_HEADER = 'x-callback-timestamp'
export const SIGNATURE_HEADER = 'x-callback-signature'

/**
 * The sandbox's hosted payment page (demo mode and tests only), served by
 * modules/repayment/cards: `ref` is the checkout's id, the account number of a 'hosted' account.
 */
export const SANDBOX_CHECKOUT_PATH = '/h5-api/v3/sandbox/checkout'

/** An opaque id of the gateway's: random, long enough that nobody guesses another's. */
const opaqueId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`

/** A callback older or newer than this is refused: a recorded one cannot be replayed later. */
export const CALLBACK_TOLERANCE_SECONDS = 5 * 60

export function signCallback(secret: string, timestamp: number | string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex')
}

const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('')

/** A number in the method's range: its prefix, then random digits to its length. */
function numberFor(input: IssueAccountInput): string {
  switch (input.accountKind) {
    case 'va': {
      // A bank's range when the method names one (Xendit's sandbox prefixes in methods.ts), else 16 digits from 8.
      const prefix = input.numbering?.prefix ?? '8'
      const length = input.numbering?.length ?? 16
      if (!/^\d+$/.test(prefix) || length <= prefix.length + 4) throw new Error(`no room for an account number after prefix ${prefix} in ${length} digits`)
      return prefix + digits(length - prefix.length)
    }
    case 'payment_code':
      // Indonesia's mini markets: a merchant prefix and 10 digits, typed at the till.
      return `KLT${digits(10)}`
    case 'clabe':
      // SPEI: STP's bank code (646, the usual collector of fintechs), a plaza, 11 digits, the check digit.
      return makeClabe('646', '180', digits(11))
    case 'upi':
      return `kilat.${digits(10)}@kltpay`
    case 'cash_reference':
      // OXXO: a 14-digit reference read at the counter.
      return `9${digits(13)}`
    case 'hosted':
      // A checkout's id, as Xendit's invoices and Midtrans' Snap tokens are: the page's address holds it.
      return opaqueId('sbx_chk')
    case 'card':
      throw new Error('a card is charged (chargeCard), not issued an account')
  }
}

const callbackBody = z.object({
  id: z.string().min(1).max(100),
  account_no: z.string().min(1).max(64),
  external_id: z.string().regex(/^\d{1,15}$/),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  paid_at: z.iso.datetime({ offset: true }),
  method: z.string().min(1).max(40),
})

export type SandboxCallbackBody = z.infer<typeof callbackBody>

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

export type SignedBodyRefusal = 'missingSignature' | 'badSignature' | 'staleTimestamp' | 'malformed'

/**
 * A callback signed as the sandboxes sign theirs (the payment gateway's and the payout
 * provider's): the signature first, compared in constant time, so that nothing of an unsigned
 * request is read, not even its time; then the timestamp within CALLBACK_TOLERANCE_SECONDS; then the
 * body against its schema.
 */
export function verifySignedBody<T>(
  secret: string,
  rawBody: Buffer,
  headers: IncomingHttpHeaders,
  now: Date,
  schema: z.ZodType<T>,
): { ok: true; body: T } | { ok: false; reason: SignedBodyRefusal } {
  const timestamp = header(headers, TIMESTAMP_HEADER)
  const signature = header(headers, SIGNATURE_HEADER)
  if (!timestamp || !signature) return { ok: false, reason: 'missingSignature' }
  const expected = Buffer.from(signCallback(secret, timestamp, rawBody), 'hex')
  const given = /^[0-9a-f]+$/i.test(signature) ? Buffer.from(signature, 'hex') : Buffer.alloc(0)
  // timingSafeEqual throws on buffers of different lengths: a wrong length is simply wrong.
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'badSignature' }
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now.getTime() / 1000 - Number(timestamp)) > CALLBACK_TOLERANCE_SECONDS) {
    return { ok: false, reason: 'staleTimestamp' }
  }
  try {
    const result = schema.safeParse(JSON.parse(rawBody.toString('utf8')))
    return result.success ? { ok: true, body: result.data } : { ok: false, reason: 'malformed' }
  } catch {
    return { ok: false, reason: 'malformed' }
  }
}

/**
 * How the sandbox's daily report departs from what it collected, so that reconciliation can be
 * shown and tested: lines left out, lines added (a payment it never called back about), another fee.
 */
export interface SandboxReportOptions {
  /** Leaves the line out of the report. */
  omit?: (line: SettlementLine) => boolean
  /** Lines the report adds for the market's day. */
  extra?: (market: Market, day: string) => SettlementLine[]
  /** The fee reported for the line, instead of the contract's. */
  fee?: (line: SettlementLine, market: Market) => Cents
}

/**
 * The demo's rule (docs/product/operations.md#the-gateways-daily-report): a payment whose amount
 * ends in 17 cents is left out of the report, one ending in 29 cents is reported with one unit of
 * the currency (100 cents) more fee than the contract's; everything else as collected.
 */
export const DEMO_REPORT_RULE: SandboxReportOptions = {
  omit: (line) => line.amount % 100 === 17,
  fee: (line, market) => cents(contractFee(market, line.amount) + (line.amount % 100 === 29 ? 100 : 0)),
}

export interface SandboxGatewayOptions {
  /** Where the sandbox finds what it collected (its `gateway_callbacks`), for its daily report. */
  db?: Executor
  report?: SandboxReportOptions
}

export class SandboxGateway implements PaymentGateway {
  readonly name = SANDBOX_GATEWAY

  /** `secret`: PAYMENT_CALLBACK_SECRET, shared with the deliverer that signs. */
  constructor(
    private readonly secret: string,
    private readonly options: SandboxGatewayOptions = {},
  ) {}

  /**
   * What the sandbox collected in the market on its local day: every payment it queued a callback
   * for (delivered or not: the money was taken when the borrower paid), with the contract's fee,
   * then the report options (the demo rule in demo mode, a test's own).
   */
  async reportOf(market: Market, localDay: string): Promise<SettlementReport> {
    const db = this.options.db
    if (!db) throw new Error('the sandbox gateway was built without a database: it has no report')
    if (!/^\d{4}-\d{2}-\d{2}$/.test(localDay)) throw new Error(`not a day: ${localDay}`)
    const zone = MARKET_INFO[market].timeZone
    const rows = await db
      .select({ body: gatewayCallbacks.body })
      .from(gatewayCallbacks)
      .where(
        and(
          eq(gatewayCallbacks.market, market),
          sql`${gatewayCallbacks.paidAt} >= (${localDay}::date::timestamp at time zone ${zone})`,
          sql`${gatewayCallbacks.paidAt} < ((${localDay}::date + 1)::timestamp at time zone ${zone})`,
        ),
      )
      .orderBy(asc(gatewayCallbacks.paidAt), asc(gatewayCallbacks.id))
    const report = this.options.report ?? {}
    const lines: SettlementLine[] = []
    for (const row of rows) {
      const body = callbackBody.parse(JSON.parse(row.body))
      const amount = cents(body.amount)
      const line: SettlementLine = { gatewayPaymentId: body.id, accountNo: body.account_no, amount, fee: contractFee(market, amount), paidAt: new Date(body.paid_at) }
      if (report.omit?.(line)) continue
      lines.push(report.fee ? { ...line, fee: report.fee(line, market) } : line)
    }
    lines.push(...(report.extra?.(market, localDay) ?? []))
    return { market, day: localDay, lines }
  }

  async issueAccount(input: IssueAccountInput): Promise<IssuedAccount> {
    return { accountNo: numberFor(input), gatewayRef: `sbx_acc_${randomBytes(12).toString('hex')}`, expiresAt: input.expiresAt }
  }

  async tokenizeCard(_input: TokenizeCardInput): Promise<{ cardToken: string }> {
    // Random, never derived from the number: the token reveals nothing of the card.
    return { cardToken: opaqueId('sbx_card') }
  }

  /**
   * The sandbox's card network approves every charge: the caller records the charge's account and
   * then has the sandbox pay it (sandboxPay) in the same transaction, as a real gateway's callback
   * would later report it.
   */
  async chargeCard(input: ChargeCardInput): Promise<IssuedAccount> {
    if (!input.cardToken.startsWith('sbx_card_')) throw new Error('not a sandbox card token')
    const id = opaqueId('sbx_chg')
    return { accountNo: id, gatewayRef: id, expiresAt: input.expiresAt }
  }

  hostedPageUrl(accountNo: string): string {
    return `${SANDBOX_CHECKOUT_PATH}?ref=${encodeURIComponent(accountNo)}`
  }

  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now = new Date()): VerifiedCallback {
    const verified = verifySignedBody(this.secret, rawBody, headers, now, callbackBody)
    if (!verified.ok) return verified
    const parsed = verified.body
    return {
      ok: true,
      event: {
        gatewayPaymentId: parsed.id,
        accountNo: parsed.account_no,
        externalId: parsed.external_id,
        amount: cents(parsed.amount),
        paidAt: new Date(parsed.paid_at),
        method: parsed.method,
        raw: parsed,
      },
    }
  }
}

export type SandboxPayResult = { ok: true; paymentId: string; callbackId: number } | { ok: false; reason: 'unknownAccount' | 'alreadyPaid' }

/** What the sandbox needs of an account it issued to report it paid. */
export interface SandboxAccount {
  id: number
  accountNo: string
  amount: Cents
  method: string
  /** The account's market: the sandbox's report is per market. */
  market: Market
}

/**
 * A borrower pays a sandbox account (demo and tests only: the route that calls this is not there
 * otherwise). The caller (modules/repayment, whose the accounts are) finds the account, pending and
 * unexpired; it takes one payment, of its amount unless a test asks for another. The callback is
 * queued, not sent: the deliverer posts it, and retries.
 */
export async function queueSandboxPayment(db: Executor, account: SandboxAccount, options: { now?: Date; amount?: Cents } = {}): Promise<SandboxPayResult> {
  const now = options.now ?? new Date()
  const paymentId = `sbx_pay_${randomBytes(12).toString('hex')}`
  const body: SandboxCallbackBody = {
    id: paymentId,
    account_no: account.accountNo,
    external_id: String(account.id),
    amount: options.amount ?? account.amount,
    paid_at: now.toISOString(),
    method: account.method,
  }
  // One callback per account (a unique index): two taps on "pay" pay once.
  const [queued] = await db
    .insert(gatewayCallbacks)
    .values({ paymentAccountId: account.id, gatewayPaymentId: paymentId, body: JSON.stringify(body), nextAttemptAt: now, market: account.market, paidAt: now })
    .onConflictDoNothing({ target: gatewayCallbacks.paymentAccountId })
    .returning({ id: gatewayCallbacks.id })
  if (!queued) return { ok: false, reason: 'alreadyPaid' }
  return { ok: true, paymentId, callbackId: queued.id }
}
