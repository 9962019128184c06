import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import { ConfigError } from '../../../config.js'
import type {
  AccountCheckAnswer,
  AccountCheckInput,
  PayoutInput,
  PayoutProvider,
  PayoutResult,
  PayoutStatusAnswer,
  VerifiedPayoutCallback,
  PayoutDestination,
} from '../../payouts/payout-provider.js'
import { ProviderUnavailable, type CheckableProvider, type ProviderCheck, type ProviderHttp } from '../provider-http.js'
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
 * none came, by the payout found under our `reference_id`. And the account check before the first
 * payout into an account: the fund account validation, the penny drop (checkAccount).
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

/**
 * The composite fund account (a payout's, a validation's), or why there is none (a definite
 * refusal: nothing was sent), about the account or about the holder's name. `contactRef` is the
 * contact's `reference_id`: the order's number for a payout, the check's reference for a check.
 */
function fundAccountOf(
  d: PayoutDestination | undefined,
  contactRef: string,
): { mode: string; fundAccount: Record<string, unknown> } | { error: string; about: 'account' | 'name' } {
  if (!d) return { error: 'No destination: the borrower\'s bank account or UPI id was not given', about: 'account' }
  const name = d.holderName.trim()
  if (!/^[\p{L} .'-]{3,120}$/u.test(name)) return { error: 'The account holder\'s name is missing or not a name', about: 'name' }
  const contact = { name, type: 'customer', reference_id: contactRef }
  const channel = upper(d.channelCode)
  if (channel === 'UPI' || (d.vpa && !d.ifsc)) {
    const vpa = d.vpa?.trim() ?? ''
    if (!/^[A-Za-z0-9.\-_]{2,256}@[A-Za-z][A-Za-z0-9]{1,64}$/.test(vpa)) return { error: 'The UPI id is missing or not valid', about: 'account' }
    return { mode: 'UPI', fundAccount: { account_type: 'vpa', vpa: { address: vpa }, contact } }
  }
  const ifsc = upper(d.ifsc ?? '')
  if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(ifsc)) return { error: 'The IFSC is missing or not valid', about: 'account' }
  if (!/^[A-Za-z0-9]{5,35}$/.test(d.accountNumber.trim())) return { error: 'The bank account number is missing or not valid', about: 'account' }
  const mode = ['IMPS', 'NEFT', 'RTGS'].includes(channel) ? channel : 'IMPS'
  return { mode, fundAccount: { account_type: 'bank_account', bank_account: { name, ifsc, account_number: d.accountNumber.trim() }, contact } }
}

/**
 * A fund account validation as Razorpay answers it: the composite form (the fund account given
 * inline, `reference_id`, `validation_results`), or the older entity, whose results are `results`.
 * Its status is created (the bank not answered yet), completed (the account's status known:
 * active, or invalid; one sample says valid) or failed (a technical failure, or the account refused).
 */
const validationResults = z.object({ account_status: z.string().nullish(), registered_name: z.string().max(200).nullish() })
const validation = z.object({
  id: z.string().min(1).max(40),
  entity: z.literal('fund_account.validation'),
  status: z.string().min(1).max(30),
  reference_id: z.string().nullish(),
  notes: notesSchema,
  validation_results: validationResults.nullish(),
  results: validationResults.nullish(),
  status_details: z.object({ reason: z.string().nullish(), description: z.string().nullish(), source: z.string().nullish() }).nullish(),
  created_at: z.number().int().positive(),
})
type Validation = z.infer<typeof validation>

const validationList = z.object({ entity: z.literal('collection'), count: z.number().int().nonnegative(), items: z.array(validation) })

/** Our check references: they go into an idempotency key of 36 characters at most (checkKeyOf). */
const CHECK_REFERENCE = /^[A-Za-z0-9_-]{1,29}$/

/** The validations list's largest page. */
const PAGE = 100

/**
 * How far back an earlier validation of a reference is looked for: a check is asked again within
 * minutes (a lost answer, a crash, a pending validation) and hours at most (its job's backoff).
 */
export const CHECK_LOOKBACK_SECONDS = 24 * 3600

/** Pages of that day's validations read at most: past them, whether one exists is not known (thrown). */
const CHECK_MAX_PAGES = 20

/**
 * The idempotency key of a reference's nth validation. Razorpay answers a repeat of a key with its
 * first answer, a failed one included (as it does for payouts): a validation made after a
 * technical failure takes the next key.
 */
export function checkKeyOf(reference: string, attempt: number): string {
  return `chk-${reference}-${attempt}`
}

/**
 * What a validation tells: created, on its way; completed, the account's status and the name its
 * bank keeps (none given matches no identity: the check ends as a mismatch, for risk to look at);
 * failed because the account is invalid (or closed: it takes no money either), no such account;
 * failed otherwise, a technical failure that moved no money: 'retry', a new validation is made.
 */
