import type { ErrorKey } from '@kilat/contract'
import type { ProviderRefusal } from '../provider-http.js'

/**
 * Conekta's refusals in our words (docs/operations/providers/conekta.md#errors). Conekta names the
 * kind of error in `type` and the precise one in `details[0].code`; the borrower reads only our
 * catalogue's message, in their language, never Conekta's.
 *
 * - authentication_error (401): our key is wrong or revoked: nothing the borrower can do, "try later";
 * - processing_error (402): Conekta would not issue this reference (an amount above OXXO's ceiling,
 *   the method switched off on the account): "choose another method";
 * - parameter_validation_error (422) and resource_not_found_error (404): we sent something wrong:
 *   our fault, logged as such;
 * - anything else: "try later".
 */
export interface MappedRefusal {
  key: ErrorKey
  /** Our fault or our configuration's: logged at error level. */
  ours: boolean
}

export function conektaTypeOf(refusal: ProviderRefusal): string {
  const body = refusal.body
  if (body && typeof body === 'object' && typeof (body as Record<string, unknown>).type === 'string') return (body as Record<string, string>).type!
  return 'unknown'
}

export function mapConektaRefusal(refusal: ProviderRefusal): MappedRefusal {
  switch (conektaTypeOf(refusal)) {
    case 'authentication_error':
      return { key: 'unavailable', ours: true }
    case 'processing_error':
      return { key: 'payMethodUnknown', ours: false }
    case 'parameter_validation_error':
    case 'resource_not_found_error':
      return { key: 'internal', ours: true }
    default:
      return { key: refusal.status === 401 ? 'unavailable' : 'internal', ours: true }
  }
}
