import type { ProviderErrorKind } from '../provider-error.js'
import type { ProviderRefusal } from '../provider-http.js'

/**
 * Conekta's refusals as ProviderError kinds (docs/operations/providers/conekta.md#errors; what the
 * borrower reads of each: http/provider-errors.ts). Conekta names the kind of error in `type` and the
 * precise one in `details[0].code`; the borrower reads only our catalogue's message, in their
 * language, never Conekta's.
 *
 * - authentication_error (401): our key is wrong or revoked: nothing the borrower can do, "try later";
 * - processing_error (402): Conekta would not issue this reference (an amount above OXXO's ceiling,
 *   the method switched off on the account): "choose another method";
 * - parameter_validation_error (422) and resource_not_found_error (404): we sent something wrong:
 *   our fault, logged as such;
 * - anything else: "try later".
 */
export interface MappedRefusal {
  kind: Extract<ProviderErrorKind, 'key-refused' | 'not-offered' | 'refused'>
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
      return { kind: 'key-refused', ours: true }
    case 'processing_error':
      return { kind: 'not-offered', ours: false }
    case 'parameter_validation_error':
    case 'resource_not_found_error':
      return { kind: 'refused', ours: true }
    default:
      return { kind: refusal.status === 401 ? 'key-refused' : 'refused', ours: true }
  }
}
