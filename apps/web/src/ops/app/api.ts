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

/** The fields of the console's calls that are lists (`markets` of an account, `images` of a reply). */
const LIST_FIELDS = new Set(['markets', 'images'])

/**
 * The shared client writes a POST's fields form-encoded, where a list cannot be told from one value
 * and repeated fields are refused; the ops calls read JSON as well, so the console sends JSON.
 */
export function formToJson(form: string): string {
  const out: Record<string, string | string[]> = {}
  for (const [key, value] of new URLSearchParams(form)) {
    const had = out[key]
    if (LIST_FIELDS.has(key)) out[key] = [...((had as string[] | undefined) ?? []), value]
    else out[key] = value
  }
  return JSON.stringify(out)
}

/**
 * `fetch` with JSON bodies, turning a refusal into an `OpsCallError` before the shared client sees
 * it (it passes `ApiError`s on as they are).
 */
export function opsTransport(inner: Transport = fetchTransport()): Transport {
  return async (request) => {
    const form = request.headers['Content-Type']?.startsWith('application/x-www-form-urlencoded') && typeof request.body === 'string'
    const response = await inner(
      form ? { ...request, headers: { ...request.headers, 'Content-Type': 'application/json' }, body: formToJson(request.body as string) } : request,
    )
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

/** The console's API client: the shared client over the console's transport, failures shown as a message. */
export function createOpsApi(notices: OpsNotices, networkErrorMessage: () => string, transport: Transport = opsTransport()): ApiClient {
  return createApiClient({
    transport,
    sharedParams: marketParam,
    notifier: { loading: () => () => {}, error: (message) => notices.error(message) },
    networkErrorMessage,
  })
}

export const isStatus = (error: unknown, status: number): boolean => error instanceof ApiError && error.status === status
export const isCode = (error: unknown, code: number): boolean => error instanceof ApiError && Number(error.code) === code
