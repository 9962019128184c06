import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import { MARKET_INFO, type Market } from '@kilat/domain'
import type {
  ChargeCardInput,
  IssueAccountInput,
  IssuedAccount,
  PaymentGateway,
  SettlementLine,
  SettlementReport,
  TokenizeCardInput,
  VerifiedCallback,
} from '../../payments/payment-gateway.js'
import { ProviderError } from '../provider-error.js'
import { ProviderUnavailable, type CheckableProvider, type ProviderCheck, type ProviderHttp, type ProviderRefusal } from '../provider-http.js'
import type { XenditSettings } from './settings.js'
import { XENDIT, centsOfRupiah, checkCallbackToken, jsonOf, rupiahOf, xenditHttp, type XenditAdapterOptions } from './xendit-api.js'

/**
 * Xendit as the payment gateway of Indonesia (docs/operations/providers/xendit.md): a closed,
 * single-use fixed virtual account per bank (`POST /callback_virtual_accounts`) and a single-use
 * fixed payment code at Alfamart or Indomaret (`POST /fixed_payment_code`), both for the exact
 * amount owed and until the account's expiry; their "paid" callbacks carry our reference as
 * `external_id`. Cards are tokenised in the browser by Xendit.js, which we do not use: the server
 * never sends a card number, so binding and charging a card are not offered with Xendit; a card
 * is paid on Xendit's own page instead (a 'hosted' account: an invoice, `POST /v2/invoices`,
 * limited to cards).
 */

/** Our repayment method codes (modules/repayment/methods) and what Xendit calls them. */
export const XENDIT_METHODS: Readonly<Record<string, { kind: 'va'; bankCode: string } | { kind: 'payment_code'; outlet: string } | { kind: 'hosted' }>> = Object.freeze({
  BCA: { kind: 'va', bankCode: 'BCA' },
  BNI: { kind: 'va', bankCode: 'BNI' },
  BRI: { kind: 'va', bankCode: 'BRI' },
  MANDIRI: { kind: 'va', bankCode: 'MANDIRI' },
  PERMATA: { kind: 'va', bankCode: 'PERMATA' },
  CIMB: { kind: 'va', bankCode: 'CIMB' },
  ALFAMART: { kind: 'payment_code', outlet: 'ALFAMART' },
  INDOMARET: { kind: 'payment_code', outlet: 'INDOMARET' },
  // card repay's hosted page (modules/repayment/cards: HOSTED_METHOD)
  HOSTED: { kind: 'hosted' },
})

/** Whether Xendit can issue an account of this method (the lead hides the others where Xendit is the gateway). */
export function xenditOffers(market: Market, method: string): boolean {
  return market === 'ID' && Object.hasOwn(XENDIT_METHODS, method)
}

const isoDate = z.iso.datetime({ offset: true })
const rupiah = z.number().int().positive().max(Number.MAX_SAFE_INTEGER / 100)

const vaCreated = z.object({
  id: z.string().min(1).max(100),
  external_id: z.string(),
  account_number: z.string().regex(/^\d{6,32}$/),
  expiration_date: isoDate,
})

const codeCreated = z.object({
  id: z.string().min(1).max(100),
  external_id: z.string(),
  payment_code: z.string().regex(/^[A-Z0-9]{4,32}$/),
  expiration_date: isoDate,
})

/** Our references are `payment_accounts.id`: digits. Anything else was not issued by us. */
const ourReference = z.string().regex(/^\d{1,15}$/)

/** The "fixed virtual account paid" callback: `payment_id` is the payment's, `id` the callback record's. */
const vaPaid = z.object({
  id: z.string().min(1).max(100),
  payment_id: z.string().min(1).max(100),
  callback_virtual_account_id: z.string().min(1).max(100),
  external_id: ourReference,
  account_number: z.string().regex(/^\d{6,32}$/),
  bank_code: z.string().min(2).max(40),
  amount: rupiah,
  transaction_timestamp: isoDate,
  currency: z.literal('IDR').optional(),
})

/** The "fixed payment code paid" callback of a mini market. */
const codePaid = z.object({
  id: z.string().min(1).max(100),
  payment_id: z.string().min(1).max(100),
  fixed_payment_code_id: z.string().min(1).max(100),
  external_id: ourReference,
  payment_code: z.string().regex(/^[A-Z0-9]{4,32}$/),
  retail_outlet_name: z.enum(['ALFAMART', 'INDOMARET']),
  amount: rupiah,
  status: z.literal('COMPLETED'),
  transaction_timestamp: isoDate,
})

const invoiceCreated = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/),
  external_id: z.string(),
  invoice_url: z.string(),
  expiry_date: isoDate,
})

