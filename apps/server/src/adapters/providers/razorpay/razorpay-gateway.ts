import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import type { Market } from '@kilat/domain'
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
import { ProviderUnavailable, type CheckableProvider, type ProviderCheck, type ProviderHttp } from '../provider-http.js'
import { assertIndia, fromPaise, razorpayHttp, toPaise, type RazorpayOptions } from './client.js'
import { RazorpayRefused, refusalOf } from './errors.js'
import type { RazorpaySettings } from './settings.js'
import { notesSchema, verifyRazorpayWebhook } from './webhook.js'

/**
 * Razorpay's payment gateway for India (docs/operations/providers/razorpay.md): Smart Collect
 * virtual accounts, one per repayment account, whose `notes` carry our reference, and Payment
 * Links for the hosted page; a payment comes back by the `virtual_account.credited` or
 * `payment_link.paid` webhook. Plain `fetch` through ProviderHttp, not Razorpay's Node SDK: we call
 * four endpoints here, and the SDK would bring axios beside our fetch, its own timeouts and errors
 * in place of ProviderHttp's rule, and no validation of answers.
 */

export const RAZORPAY = 'razorpay'

/** Our keys in a virtual account's notes (Razorpay sends them back with every payment into it). */
export const NOTE_REFERENCE = 'kilat_reference'
export const NOTE_METHOD = 'kilat_method'

const bankReceiver = z.object({ entity: z.literal('bank_account'), account_number: z.string().regex(/^[A-Za-z0-9]{6,40}$/), ifsc: z.string().nullish() })
const vpaReceiver = z.object({ entity: z.literal('vpa'), address: z.string().min(3).max(100) })
const receiver = z.union([bankReceiver, vpaReceiver, z.object({ entity: z.string() })])

const virtualAccount = z.object({
  id: z.string().min(1).max(40),
  entity: z.literal('virtual_account'),
  status: z.string(),
  notes: notesSchema,
  receivers: z.array(receiver),
  close_by: z.number().int().nullish(),
})
type VirtualAccount = z.infer<typeof virtualAccount>

const payment = z.object({
  id: z.string().min(1).max(40),
  entity: z.literal('payment'),
  amount: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  currency: z.string(),
  status: z.string(),
  method: z.string().nullish(),
  fee: z.number().int().nonnegative().nullish(),
  tax: z.number().int().nonnegative().nullish(),
  created_at: z.number().int().positive(),
})

const paymentList = z.object({ entity: z.literal('collection'), count: z.number().int().nonnegative(), items: z.array(payment) })

const paymentLink = z.object({
  id: z.string().min(1).max(40),
  short_url: z.url({ protocol: /^https$/ }).max(200),
  status: z.string(),
  reference_id: z.string().nullish(),
  notes: notesSchema,
  expire_by: z.number().int().nullish(),
})

const paymentLinkList = z.object({ payment_links: z.array(paymentLink) })

const creditedPayload = z.object({
  payment: z.object({ entity: payment }),
  virtual_account: z.object({ entity: virtualAccount }),
})

const linkPaidPayload = z.object({
  payment: z.object({ entity: payment }),
  payment_link: z.object({ entity: paymentLink }),
})

const callbackPayload = z.union([creditedPayload, linkPaidPayload])

/** The methods of India's catalogue (modules/repayment/methods) and the receivers each one needs. */
const RECEIVERS: Record<string, { kind: 'va' | 'upi'; types: string[] }> = {
  BANK_TRANSFER: { kind: 'va', types: ['bank_account'] },
  // A virtual UPI id comes with a bank account: Smart Collect does not issue one alone.
  UPI: { kind: 'upi', types: ['bank_account', 'vpa'] },
}

/** The number the borrower pays into: the UPI id for a UPI account, the bank account's number otherwise. */
function accountNoOf(va: VirtualAccount, method: string): string | undefined {
  for (const r of va.receivers) {
    if (method === 'UPI' && r.entity === 'vpa' && 'address' in r) return r.address
    if (method !== 'UPI' && r.entity === 'bank_account' && 'account_number' in r) return r.account_number
  }
  return undefined
}

/** A page of the payments list; a day of more than this many pages is refused rather than cut short. */
const PAGE = 100
const MAX_PAGES = 2_000

/** India has one time zone without summer time: a local day starts at 00:00 +05:30. */
function dayBounds(localDay: string): { from: number; to: number } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(localDay)) throw new Error(`not a day: ${localDay}`)
  const from = Date.parse(`${localDay}T00:00:00+05:30`)
  if (Number.isNaN(from)) throw new Error(`not a day: ${localDay}`)
  return { from: from / 1000, to: from / 1000 + 86_400 - 1 }
}

export class RazorpayGateway implements PaymentGateway, CheckableProvider {
  readonly name = RAZORPAY

