import type { FastifyInstance } from 'fastify'

/**
 * The security headers of every answer (pages, calls, files, errors): what @fastify/helmet sent
 * with our options, built once instead of helmet's middleware being built again on every request
 * (about 3 % of a call, docs/decisions/0008-api-performance.md). HSTS belongs to the TLS
 * terminator; sent over plain HTTP it would only confuse local runs.
 *
 * Content Security Policy: a page gets one nonce per request, on every script and style element
 * (docs/product/platform.md#server-rendering); React and antd-mobile write style="" attributes,
 * hence `style-src-attr 'unsafe-inline'`. Every other answer (calls, files, health) runs and loads
 * nothing, so it gets one fixed policy that allows nothing, and no nonce is made for it.
 */
const FIXED_HEADERS: Readonly<Record<string, string>> = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
}

export function contentSecurityPolicy(nonce: string): string {
  return (
    `default-src 'self';script-src 'nonce-${nonce}' 'strict-dynamic';script-src-attr 'none';style-src 'self' 'nonce-${nonce}';` +
    "style-src-attr 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;connect-src 'self';object-src 'none';" +
    "base-uri 'none';frame-ancestors 'self';form-action 'self'"
  )
}

/** The policy of every answer that is not a page. */
export const NOT_PAGE_CSP = "default-src 'none';frame-ancestors 'none';base-uri 'none';form-action 'none'"

/** Sets the headers first thing on every request; call it after the request context, which makes the nonce. */
export function installSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('content-security-policy', request.cspNonce ? contentSecurityPolicy(request.cspNonce) : NOT_PAGE_CSP)
    reply.headers(FIXED_HEADERS)
    done()
  })
}
