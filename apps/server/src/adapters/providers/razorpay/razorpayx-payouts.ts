import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import { ConfigError } from '../../../config.js'
import type { PayoutInput, PayoutProvider, PayoutResult, PayoutStatusAnswer, VerifiedPayoutCallback, PayoutDestination } from '../../payouts/payout-provider.js'
import type { CheckableProvider, ProviderCheck, ProviderHttp } from '../provider-http.js'
import { razorpayHttp, toPaise, type RazorpayOptions } from './client.js'
import { REASON_TEXT, RazorpayRefused, reasonOf, refusalOf, type RazorpayReason } from './errors.js'
import { checkWith } from './razorpay-gateway.js'
import type { RazorpaySettings } from './settings.js'
import { notesSchema, verifyRazorpayWebhook } from './webhook.js'

/**
 * RazorpayX payouts for India (docs/operations/providers/razorpay.md#payouts): one composite
 * `POST /v1/payouts` per payout (the contact and fund account inline, so no ids of ours are kept at
 * Razorpay), `X-Payout-Idempotency` derived from our reference so that a retry never pays twice,
 * and the result by the `payout.processed` / `.reversed` / `.failed` / `.rejected` webhook or, when
 * none came, by the payout found under our `reference_id`.
 */

export const RAZORPAYX = 'razorpayx'

export type { PayoutDestination }

export type RazorpayPayoutInput = PayoutInput

/** Razorpay's smallest payout: one rupee. */
export const MIN_PAYOUT_PAISE = 100

/** Razorpay's idempotency key is 4 to 36 characters: our reference (1 to 15 digits) with a fixed prefix. */
export function idempotencyKeyOf(reference: string): string {
  return `kilat-payout-${reference}`
}

const payout = z.object({
  id: z.string().min(1).max(40),
  entity: z.literal('payout'),
  amount: z.number().int().positive(),
  status: z.string().min(1).max(30),
  reference_id: z.string().nullish(),
  notes: notesSchema,
  status_details: z.object({ reason: z.string().nullish(), description: z.string().nullish(), source: z.string().nullish() }).nullish(),
  created_at: z.number().int().positive(),
})
type Payout = z.infer<typeof payout>

const payoutList = z.object({ entity: z.literal('collection'), count: z.number().int().nonnegative(), items: z.array(payout) })

const payoutPayload = z.object({ payout: z.object({ entity: payout }) })

const PAYOUT_EVENTS = ['payout.processed', 'payout.reversed', 'payout.failed', 'payout.rejected'] as const

const FAILED = new Set(['reversed', 'failed', 'rejected', 'cancelled'])
const ON_ITS_WAY = new Set(['queued', 'pending', 'scheduled', 'processing'])

function failureText(reason: RazorpayReason, code: string): string {
  return `${REASON_TEXT[reason]} (razorpayx ${code})`
}

function failureOf(p: Payout): string {
  const why = p.status_details?.reason ?? p.status
  return failureText(reasonOf(why), `${p.status}${p.status_details?.reason ? `/${p.status_details.reason}` : ''}`)
}

const upper = (s: string) => s.trim().toUpperCase()

/** The composite payout's fund account, or why there is none (a definite refusal: nothing was sent). */
function fundAccountOf(d: PayoutDestination | undefined, orderNo: string): { mode: string; fundAccount: Record<string, unknown> } | { error: string } {
  if (!d) return { error: 'No destination: the borrower\'s bank account or UPI id was not given' }
  const name = d.holderName.trim()
  if (!/^[\p{L} .'-]{3,120}$/u.test(name)) return { error: 'The account holder\'s name is missing or not a name' }
  const contact = { name, type: 'customer', reference_id: orderNo }
  const channel = upper(d.channelCode)
  if (channel === 'UPI' || (d.vpa && !d.ifsc)) {
    const vpa = d.vpa?.trim() ?? ''
    if (!/^[A-Za-z0-9.\-_]{2,256}@[A-Za-z][A-Za-z0-9]{1,64}$/.test(vpa)) return { error: 'The UPI id is missing or not valid' }
    return { mode: 'UPI', fundAccount: { account_type: 'vpa', vpa: { address: vpa }, contact } }
  }
  const ifsc = upper(d.ifsc ?? '')
  if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) return { error: 'The IFSC is missing or not valid' }
  if (!/^[A-Za-z0-9]{5,35}$/.test(d.accountNumber.trim())) return { error: 'The bank account number is missing or not valid' }
  const mode = ['IMPS', 'NEFT', 'RTGS'].includes(channel) ? channel : 'IMPS'
  return { mode, fundAccount: { account_type: 'bank_account', bank_account: { name, ifsc, account_number: d.accountNumber.trim() }, contact } }
}

export class RazorpayXPayouts implements PayoutProvider, CheckableProvider {
  readonly name = RAZORPAYX
  private readonly http: ProviderHttp
  private readonly accountNumber: string

