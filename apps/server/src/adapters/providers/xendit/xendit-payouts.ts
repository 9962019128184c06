import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import {
  PayoutUnavailable,
  type AccountCheckAnswer,
  type AccountCheckInput,
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
 * `payout.failed` callbacks, checked by the same callback token as payments. And the account check
 * before the first payout into an account: Xendit's name validator (checkAccount).
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

/** The name validator takes Xendit's bank code ('BCA'): the payouts' channel code without its country. */
const bankCodeOf = (code: string) => code.replace(/^ID_/, '')

/**
 * The name validator's answer (Xendit's "Name Validator", `POST /bank_account_data_requests`):
 * SUCCESS with the holder's name as the bank keeps it; PENDING while the bank is asked, and
 * WAITING_ON_BANK for a repeat that waits on the first; FAILURE (FAILED in some of its examples)
 * when the bank identified no such account. `is_normal_account` is false for a virtual account.
 */
const nameCheck = z.object({
  status: z.string().min(1).max(40),
  bank_account_holder_name: z.string().max(200).nullish(),
  is_normal_account: z.boolean().nullish(),
})
type NameCheck = z.infer<typeof nameCheck>

function checkAnswerOf(answer: NameCheck): AccountCheckAnswer {
  switch (answer.status) {
    case 'SUCCESS':
      // A virtual account collects for a merchant: it is nobody's own account to lend into.
      if (answer.is_normal_account === false) return { status: 'unknownAccount' }
      // A name the bank did not give matches no identity: the check ends as a mismatch, for risk to look at.
      return { status: 'found', holderName: (answer.bank_account_holder_name ?? '').trim() }
    case 'PENDING':
    case 'WAITING_ON_BANK':
      return { status: 'pending' }
    case 'FAILURE':
    case 'FAILED':
      return { status: 'unknownAccount' }
    default:
      throw new PayoutUnavailable(`xendit: the account check answered a status we do not know (${answer.status})`)
  }
}

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

  /**
   * Who holds the account, by Xendit's name validator: the bank's code, the account number (an
   * e-wallet's phone) and our reference as `reference_id`. The validator takes no idempotency key;
   * it keeps what it found per account, so asking again (the next ask of a pending check, a retry
   * after a timeout or a 5xx) is answered from the first inquiry rather than starting a second one
   * at the bank, and it moves no money: the call is repeated as a read is. Throws when the answer
   * is unknown (a timeout, a 5xx, a 429, our key refused) or once `signal` aborts.
   */
  async checkAccount(input: AccountCheckInput, signal?: AbortSignal): Promise<AccountCheckAnswer> {
    if (input.market !== 'ID') throw new Error(`xendit checks accounts in Indonesia only, not ${input.market}`)
    const d = input.destination
    // No bank holds an account under a malformed code or number: nothing to ask.
    if (!/^[A-Z0-9_]{2,40}$/.test(d.channelCode) || !/^\d{5,34}$/.test(d.accountNumber)) return { status: 'unknownAccount' }
    const answer = await this.call(() =>
      this.http.request({
        method: 'POST',
        path: '/bank_account_data_requests',
        json: { bank_code: bankCodeOf(d.channelCode), bank_account_number: d.accountNumber, reference_id: input.reference },
        readOnly: true,
        schema: nameCheck,
        signal,
      }),
    )
    if (answer.ok) return checkAnswerOf(answer.body)
    const key = keyRefused(answer)
    if (key) throw key
    // Not an answer about the account (a bank the validator does not cover, a request it found invalid): asked again later.
    throw new PayoutUnavailable(`xendit refused the account check (HTTP ${answer.status} ${answer.code})`)
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
    const key = keyRefused(answer)
    if (key) throw key
    return { ok: false, reason: REFUSALS[answer.code] ?? `Xendit refused the payout (${answer.code})` }
  }
}

/** Our key refused, or the call forbidden to it: a setting to fix, after which the same call must go. */
function keyRefused(answer: ProviderRefusal): PayoutUnavailable | undefined {
  if (answer.status !== 401 && answer.status !== 403) return undefined
  return new PayoutUnavailable(`xendit refused the key (HTTP ${answer.status} ${answer.code}): check XENDIT_SECRET_KEY and its permissions`)
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
