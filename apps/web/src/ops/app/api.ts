import { isSuccess, messageOf, type SharedParams } from '@kilat/contract'
import { ApiError, createApiClient, fetchTransport, type ApiClient, type Transport } from '../../shared/api'

/**
 * A refused call with the names of the fields at fault (`data.fields` of a 400 answer,
 * docs/product/operations.md#calls), so a form can show each error beside its field.
 */
export class OpsCallError extends ApiError {
  readonly fields: readonly string[]

  constructor(init: { code: number | string; message: string; status: number; fields: readonly string[] }) {
    super(init)
    this.fields = init.fields
  }
}

/** The fields a failed call named; none for any other failure. */
export function failedFields(error: unknown): readonly string[] {
  return error instanceof OpsCallError ? error.fields : []
}

/**
 * `fetch`, turning a refusal into an `OpsCallError` before the shared client sees it (it passes
 * `ApiError`s on as they are). The console's calls say they send JSON (`defineOpsCall`), so the
 * shared client writes their bodies as JSON itself.
 */
export function opsTransport(inner: Transport = fetchTransport()): Transport {
  return async (request) => {
    const response = await inner(request)
    if (response.body === undefined || isSuccess(response.body)) return response
    const body = response.body as { code?: number | string; data?: { fields?: unknown } | null }
    const fields = Array.isArray(body.data?.fields) ? body.data.fields.filter((f): f is string => typeof f === 'string') : []
    throw new OpsCallError({ code: body.code ?? response.status, message: messageOf(body) ?? '', status: response.status, fields })
  }
}

/** The market the console works in: the address's `?market=`, read at each call so it never lags the screen. */
export function marketParam(): SharedParams {
  const market = new URLSearchParams(globalThis.location?.search ?? '').get('market')
  return market ? { market } : {}
}

export interface OpsNotices {
  error(message: string): void
}

/**
 * The console's API client: the shared client over the console's transport. It shows no failure
 * itself: the screen does, its own way (`useOpsMutation`, `LoadFailure`); a call that wants the
 * client's message after all says `toast: true`.
 */
export function createOpsApi(notices: OpsNotices, networkErrorMessage: () => string, transport: Transport = opsTransport()): ApiClient {
  return quietByDefault(
    createApiClient({
      transport,
      sharedParams: marketParam,
      notifier: { loading: () => () => {}, error: (message) => notices.error(message) },
      networkErrorMessage,
    }),
  )
}

/** A client whose calls show no failure unless they ask (`toast: true`). */
export function quietByDefault(client: ApiClient): ApiClient {
  return { callApi: (call, input, options) => client.callApi(call, input, { ...options, toast: options?.toast === true }) }
}

export const isStatus = (error: unknown, status: number): boolean => error instanceof ApiError && error.status === status
export const isCode = (error: unknown, code: number): boolean => error instanceof ApiError && Number(error.code) === code
