import { setTimeout as sleep } from 'node:timers/promises'
import type { z } from 'zod'
import { providerCallDuration } from '../../telemetry/metrics.js'

/**
 * The one way an adapter calls a provider's API (docs/operations/going-live.md#outbound-calls):
 * a timeout on every attempt, and answers validated by a zod schema before anything reads them. A
 * call is sent again (with a growing backoff, the same idempotency key) only when that cannot do
 * anything twice (docs/decisions/0022-live-providers.md):
 *
 * - it carries our idempotency key (in the provider's header, or in the body where the provider
 *   keeps it: STP's tracking key), or only reads (a GET, or a query the adapter marks read-only):
 *   again after a timeout, a network error or a 5xx;
 * - any other call: again only when the request never left (the connection was refused, the name
 *   did not resolve). After a timeout or a 5xx it may have been done: the caller hears that the
 *   outcome is unknown, and decides.
 *
 * The caller's `signal` (a deadline) cancels the attempt under way, the wait before the next one
 * and every later one. A 4xx is the provider's definite answer: it is returned (ProviderRefusal)
 * for the adapter to map to our own reasons, never retried. What goes to the log is the method,
 * the path, the status and the time: never a body, a header or a key.
 */

export interface ProviderHttpOptions {
  /** 'xendit', 'razorpay', …: names the provider in errors and logs. */
  provider: string
  /** The API's root, without a trailing slash: the provider's, or a fake's in tests. */
  baseUrl: string
  /** Authentication and fixed headers of every call (a Basic or Bearer key). */
  headers: () => Record<string, string>
  /** Per attempt; 10 s by default. */
  timeoutMs?: number | undefined
  /** Attempts after the first one, when one may be made (above); 2 by default. */
  retries?: number | undefined
  /** The first backoff; it doubles with each retry, with up to a quarter of jitter. 300 ms by default. */
  backoffMs?: number | undefined
  /** Tests pass another fetch; the global one by default. */
  fetch?: typeof fetch | undefined
  log?: ProviderLog | undefined
}

export interface ProviderLog {
  warn(details: Record<string, unknown>, message: string): void
}

export interface ProviderRequest<T> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** After baseUrl, with its query string; ids in it are the provider's or ours, never an account number. */
  path: string
  /** Sent as JSON. */
  json?: unknown
  /** Sent as application/x-www-form-urlencoded (Twilio). */
  form?: Record<string, string>
  /**
   * Our idempotency key: in the provider's header (the same on every attempt), or, where the
   * provider keeps it in the body (STP's `claveRastreo`), the name of that field. With a key, a
   * call is sent again after a timeout or a 5xx: the provider answers a repeat with its first result.
   */
  idempotency?: { header: string; key: string } | { bodyField: string } | undefined
  /** A call that changes nothing at the provider though it is not a GET (STP's signed queries): sent again as a GET is. */
  readOnly?: boolean | undefined
  /** Extra headers of this call only. */
  headers?: Record<string, string> | undefined
  /** The successful answer's shape; a 2xx that does not match is a ProviderUnavailable (we cannot tell what happened). */
  schema: z.ZodType<T>
  /** The caller's deadline: once aborted, nothing more is sent and the call throws ProviderUnavailable. */
  signal?: AbortSignal | undefined
}

/** A definite 4xx answer: the provider's status, its error code (as it names it) and its message. */
export interface ProviderRefusal {
  ok: false
  status: number
  code: string
  message: string
  body: unknown
}

export type ProviderAnswer<T> = { ok: true; status: number; body: T } | ProviderRefusal

/**
 * The provider's answer is unknown (timeouts, network errors, 5xx after the retries, 429, an
 * unreadable answer): whatever was asked may or may not have happened. A payout is asked again
 * with the same key; a borrower sees our "try again later".
 */
export class ProviderUnavailable extends Error {
  override readonly name = 'ProviderUnavailable'
  constructor(
    readonly provider: string,
    readonly detail: string,
    readonly status?: number,
    /**
     * Which silence: 'never-left' (refused connection, unresolved name: nothing reached the
     * provider), 'timeout' (ours or the caller's deadline), 'bad-answer' (a 2xx we cannot read), or
     * 'unavailable' (a network error, a 5xx, a 429). ProviderError keeps it (provider-error.ts).
     */
    readonly kind: UnavailableKind = 'unavailable',
  ) {
    super(`${provider} did not answer (${detail})`)
  }
}

/** What ProviderHttp tells apart when the outcome is unknown. */
export type UnavailableKind = 'unavailable' | 'timeout' | 'never-left' | 'bad-answer'

