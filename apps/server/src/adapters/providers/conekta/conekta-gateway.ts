import { createPublicKey, verify, type KeyObject } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import { cents, isValidClabe, localDate, type Market } from '@kilat/domain'
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
import { ProviderHttp, ProviderUnavailable, type CheckableProvider, type ProviderCheck, type ProviderLog, type ProviderRefusal } from '../provider-http.js'
import { mapConektaRefusal, conektaTypeOf } from './errors.js'
import type { ConektaSettings } from './settings.js'

/**
 * Conekta (docs/operations/providers/conekta.md), Mexico's gateway for SPEI and OXXO: an order
 * with one charge whose payment method is `spei` (Conekta answers a CLABE the borrower transfers
 * to) or `cash` (a reference read at an OXXO till). Amounts are centavos on both sides, so a cent
 * of ours is a centavo of Conekta's. Cards are tokenized in the browser by Conekta.js, never on
 * this server: tokenizeCard and chargeCard are not offered.
 */

export const CONEKTA = 'conekta'
/** The API version every call asks for. */
export const CONEKTA_ACCEPT = 'application/vnd.conekta-v2.1.0+json'
/** Conekta's signature of a callback: base64 RSA-SHA256 of the raw body, by the webhook key's private half. */
export const CONEKTA_DIGEST_HEADER = 'digest'
/**
 * A callback about an event older than this is refused: Conekta retries an unanswered callback for
 * about three days, so a genuine one is never older; a recorded one replayed later is.
 */
export const CONEKTA_EVENT_MAX_AGE_SECONDS = 3 * 24 * 3600
/** An event dated this far in the future is not Conekta's clock. */
const CLOCK_SKEW_SECONDS = 5 * 60
/** A paid order was created at most this long before its payment (our accounts expire sooner). */
const REPORT_LOOKBACK_DAYS = 35
const REPORT_MAX_PAGES = 200

const METHODS = {
  SPEI: { type: 'spei', kind: 'clabe' },
  OXXO: { type: 'cash', kind: 'cash_reference' },
} as const

export interface ConektaOptions {
  fetch?: typeof fetch | undefined
  log?: ProviderLog | undefined
  timeoutMs?: number | undefined
  retries?: number | undefined
  backoffMs?: number | undefined
}

const paymentMethod = z.object({
  type: z.string().optional(),
  object: z.string().optional(),
  clabe: z.string().optional(),
  receiving_account_number: z.string().optional(),
  reference: z.string().optional(),
  expires_at: z.number().int().optional(),
})

const charge = z.object({
  id: z.string().min(1).max(100),
  status: z.string(),
  amount: z.number(),
  fee: z.number().int().nonnegative().optional(),
  paid_at: z.number().int().nullable().optional(),
  order_id: z.string().optional(),
  reference_id: z.string().nullable().optional(),
  payment_method: paymentMethod,
})

const order = z.object({
  id: z.string().min(1),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
  charges: z.object({ data: z.array(charge) }),
})

const orderList = z.object({ has_more: z.boolean().optional(), data: z.array(order) })

const webhookList = z.object({
  data: z.array(z.object({ url: z.string(), status: z.string().optional(), active: z.boolean().optional(), subscribed_events: z.array(z.string()).optional() })),
})

const event = z.object({
  id: z.string().min(1).max(100),
  type: z.string(),
  created_at: z.number().int(),
  data: z.object({ object: z.unknown() }),
})

type Charge = z.infer<typeof charge>

/** Our id of the account (payment_accounts.id): what we put in the order's metadata and the charge's reference_id. */
const REFERENCE = /^\d{1,15}$/

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/** Where the borrower pays a charge: the CLABE of a SPEI charge, the reference of a cash one. */
function accountNoOf(c: Charge): string | undefined {
  return c.payment_method.clabe ?? c.payment_method.receiving_account_number ?? c.payment_method.reference
}