/**
 * An invoice's callback once paid (PAID, then SETTLED when the money reaches our balance; both
 * are the same payment). A card payment carries its charge's id, which the transactions report
 * names; an expired invoice's callback is not a payment.
 */
const invoicePaid = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/),
  external_id: ourReference,
  status: z.enum(['PAID', 'SETTLED']),
  paid_amount: rupiah,
  paid_at: isoDate,
  payment_method: z.string().max(40).optional(),
  credit_card_charge_id: z.string().min(1).max(100).optional(),
  payment_id: z.string().min(1).max(100).optional(),
  currency: z.literal('IDR').optional(),
})

export const HOSTED_PAYMENT_METHODS = ['CREDIT_CARD']

const transaction = z.object({
  id: z.string().min(1),
  product_id: z.string().min(1),
  type: z.string(),
  status: z.string(),
  channel_category: z.string(),
  channel_code: z.string().nullable(),
  account_identifier: z.string().nullable(),
  reference_id: z.string(),
  currency: z.string(),
  amount: z.number(),
  cashflow: z.string(),
  fee: z.object({ xendit_fee: z.number().nonnegative(), value_added_tax: z.number().nonnegative() }),
  created: isoDate,
})

const transactions = z.object({ has_more: z.boolean(), data: z.array(transaction) })

const balance = z.object({ balance: z.number() })

const PAGE = 50

/** The instant a market's local day starts (its time zone's midnight), found from the zone's offset at that moment. */
export function localMidnight(day: string, timeZone: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  const guess = Date.UTC(y, m - 1, d)
  const offsetAt = (t: number) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
        .formatToParts(new Date(t))
        .map((p) => [p.type, p.value]),
    )
    return Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second)) - t
  }
  const first = guess - offsetAt(guess)
  return new Date(guess - offsetAt(first))
}

/** A method Xendit does not issue here: "choose another method" for the borrower (http/provider-errors.ts), the detail for the log. */
function notOffered(operation: string, what: string, why = 'xendit issues no such account'): ProviderError {
  return new ProviderError({ provider: XENDIT, operation, kind: 'not-offered', detail: `${what} is not offered with xendit: ${why}` })
}

/** Binding or charging a card: Xendit tokenises card details in the browser (Xendit.js), never through our server. */
const CARDS_IN_BROWSER = "Xendit.js tokenises card details in the browser; the server never sends a card number (card repay uses the hosted page)"


/**
 * A refusal of Xendit's to issue an account: a bank or outlet Xendit does not offer on our
 * account, or an amount outside its limits, is 'not-offered' ("choose another method"); a refused
 * key, a forbidden call or a request it finds invalid is 'refused', ours to fix (internal, logged
 * with Xendit's code).
 */
export function issueRefusal(refusal: ProviderRefusal): ProviderError {
  const kind = (k: 'not-offered' | 'refused') => ProviderError.refusal(XENDIT, 'issueAccount', refusal, k, 'xendit refused the account')
  switch (refusal.code) {
    case 'BANK_NOT_SUPPORTED_ERROR':
    case 'RETAIL_OUTLET_NOT_SUPPORTED_ERROR':
    case 'CHANNEL_NOT_ACTIVATED':
    case 'MINIMUM_EXPECTED_AMOUNT_ERROR':
    case 'MAXIMUM_EXPECTED_AMOUNT_ERROR':
    case 'VIRTUAL_ACCOUNT_NUMBER_OUTSIDE_RANGE':
    case 'PAYMENT_CODE_OUTSIDE_RANGE':
      return kind('not-offered')
    default:
      return kind('refused')
  }
}

export class XenditGateway implements PaymentGateway, CheckableProvider {
  readonly name = XENDIT

  offers(method: string): boolean {
    return xenditOffers('ID', method)
  }
  private readonly http: ProviderHttp

  constructor(
    private readonly settings: XenditSettings,
    options: XenditAdapterOptions = {},
  ) {
    this.http = xenditHttp(settings, options)
  }