  /** Smart Collect's bank account and UPI id, and a Payment Link as the hosted page; cards only through Razorpay's own page. */
  offers(method: string): boolean {
    return Object.hasOwn(RECEIVERS, method) || method === 'HOSTED'
  }
  private readonly http: ProviderHttp

  constructor(
    private readonly settings: RazorpaySettings,
    options: RazorpayOptions = {},
  ) {
    this.http = razorpayHttp(RAZORPAY, settings, options)
  }

  async issueAccount(input: IssueAccountInput): Promise<IssuedAccount> {
    assertIndia(input.market, 'collection')
    if (input.accountKind === 'hosted') return this.issueLink(input)
    const plan = RECEIVERS[input.method]
    if (!plan || plan.kind !== input.accountKind) throw new RazorpayRefused('notOffered', `method ${input.method} (${input.accountKind})`)
    // no idempotency key for virtual accounts: after a timeout or a 5xx it is not sent again (the borrower asks again)
    const answer = await this.http.request({
      method: 'POST',
      path: '/v1/virtual_accounts',
      json: {
        receivers: { types: plan.types },
        description: `Kilat repayment ${input.reference}`,
        amount_expected: toPaise(input.amount),
        close_by: Math.floor(input.expiresAt.getTime() / 1000),
        notes: { [NOTE_REFERENCE]: input.reference, [NOTE_METHOD]: input.method },
      },
      schema: virtualAccount,
    })
    if (!answer.ok) throw refusalOf(answer, RAZORPAY)
    const accountNo = accountNoOf(answer.body, input.method)
    if (!accountNo) throw new ProviderUnavailable(RAZORPAY, `virtual account ${answer.body.id} has no ${input.method === 'UPI' ? 'UPI id' : 'bank account'}`)
    const closeBy = answer.body.close_by
    return { accountNo, gatewayRef: answer.body.id, expiresAt: closeBy ? new Date(closeBy * 1000) : input.expiresAt }
  }

  /**
   * A Payment Link (`POST /v1/payment_links`): Razorpay's own page, where the borrower pays by card,
   * UPI or net banking. Its `short_url` is the account's number, the page's address. Our reference
   * is its `reference_id`, which Razorpay keeps unique: when a retry after a lost answer is refused
   * for it, the link the first attempt made is fetched and answered.
   */
  private async issueLink(input: IssueAccountInput): Promise<IssuedAccount> {
    const answer = await this.http.request({
      method: 'POST',
      path: '/v1/payment_links',
      json: {
        amount: toPaise(input.amount),
        currency: 'INR',
        accept_partial: false,
        expire_by: Math.floor(input.expiresAt.getTime() / 1000),
        reference_id: input.reference,
        description: `Kilat repayment ${input.reference}`,
        notify: { sms: false, email: false },
        reminder_enable: false,
        notes: { [NOTE_REFERENCE]: input.reference, [NOTE_METHOD]: input.method },
      },
      // Razorpay keeps `reference_id` unique: a repeat is refused, and the first link fetched below
      idempotency: { bodyField: 'reference_id' },
      schema: paymentLink,
    })
    let link = answer.ok ? answer.body : undefined
    if (!answer.ok) {
      const field = (answer.body as { error?: { field?: unknown } } | null)?.error?.field
      if (field !== 'reference_id' && !/reference/i.test(answer.message)) throw refusalOf(answer, RAZORPAY)
      const found = await this.http.request({ method: 'GET', path: `/v1/payment_links?reference_id=${encodeURIComponent(input.reference)}`, schema: paymentLinkList })
      link = found.ok ? found.body.payment_links.find((l) => l.reference_id === input.reference) : undefined
      if (!link) throw refusalOf(answer, RAZORPAY)
    }
    if (!link) throw new ProviderUnavailable(RAZORPAY, 'no payment link answered')
    return { accountNo: link.short_url, gatewayRef: link.id, expiresAt: link.expire_by ? new Date(link.expire_by * 1000) : input.expiresAt }
  }

  /** Razorpay keeps cards only through its Checkout in the browser; the server never sees a card number. */
  async tokenizeCard(_input: TokenizeCardInput): Promise<{ cardToken: string }> {
    throw new RazorpayRefused('notOffered', 'cards are not offered with razorpay: they are taken by Razorpay Checkout in the browser')
  }

  async chargeCard(_input: ChargeCardInput): Promise<IssuedAccount> {
    throw new RazorpayRefused('notOffered', 'cards are not offered with razorpay: they are taken by Razorpay Checkout in the browser')
  }

  /** A hosted account's number is its Payment Link's address. */
  hostedPageUrl(accountNo: string): string {
    if (!/^https:\/\/\S+$/.test(accountNo)) throw new RazorpayRefused('notOffered', 'not a razorpay payment link')
    return accountNo
  }

