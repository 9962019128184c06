import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import {
  PayoutUnavailable,
  type PayoutInput,
  type PayoutProvider,
  type PayoutResult,
  type PayoutStatusAnswer,
  type VerifiedPayoutCallback,
  type PayoutDestination,
} from '../../payouts/payout-provider.js'
import { ProviderUnavailable, type CheckableProvider, type ProviderCheck, type ProviderHttp, type ProviderRefusal } from '../provider-http.js'
import type { XenditSettings } from './settings.js'
import { XENDIT, checkCallbackToken, jsonOf, rupiahOf, xenditHttp, XenditAmountError, type XenditAdapterOptions } from './xendit-api.js'
import { checkBalance } from './xendit-gateway.js'

/**
 * Xendit's payouts (docs/operations/providers/xendit.md#payouts): `POST /v2/payouts` with our
 * reference as both `reference_id` and the `Idempotency-key` header, so that a retried send never
 * pays twice; `GET /v2/payouts?reference_id=` when no callback came; the `payout.succeeded` and
 * `payout.failed` callbacks, checked by the same callback token as payments.
 */

export type { PayoutDestination }

/** PayoutInput with the destination Xendit needs (proposed as an optional member of PayoutInput). */
export type XenditPayoutInput = PayoutInput

const payout = z.object({
  id: z.string().min(1).max(100),
  reference_id: z.string(),
  status: z.string(),
  failure_code: z.string().nullish(),
  updated: z.iso.datetime({ offset: true }).optional(),
  created: z.iso.datetime({ offset: true }).optional(),
})
type XenditPayout = z.infer<typeof payout>

/** The list by reference: Xendit answers an array (older) or a page `{ data: [...] }`. */
const payouts = z.union([z.array(payout), z.object({ data: z.array(payout) }).transform((p) => p.data)])

const callbackBody = z.object({
  event: z.enum(['payout.succeeded', 'payout.failed']),
  business_id: z.string().optional(),
  created: z.iso.datetime({ offset: true }),
  data: z.object({
    id: z.string().min(1).max(100),
    reference_id: z.string().regex(/^\d{1,15}$/),
    status: z.enum(['SUCCEEDED', 'FAILED']),
    failure_code: z.string().max(100).nullish(),
    updated: z.iso.datetime({ offset: true }).optional(),
  }),
})

/** Xendit's failure codes of a payout that did not arrive, in short words for the payout's record. */
const FAILURES: Record<string, string> = {
  INSUFFICIENT_BALANCE: 'Not enough balance at Xendit to send the payout',
  REJECTED_BY_CHANNEL: 'The receiving bank refused the transfer',
  TEMPORARY_TRANSFER_ERROR: "The receiving bank's network failed; a new payout may succeed",
  INVALID_DESTINATION: 'The bank account does not exist or cannot receive transfers',
  TRANSFER_ERROR: 'The transfer failed at the bank',
  COMPLIANCE_REJECTED: "Refused by Xendit's compliance review",
}

/** Xendit's refusals of a payout request (4xx at send), in short words. */
const REFUSALS: Record<string, string> = {
  API_VALIDATION_ERROR: 'Xendit found the payout request invalid',
  INVALID_JSON_FORMAT: 'Xendit found the payout request invalid',
  CHANNEL_CODE_NOT_SUPPORTED_ERROR: 'Xendit does not pay out to this bank',
  RECIPIENT_ACCOUNT_NUMBER_ERROR: 'The bank account number is not valid for this bank',
  RECIPIENT_AMOUNT_ERROR: "The amount is outside the bank's limits",
  MAXIMUM_TRANSFER_LIMIT_ERROR: "The amount is above the bank's transfer limit",
  INSUFFICIENT_BALANCE: 'Not enough balance at Xendit to send the payout',
}

export function failureReason(code: string | null | undefined): string {
  return (code && FAILURES[code]) ?? `The payout failed at Xendit (${code ?? 'no code'})`
}

function statusOf(p: XenditPayout): PayoutStatusAnswer {
  switch (p.status) {
    case 'SUCCEEDED':
      return { status: 'completed', providerRef: p.id, completedAt: new Date(p.updated ?? p.created ?? Date.now()) }
    case 'FAILED':
    case 'CANCELLED':
    case 'REVERSED':
    case 'EXPIRED':
    case 'COMPLIANCE_REJECTED':
      return { status: 'failed', providerRef: p.id, reason: failureReason(p.failure_code ?? (p.status === 'FAILED' ? null : p.status)) }
    default:
      // ACCEPTED, REQUESTED, PENDING_COMPLIANCE_ASSESSMENT, LOCKED, READY: on its way
      return { status: 'accepted', providerRef: p.id }
  }
}

const channelOf = (code: string) => (code.startsWith('ID_') ? code : `ID_${code}`)

export class XenditPayouts implements PayoutProvider, CheckableProvider {
  readonly name = XENDIT
  private readonly http: ProviderHttp

  constructor(
    private readonly settings: XenditSettings,
    options: XenditAdapterOptions = {},
  ) {
    this.http = xenditHttp(settings, options)
  }

