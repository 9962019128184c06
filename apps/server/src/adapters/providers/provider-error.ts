import { ProviderUnavailable, type ProviderRefusal } from './provider-http.js'

/**
 * What went wrong with a provider, as an adapter throws it (docs/decisions/0022-live-providers.md#provider-errors):
 * the adapters know providers, not our error catalogue; a module turns a ProviderError into our
 * own error with `appErrorOf` (http/provider-errors.ts), so that what a borrower reads does not depend on
 * the provider. The provider's own words (code, message) are for the log and the operator only.
 *
 * The kinds, each with what the borrower reads today (http/provider-errors.ts):
 * - 'not-offered': the provider does not offer this here (a method, a bank, an amount outside its
 *   limits, a card the server may not see): "choose another method";
 * - 'refused': the provider definitely refused what we sent (a 4xx): ours to fix;
 * - 'key-refused': the provider refused our key (Conekta's authentication_error): "try again later";
 * - 'misconfigured': our call or our settings do not fit the provider, found before or after the
 *   call (an invoice too short, a page address outside the configured one): ours to fix;
 * - 'unavailable': a network error, a 5xx after the retries, a 429: the outcome is unknown;
 * - 'timeout': no answer within our timeout or the caller's deadline: the outcome is unknown;
 * - 'never-left': the request never reached the provider (connection refused, name unresolved);
 * - 'bad-answer': an answer we cannot use (not the documented shape, a CLABE failing its check).
 */
export const PROVIDER_ERROR_KINDS = ['not-offered', 'refused', 'key-refused', 'misconfigured', 'unavailable', 'timeout', 'never-left', 'bad-answer'] as const
export type ProviderErrorKind = (typeof PROVIDER_ERROR_KINDS)[number]

export interface ProviderErrorInit {
  /** 'xendit', 'conekta', 'sandbox', …: the provider's name as the table has it (providers.ts). */
  provider: string
  /** The adapter's operation: 'issueAccount', 'tokenizeCard', 'hostedPageUrl', 'send', … */
  operation: string
  kind: ProviderErrorKind
  /** The provider's HTTP status, when it answered one. */
  status?: number | undefined
  /** The provider's error code as it names it (Xendit's `error_code`, Conekta's `type`). */
  code?: string | undefined
  /** Our words on what happened, or the provider's message (never a key, never an account number). */
  detail?: string | undefined
  cause?: unknown
}

export class ProviderError extends Error {
  override readonly name = 'ProviderError'
  readonly provider: string
  readonly operation: string
  readonly kind: ProviderErrorKind
  /** Named `status`, not `statusCode`: the HTTP error handler must never read it as ours. */
  readonly status: number | undefined
  readonly code: string | undefined
  readonly detail: string | undefined

  constructor(init: ProviderErrorInit) {
    super(messageOf(init), init.cause === undefined ? undefined : { cause: init.cause })
    this.provider = init.provider
    this.operation = init.operation
    this.kind = init.kind
    this.status = init.status
    this.code = init.code
    this.detail = init.detail
  }

  /** ProviderHttp's "no answer", with the kind of silence it told apart. */
  static unavailable(error: ProviderUnavailable, operation: string): ProviderError {
    return new ProviderError({ provider: error.provider, operation, kind: error.kind, status: error.status, detail: error.detail, cause: error })
  }

  /** A definite 4xx answer, of the kind the adapter read in it. */
  static refusal(provider: string, operation: string, refusal: ProviderRefusal, kind: ProviderErrorKind, detail?: string): ProviderError {
    return new ProviderError({ provider, operation, kind, status: refusal.status, code: refusal.code, detail })
  }
}

function messageOf(init: ProviderErrorInit): string {
  const answer = [init.status === undefined ? '' : `HTTP ${init.status}`, init.code ?? ''].filter(Boolean).join(' ')
  return `${init.provider} ${init.operation}: ${init.kind}${answer ? ` (${answer})` : ''}${init.detail ? `: ${init.detail}` : ''}`
}

/** Runs a provider call, turning ProviderHttp's ProviderUnavailable into a ProviderError of the operation; anything else goes through. */
export async function unavailableAs<T>(operation: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof ProviderUnavailable) throw ProviderError.unavailable(error, operation)
    throw error
  }
}
