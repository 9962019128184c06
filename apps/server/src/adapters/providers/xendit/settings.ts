import { ConfigError } from '../../../config.js'

/**
 * Xendit's settings (docs/operations/providers/xendit.md#variables): one secret key for every
 * call (Basic authentication, the key as the user and no password) and the callback token Xendit
 * puts in the `x-callback-token` header of every callback it sends us.
 */
export interface XenditSettings {
  /** xnd_development_… (test mode) or xnd_production_…: never logged. */
  secretKey: string
  /** The dashboard's "callback verification token": never logged. */
  callbackToken: string
  /** The API's root without a trailing slash: https://api.xendit.co, or a fake's in tests. */
  apiUrl: string
  /** The name Xendit shows the borrower on a virtual account or at the mini market's till. */
  accountName: string
  /** Where an invoice's page is, before its id: the borrower pays a 'hosted' account there. */
  checkoutUrl: string
}

export const XENDIT_DEFAULT_API_URL = 'https://api.xendit.co'
export const XENDIT_DEFAULT_ACCOUNT_NAME = 'KILAT'
/** Xendit's invoice pages: live keys' and test keys' (an invoice's `invoice_url` is one of these, then its id). */
export const XENDIT_CHECKOUT_URLS = { production: 'https://checkout.xendit.co/web', development: 'https://checkout-staging.xendit.co/web' } as const

export const XENDIT_VARIABLES: { name: string; description: string; secret: boolean }[] = [
  { name: 'XENDIT_SECRET_KEY', description: "Xendit's secret API key (xnd_development_… or xnd_production_…), with write access to money-in and payouts", secret: true },
  { name: 'XENDIT_CALLBACK_TOKEN', description: "Xendit's callback verification token (dashboard: Settings, Webhooks), checked on every callback", secret: true },
  { name: 'XENDIT_API_URL', description: `Xendit's API root; ${XENDIT_DEFAULT_API_URL} by default (tests point it at the fake)`, secret: false },
  { name: 'XENDIT_ACCOUNT_NAME', description: `The name shown on virtual accounts and payment codes; ${XENDIT_DEFAULT_ACCOUNT_NAME} by default`, secret: false },
  { name: 'XENDIT_CHECKOUT_URL', description: "Where Xendit's invoice pages are, before the invoice's id; by the key's mode by default (tests point it at the fake)", secret: false },
]

const invalid = (name: string, what: string) => new ConfigError(`Invalid configuration: ${name} ${what}`)

function value(env: Record<string, string | undefined>, name: string): string | undefined {
  const v = env[name]
  return v === undefined || v.trim() === '' ? undefined : v.trim()
}

/** Null when no XENDIT_* variable is set (Xendit is not used); throws ConfigError naming the first wrong one. */
export function readXenditSettings(env: Record<string, string | undefined>): XenditSettings | null {
  if (XENDIT_VARIABLES.every((v) => value(env, v.name) === undefined)) return null
  const secretKey = value(env, 'XENDIT_SECRET_KEY')
  if (!secretKey) throw invalid('XENDIT_SECRET_KEY', 'is required when another XENDIT_ variable is set')
  if (!/^xnd_(development|production)_[A-Za-z0-9]{20,}$/.test(secretKey)) {
    throw invalid('XENDIT_SECRET_KEY', 'must be a Xendit secret key (xnd_development_… or xnd_production_…)')
  }
  const callbackToken = value(env, 'XENDIT_CALLBACK_TOKEN')
  if (!callbackToken) throw invalid('XENDIT_CALLBACK_TOKEN', 'is required when another XENDIT_ variable is set')
  if (!/^[A-Za-z0-9]{16,}$/.test(callbackToken)) throw invalid('XENDIT_CALLBACK_TOKEN', 'must be the callback verification token of the dashboard (letters and digits, 16 or more)')
  const apiUrl = value(env, 'XENDIT_API_URL') ?? XENDIT_DEFAULT_API_URL
  let url: URL
  try {
    url = new URL(apiUrl)
  } catch {
    throw invalid('XENDIT_API_URL', 'must be a URL (https://api.xendit.co)')
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid('XENDIT_API_URL', 'must be an http(s) URL')
  if (url.search || url.hash) throw invalid('XENDIT_API_URL', 'must have no query string or fragment')
  const accountName = value(env, 'XENDIT_ACCOUNT_NAME') ?? XENDIT_DEFAULT_ACCOUNT_NAME
  // Xendit refuses names with digits or punctuation on virtual accounts; a bank cuts a long one.
  if (!/^[A-Za-z][A-Za-z ]{0,49}$/.test(accountName)) throw invalid('XENDIT_ACCOUNT_NAME', 'must be letters and spaces, at most 50')
  const mode = secretKey.startsWith('xnd_production_') ? 'production' : 'development'
  const checkoutUrl = value(env, 'XENDIT_CHECKOUT_URL') ?? XENDIT_CHECKOUT_URLS[mode]
  if (!/^https?:\/\/[^\s?#]+$/.test(checkoutUrl)) throw invalid('XENDIT_CHECKOUT_URL', "must be the address of Xendit's invoice pages (https://checkout.xendit.co/web)")
  return { secretKey, callbackToken, apiUrl: apiUrl.replace(/\/+$/, ''), accountName, checkoutUrl: checkoutUrl.replace(/\/+$/, '') }
}