function methodOf(c: Charge): string {
  const type = (c.payment_method.type ?? c.payment_method.object ?? '').toLowerCase()
  return type.includes('spei') || type.includes('bank') ? 'SPEI' : 'OXXO'
}

/** Conekta's wording never reaches the borrower: "choose another method" (http/provider-errors.ts), the detail for the log. */
function notOffered(operation: string, what: string): ProviderError {
  return new ProviderError({ provider: CONEKTA, operation, kind: 'not-offered', detail: `${what} is not offered with conekta: cards are tokenized in the browser by Conekta.js` })
}

export class ConektaGateway implements PaymentGateway, CheckableProvider {
  readonly name = CONEKTA

  /** SPEI and OXXO; Conekta keeps cards in the browser (Conekta.js), and has no hosted page of ours here. */
  offers(method: string): boolean {
    return Object.hasOwn(METHODS, method)
  }
  private readonly http: ProviderHttp
  private readonly publicKey: KeyObject
  private readonly log: ProviderLog | undefined

  constructor(
    private readonly settings: ConektaSettings,
    options: ConektaOptions = {},
  ) {
    this.log = options.log
    this.publicKey = createPublicKey(settings.webhookPublicKey)
    this.http = new ProviderHttp({
      provider: CONEKTA,
      baseUrl: settings.apiUrl,
      headers: () => ({ authorization: `Bearer ${settings.apiKey}`, accept: CONEKTA_ACCEPT, 'accept-language': 'es' }),
      timeoutMs: options.timeoutMs,
      retries: options.retries,
      backoffMs: options.backoffMs,
      fetch: options.fetch,
      log: options.log,
    })
  }

  /**
   * One order, one charge. Conekta has no idempotency key for orders, so an order is not sent again
   * after a timeout or a 5xx (only when the request never left: ProviderHttp): the borrower hears
   * "try again later", and an order whose answer was lost stays at Conekta unseen and expires
   * unpaid, because the borrower is shown only the CLABE or reference of an order that answered.
   */
  async issueAccount(input: IssueAccountInput): Promise<IssuedAccount> {
    if (input.market !== 'MX') throw new Error(`conekta collects in Mexico only, not ${input.market}`)
    const method = Object.hasOwn(METHODS, input.method) ? METHODS[input.method as keyof typeof METHODS] : undefined
    if (!method || method.kind !== input.accountKind) throw new ProviderError({ provider: CONEKTA, operation: 'issueAccount', kind: 'not-offered', detail: `conekta offers SPEI and OXXO, not ${input.method}/${input.accountKind}` })
    // centavos are our cents: a whole positive number, refused otherwise, never rounded
    if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RangeError(`not an amount in centavos: ${input.amount}`)
    if (!REFERENCE.test(input.reference)) throw new RangeError('the reference must be our account id')
    const expiresAt = Math.floor(input.expiresAt.getTime() / 1000)
    const answer = await this.call('issueAccount', () =>
      this.http.request({
        method: 'POST',
        path: '/orders',
        json: {
          currency: 'MXN',
          // Conekta requires a customer: ours (the collections team), named by the account's id, never the borrower
          customer_info: { name: `Kilat ${input.reference}`, email: this.settings.customerEmail, phone: this.settings.customerPhone },
          line_items: [{ name: 'Pago de préstamo Kilat', unit_price: input.amount, quantity: 1 }],
          charges: [{ payment_method: { type: method.type, expires_at: expiresAt }, reference_id: input.reference }],
          metadata: { kilat_reference: input.reference },
        },
        schema: order,
      }),
    )
    const first = answer.charges.data[0]
    const accountNo = first ? accountNoOf(first) : undefined
    if (!first || !accountNo) throw new ProviderError({ provider: CONEKTA, operation: 'issueAccount', kind: 'bad-answer', detail: 'the order has no CLABE or reference' })
    if (method.kind === 'clabe' && !isValidClabe(accountNo)) throw new ProviderError({ provider: CONEKTA, operation: 'issueAccount', kind: 'bad-answer', detail: 'the CLABE answered fails its check digit' })
    const expires = first.payment_method.expires_at
    return { accountNo, gatewayRef: answer.id, expiresAt: expires ? new Date(expires * 1000) : input.expiresAt }
  }

