import { MARKETS, type Market } from '@kilat/domain'
import { ConfigError } from '../../../config.js'

/**
 * Twilio's settings (docs/operations/providers/twilio.md#variables): one account for the three
 * markets, a sender per market (a phone number, an alphanumeric sender id or a messaging service),
 * and for India the DLT entity and the template of each purpose.
 */

/** Who a market's messages come from: a messaging service (`MessagingServiceSid`) or a sender (`From`). */
export type TwilioSender = { kind: 'service'; sid: string } | { kind: 'from'; from: string }

export interface TwilioDlt {
  /** The principal entity id (PE id) of our DLT registration. */
  entityId: string
  /** The DLT template id of each purpose ('login', 'register', 'repay'). */
  templates: Record<string, string>
}

export interface TwilioSettings {
  accountSid: string
  authToken: string
  /** The REST API's root (Messages, Accounts), without a trailing slash. */
  apiUrl: string
  /** The Messaging API's root (Services), without a trailing slash: another host at Twilio. */
  messagingApiUrl: string
  /**
   * Our delivery-status address, given to Twilio with every message: `<PUBLIC_URL>/h5-api/v3/sms/status/twilio`.
   * Twilio signs the full URL it calls, so verification needs it exactly as Twilio has it.
   */
  statusCallbackUrl: string
  /** Each market's sender; null where the market sends no SMS through Twilio. */
  senders: Record<Market, TwilioSender | null>
  /** India's DLT ids; set whenever India has a sender. */
  dlt: TwilioDlt | null
}

/** The purposes our server sends (modules auth, registration, repayment cards): India needs a DLT template for each. */
export const TWILIO_DLT_PURPOSES = ['login', 'register', 'repay'] as const

export const TWILIO_STATUS_PATH = '/h5-api/v3/sms/status/twilio'

export const TWILIO_VARIABLES: { name: string; description: string; secret: boolean }[] = [
  { name: 'TWILIO_ACCOUNT_SID', description: 'Twilio account SID (AC…), the user of every call', secret: false },
  { name: 'TWILIO_AUTH_TOKEN', description: "Twilio account's auth token: the password of every call and the key of its callbacks' signatures", secret: true },
  { name: 'TWILIO_FROM_ID', description: 'Indonesia\'s sender: a messaging service SID (MG…), a registered alphanumeric sender id or an E.164 number', secret: false },
  { name: 'TWILIO_FROM_IN', description: "India's sender: a messaging service SID (MG…), a DLT-registered sender id or an E.164 number", secret: false },
  { name: 'TWILIO_FROM_MX', description: "Mexico's sender: a messaging service SID (MG…) or an E.164 number", secret: false },
  { name: 'SMS_DLT_ENTITY_ID_IN', description: 'India: our DLT principal entity id (PE id), digits', secret: false },
  { name: 'SMS_DLT_TEMPLATES_IN', description: 'India: the DLT template id of each purpose, `login:<id>,register:<id>,repay:<id>`', secret: false },
  { name: 'TWILIO_API_URL', description: 'Twilio REST API root; https://api.twilio.com by default (tests point it at the fake)', secret: false },
  { name: 'TWILIO_MESSAGING_API_URL', description: 'Twilio Messaging API root; https://messaging.twilio.com by default', secret: false },
  { name: 'PUBLIC_URL', description: 'Our public address (shared): the status callback is <PUBLIC_URL>/h5-api/v3/sms/status/twilio', secret: false },
]

const OWN = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_ID', 'TWILIO_FROM_IN', 'TWILIO_FROM_MX', 'SMS_DLT_ENTITY_ID_IN', 'SMS_DLT_TEMPLATES_IN', 'TWILIO_API_URL', 'TWILIO_MESSAGING_API_URL']

const ACCOUNT_SID = /^AC[0-9a-f]{32}$/
const AUTH_TOKEN = /^[0-9a-f]{32}$/
const SERVICE_SID = /^MG[0-9a-f]{32}$/
const E164 = /^\+[1-9]\d{6,14}$/
// Twilio's alphanumeric sender ids: up to 11 characters, letters, digits and spaces, at least one letter.
const ALPHANUMERIC = /^(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11}$/
// DLT ids are long numbers (19 digits as issued); a little room either way.
const DLT_ID = /^\d{10,30}$/

const FROM_VARIABLE: Record<Market, string> = { ID: 'TWILIO_FROM_ID', IN: 'TWILIO_FROM_IN', MX: 'TWILIO_FROM_MX' }

