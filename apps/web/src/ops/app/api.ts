import { isSuccess, messageOf, type CallDef, type SharedParams } from '@kilat/contract'
import { ApiError, createApiClient, fetchTransport, NETWORK_ERROR, type ApiClient, type Transport } from '../../shared/api'

/**
 * A refused call with the names of the fields at fault (`data.fields` of a 400 answer,
 * docs/product/operations.md#calls), so a form can show each error beside its field.
 */
export class OpsCallError extends ApiError {
  readonly fields: readonly string[]
  /** The refusal's `data` as the server sent it: what a call's own refusal tells (`policyInvalid`'s problems); null when none. */
  readonly data: unknown

  constructor(init: { code: number | string; message: string; status: number; fields: readonly string[]; data?: unknown }) {
    super(init)
    this.fields = init.fields
    this.data = init.data ?? null
  }
}

/** The fields a failed call named; none for any other failure. */
export function failedFields(error: unknown): readonly string[] {
  return error instanceof OpsCallError ? error.fields : []
}

/** The `data` a refusal came with (null for any other failure): a screen reads its own call's details from it. */
export function failureData(error: unknown): unknown {
  return error instanceof OpsCallError ? error.data : null
}

/** A refusal's envelope as the console's call error: its code, message, the fields it named and its data. */
function refusalOf(status: number, envelope: unknown): OpsCallError {
  const body = (envelope ?? {}) as { code?: number | string; data?: { fields?: unknown } | null }
  const fields = Array.isArray(body.data?.fields) ? body.data.fields.filter((f): f is string => typeof f === 'string') : []
  return new OpsCallError({ code: body.code ?? status, message: messageOf(envelope) ?? '', status, fields, data: body.data ?? null })
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
    throw refusalOf(response.status, response.body)
  }
}

/**
 * A console POST whose answer streams (a replay's lines of JSON, `application/x-ndjson`): sent as
 * the console's client sends its calls (the shared parameters, the XMLHttpRequest marker, the body
 * as JSON, the session's cookie), and given back unread for the screen to read as it comes. A
 * refusal comes as the usual JSON envelope and is thrown as the console's call error, as any call's;
 * no answer at all is a network failure (the screen says so in its language).
 */
export async function opsPostStream(call: CallDef, body: unknown, signal?: AbortSignal): Promise<Response> {
  const search = new URLSearchParams(marketParam() as Record<string, string>).toString()
  const url = new URL(search ? `${call.path}?${search}` : call.path, globalThis.location?.origin ?? '')
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/x-ndjson, application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal,
      credentials: 'same-origin',
    })
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error
    throw new ApiError({ code: NETWORK_ERROR, message: '', status: 0 })
  }
  const type = response.headers.get('content-type') ?? ''
  if (type.includes('ndjson') && response.ok) return response
  // Not a stream: the usual envelope. A success is given back whole for the screen to read.
  const envelope: unknown = type.includes('json') ? await response.clone().json().catch(() => undefined) : undefined
  if (response.ok && isSuccess(envelope)) return response
  throw refusalOf(response.status, envelope)
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
