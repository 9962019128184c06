import { ConfigError } from '../../../config.js'

/**
 * Razorpay's settings (docs/operations/providers/razorpay.md#variables): one API key pair serves
 * Smart Collect (the payment gateway) and RazorpayX (payouts), as Razorpay issues one key per
 * account; the webhook secret is the one typed at the dashboard when the webhooks were added.
 */
export interface RazorpaySettings {
  keyId: string
  keySecret: string
  webhookSecret: string
  /** Our RazorpayX business account (the source of every payout); null when only collecting. */
  payoutAccountNumber: string | null
  /** The API's root without a trailing slash: Razorpay's, or a fake's in tests. */
  apiUrl: string
}

export const RAZORPAY_PRODUCTION_URL = 'https://api.razorpay.com'

export const RAZORPAY_VARIABLES: { name: string; description: string; secret: boolean }[] = [
  { name: 'RAZORPAY_KEY_ID', description: 'Razorpay API key id (rzp_live_… or rzp_test_…), Basic auth user of every call', secret: false },
  { name: 'RAZORPAY_KEY_SECRET', description: 'The key id\'s secret, Basic auth password of every call', secret: true },
  { name: 'RAZORPAY_WEBHOOK_SECRET', description: 'The secret set on our Razorpay and RazorpayX webhooks: X-Razorpay-Signature is its HMAC-SHA256 of the body', secret: true },
  { name: 'RAZORPAYX_ACCOUNT_NUMBER', description: 'Our RazorpayX business account number, the source of payouts (only needed for payouts)', secret: false },
  { name: 'RAZORPAY_API_URL', description: `The API's root; ${RAZORPAY_PRODUCTION_URL} by default (tests point it at the fake)`, secret: false },
]

const invalid = (name: string, what: string) => new ConfigError(`Invalid configuration: ${name} ${what}`)

function value(env: Record<string, string | undefined>, name: string): string | undefined {
  const v = env[name]?.trim()
  return v === undefined || v === '' ? undefined : v
}

/**
 * Null when none of the variables is set (Razorpay is not used); otherwise each one is checked and
 * the first wrong one is named. RAZORPAYX_ACCOUNT_NUMBER may be left out by a deployment that only
 * collects; the payouts adapter then refuses to start.
 */
export function readRazorpaySettings(env: Record<string, string | undefined>): RazorpaySettings | null {
  if (RAZORPAY_VARIABLES.every((v) => value(env, v.name) === undefined)) return null
  const keyId = value(env, 'RAZORPAY_KEY_ID')
  if (!keyId || !/^rzp_(live|test)_[A-Za-z0-9]{8,32}$/.test(keyId)) throw invalid('RAZORPAY_KEY_ID', 'must be a Razorpay key id (rzp_live_... or rzp_test_...)')
  const keySecret = value(env, 'RAZORPAY_KEY_SECRET')
  if (!keySecret || !/^[A-Za-z0-9]{16,64}$/.test(keySecret)) throw invalid('RAZORPAY_KEY_SECRET', 'must be the key id\'s secret (16 to 64 letters and digits)')
  const webhookSecret = value(env, 'RAZORPAY_WEBHOOK_SECRET')
  if (!webhookSecret || webhookSecret.length < 12) throw invalid('RAZORPAY_WEBHOOK_SECRET', 'must be the webhooks\' secret (at least 12 characters)')
  const payoutAccountNumber = value(env, 'RAZORPAYX_ACCOUNT_NUMBER') ?? null
  if (payoutAccountNumber !== null && !/^\d{9,22}$/.test(payoutAccountNumber)) throw invalid('RAZORPAYX_ACCOUNT_NUMBER', 'must be a RazorpayX account number (9 to 22 digits)')
  const apiUrl = (value(env, 'RAZORPAY_API_URL') ?? RAZORPAY_PRODUCTION_URL).replace(/\/+$/, '')
  let url: URL
  try {
    url = new URL(apiUrl)
  } catch {
    throw invalid('RAZORPAY_API_URL', 'must be an http(s) URL')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid('RAZORPAY_API_URL', 'must be an http(s) URL')
  return { keyId, keySecret, webhookSecret, payoutAccountNumber, apiUrl }
}