  async issueAccount(input: IssueAccountInput): Promise<IssuedAccount> {
    const method = xenditOffers(input.market, input.method) ? XENDIT_METHODS[input.method] : undefined
    if (!method || method.kind !== input.accountKind) throw notOffered('issueAccount', `${input.market} ${input.method} (${input.accountKind})`)
    const expected = rupiahOf(input.amount)
    if (method.kind === 'hosted') return this.issueInvoice(input, expected)
    const common = {
      external_id: input.reference,
      name: this.settings.accountName,
      expected_amount: expected,
      expiration_date: input.expiresAt.toISOString(),
      is_single_use: true,
    }
    // The same key on every retry of this account (our reference): a retried creation is one account.
    const idempotency = { header: 'x-idempotency-key', key: `kilat-acc-${input.reference}` }
    try {
      if (method.kind === 'va') {
        const answer = await this.http.request({
          method: 'POST',
          path: '/callback_virtual_accounts',
          json: { ...common, bank_code: method.bankCode, is_closed: true },
          idempotency,
          schema: vaCreated,
        })
        if (!answer.ok) throw issueRefusal(answer)
        return { accountNo: answer.body.account_number, gatewayRef: answer.body.id, expiresAt: new Date(answer.body.expiration_date) }
      }
      const answer = await this.http.request({
        method: 'POST',
        path: '/fixed_payment_code',
        json: { ...common, retail_outlet_name: method.outlet },
        idempotency,
        schema: codeCreated,
      })
      if (!answer.ok) throw issueRefusal(answer)
      return { accountNo: answer.body.payment_code, gatewayRef: answer.body.id, expiresAt: new Date(answer.body.expiration_date) }
    } catch (error) {
      // Xendit did not answer: the borrower reads "try again later", the log Xendit's detail.
      if (error instanceof ProviderUnavailable) throw ProviderError.unavailable(error, 'issueAccount')
      throw error
    }
  }

  /**
   * A 'hosted' account is an invoice limited to cards: its id is the account number, and its page
   * is XENDIT_CHECKOUT_URL then the id (checked against the `invoice_url` Xendit answers, since
   * hostedPageUrl has only the number to go on).
   */
  private async issueInvoice(input: IssueAccountInput, amount: number): Promise<IssuedAccount> {
    const seconds = Math.floor((input.expiresAt.getTime() - Date.now()) / 1000)
    if (seconds < 60) throw new ProviderError({ provider: XENDIT, operation: 'issueAccount', kind: 'misconfigured', detail: 'an invoice must stay open a minute or more' })
    try {
      const answer = await this.http.request({
        method: 'POST',
        path: '/v2/invoices',
        json: { external_id: input.reference, amount, currency: 'IDR', description: `Kilat repayment ${input.reference}`, invoice_duration: seconds, payment_methods: HOSTED_PAYMENT_METHODS },
        idempotency: { header: 'x-idempotency-key', key: `kilat-acc-${input.reference}` },
        schema: invoiceCreated,
      })
      if (!answer.ok) throw issueRefusal(answer)
      if (answer.body.invoice_url !== this.hostedPageUrl(answer.body.id)) {
        throw new ProviderError({ provider: XENDIT, operation: 'issueAccount', kind: 'misconfigured', detail: "the invoice's page is not under XENDIT_CHECKOUT_URL" })
      }
      return { accountNo: answer.body.id, gatewayRef: answer.body.id, expiresAt: new Date(answer.body.expiry_date) }
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw ProviderError.unavailable(error, 'issueAccount')
      throw error
    }
  }

  async tokenizeCard(_input: TokenizeCardInput): Promise<{ cardToken: string }> {
    throw notOffered('tokenizeCard', 'binding a card', CARDS_IN_BROWSER)
  }

  async chargeCard(_input: ChargeCardInput): Promise<IssuedAccount> {
    throw notOffered('chargeCard', 'charging a bound card', CARDS_IN_BROWSER)
  }

  hostedPageUrl(accountNo: string): string {
    if (!/^[A-Za-z0-9_-]{6,64}$/.test(accountNo)) throw new Error('not a Xendit invoice id')
    return `${this.settings.checkoutUrl}/${accountNo}`
  }

