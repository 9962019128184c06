import { cents, type Cents, type Market } from '@kilat/domain'
import { ProviderHttp, basicAuth, type ProviderLog } from '../provider-http.js'
import type { RazorpaySettings } from './settings.js'

/** What every Razorpay adapter's constructor takes besides its settings (tests pass small timeouts and the fake's fetch). */
export interface RazorpayOptions {
  fetch?: typeof fetch | undefined
  log?: ProviderLog | undefined
  timeoutMs?: number | undefined
  retries?: number | undefined
  backoffMs?: number | undefined
}

export function razorpayHttp(provider: string, settings: RazorpaySettings, options: RazorpayOptions): ProviderHttp {
  const authorization = basicAuth(settings.keyId, settings.keySecret)
  return new ProviderHttp({
    provider,
    baseUrl: settings.apiUrl,
    headers: () => ({ authorization }),
    timeoutMs: options.timeoutMs,
    retries: options.retries,
    backoffMs: options.backoffMs,
    fetch: options.fetch,
    log: options.log,
  })
}

/** Razorpay serves India only here: every amount is in rupees, whose cents are paise. */
export function assertIndia(market: Market, what: string): void {
  if (market !== 'IN') throw new Error(`razorpay ${what} is for India only, not ${market}`)
}

/**
 * Our cents of INR are Razorpay's paise, one for one: an amount that is not a positive whole
 * number of paise is refused here rather than rounded.
 */
export function toPaise(amount: Cents): number {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error(`not a positive whole number of paise: ${amount}`)
  return amount
}

export function fromPaise(paise: number): Cents {
  return cents(paise)
}