/** Where a provider's 4xx answer names its error code: Xendit's `error_code`, Razorpay's `error.code`, Conekta's `details[0].code`, Twilio's `code`. */
export function errorCodeOf(body: unknown): { code: string; message: string } {
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>
    const nested = b.error && typeof b.error === 'object' ? (b.error as Record<string, unknown>) : undefined
    const details = Array.isArray(b.details) && b.details[0] && typeof b.details[0] === 'object' ? (b.details[0] as Record<string, unknown>) : undefined
    const code = b.error_code ?? nested?.code ?? details?.code ?? b.code ?? b.type
    const message = b.message ?? nested?.description ?? details?.message ?? ''
    if (code !== undefined) return { code: String(code), message: String(message).slice(0, 300) }
  }
  return { code: 'UNKNOWN', message: '' }
}

export class ProviderHttp {
  private readonly timeoutMs: number
  private readonly retries: number
  private readonly backoffMs: number
  private readonly fetchFn: typeof fetch

  constructor(private readonly options: ProviderHttpOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000
    this.retries = options.retries ?? 2
    this.backoffMs = options.backoffMs ?? 300
    this.fetchFn = options.fetch ?? fetch
  }

  get provider(): string {
    return this.options.provider
  }

  /** Calls the API; a 2xx answers its validated body, a 4xx (but 429) its refusal; the rest throws ProviderUnavailable. */
  async request<T>(req: ProviderRequest<T>): Promise<ProviderAnswer<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.options.headers(), ...req.headers }
    let body: string | undefined
    if (req.json !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(req.json)
    } else if (req.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(req.form).toString()
    }
    if (req.idempotency && 'header' in req.idempotency) headers[req.idempotency.header] = req.idempotency.key
    const repeatable = repeatableCall(req)
    const url = `${this.options.baseUrl}${req.path}`
    let last: ProviderUnavailable | undefined
    for (let attempt = 0; attempt <= this.retries; attempt += 1) {
      if (attempt > 0) {
        try {
          await sleep(this.backoff(attempt), undefined, req.signal ? { signal: req.signal } : undefined)
        } catch {
          throw this.cancelled(req, attempt)
        }
      }
      if (req.signal?.aborted) throw this.cancelled(req, attempt)
      const started = performance.now()
      let response: Response
      try {
        const timeout = AbortSignal.timeout(this.timeoutMs)
        response = await this.fetchFn(url, { method: req.method, headers, body, signal: req.signal ? AbortSignal.any([timeout, req.signal]) : timeout })
      } catch (error) {
        if (req.signal?.aborted) {
          // the caller's deadline cut the attempt: counted as the timeout it is
          this.observe(req, 'timeout', started)
          throw this.cancelled(req, attempt, started)
        }
        const unsent = neverLeft(error)
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
        last = new ProviderUnavailable(
          this.options.provider,
          unsent ? `not sent (${unsent})` : timedOut ? `timed out after ${this.timeoutMs} ms` : 'network error',
          undefined,
          unsent ? 'never-left' : timedOut ? 'timeout' : 'unavailable',
        )
        this.observe(req, timedOut ? 'timeout' : 'network', started)
        this.warn(req, attempt, last.detail, started)
        // the request never reached the provider: nothing can have been done, it may go again
        if (unsent || repeatable) continue
        throw last
      }
      const text = await response.text().catch(() => '')
      if (req.signal?.aborted) {
        // the answer came, cut short by the caller's deadline while it was read
        this.observe(req, response.status >= 400 ? outcomeOf(response.status) : 'timeout', started)
        throw this.cancelled(req, attempt, started)
      }
      const parsed = parseJson(text)
      // a 2xx is counted once its answer is read (accepted, or bad_answer)
      if (response.status >= 400) this.observe(req, outcomeOf(response.status), started)
      if (response.status >= 500) {
        last = new ProviderUnavailable(this.options.provider, `HTTP ${response.status}`, response.status)
        this.warn(req, attempt, last.detail, started)
        if (repeatable) continue
        throw last
      }
      if (response.status === 429) {
        // Too many calls: nothing was done; the caller's own schedule tries again later (no retry in place).
        this.warn(req, attempt, 'HTTP 429', started)
        throw new ProviderUnavailable(this.options.provider, 'rate limited (HTTP 429)', 429)
      }
      if (response.status >= 400) {
        const { code, message } = errorCodeOf(parsed)
        return { ok: false, status: response.status, code, message, body: parsed }
      }
      const checked = req.schema.safeParse(parsed)
      if (!checked.success) {
        this.observe(req, 'bad_answer', started)
        this.warn(req, attempt, 'unexpected answer', started)
        throw new ProviderUnavailable(this.options.provider, `unexpected answer to ${req.method} ${pathOnly(req.path)}`, response.status, 'bad-answer')
      }
      this.observe(req, 'accepted', started)
      return { ok: true, status: response.status, body: checked.data }
    }
    throw last ?? new ProviderUnavailable(this.options.provider, 'no attempt made')
  }

  /** The caller's deadline passed: nothing more is sent. */
  private cancelled(req: ProviderRequest<unknown>, attempt: number, started = performance.now()): ProviderUnavailable {
    const error = new ProviderUnavailable(this.options.provider, 'cancelled by the caller (its deadline passed)', undefined, 'timeout')
    this.warn(req, attempt, error.detail, started)
    return error
  }

  /** One attempt's time and outcome (docs/operations/metrics.md#providers), by the call's method and path template. */
  private observe(req: ProviderRequest<unknown>, outcome: ProviderCallOutcome, started: number): void {
    providerCallDuration.observe({ provider: this.options.provider, operation: `${req.method} ${pathTemplate(req.path)}`, outcome }, (performance.now() - started) / 1000)
  }

  private backoff(attempt: number): number {
    const base = this.backoffMs * 2 ** (attempt - 1)
    return base + Math.floor(Math.random() * (base / 4))
  }

  private warn(req: ProviderRequest<unknown>, attempt: number, detail: string, started: number): void {
    this.options.log?.warn(
      { provider: this.options.provider, method: req.method, path: pathOnly(req.path), attempt: attempt + 1, ms: Math.round(performance.now() - started), detail },
      'provider call failed',
    )
  }
}