function checkOutcomeOf(v: Validation): AccountCheckAnswer | 'retry' {
  const results = v.validation_results ?? v.results
  switch (v.status) {
    case 'created':
      return { status: 'pending' }
    case 'completed':
      if (results?.account_status === 'active' || results?.account_status === 'valid') return { status: 'found', holderName: (results.registered_name ?? '').trim() }
      if (results?.account_status === 'invalid') return { status: 'unknownAccount' }
      throw new ProviderUnavailable(RAZORPAYX, `validation ${v.id} completed without the account's status`, undefined, 'bad-answer')
    case 'failed': {
      const why = reasonOf(v.status_details?.reason ?? '')
      return why === 'invalidDestination' || why === 'destinationClosed' ? { status: 'unknownAccount' } : 'retry'
    }
    default:
      // A status Razorpay added since: not settled yet.
      return { status: 'pending' }
  }
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

  /**
   * Who holds the account, by a fund account validation (the penny drop): `POST
   * /v1/fund_accounts/validations` with our RazorpayX account as `source_account_number`, the fund
   * account inline (its contact named as the identity), our reference as `reference_id` and in the
   * notes. Razorpay promises its idempotency key for payouts and its composite calls, not in so many
   * words for validations: we send one (checkKeyOf) but do not count on it. A retry is made safe
   * here: the last day's validations are searched for our reference first, and a new one is made
   * only when none is found, or all found failed for a technical reason. The create is never
   * repeated in place: after a timeout or a 5xx it may have been made, and the next ask finds it. So
   * a crash anywhere, or a lost answer, costs one more search, never a second penny. Two asks of one
   * reference at the same moment both find none and create under the same key: only Razorpay's key,
   * where it holds, makes them one. Validations are not offered in Razorpay's test mode.
   */
  async checkAccount(input: AccountCheckInput, signal?: AbortSignal): Promise<AccountCheckAnswer> {
    if (input.market !== 'IN') throw new Error(`razorpayx checks accounts in India only, not ${input.market}`)
    if (!CHECK_REFERENCE.test(input.reference)) throw new Error(`not a check reference: ${input.reference}`)
    const fund = fundAccountOf(input.destination, input.reference)
    if ('error' in fund) {
      // No bank holds a malformed account, IFSC or UPI id; a name Razorpay would refuse is ours to fix.
      if (fund.about === 'name') throw new Error(`razorpayx: ${fund.error}`)
      return { status: 'unknownAccount' }
    }
    const earlier = await this.validationsOf(input.reference, signal)
    for (const v of earlier) {
      const outcome = checkOutcomeOf(v)
      if (outcome !== 'retry') return outcome
    }
    const answer = await this.http.request({
      method: 'POST',
      path: '/v1/fund_accounts/validations',
      headers: { 'X-Payout-Idempotency': checkKeyOf(input.reference, earlier.length + 1) },
      json: {
        source_account_number: this.accountNumber,
        validation_type: 'pennydrop',
        reference_id: input.reference,
        notes: { kilat_reference: input.reference },
        fund_account: fund.fundAccount,
      },
      schema: validation,
      signal,
    })
    if (!answer.ok) {
      const refused = refusalOf(answer, RAZORPAYX)
      if (refused.reason === 'invalidDestination') return { status: 'unknownAccount' }
      throw refused
    }
    const outcome = checkOutcomeOf(answer.body)
    if (outcome === 'retry') throw new ProviderUnavailable(RAZORPAYX, `validation ${answer.body.id} failed (${answer.body.status_details?.reason ?? 'no reason'}); the next ask makes another`)
    return outcome
  }

  /** Our validations of a reference made in the last CHECK_LOOKBACK_SECONDS, newest first. */
  private async validationsOf(reference: string, signal?: AbortSignal): Promise<Validation[]> {
    const from = Math.floor(Date.now() / 1000) - CHECK_LOOKBACK_SECONDS
    const found: Validation[] = []
    for (let page = 0; page < CHECK_MAX_PAGES; page += 1) {
      const answer = await this.http.request({
        method: 'GET',
        path: `/v1/fund_accounts/validations?account_number=${encodeURIComponent(this.accountNumber)}&from=${from}&count=${PAGE}&skip=${page * PAGE}`,
        schema: validationList,
        signal,
      })
      if (!answer.ok) throw refusalOf(answer, RAZORPAYX)
      found.push(...answer.body.items.filter((v) => v.reference_id === reference || v.notes.kilat_reference === reference))
      if (answer.body.items.length < PAGE) return found.sort((a, b) => b.created_at - a.created_at)
    }
    throw new ProviderUnavailable(RAZORPAYX, `more than ${CHECK_MAX_PAGES * PAGE} validations in a day: whether ${reference} has one is not known`)
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
