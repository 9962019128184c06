/** Paths that belong to the API (or other modules): never a page, even when nothing answers them. */
const NOT_PAGES = ['/h5-api', '/ops-api', '/api', '/app', '/media', '/healthz', '/readyz', '/metrics', '/assets']

/**
 * True when an address is one of the web app's pages (or would be, were it a known screen): the
 * pages plugin renders it, and only its answer carries a CSP nonce (http/security-headers.ts).
 */
export function isPagePath(url: string): boolean {
  const q = url.indexOf('?')
  const path = q < 0 ? url : url.slice(0, q)
  for (const prefix of NOT_PAGES) {
    if (path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47 /* / */)) return false
  }
  return true
}
