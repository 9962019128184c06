import { isSuccess, messageOf, type BodyOf, type CallDef, type DataOf, type QueryOf, type SharedParams } from '@kilat/contract'
import { ApiError, NETWORK_ERROR, TIMEOUT_ERROR } from './errors'
import { TransportError, type Transport } from './transport'

/** docs/product/shell-and-sessions.md#how-calls-travel: a call gives up after 60 s. */
export const API_TIMEOUT_MS = 60_000

export interface CallInput<C extends CallDef> {
  /** The call's own query parameters (GET), sent on top of the shared ones. */
  query?: QueryOf<C>
  /** Form fields of a POST; a `FormData` for uploads. */
  body?: BodyOf<C> | FormData
}

export interface CallOptions {
  /** Shows a loading toast with this text until the answer arrives. */
  loading?: string
  /** `false` keeps a failure quiet (the caller shows it its own way). */
  toast?: boolean
  /** Overrides shared parameters for this call only (for example another session on /testPreview). */
  shared?: SharedParams
  signal?: AbortSignal
}

/** What the client shows the borrower; the server-side client shows nothing. */
export interface Notifier {
  loading(text: string): () => void
  error(message: string): void
}

export interface ApiClientOptions {
  transport: Transport
  /** Read on every call: the shared parameters captured from the page address. */
  sharedParams: () => SharedParams
  notifier?: Notifier
  /** Localized text for a call that got no answer (docs/product/envelopes-and-errors.md#what-the-web-app-does-with-a-failure). */
  networkErrorMessage: () => string
  timeoutMs?: number
}

export type CallApi = <C extends CallDef>(call: C, input?: CallInput<C>, options?: CallOptions) => Promise<DataOf<C>>

export interface ApiClient {
  callApi: CallApi
}

const quiet: Notifier = { loading: () => () => {}, error: () => {} }

type Scalar = string | number | boolean | null | undefined

function appendAll(target: URLSearchParams | FormData, source: object): void {
  for (const [key, value] of Object.entries(source) as [string, Scalar | Scalar[] | Blob][]) {
    if (value === undefined || value === null) continue
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) target.append(key, String(item))
    } else if (typeof Blob !== 'undefined' && value instanceof Blob && target instanceof FormData) {
      target.append(key, value)
    } else {
      target.append(key, String(value))
    }
  }
}

function methodOf(call: CallDef, hasBody: boolean): 'GET' | 'POST' {
  if (call.method === 'GET_POST') return hasBody ? 'POST' : 'GET'
  return call.method
}

/**
 * The one way the web app talks to the API (docs/product/shell-and-sessions.md#how-calls-travel): shared parameters as query string on every
 * call, POST bodies form-encoded (multipart for uploads, JSON for a call that says so), a 60 s timeout, the XMLHttpRequest marker,
 * and the envelope unwrapped to `data` or turned into an `ApiError` with the server's message.
 * Answers are trusted to match the contract (the server builds them from the same schemas), so the
 * browser does not parse them again with zod and does not ship it on first load.
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const notifier = options.notifier ?? quiet
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS

  const callApi: CallApi = async (call, input = {}, callOptions = {}) => {
    const method = methodOf(call, input.body !== undefined)
    const query = new URLSearchParams()
    appendAll(query, { ...options.sharedParams(), ...callOptions.shared })
    if (input.query) {
      for (const [key, value] of Object.entries(input.query as object)) {
        query.delete(key)
        if (value !== undefined && value !== null) query.append(key, String(value))
      }
    }

    const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' }
    let body: string | FormData | undefined
    if (method === 'POST') {
      if (call.bodyType === 'multipart' || input.body instanceof FormData) {
        // The browser writes the multipart boundary into the content type itself.
        body = input.body instanceof FormData ? input.body : new FormData()
        if (!(input.body instanceof FormData) && input.body) appendAll(body, input.body)
      } else if (call.bodyType === 'json') {
        body = JSON.stringify(input.body ?? {})
        headers['Content-Type'] = 'application/json'
      } else {
        const form = new URLSearchParams()
        if (input.body) appendAll(form, input.body as object)
        body = form.toString()
        headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8'
      }
    }

    const search = query.toString()
    const url = search ? `${call.path}?${search}` : call.path
    const controller = new AbortController()
    const timer = setTimeout(() => controller.abort(new ApiError({ code: TIMEOUT_ERROR, message: options.networkErrorMessage(), status: 0 })), timeoutMs)
    const onAbort = () => controller.abort(callOptions.signal?.reason)
    callOptions.signal?.addEventListener('abort', onAbort, { once: true })
    const closeLoading = callOptions.loading ? notifier.loading(callOptions.loading) : undefined

    try {
      const response = await options.transport({ method, url, headers, body, signal: controller.signal })
      if (isSuccess(response.body)) return (response.body as { data: DataOf<typeof call> }).data
      const envelope = response.body as { code?: number | string } | undefined
      throw new ApiError({
        code: envelope?.code ?? response.status,
        message: messageOf(response.body) ?? options.networkErrorMessage(),
        status: response.status,
      })
    } catch (error) {
      const failure =
        error instanceof ApiError
          ? error
          : controller.signal.reason instanceof ApiError
            ? controller.signal.reason
            : error instanceof TransportError || (error instanceof Error && error.name === 'TypeError')
              ? new ApiError({ code: NETWORK_ERROR, message: options.networkErrorMessage(), status: 0 })
              : error
      // A caller that aborted on purpose (route left, component gone) needs no message.
      if (failure instanceof ApiError && callOptions.toast !== false && !callOptions.signal?.aborted) {
        closeLoading?.()
        notifier.error(failure.message)
      }
      throw failure
    } finally {
      clearTimeout(timer)
      callOptions.signal?.removeEventListener('abort', onAbort)
      closeLoading?.()
    }
  }

  return { callApi }
}
