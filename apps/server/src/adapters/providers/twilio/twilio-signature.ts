import { createHmac, timingSafeEqual } from 'node:crypto'

/**
 * Twilio's request signature (docs/operations/providers/twilio.md#callbacks): base64 of the
 * HMAC-SHA1, keyed by the account's auth token, of the full URL Twilio called followed by every
 * POST parameter, sorted by name, each as its name then its value with nothing between. The fake
 * signs its callbacks with this same function, so the tests check the scheme, not a copy of it.
 */
export function twilioSignature(authToken: string, url: string, params: URLSearchParams | Record<string, string>): string {
  const pairs = params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params)
  // By name, then (a repeated name) by value: Twilio's helper libraries sort the same way.
  pairs.sort(([a, va], [b, vb]) => (a < b ? -1 : a > b ? 1 : va < vb ? -1 : va > vb ? 1 : 0))
  const data = url + pairs.map(([name, value]) => name + value).join('')
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64')
}

/** Compares in constant time: a wrong signature takes as long to refuse whichever byte differs. */
export function signatureMatches(expected: string, received: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(received)
  return a.length === b.length && timingSafeEqual(a, b)
}