  /**
   * The token first (nothing of a request without it is read), then the body as one of the two
   * "paid" callbacks. Xendit's callbacks carry no signed time: a replayed callback is the same
   * payment (`payment_id`), which the webhook stores once.
   */
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders): VerifiedCallback {
    const token = checkCallbackToken(this.settings.callbackToken, headers)
    if (token !== 'ok') return { ok: false, reason: token }
    const body = jsonOf(rawBody)
    const va = vaPaid.safeParse(body)
    if (va.success) {
      const p = va.data
      return {
        ok: true,
        event: { gatewayPaymentId: p.payment_id, accountNo: p.account_number, externalId: p.external_id, amount: centsOfRupiah(p.amount), paidAt: new Date(p.transaction_timestamp), method: p.bank_code, raw: body },
      }
    }
    const code = codePaid.safeParse(body)
    if (code.success) {
      const p = code.data
      return {
        ok: true,
        event: { gatewayPaymentId: p.payment_id, accountNo: p.payment_code, externalId: p.external_id, amount: centsOfRupiah(p.amount), paidAt: new Date(p.transaction_timestamp), method: p.retail_outlet_name, raw: body },
      }
    }
    const invoice = invoicePaid.safeParse(body)
    if (invoice.success) {
      const p = invoice.data
      return {
        ok: true,
        event: { gatewayPaymentId: p.credit_card_charge_id ?? p.payment_id ?? p.id, accountNo: p.id, externalId: p.external_id, amount: centsOfRupiah(p.paid_amount), paidAt: new Date(p.paid_at), method: 'HOSTED', raw: body },
      }
    }
    return { ok: false, reason: 'malformed' }
  }

  /**
   * Xendit's transactions of the market's local day: successful money-in payments of virtual
   * accounts, mini markets and cards (hosted invoices), page after page (`after_id`). A line's id is the transaction's
   * `product_id`, the payment's id as its callback carried it (`payment_id`); its fee what Xendit
   * kept, its fee and the fee's VAT.
   */
  async reportOf(market: Market, localDay: string): Promise<SettlementReport> {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(localDay)) throw new Error(`not a day: ${localDay}`)
    if (market !== 'ID') return { market, day: localDay, lines: [] }
    const zone = MARKET_INFO[market].timeZone
    const from = localMidnight(localDay, zone)
    const next = new Date(Date.UTC(Number(localDay.slice(0, 4)), Number(localDay.slice(5, 7)) - 1, Number(localDay.slice(8, 10)) + 1))
    const to = localMidnight(next.toISOString().slice(0, 10), zone)
    const lines: SettlementLine[] = []
    let afterId: string | undefined
    for (let page = 0; page < 10_000; page += 1) {
      const query = new URLSearchParams()
      query.append('types', 'PAYMENT')
      query.append('statuses', 'SUCCESS')
      query.append('channel_categories', 'VIRTUAL_ACCOUNT')
      query.append('channel_categories', 'RETAIL_OUTLET')
      query.append('channel_categories', 'CARDS')
      query.append('currency', 'IDR')
      query.append('created[gte]', from.toISOString())
      query.append('created[lt]', to.toISOString())
      query.append('limit', String(PAGE))
      if (afterId) query.append('after_id', afterId)
      const answer = await this.http.request({ method: 'GET', path: `/transactions?${query.toString()}`, schema: transactions })
      if (!answer.ok) throw new Error(`xendit refused the transactions report: HTTP ${answer.status} ${answer.code}`)
      for (const t of answer.body.data) {
        if (t.cashflow !== 'MONEY_IN' || t.type !== 'PAYMENT' || t.status !== 'SUCCESS' || t.currency !== 'IDR') continue
        lines.push({
          gatewayPaymentId: t.product_id,
          // a card's identifier is its masked number: not kept, not shown
          accountNo: t.channel_category === 'CARDS' ? '' : (t.account_identifier ?? ''),
          amount: centsOfRupiah(t.amount),
          fee: centsOfRupiah(t.fee.xendit_fee + t.fee.value_added_tax),
          paidAt: new Date(t.created),
        })
      }
      const last = answer.body.data.at(-1)
      if (!answer.body.has_more || !last) return { market, day: localDay, lines }
      afterId = last.id
    }
    throw new Error('xendit transactions report: too many pages')
  }

  /** The key asks for the cash balance; Xendit's API does not say which callback addresses the dashboard holds. */
  async check(_expectedCallbackUrl: string): Promise<ProviderCheck> {
    return checkBalance(this.http)
  }
}

/** `GET /balance`: harmless, and answered only to a key that works. */
export async function checkBalance(http: ProviderHttp): Promise<ProviderCheck> {
  const callback = 'unknown' as const
  try {
    const answer = await http.request({ method: 'GET', path: '/balance?account_type=CASH', schema: balance })
    if (answer.ok) return { provider: XENDIT, keys: 'ok', callback, detail: 'GET /balance answered: the key works; callback addresses are set in the dashboard (not readable by the API)' }
    // 401 and 403 are about the key; another refusal (404 of a wrong XENDIT_API_URL) is not Xendit's answer to it
    if (answer.status === 401 || answer.status === 403) return { provider: XENDIT, keys: 'refused', callback, detail: `GET /balance refused the key: HTTP ${answer.status} ${answer.code}` }
    return { provider: XENDIT, keys: 'unreachable', callback, detail: `GET /balance answered HTTP ${answer.status} ${answer.code}: is XENDIT_API_URL Xendit's?` }
  } catch (error) {
    const detail = error instanceof ProviderUnavailable ? error.detail : 'no answer'
    return { provider: XENDIT, keys: 'unreachable', callback, detail: `GET /balance: ${detail}` }
  }
}
