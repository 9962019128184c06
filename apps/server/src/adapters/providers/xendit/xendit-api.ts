import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { cents, type Cents } from '@kilat/domain'
import { basicAuth, ProviderHttp, type ProviderLog } from '../provider-http.js'
import type { XenditSettings } from './settings.js'

/**
 * What Xendit's two adapters (the gateway and the payouts) share: one way to call the API, the
 * callback token's check, and rupiah at the edge (docs/operations/providers/xendit.md).
 */

export const XENDIT = 'xendit'

/** The header of every Xendit callback: the dashboard's verification token, as it is. */
export const CALLBACK_TOKEN_HEADER = 'x-callback-token'

export interface XenditAdapterOptions {
  fetch?: typeof fetch | undefined
  log?: ProviderLog | undefined
  timeoutMs?: number | undefined
  retries?: number | undefined
  backoffMs?: number | undefined
}

export function xenditHttp(settings: XenditSettings, options: XenditAdapterOptions = {}): ProviderHttp {
  // Basic authentication: the secret key as the user name and an empty password.
  const authorization = basicAuth(settings.secretKey, '')
  return new ProviderHttp({
    provider: XENDIT,
    baseUrl: settings.apiUrl,
    headers: () => ({ authorization }),
    timeoutMs: options.timeoutMs,
    retries: options.retries,
    backoffMs: options.backoffMs,
    fetch: options.fetch,
    log: options.log,
  })
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name]
  return Array.isArray(value) ? value[0] : value
}

/**
 * Xendit signs nothing: it sends the token as it is. Compared in constant time, through a digest
 * of each side so that the comparison takes as long whatever the length of what was sent.
 */
export function checkCallbackToken(expected: string, headers: IncomingHttpHeaders): 'ok' | 'missingSignature' | 'badSignature' {
  const given = header(headers, CALLBACK_TOKEN_HEADER)
  if (!given) return 'missingSignature'
  const a = createHash('sha256').update(given).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b) ? 'ok' : 'badSignature'
}

/** The body of a callback read as JSON, or undefined when it is not JSON. */
export function jsonOf(rawBody: Buffer): unknown {
  try {
    return JSON.parse(rawBody.toString('utf8'))
  } catch {
    return undefined
  }
}

/** An amount the adapter cannot send as it is: never rounded, refused. */
export class XenditAmountError extends Error {
  override readonly name = 'XenditAmountError'
}

/**
 * Cents to Xendit's IDR, which has no minor unit: whole rupiah only. A fraction of a rupiah is a
 * bug upstream, thrown rather than rounded away.
 */
export function rupiahOf(amount: Cents): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new XenditAmountError(`not a positive amount of cents: ${amount}`)
  if (amount % 100 !== 0) throw new XenditAmountError(`${amount} cents is not a whole number of rupiah: Xendit's IDR has no minor unit`)
  return amount / 100
}

/** Xendit's rupiah (whole in payments; a fee or its tax may carry decimals) back to cents, refusing anything finer. */
export function centsOfRupiah(rupiah: number): Cents {
  const value = Math.round(rupiah * 100)
  if (!Number.isFinite(rupiah) || Math.abs(rupiah * 100 - value) > 1e-6) throw new XenditAmountError(`not an amount of rupiah in cents: ${rupiah}`)
  return cents(value)
}
