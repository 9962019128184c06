import { createPublicKey } from 'node:crypto'
import { ConfigError } from '../../../config.js'

/**
 * Conekta's settings (docs/operations/providers/conekta.md#variables): the private API key, the
 * public key of the webhook key pair Conekta signs its callbacks with, where its API is, and the
 * neutral customer details an order needs (Conekta requires a customer on every order; we give it
 * ours, never the borrower's).
 */
export interface ConektaSettings {
  /** The private key (key_...): Bearer of every call. */
  apiKey: string
  /** PEM of the webhook key's public half (`POST /webhook_keys` answers it once). */
  webhookPublicKey: string
  /** The API's root, without a trailing slash. */
  apiUrl: string
  /** The mailbox of our collections team, given as every order's customer email. */
  customerEmail: string
  /** Our collections team's phone number, given as every order's customer phone. */
  customerPhone: string
}

export const CONEKTA_DEFAULT_API_URL = 'https://api.conekta.io'

export const CONEKTA_VARIABLES: { name: string; description: string; secret: boolean }[] = [
  { name: 'CONEKTA_API_KEY', description: "Conekta's private API key (key_...), sent as the Bearer of every call", secret: true },
  { name: 'CONEKTA_WEBHOOK_PUBLIC_KEY', description: 'PEM of the public key of Conekta\'s webhook key (POST /webhook_keys), to check the `digest` header of its callbacks', secret: false },
  { name: 'CONEKTA_API_URL', description: `Conekta's API root; ${CONEKTA_DEFAULT_API_URL} unless testing`, secret: false },
  { name: 'CONEKTA_CUSTOMER_EMAIL', description: "Our collections mailbox, given as each order's customer email (no borrower data goes to Conekta)", secret: false },
  { name: 'CONEKTA_CUSTOMER_PHONE', description: "Our collections phone (+52 and 10 digits), given as each order's customer phone", secret: false },
]

const invalid = (name: string, what: string) => new ConfigError(`Invalid configuration: ${name} ${what}`)

/** A PEM from an environment variable, where newlines are often written `\n`. */
export function pemOf(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value
}

/** Null when no CONEKTA_ variable is set; throws a ConfigError naming the first one missing or malformed. */
export function readConektaSettings(env: Record<string, string | undefined>): ConektaSettings | null {
  const value = (name: string) => {
    const v = env[name]?.trim()
    return v === undefined || v === '' ? undefined : v
  }
  if (CONEKTA_VARIABLES.every((v) => value(v.name) === undefined)) return null
  const required = (name: string) => {
    const v = value(name)
    if (v === undefined) throw invalid(name, 'is required when Conekta is configured')
    return v
  }
  const apiKey = required('CONEKTA_API_KEY')
  // key_ then letters and digits: a public key (key_... too, but used by Conekta.js only) cannot be told apart, Conekta's 401 says it.
  if (!/^key_[A-Za-z0-9]{8,}$/.test(apiKey)) throw invalid('CONEKTA_API_KEY', 'must be a Conekta private key (key_...)')
  const webhookPublicKey = pemOf(required('CONEKTA_WEBHOOK_PUBLIC_KEY'))
  try {
    const key = createPublicKey(webhookPublicKey)
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA')
  } catch {
    throw invalid('CONEKTA_WEBHOOK_PUBLIC_KEY', 'must be the PEM of an RSA public key (-----BEGIN PUBLIC KEY-----)')
  }
  const apiUrl = (value('CONEKTA_API_URL') ?? CONEKTA_DEFAULT_API_URL).replace(/\/+$/, '')
  if (!/^https?:\/\/[^\s/]+/.test(apiUrl)) throw invalid('CONEKTA_API_URL', 'must be an http(s) address')
  const customerEmail = required('CONEKTA_CUSTOMER_EMAIL')
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(customerEmail)) throw invalid('CONEKTA_CUSTOMER_EMAIL', 'must be an email address')
  const customerPhone = required('CONEKTA_CUSTOMER_PHONE')
  if (!/^\+52\d{10}$/.test(customerPhone)) throw invalid('CONEKTA_CUSTOMER_PHONE', 'must be a Mexican phone number (+52 and 10 digits)')
  return { apiKey, webhookPublicKey, apiUrl, customerEmail, customerPhone }
}