  constructor(
    private readonly settings: RazorpaySettings,
    options: RazorpayOptions = {},
  ) {
    if (!settings.payoutAccountNumber) throw new ConfigError('Invalid configuration: RAZORPAYX_ACCOUNT_NUMBER must be set for RazorpayX payouts')
    this.accountNumber = settings.payoutAccountNumber
    this.http = razorpayHttp(RAZORPAYX, settings, options)
  }

  /**
   * Takes the payout (its `pout_` id) or refuses it for good with our reason; throws when the
   * outcome is unknown (a timeout, a 5xx, a 429, our key refused, an idempotency conflict).
   */
  async send(input: RazorpayPayoutInput, signal?: AbortSignal): Promise<PayoutResult> {
    if (input.market !== 'IN') return { ok: false, reason: `RazorpayX pays out in India only, not ${input.market}` }
    if (!/^\d{1,15}$/.test(input.reference)) throw new Error(`not a payout reference: ${input.reference}`)
    const paise = toPaise(input.amount)
    if (paise < MIN_PAYOUT_PAISE) return { ok: false, reason: failureText('amountTooSmall', `amount ${paise} paise`) }
    const fund = fundAccountOf(input.destination, input.orderNo)
    if ('error' in fund) return { ok: false, reason: fund.error }
    const answer = await this.http.request({
      method: 'POST',
      path: '/v1/payouts',
      idempotency: { header: 'X-Payout-Idempotency', key: idempotencyKeyOf(input.reference) },
      json: {
        account_number: this.accountNumber,
        amount: paise,
        currency: 'INR',
        mode: fund.mode,
        purpose: 'payout',
        fund_account: fund.fundAccount,
        // Refused rather than left waiting when our balance is short: the operator tops it up and asks again.
        queue_if_low_balance: false,
        reference_id: input.reference,
        narration: 'Kilat loan disbursal',
        notes: { kilat_reference: input.reference, order_no: input.orderNo },
      },
      schema: payout,
      signal,
    })
    if (!answer.ok) {
      const refused = refusalOf(answer, RAZORPAYX)
      return { ok: false, reason: failureText(refused.reason, refused.providerCode) }
    }
    if (FAILED.has(answer.body.status)) return { ok: false, reason: failureOf(answer.body) }
    return { ok: true, providerRef: answer.body.id }
  }

  /**
   * The payout made under our reference (`reference_id`), newest first. A processed payout's time
   * is not in the payout entity: the answer's time is used (the callback, when it comes, has it).
   */
  async status(reference: string, signal?: AbortSignal): Promise<PayoutStatusAnswer> {
    if (!/^\d{1,15}$/.test(reference)) throw new Error(`not a payout reference: ${reference}`)
    const answer = await this.http.request({
      method: 'GET',
      path: `/v1/payouts?account_number=${encodeURIComponent(this.accountNumber)}&reference_id=${encodeURIComponent(reference)}&count=10`,
      schema: payoutList,
      signal,
    })
    if (!answer.ok) {
      const refused = refusalOf(answer, RAZORPAYX)
      throw new RazorpayRefused(refused.reason, refused.providerCode)
    }
    const found = answer.body.items.filter((p) => p.reference_id === reference).sort((a, b) => b.created_at - a.created_at)[0]
    if (!found) return { status: 'unknown' }
    if (found.status === 'processed') return { status: 'completed', providerRef: found.id, completedAt: new Date() }
    if (FAILED.has(found.status)) return { status: 'failed', providerRef: found.id, reason: failureOf(found) }
    if (ON_ITS_WAY.has(found.status)) return { status: 'accepted', providerRef: found.id }
    // A status Razorpay added since: taken, result unknown yet.
    return { status: 'accepted', providerRef: found.id }
  }

  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders, now = new Date()): VerifiedPayoutCallback {
    const verified = verifyRazorpayWebhook(this.settings.webhookSecret, rawBody, headers, now, PAYOUT_EVENTS, payoutPayload)
    if (!verified.ok) return verified
    const p = verified.payload.payout.entity
    const reference = typeof p.notes.kilat_reference === 'string' ? p.notes.kilat_reference : p.reference_id
    if (!reference || !/^\d{1,15}$/.test(reference)) return { ok: false, reason: 'malformed' }
    const completed = verified.event === 'payout.processed'
    if (completed !== (p.status === 'processed')) return { ok: false, reason: 'malformed' }
    return {
      ok: true,
      event: {
        eventId: verified.eventId ?? `${p.id}.${verified.event}`,
        reference,
        providerRef: p.id,
        status: completed ? 'completed' : 'failed',
        reason: completed ? null : failureOf(p),
        at: verified.createdAt,
        raw: verified.raw,
      },
    }
  }

  /** Lists one payout of our account: refused with a wrong key or another account's number. The webhook's address is not readable through the API. */
  async check(_expectedCallbackUrl: string): Promise<ProviderCheck> {
    return checkWith(this.http, `/v1/payouts?account_number=${encodeURIComponent(this.accountNumber)}&count=1`, 'GET /v1/payouts?count=1', payoutList)
  }
}
