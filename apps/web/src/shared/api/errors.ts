import { SESSION_REQUIRED_CODE } from '@kilat/contract'

/** Codes the client gives failures that never reached an answer from the server. */
export const NETWORK_ERROR = 'network'
export const TIMEOUT_ERROR = 'timeout'

/** A call that did not succeed: the envelope's code and message, or a network failure (status 0). */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly code: number | string
  readonly status: number

  constructor(init: { code: number | string; message: string; status: number }) {
    super(init.message)
    this.code = init.code
    this.status = init.status
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** The server refused the session (missing, unknown or expired): the borrower must log in again. */
export function isSessionError(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || Number(error.code) === SESSION_REQUIRED_CODE)
}

export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && (error.code === NETWORK_ERROR || error.code === TIMEOUT_ERROR)
}