  /**
   * A `virtual_account.credited` event (Smart Collect) or a `payment_link.paid` one (a hosted
   * page): the payment's id is our idempotency key, its amount in paise our cents; the account is
   * ours by the reference in its notes, and the number is the one we issued (the UPI id of a UPI
   * account, even when the borrower paid into its bank account; a link's address).
   */
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now = new Date()): VerifiedCallback {
    const verified = verifyRazorpayWebhook(this.settings.webhookSecret, rawBody, headers, now, ['virtual_account.credited', 'payment_link.paid'], callbackPayload)
    if (!verified.ok) return verified
    const pay = verified.payload.payment.entity
    let notes: Record<string, unknown>
    let accountNo: string | undefined
    if ('virtual_account' in verified.payload && verified.event === 'virtual_account.credited') {
      const va = verified.payload.virtual_account.entity
      notes = va.notes
      const method = notes[NOTE_METHOD]
      accountNo = typeof method === 'string' && RECEIVERS[method] ? accountNoOf(va, method) : undefined
    } else if ('payment_link' in verified.payload && verified.event === 'payment_link.paid') {
      const link = verified.payload.payment_link.entity
      notes = link.notes
      accountNo = link.short_url
    } else {
      return { ok: false, reason: 'malformed' }
    }
    const reference = notes[NOTE_REFERENCE]
    const method = notes[NOTE_METHOD]
    if (typeof reference !== 'string' || !/^\d{1,15}$/.test(reference) || typeof method !== 'string' || method === '' || method.length > 40) return { ok: false, reason: 'malformed' }
    if (pay.currency !== 'INR' || !accountNo) return { ok: false, reason: 'malformed' }
    return {
      ok: true,
      event: { gatewayPaymentId: pay.id, accountNo, externalId: reference, amount: fromPaise(pay.amount), paidAt: new Date(pay.created_at * 1000), method, raw: verified.raw },
    }
  }

  /**
   * What Razorpay collected on India's local day: its payments list by creation time, captured
   * ones (and those refunded since: the money was collected that day), with Razorpay's fee, which
   * includes its GST (`tax` is the GST part of `fee`). Not the settlement recon, which lists what
   * was settled on a day, two working days after it was collected. The list does not name the
   * virtual account: `accountNo` is empty, and a missed callback is found by its payment id.
   */
  async reportOf(market: Market, localDay: string): Promise<SettlementReport> {
    assertIndia(market, 'report')
    const { from, to } = dayBounds(localDay)
    const lines: SettlementLine[] = []
    for (let page = 0; ; page += 1) {
      if (page >= MAX_PAGES) throw new Error(`razorpay report of ${localDay} has more than ${MAX_PAGES * PAGE} payments`)
      const answer = await this.http.request({ method: 'GET', path: `/v1/payments?from=${from}&to=${to}&count=${PAGE}&skip=${page * PAGE}`, schema: paymentList })
      if (!answer.ok) throw refusalOf(answer, RAZORPAY)
      for (const p of answer.body.items) {
        if ((p.status !== 'captured' && p.status !== 'refunded') || p.currency !== 'INR') continue
        lines.push({ gatewayPaymentId: p.id, accountNo: '', amount: fromPaise(p.amount), fee: fromPaise(p.fee ?? 0), paidAt: new Date(p.created_at * 1000) })
      }
      if (answer.body.items.length < PAGE) break
    }
    return { market, day: localDay, lines }
  }

  /** Lists one payment: harmless, and refused with a wrong key. Razorpay's API does not tell the webhook's address. */
  async check(_expectedCallbackUrl: string): Promise<ProviderCheck> {
    return checkWith(this.http, '/v1/payments?count=1', 'GET /v1/payments?count=1', paymentList)
  }
}

/** One harmless call: ok, refused (401/403: the key is wrong or revoked) or unreachable. */
export async function checkWith(http: ProviderHttp, path: string, asked: string, schema: z.ZodType<unknown>): Promise<ProviderCheck> {
  const provider = http.provider
  const callback = 'unknown' as const
  try {
    const answer = await http.request({ method: 'GET', path, schema })
    if (answer.ok) return { provider, keys: 'ok', callback, detail: `${asked} answered; the webhook address cannot be read through the API: check it on the dashboard` }
    if (answer.status === 401 || answer.status === 403) return { provider, keys: 'refused', callback, detail: `${asked} refused the key (HTTP ${answer.status})` }
    return { provider, keys: 'refused', callback, detail: `${asked} answered HTTP ${answer.status} (${answer.code})` }
  } catch (error) {
    return { provider, keys: 'unreachable', callback, detail: `${asked}: ${error instanceof Error ? error.message : 'no answer'}` }
  }
}
