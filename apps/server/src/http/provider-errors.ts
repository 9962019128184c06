import type { ErrorKey } from '@kilat/contract'
import { AppError } from './errors.js'
import { ProviderError, type ProviderErrorKind } from '../adapters/providers/provider-error.js'

/**
 * A provider's error as our own (docs/decisions/0022-live-providers.md#provider-errors): the
 * catalogue key each kind answered with when the adapters threw AppError themselves, so that what a
 * caller reads does not change. The ProviderError is the cause: logged (the request id, the
 * provider, its status and code), never shown. The modules call providers through it.
 */
export const APP_ERROR_OF_KIND: Readonly<Record<ProviderErrorKind, ErrorKey>> = {
  // "choose another method"
  'not-offered': 'payMethodUnknown',
  // ours to fix: the borrower reads the internal error, the log says what
  refused: 'internal',
  misconfigured: 'internal',
  // "try again later"
  'key-refused': 'unavailable',
  unavailable: 'unavailable',
  timeout: 'unavailable',
  'never-left': 'unavailable',
  'bad-answer': 'unavailable',
}

export function appErrorOf(error: ProviderError): AppError {
  return new AppError(APP_ERROR_OF_KIND[error.kind], { cause: error })
}

/** A ProviderError as our AppError; anything else as it is. */
export function asAppError(error: unknown): unknown {
  return error instanceof ProviderError ? appErrorOf(error) : error
}

/**
 * Runs a call to a provider (sync or async), its ProviderError thrown as our AppError:
 * `await withAppErrors(() => gateway.issueAccount(input))`, `withAppErrors(() => gateway.hostedPageUrl(no))`.
 */
export function withAppErrors<T>(call: () => T): T {
  let result: T
  try {
    result = call()
  } catch (error) {
    throw asAppError(error)
  }
  if (result instanceof Promise) {
    return result.catch((error: unknown) => {
      throw asAppError(error)
    }) as T
  }
  return result
}