  async tokenizeCard(_input: TokenizeCardInput): Promise<{ cardToken: string }> {
    throw notOffered('tokenizeCard', 'tokenizing a card')
  }

  async chargeCard(_input: ChargeCardInput): Promise<IssuedAccount> {
    throw notOffered('chargeCard', 'charging a card')
  }

  hostedPageUrl(_accountNo: string): string {
    throw notOffered('hostedPageUrl', 'a hosted payment page')
  }

  /**
   * Conekta signs each callback with the private half of the webhook key: the `digest` header is
   * the base64 RSA-SHA256 signature of the body's bytes. The signature is checked first (nothing of
   * an unsigned body is read), then the event's age, then its shape: `order.paid` (the order, its
   * paid charge) or `charge.paid` (the charge). Any other type is refused as not a payment: the
   * webhook is subscribed to these two only.
   */
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now = new Date()): VerifiedCallback {
    const digest = header(headers, CONEKTA_DIGEST_HEADER)?.trim()
    if (!digest) return { ok: false, reason: 'missingSignature' }
    if (!/^[A-Za-z0-9+/]+={0,2}$/.test(digest)) return { ok: false, reason: 'badSignature' }
    let genuine = false
    try {
      genuine = verify('sha256', rawBody, this.publicKey, Buffer.from(digest, 'base64'))
    } catch {
      genuine = false
    }
    if (!genuine) return { ok: false, reason: 'badSignature' }
    let parsed: z.infer<typeof event>
    try {
      const result = event.safeParse(JSON.parse(rawBody.toString('utf8')))
      if (!result.success) return { ok: false, reason: 'malformed' }
      parsed = result.data
    } catch {
      return { ok: false, reason: 'malformed' }
    }
    const age = now.getTime() / 1000 - parsed.created_at
    if (age > CONEKTA_EVENT_MAX_AGE_SECONDS || age < -CLOCK_SKEW_SECONDS) return { ok: false, reason: 'staleTimestamp' }
    let paid: Charge | undefined
    let reference: unknown
    if (parsed.type === 'order.paid') {
      const o = order.safeParse(parsed.data.object)
      if (!o.success) return { ok: false, reason: 'malformed' }
      paid = o.data.charges.data.find((c) => c.status === 'paid')
      reference = o.data.metadata?.kilat_reference ?? paid?.reference_id
    } else if (parsed.type === 'charge.paid') {
      const c = charge.safeParse(parsed.data.object)
      if (!c.success) return { ok: false, reason: 'malformed' }
      paid = c.data
      reference = paid.reference_id
    } else {
      return { ok: false, reason: 'malformed' }
    }
    if (!paid || paid.status !== 'paid' || typeof reference !== 'string' || !REFERENCE.test(reference)) return { ok: false, reason: 'malformed' }
    const accountNo = accountNoOf(paid)
    if (!accountNo || !Number.isSafeInteger(paid.amount) || paid.amount <= 0) return { ok: false, reason: 'malformed' }
    return {
      ok: true,
      event: {
        gatewayPaymentId: paid.id,
        accountNo,
        externalId: reference,
        amount: cents(paid.amount),
        paidAt: new Date((paid.paid_at ?? parsed.created_at) * 1000),
        method: methodOf(paid),
        raw: parsed,
      },
    }
  }

  /**
   * What Conekta collected on a day of Mexico City: its paid orders created in the weeks before,
   * each charge paid on that day, with the fee Conekta kept of it (centavos).
   */
  async reportOf(market: Market, localDay: string): Promise<SettlementReport> {
    if (market !== 'MX') throw new Error(`conekta collects in Mexico only, not ${market}`)
    if (!/^\d{4}-\d{2}-\d{2}$/.test(localDay)) throw new Error(`not a day: ${localDay}`)
    const dayStart = Date.parse(`${localDay}T00:00:00Z`) / 1000
    const from = dayStart - REPORT_LOOKBACK_DAYS * 86400
    const to = dayStart + 2 * 86400
    const lines: SettlementLine[] = []
    let next: string | undefined
    for (let page = 0; page < REPORT_MAX_PAGES; page += 1) {
      const query = new URLSearchParams({ payment_status: 'paid', 'created_at.gte': String(from), 'created_at.lte': String(to), limit: '250' })
      if (next) query.set('next', next)
      const answer = await this.call('reportOf', () => this.http.request({ method: 'GET', path: `/orders?${query.toString()}`, schema: orderList }))
      for (const o of answer.data) {
        for (const c of o.charges.data) {
          if (c.status !== 'paid' || !c.paid_at) continue
          const paidAt = new Date(c.paid_at * 1000)
          if (localDate(paidAt, market) !== localDay) continue
          lines.push({ gatewayPaymentId: c.id, accountNo: accountNoOf(c) ?? '', amount: cents(c.amount), fee: cents(c.fee ?? 0), paidAt })
        }
      }
      const last = answer.data.at(-1)
      if (!answer.has_more || !last) return { market, day: localDay, lines }
      next = last.id
    }
    throw new Error(`conekta's paid orders around ${localDay} run past ${REPORT_MAX_PAGES} pages`)
  }

  /** The key's webhooks: the key works when Conekta answers, and the callback is ours when one of them points at it. */
  async check(expectedCallbackUrl: string): Promise<ProviderCheck> {
    try {
      const answer = await this.http.request({ method: 'GET', path: '/webhooks?limit=50', schema: webhookList })
      if (!answer.ok) return { provider: CONEKTA, keys: answer.status === 401 ? 'refused' : 'unreachable', callback: 'unknown', detail: `GET /webhooks answered ${answer.status} ${answer.code}` }
      const ours = answer.body.data.find((w) => w.url === expectedCallbackUrl)
      const events = ours?.subscribed_events
      const missing = events ? ['order.paid', 'charge.paid'].filter((e) => !events.includes(e)) : []
      const detail = ours
        ? `GET /webhooks: ${expectedCallbackUrl} is registered (${ours.status ?? 'status unknown'})${missing.length > 0 ? `, not subscribed to ${missing.join(', ')}` : ''}`
        : `GET /webhooks: ${answer.body.data.length} webhook(s), none at ${expectedCallbackUrl}`
      return { provider: CONEKTA, keys: 'ok', callback: ours ? 'matches' : 'differs', detail }
    } catch (error) {
      return { provider: CONEKTA, keys: 'unreachable', callback: 'unknown', detail: error instanceof Error ? error.message : 'no answer' }
    }
  }

  /** A call whose refusal or silence becomes a ProviderError: the borrower reads our words (http/provider-errors.ts), the log names Conekta's code. */
  private async call<T>(operation: string, send: () => Promise<{ ok: true; body: T } | ProviderRefusal>): Promise<T> {
    let answer: { ok: true; body: T } | ProviderRefusal
    try {
      answer = await send()
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw ProviderError.unavailable(error, operation)
      throw error
    }
    if (answer.ok) return answer.body
    const mapped = mapConektaRefusal(answer)
    this.log?.warn({ provider: CONEKTA, status: answer.status, type: conektaTypeOf(answer), code: answer.code, ours: mapped.ours }, 'provider refused the call')
    throw ProviderError.refusal(CONEKTA, operation, answer, mapped.kind, `conekta refused (${conektaTypeOf(answer)})`)
  }
}