/** Null when none of Twilio's variables is set; throws ConfigError naming the first one missing or malformed. */
export function readTwilioSettings(env: Record<string, string | undefined>): TwilioSettings | null {
  const get = (name: string): string | undefined => {
    const value = env[name]?.trim()
    return value === undefined || value === '' ? undefined : value
  }
  if (OWN.every((name) => get(name) === undefined)) return null
  const fail = (message: string): never => {
    throw new ConfigError(`Invalid configuration: ${message}`)
  }

  const accountSid = get('TWILIO_ACCOUNT_SID') ?? fail('TWILIO_ACCOUNT_SID is required when Twilio is configured')
  if (!ACCOUNT_SID.test(accountSid)) fail('TWILIO_ACCOUNT_SID must be a Twilio account SID (AC followed by 32 hex digits)')
  const authToken = get('TWILIO_AUTH_TOKEN') ?? fail('TWILIO_AUTH_TOKEN is required when Twilio is configured')
  if (!AUTH_TOKEN.test(authToken)) fail("TWILIO_AUTH_TOKEN must be the account's auth token (32 hex digits)")

  const senders = Object.fromEntries(MARKETS.map((market) => [market, readSender(get(FROM_VARIABLE[market]), FROM_VARIABLE[market], market, fail)])) as Record<Market, TwilioSender | null>
  if (MARKETS.every((market) => senders[market] === null)) fail('TWILIO_FROM_ID, TWILIO_FROM_IN or TWILIO_FROM_MX is required: a sender for at least one market')

  const entityId = get('SMS_DLT_ENTITY_ID_IN')
  const templatesText = get('SMS_DLT_TEMPLATES_IN')
  let dlt: TwilioDlt | null = null
  if (senders.IN) {
    if (!entityId) fail('SMS_DLT_ENTITY_ID_IN is required when TWILIO_FROM_IN is set (India needs the DLT entity id)')
    else if (!DLT_ID.test(entityId)) fail('SMS_DLT_ENTITY_ID_IN must be the DLT principal entity id (digits only)')
    if (!templatesText) fail('SMS_DLT_TEMPLATES_IN is required when TWILIO_FROM_IN is set (purpose:template pairs)')
    dlt = { entityId: entityId ?? '', templates: readTemplates(templatesText ?? '', fail) }
  } else if (entityId || templatesText) {
    fail(`${entityId ? 'SMS_DLT_ENTITY_ID_IN' : 'SMS_DLT_TEMPLATES_IN'} is set but TWILIO_FROM_IN is not: India has no sender`)
  }

  const apiUrl = readUrl(get('TWILIO_API_URL') ?? 'https://api.twilio.com', 'TWILIO_API_URL', fail)
  const messagingApiUrl = readUrl(get('TWILIO_MESSAGING_API_URL') ?? 'https://messaging.twilio.com', 'TWILIO_MESSAGING_API_URL', fail)
  const publicUrl = readUrl(get('PUBLIC_URL') ?? fail('PUBLIC_URL is required when Twilio is configured (its status callback address)'), 'PUBLIC_URL', fail)
  return { accountSid, authToken, apiUrl, messagingApiUrl, statusCallbackUrl: `${publicUrl}${TWILIO_STATUS_PATH}`, senders, dlt }
}

function readSender(value: string | undefined, name: string, market: Market, fail: (message: string) => never): TwilioSender | null {
  if (value === undefined) return null
  if (SERVICE_SID.test(value)) return { kind: 'service', sid: value }
  if (E164.test(value)) return { kind: 'from', from: value }
  // Mexico's carriers take no alphanumeric sender ids (Twilio's guidelines for MX): a number or a service.
  if (market !== 'MX' && ALPHANUMERIC.test(value)) return { kind: 'from', from: value }
  return market === 'MX'
    ? fail(`${name} must be a messaging service SID (MG…) or an E.164 number`)
    : fail(`${name} must be a messaging service SID (MG…), an alphanumeric sender id (up to 11 letters and digits) or an E.164 number`)
}

function readTemplates(text: string, fail: (message: string) => never): Record<string, string> {
  const templates: Record<string, string> = {}
  for (const pair of text.split(',')) {
    const [purpose, id, extra] = pair.split(':').map((part) => part.trim())
    if (!purpose || !id || extra !== undefined || !DLT_ID.test(id)) fail('SMS_DLT_TEMPLATES_IN must be purpose:template pairs separated by commas, each template id in digits (login:1107…,register:1107…)')
    else templates[purpose] = id
  }
  const missing = TWILIO_DLT_PURPOSES.filter((purpose) => !templates[purpose])
  if (missing.length > 0) fail(`SMS_DLT_TEMPLATES_IN has no template for ${missing.join(', ')} (every purpose sent to India needs one)`)
  return templates
}

function readUrl(value: string, name: string, fail: (message: string) => never): string {
  let url: URL | undefined
  try {
    url = new URL(value)
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.search !== '' || url.hash !== '') fail(`${name} must be an http(s) address without a query (${name === 'PUBLIC_URL' ? 'https://kilat.example' : 'https://api.twilio.com'})`)
  return value.replace(/\/+$/, '')
}