  async send(input: XenditPayoutInput, signal?: AbortSignal): Promise<PayoutResult> {
    if (input.market !== 'ID') return { ok: false, reason: `Xendit pays out in Indonesia only, not ${input.market}` }
    const d = input.destination
    if (!d) return { ok: false, reason: 'No bank account to pay out to (destination missing)' }
    if (!/^[A-Z0-9_]{2,40}$/.test(d.channelCode)) return { ok: false, reason: 'The bank code is not valid' }
    if (!/^\d{5,34}$/.test(d.accountNumber)) return { ok: false, reason: 'The bank account number is not valid' }
    if (d.holderName.trim() === '') return { ok: false, reason: "The account holder's name is missing" }
    let amount: number
    try {
      amount = rupiahOf(input.amount)
    } catch (error) {
      if (error instanceof XenditAmountError) return { ok: false, reason: 'The amount is not a whole number of rupiah' }
      throw error
    }
    const answer = await this.call(() =>
      this.http.request({
        method: 'POST',
        path: '/v2/payouts',
        json: {
          reference_id: input.reference,
          channel_code: channelOf(d.channelCode),
          channel_properties: { account_number: d.accountNumber, account_holder_name: d.holderName.trim().slice(0, 100) },
          amount,
          currency: 'IDR',
          description: `Kilat loan ${input.orderNo}`.slice(0, 100),
        },
        idempotency: { header: 'Idempotency-key', key: input.reference },
        schema: payout,
        signal,
      }),
    )
    if (answer.ok) return resultOf(statusOf(answer.body))
    if (/^DUPLICATE/.test(answer.code)) {
      // The key was taken by an earlier send whose answer we lost: its payout is the answer.
      const first = await this.status(input.reference, signal)
      if (first.status === 'unknown') throw new PayoutUnavailable(`xendit: key ${input.reference} taken but no payout found by its reference yet`)
      return resultOf(first)
    }
    return this.refused(answer)
  }

  async status(reference: string, signal?: AbortSignal): Promise<PayoutStatusAnswer> {
    const answer = await this.call(() => this.http.request({ method: 'GET', path: `/v2/payouts?reference_id=${encodeURIComponent(reference)}`, schema: payouts, signal }))
    if (!answer.ok) {
      if (answer.status === 404) return { status: 'unknown' }
      throw new PayoutUnavailable(`xendit: status of ${reference} refused (HTTP ${answer.status} ${answer.code})`)
    }
    const found = answer.body.filter((p) => p.reference_id === reference)
    if (found.length === 0) return { status: 'unknown' }
    // One payout per key; should there be more, one that has not failed is the one that counts.
    const live = found.find((p) => statusOf(p).status !== 'failed') ?? found[0]!
    return statusOf(live)
  }

  /** The token first, then the body; a repeat of a callback is the same event (the payout's id and result). */
  verifyCallback(rawBody: Buffer, headers: IncomingHttpHeaders): VerifiedPayoutCallback {
    const token = checkCallbackToken(this.settings.callbackToken, headers)
    if (token !== 'ok') return { ok: false, reason: token }
    const body = jsonOf(rawBody)
    const parsed = callbackBody.safeParse(body)
    if (!parsed.success) return { ok: false, reason: 'malformed' }
    const { event, data, created } = parsed.data
    const succeeded = event === 'payout.succeeded'
    if (succeeded !== (data.status === 'SUCCEEDED')) return { ok: false, reason: 'malformed' }
    return {
      ok: true,
      event: {
        eventId: `${data.id}:${data.status}`,
        reference: data.reference_id,
        providerRef: data.id,
        status: succeeded ? 'completed' : 'failed',
        reason: succeeded ? null : failureReason(data.failure_code),
        at: new Date(data.updated ?? created),
        raw: body,
      },
    }
  }

  async check(_expectedCallbackUrl: string): Promise<ProviderCheck> {
    return checkBalance(this.http)
  }

  /** ProviderUnavailable (timeout, 5xx, 429) is the outbox's PayoutUnavailable: unknown, sent again with the same key. */
  private async call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn()
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw new PayoutUnavailable(error.message, { cause: error })
      throw error
    }
  }

  /** A refused key or a forbidden call is ours to fix: thrown (retried later with the same key), not a refused payout. */
  private refused(answer: ProviderRefusal): PayoutResult {
    if (answer.status === 401 || answer.status === 403) throw new PayoutUnavailable(`xendit refused the key (HTTP ${answer.status} ${answer.code}): check XENDIT_SECRET_KEY and its permissions`)
    return { ok: false, reason: REFUSALS[answer.code] ?? `Xendit refused the payout (${answer.code})` }
  }
}

function resultOf(status: PayoutStatusAnswer): PayoutResult {
  switch (status.status) {
    case 'failed':
      return { ok: false, reason: status.reason }
    case 'accepted':
    case 'completed':
      return { ok: true, providerRef: status.providerRef }
    case 'unknown':
      throw new PayoutUnavailable('xendit: no payout known for the key')
  }
}
