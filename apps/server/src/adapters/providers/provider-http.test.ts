import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ProviderHttp, ProviderUnavailable, neverLeft, type ProviderHttpOptions, type ProviderRequest } from './provider-http.js'

/**
 * When the HTTP layer sends a call again (docs/decisions/0022-live-providers.md): with our
 * idempotency key or for a read, after a timeout, a network error or a 5xx; without either, only
 * when the request never left. And the caller's deadline cancels the call down to its request.
 */

type Behaviour = 'ok' | '500' | 'hang' | 'reset'

interface Seen {
  method: string
  url: string
  key: string | undefined
  /** When the connection closed before we answered (the client gave up): performance.now(). */
  cutAt?: number
}

let server: Server
let base: string
let plan: Behaviour[] = []
const seen: Seen[] = []

function handle(req: IncomingMessage, res: ServerResponse): void {
  const entry: Seen = { method: req.method ?? '', url: req.url ?? '', key: req.headers['idempotency-key'] as string | undefined }
  seen.push(entry)
  res.on('close', () => {
    if (!res.writableFinished) entry.cutAt = performance.now()
  })
  req.resume()
  req.on('end', () => {
    const behaviour = plan.shift() ?? 'ok'
    if (behaviour === 'hang') return
    if (behaviour === 'reset') {
      req.socket.destroy()
      return
    }
    res.writeHead(behaviour === '500' ? 500 : 200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(behaviour === '500' ? { error: 'down' } : { id: 'made_1' }))
  })
}

beforeAll(async () => {
  server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

beforeEach(() => {
  plan = []
  seen.length = 0
})

const made = z.object({ id: z.string() })
const warnings: Array<Record<string, unknown>> = []
const http = (over: Partial<ProviderHttpOptions> = {}) =>
  new ProviderHttp({ provider: 'test', baseUrl: base, headers: () => ({}), timeoutMs: 150, retries: 2, backoffMs: 5, log: { warn: (d) => warnings.push(d) }, ...over })
const KEY = { header: 'Idempotency-Key', key: 'kilat-1' }
const post = (over: Partial<ProviderRequest<{ id: string }>> = {}): ProviderRequest<{ id: string }> => ({ method: 'POST', path: '/things', json: { amount: 100 }, schema: made, ...over })
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The error fetch throws for a request that never left: its cause carries the system's code. */
const unsent = (code: string) => new TypeError('fetch failed', { cause: Object.assign(new Error(`connect ${code}`), { code }) })

/** A fetch that fails its first calls as given, then calls the real one; counts every call. */
function scriptedFetch(failures: unknown[]) {
  const calls: string[] = []
  const fetchFn = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push(String(url))
    const failure = failures.shift()
    if (failure) throw failure
    return fetch(url, init)
  }) as typeof fetch
  return { calls, fetchFn }
}

describe('with our idempotency key: sent again after a failure whose outcome is unknown', () => {
  it('key + 5xx: retried with the same key until it answers', async () => {
    plan = ['500', '500', 'ok']
    const answer = await http().request(post({ idempotency: KEY }))
    expect(answer).toMatchObject({ ok: true, body: { id: 'made_1' } })
    expect(seen.map((s) => s.key)).toEqual(['kilat-1', 'kilat-1', 'kilat-1'])
  })

  it('key + timeout: retried, then unknown when every attempt times out', async () => {
    plan = ['hang', 'hang', 'hang']
    await expect(http().request(post({ idempotency: KEY }))).rejects.toMatchObject({ name: 'ProviderUnavailable', detail: 'timed out after 150 ms' })
    expect(seen).toHaveLength(3)
  })

  it('a key the provider keeps in the body (STP\'s tracking key) counts as a key', async () => {
    plan = ['500', 'ok']
    await expect(http().request(post({ idempotency: { bodyField: 'claveRastreo' } }))).resolves.toMatchObject({ ok: true })
    expect(seen).toHaveLength(2)
    // nothing is added to the headers for it
    expect(seen[0]!.key).toBeUndefined()
  })
})

describe('a read: sent again as a keyed call is', () => {
  it('a GET after a 5xx', async () => {
    plan = ['500', 'ok']
    await expect(http().request({ method: 'GET', path: '/things/1', schema: made })).resolves.toMatchObject({ ok: true })
    expect(seen.map((s) => s.method)).toEqual(['GET', 'GET'])
  })

  it('a query sent as POST that the adapter marks read-only, after a timeout', async () => {
    plan = ['hang', 'ok']
    await expect(http().request(post({ readOnly: true }))).resolves.toMatchObject({ ok: true })
    expect(seen).toHaveLength(2)
  })
})

