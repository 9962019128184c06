/**
 * How a call reaches the server. The browser uses `fetch`; server rendering injects one that
 * goes through the server's own routes in-process (docs/product/shell-and-sessions.md#how-calls-travel: one data path).
 */
export interface TransportRequest {
  method: 'GET' | 'POST'
  /** Path and query string, same origin. */
  url: string
  headers: Record<string, string>
  body?: string | FormData
  signal?: AbortSignal
}

export interface TransportResponse {
  status: number
  /** Parsed JSON, or `undefined` when the answer was not JSON. */
  body: unknown
}

export type Transport = (request: TransportRequest) => Promise<TransportResponse>

/** Thrown by a transport when the request never got an answer (offline, DNS, reset). */
export class TransportError extends Error {
  override name = 'TransportError'
}

export function fetchTransport(base: string = globalThis.location?.origin ?? ''): Transport {
  return async ({ method, url, headers, body, signal }) => {
    let response: Response
    try {
      response = await fetch(new URL(url, base), { method, headers, body, signal, credentials: 'same-origin' })
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error
      throw new TransportError(error instanceof Error ? error.message : String(error))
    }
    const type = response.headers.get('content-type') ?? ''
    const parsed: unknown = type.includes('json') ? await response.json().catch(() => undefined) : undefined
    return { status: response.status, body: parsed }
  }
}