export type ProviderCallOutcome = 'accepted' | 'refused' | '4xx' | '5xx' | 'timeout' | '429' | 'network' | 'bad_answer'

/** HTTP statuses a provider answers about the request itself (invalid, declined, a conflict): its definite refusal. */
const REFUSAL_STATUSES = new Set([400, 402, 409, 422])

/** An answer's outcome by its status (a 2xx is accepted until its body proves unreadable). */
export function outcomeOf(status: number): ProviderCallOutcome {
  if (status >= 500) return '5xx'
  if (status === 429) return '429'
  if (REFUSAL_STATUSES.has(status)) return 'refused'
  if (status >= 400) return '4xx'
  return 'accepted'
}

/**
 * The path as a bounded label: no query, and each segment that carries an id (digits, or a long
 * token) as `:id`. `/v2/payouts/po_9f8e7d6c5b4a?x=1` → `/v2/payouts/:id`.
 */
export function pathTemplate(path: string): string {
  return pathOnly(path)
    .split('/')
    .map((segment) => (segment.length > 24 || (/\d/.test(segment) && !/^v\d+$/.test(segment)) ? ':id' : segment))
    .join('/')
}

/** Whether sending the call again cannot do anything twice: it carries our key, or only reads. */
function repeatableCall(req: ProviderRequest<unknown>): boolean {
  return req.idempotency !== undefined || req.method === 'GET' || req.readOnly === true
}

/**
 * Errors of a request that never left this machine: the connection was refused or could not be
 * made, or the provider's name did not resolve. Nothing reached the provider.
 */
const UNSENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH'])

/** The code of a never-sent request's error (fetch's TypeError, its cause, an AggregateError of both addresses), or undefined. */
export function neverLeft(error: unknown): string | undefined {
  const seen = new Set<unknown>()
  const codes: string[] = []
  const walk = (e: unknown) => {
    if (!e || typeof e !== 'object' || seen.has(e)) return
    seen.add(e)
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string') codes.push(code)
    walk((e as { cause?: unknown }).cause)
    const errors = (e as { errors?: unknown }).errors
    if (Array.isArray(errors)) errors.forEach(walk)
  }
  walk(error)
  // every code found says "not sent": one of another kind (a reset, a broken pipe) may have been sent
  return codes.length > 0 && codes.every((c) => UNSENT_CODES.has(c)) ? codes[0] : undefined
}

/** The path without its query string: a query may carry a phone number or a date range. */
function pathOnly(p: string): string {
  const i = p.indexOf('?')
  return i === -1 ? p : p.slice(0, i)
}

function parseJson(text: string): unknown {
  if (text === '') return null
  try {
    return JSON.parse(text)
  } catch {
    return text.slice(0, 200)
  }
}

/** Basic authentication's header value. */
export function basicAuth(user: string, password: string): string {
  return `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
}

/** What `npm run providers:check` learns of one provider in one market. */
export interface ProviderCheck {
  provider: string
  /** 'ok': the key answered; 'refused': the provider refused it (wrong or revoked); 'unreachable': no answer. */
  keys: 'ok' | 'refused' | 'unreachable'
  /** Whether the callback address the provider has is ours: 'unknown' where its API does not say. */
  callback: 'matches' | 'differs' | 'unknown'
  /** One line for the operator: what was asked and what came back (never a key). */
  detail: string
}

/** A provider that can be asked whether its keys work (a balance, the key's own details). */
export interface CheckableProvider {
  check(expectedCallbackUrl: string): Promise<ProviderCheck>
}
