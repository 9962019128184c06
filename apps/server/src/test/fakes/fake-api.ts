import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A provider's API as the tests see it (docs/operations/going-live.md#the-fakes): a real HTTP
 * server on a free local port, answering by the routes a provider's fake gives it, and keeping
 * every call it received so a test can count them (one payout at the provider, the same key on
 * every retry). Each provider's fake (xendit.ts, razorpay.ts, …) is written from the provider's
 * documentation: its endpoints, its authentication, its answers and its refusals.
 */

export interface FakeRequest {
  method: string
  /** Without the query string. */
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  rawBody: Buffer
  /** The body read as JSON or a form, as its content type says; null when empty or unreadable. */
  body: Record<string, unknown> | null
}

export interface FakeAnswer {
  status: number
  body?: unknown
  /** Answered after this long (a slow provider); the caller's timeout may give up first. */
  delayMs?: number
}

export type FakeHandler = (req: FakeRequest, params: Record<string, string>) => FakeAnswer | Promise<FakeAnswer>

export interface FakeRoute {
  method: string
  /** '/v2/payouts/:id': a segment starting with ':' matches one segment. */
  pattern: string
  handle: FakeHandler
}

export interface FakeApi {
  url: string
  calls: FakeRequest[]
  close(): Promise<void>
}

export async function startFakeApi(routes: FakeRoute[], options: { port?: number; host?: string } = {}): Promise<FakeApi> {
  const calls: FakeRequest[] = []
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake')
      const rawBody = Buffer.concat(chunks)
      const req: FakeRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: incoming.headers, rawBody, body: readBody(rawBody, incoming.headers['content-type']) }
      calls.push(req)
      const found = match(routes, req)
      const answer: Promise<FakeAnswer> = found ? Promise.resolve().then(() => found.route.handle(req, found.params)) : Promise.resolve({ status: 404, body: { error_code: 'NOT_FOUND', message: `no route ${req.method} ${req.path}` } })
      answer
        .then(async (a) => {
          if (a.delayMs) await new Promise((resolve) => setTimeout(resolve, a.delayMs))
          if (outgoing.destroyed) return
          outgoing.writeHead(a.status, { 'content-type': 'application/json' })
          outgoing.end(a.body === undefined ? '' : JSON.stringify(a.body))
        })
        .catch((error: unknown) => {
          outgoing.writeHead(500, { 'content-type': 'application/json' })
          outgoing.end(JSON.stringify({ error_code: 'FAKE_FAILED', message: String(error) }))
        })
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function match(routes: FakeRoute[], req: FakeRequest): { route: FakeRoute; params: Record<string, string> } | undefined {
  const segments = req.path.split('/')
  for (const route of routes) {
    if (route.method !== req.method) continue
    const pattern = route.pattern.split('/')
    if (pattern.length !== segments.length) continue
    const params: Record<string, string> = {}
    if (pattern.every((p, i) => (p.startsWith(':') ? ((params[p.slice(1)] = decodeURIComponent(segments[i] ?? '')), true) : p === segments[i]))) return { route, params }
  }
  return undefined
}

function readBody(raw: Buffer, contentType: string | undefined): Record<string, unknown> | null {
  if (raw.length === 0) return null
  const text = raw.toString('utf8')
  try {
    if (contentType?.includes('application/x-www-form-urlencoded')) return Object.fromEntries(new URLSearchParams(text))
    const parsed: unknown = JSON.parse(text)
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}
