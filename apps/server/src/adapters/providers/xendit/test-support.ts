import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { XenditSettings } from './settings.js'

/** Test-only helpers of the Xendit adapters' tests. */

export const SECRET_KEY = 'xnd_development_P4qDfOss0OCpl8RtKrROHjaQYNCk9dN5lSfk'
export const CALLBACK_TOKEN = 'tokenOfTheDashboard0123456789abcdef'

export function settingsFor(apiUrl: string, overrides: Partial<XenditSettings> = {}): XenditSettings {
  return { secretKey: SECRET_KEY, callbackToken: CALLBACK_TOKEN, apiUrl, accountName: 'KILAT', checkoutUrl: `${apiUrl}/web`, ...overrides }
}

/** Small timeouts and backoffs: a file of these tests runs in seconds. */
export const FAST = { timeoutMs: 200, retries: 2, backoffMs: 5 }

/** A webhook standing in for ours: it verifies with `verify` and answers 200 or 401, keeping what it accepted. */
export async function startReceiver(verify: (raw: Buffer, headers: IncomingHttpHeaders) => { ok: boolean }): Promise<{ url: string; accepted: Buffer[]; close(): Promise<void> }> {
  const accepted: Buffer[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const raw = Buffer.concat(chunks)
      const verified = verify(raw, req.headers)
      if (verified.ok) accepted.push(raw)
      res.writeHead(verified.ok ? 200 : 401, { 'content-type': 'application/json' })
      res.end(JSON.stringify(verified))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/h5-api/v3/payments/callback/xendit`,
    accepted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** A local address nobody listens on. */
export async function deadUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}
