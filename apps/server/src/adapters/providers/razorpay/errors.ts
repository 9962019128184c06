import { ProviderUnavailable, type ProviderRefusal } from '../provider-http.js'

/**
 * Razorpay's refusals in our own short words (docs/operations/providers/razorpay.md#errors). Its
 * error body is `{ error: { code, description, source, step, reason, field } }`: `code` is broad
 * (BAD_REQUEST_ERROR, GATEWAY_ERROR, SERVER_ERROR), `reason` and `field` say what was wrong. The
 * description is Razorpay's English and may repeat what we sent: it is never shown nor logged.
 */
export type RazorpayReason =
  | 'invalidRequest'
  | 'invalidDestination'
  | 'destinationClosed'
  | 'bankRefused'
  | 'limitExceeded'
  | 'insufficientBalance'
  | 'amountTooSmall'
  | 'notOffered'

/** A definite refusal of Razorpay's, for the caller to turn into the borrower's or the operator's message. */
export class RazorpayRefused extends Error {
  override readonly name = 'RazorpayRefused'
  constructor(
    readonly reason: RazorpayReason,
    /** Razorpay's code and reason ('BAD_REQUEST_ERROR/invalid_ifsc'), for the log and the operator. */
    readonly providerCode: string,
  ) {
    super(`razorpay refused (${reason}, ${providerCode})`)
  }
}

/** What each of our reasons means, in the words a payout's failure is recorded with (the operator reads them). */
export const REASON_TEXT: Record<RazorpayReason, string> = {
  invalidRequest: 'Razorpay refused the request as invalid',
  invalidDestination: 'The receiving account or UPI id is not valid',
  destinationClosed: 'The receiving account is closed, frozen or cannot take the transfer',
  bankRefused: 'The receiving bank refused or failed the transfer',
  limitExceeded: 'The amount is over the limit of the transfer mode or the receiving account',
  insufficientBalance: 'Our RazorpayX account does not have the balance for the payout',
  amountTooSmall: 'The amount is below Razorpay\'s minimum',
  notOffered: 'Not offered with Razorpay',
}

function detailsOf(body: unknown): { reason: string; field: string; description: string } {
  const error = body && typeof body === 'object' ? (body as { error?: unknown }).error : undefined
  const e = error && typeof error === 'object' ? (error as Record<string, unknown>) : {}
  const text = (v: unknown) => (typeof v === 'string' && v !== 'null' ? v : '')
  return { reason: text(e.reason), field: text(e.field), description: text(e.description) }
}

/** A payout's `status_details.reason` (or an error's `reason`) in our words. */
export function reasonOf(providerReason: string): RazorpayReason {
  const r = providerReason.toLowerCase()
  if (/balance|insufficient_funds/.test(r)) return 'insufficientBalance'
  if (/closed|frozen|dormant|nre|blocked|not_allowed/.test(r)) return 'destinationClosed'
  if (/limit/.test(r)) return 'limitExceeded'
  if (/invalid|ifsc|vpa|beneficiary_details|account_number|name_mismatch/.test(r)) return 'invalidDestination'
  if (/bank|beneficiary|npci|rejected|failure|failed|timeout|down/.test(r)) return 'bankRefused'
  return 'invalidRequest'
}

/**
 * A 4xx answer in our words. Three refusals mean the outcome is not known and are thrown instead
 * (ProviderUnavailable: the payout outbox asks again later with the same key): our key or our
 * RazorpayX account number refused (a setting to fix, after which the same payout must go), and an
 * idempotency conflict (the first request of the key may have made the payout; answering
 * "refused" would let a second one go).
 */
export function refusalOf(refusal: ProviderRefusal, provider: string): RazorpayRefused {
  const { reason, field, description } = detailsOf(refusal.body)
  const code = `${refusal.code}${reason ? `/${reason}` : ''}`
  if (refusal.status === 401 || refusal.status === 403) throw new ProviderUnavailable(provider, `key refused (HTTP ${refusal.status})`, refusal.status)
  if (/idempoten/i.test(field) || /idempoten/i.test(description)) throw new ProviderUnavailable(provider, `idempotency conflict (${code})`, refusal.status)
  // Our own RazorpayX account refused: a setting to fix, after which the same payout must go.
  if (field === 'account_number') throw new ProviderUnavailable(provider, `our account number refused (${code})`, refusal.status)
  if (field === 'amount' && /minimum|at least/i.test(description)) return new RazorpayRefused('amountTooSmall', code)
  if (/balance/i.test(description) || /balance/.test(reason)) return new RazorpayRefused('insufficientBalance', code)
  if (field.startsWith('fund_account')) return new RazorpayRefused(reason.startsWith('invalid') || !reason || reason === 'input_validation_failed' ? 'invalidDestination' : reasonOf(reason), code)
  if (reason && reason !== 'input_validation_failed') return new RazorpayRefused(reasonOf(reason), code)
  return new RazorpayRefused('invalidRequest', code)
}