describe('without a key: sent once, unless it never left', () => {
  it('no key + 5xx: not retried, the outcome is unknown', async () => {
    plan = ['500', 'ok']
    await expect(http().request(post())).rejects.toMatchObject({ name: 'ProviderUnavailable', status: 500, detail: 'HTTP 500' })
    expect(seen).toHaveLength(1)
  })

  it('no key + timeout: not retried, though the provider may have done it', async () => {
    plan = ['hang', 'ok']
    await expect(http().request(post())).rejects.toMatchObject({ name: 'ProviderUnavailable', detail: 'timed out after 150 ms' })
    await pause(200)
    expect(seen).toHaveLength(1)
  })

  it('no key + the connection dropped after the request went: not retried', async () => {
    plan = ['reset', 'ok']
    await expect(http().request(post())).rejects.toBeInstanceOf(ProviderUnavailable)
    await pause(50)
    expect(seen).toHaveLength(1)
  })

  it('no key + ECONNREFUSED: retried (nothing reached the provider), and answered by the next attempt', async () => {
    const { calls, fetchFn } = scriptedFetch([unsent('ECONNREFUSED')])
    await expect(http({ fetch: fetchFn }).request(post())).resolves.toMatchObject({ ok: true, body: { id: 'made_1' } })
    expect(calls).toHaveLength(2)
    expect(seen).toHaveLength(1)
  })

  it('no key + a port nobody listens on (a real refused connection): every attempt made, then unknown', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const { calls, fetchFn } = scriptedFetch([])
    const error = await http({ baseUrl: `http://127.0.0.1:${port}`, fetch: fetchFn })
      .request(post())
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ProviderUnavailable)
    expect((error as ProviderUnavailable).detail).toBe('not sent (ECONNREFUSED)')
    expect(calls).toHaveLength(3)
  })

  it('no key + a name that does not resolve: retried', async () => {
    const { calls, fetchFn } = scriptedFetch([unsent('ENOTFOUND'), unsent('EAI_AGAIN')])
    await expect(http({ fetch: fetchFn }).request(post())).resolves.toMatchObject({ ok: true })
    expect(calls).toHaveLength(3)
  })

  it('never more attempts than configured, whatever the reason', async () => {
    const { calls, fetchFn } = scriptedFetch([unsent('ECONNREFUSED'), unsent('ECONNREFUSED'), unsent('ECONNREFUSED'), unsent('ECONNREFUSED')])
    await expect(http({ fetch: fetchFn, retries: 1 }).request(post())).rejects.toMatchObject({ detail: 'not sent (ECONNREFUSED)' })
    expect(calls).toHaveLength(2)
  })
})

describe('what counts as never sent', () => {
  it('refused connections and names that do not resolve, alone or for every address tried', () => {
    expect(neverLeft(unsent('ECONNREFUSED'))).toBe('ECONNREFUSED')
    expect(neverLeft(unsent('ENOTFOUND'))).toBe('ENOTFOUND')
    const both = new TypeError('fetch failed', { cause: Object.assign(new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' }), Object.assign(new Error('b'), { code: 'ECONNREFUSED' })]), { code: 'ECONNREFUSED' }) })
    expect(neverLeft(both)).toBe('ECONNREFUSED')
  })

  it('not a reset, a closed socket, a timeout, or an error without a code', () => {
    expect(neverLeft(unsent('ECONNRESET'))).toBeUndefined()
    expect(neverLeft(unsent('UND_ERR_SOCKET'))).toBeUndefined()
    expect(neverLeft(new DOMException('timed out', 'TimeoutError'))).toBeUndefined()
    expect(neverLeft(new TypeError('fetch failed'))).toBeUndefined()
    const mixed = new TypeError('fetch failed', { cause: new AggregateError([Object.assign(new Error('a'), { code: 'ECONNREFUSED' }), Object.assign(new Error('b'), { code: 'ECONNRESET' })]) })
    expect(neverLeft(mixed)).toBeUndefined()
  })
})

describe("the caller's deadline", () => {
  it('cancels the request under way, down to its connection, and sends nothing more even with a key', async () => {
    plan = ['hang', 'ok', 'ok']
    const controller = new AbortController()
    const started = performance.now()
    setTimeout(() => controller.abort(new Error('deadline')), 80)
    const slowAttempts = http({ timeoutMs: 10_000 })
    await expect(slowAttempts.request(post({ idempotency: KEY, signal: controller.signal }))).rejects.toMatchObject({ name: 'ProviderUnavailable', detail: expect.stringContaining('cancelled') })
    const gaveUp = performance.now()
    expect(gaveUp - started).toBeGreaterThanOrEqual(70)
    expect(gaveUp - started).toBeLessThan(2_000)
    await pause(100)
    expect(seen).toHaveLength(1)
    // the provider saw its connection closed when the deadline passed, not after our 10 s timeout
    expect(seen[0]!.cutAt).toBeDefined()
    expect(seen[0]!.cutAt! - started).toBeLessThan(2_000)
  })

  it('stops between attempts: no retry after the deadline passed during the backoff', async () => {
    plan = ['500', 'ok']
    const controller = new AbortController()
    const request = http({ backoffMs: 300 }).request(post({ idempotency: KEY, signal: controller.signal }))
    setTimeout(() => controller.abort(new Error('deadline')), 100)
    await expect(request).rejects.toMatchObject({ detail: expect.stringContaining('cancelled') })
    await pause(400)
    expect(seen).toHaveLength(1)
  })

  it('sends nothing once it has passed', async () => {
    await expect(http().request(post({ idempotency: KEY, signal: AbortSignal.abort(new Error('deadline')) }))).rejects.toBeInstanceOf(ProviderUnavailable)
    expect(seen).toHaveLength(0)
  })
})
