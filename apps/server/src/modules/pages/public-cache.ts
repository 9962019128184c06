import { createHash } from 'node:crypto'

/**
 * Validators of public pages (docs/product/screens.md#caching-of-pages, docs/decisions/0011-public-pages.md).
 *
 * A public page's HTML carries the request's CSP nonce on its script and style elements, and the
 * nonce of its Content-Security-Policy header must match it. So the entity tag names the content
 * without the nonce (the same for every visitor while the content stays) and the nonce the copy
 * was served with: `"<content hash>.<nonce>"`. A revalidation whose content hash still matches is
 * answered 304 with the policy of the nonce in the copy the browser holds; a 304's headers replace
 * the stored ones, and a policy with a new nonce would block the stored page's own scripts.
 */
const NONCE = /^[A-Za-z0-9+/]{22}==$/
const TAG = /^(?:W\/)?"([A-Za-z0-9_-]{22})\.([A-Za-z0-9+/]{22}==)"$/

/** The content hash of a page: its HTML with the nonce taken out. */
export function contentHash(html: string, nonce: string): string {
  const stable = nonce ? html.split(nonce).join('') : html
  return createHash('sha256').update(stable).digest('base64url').slice(0, 22)
}

export function entityTag(hash: string, nonce: string): string {
  return `"${hash}.${nonce}"`
}

/**
 * The nonce of the stored copy when one of the If-None-Match tags names this content, else null.
 * Only a nonce of the form we make is ever given back.
 */
export function matchingNonce(ifNoneMatch: string | undefined, hash: string): string | null {
  if (!ifNoneMatch) return null
  for (const candidate of ifNoneMatch.split(',')) {
    const match = TAG.exec(candidate.trim())
    if (match?.[1] === hash && match[2] && NONCE.test(match[2])) return match[2]
  }
  return null
}
