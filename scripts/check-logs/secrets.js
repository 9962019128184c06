import fs from 'node:fs'
import path from 'node:path'

/**
 * What a server log must never hold (docs/product/shell-and-sessions.md#logs-and-secrets): session
 * tokens, SMS and staff sign-in codes, the demo staff password and code secret, full phone
 * numbers, full card numbers and CLABEs. `findSecrets` reads a log's text and names each finding
 * with its line; the values it knows by name (the demo's) come from the seed files, so that a new
 * demo borrower is checked too.
 */

const ROOT = path.resolve(import.meta.dirname, '../..')

/** The demo's known secrets, read from the seed sources: tokens, phones, staff password and code secret. */
export function demoSecrets(root = ROOT) {
  const seed = fs.readFileSync(path.join(root, 'apps/server/src/db/seed.ts'), 'utf8')
  const staffSeed = fs.readFileSync(path.join(root, 'apps/server/src/modules/staff/staff.seed.ts'), 'utf8')
  const borrowers = seed.slice(seed.indexOf('export const DEMO_BORROWERS'), seed.indexOf('] as const', seed.indexOf('export const DEMO_BORROWERS')))
  const tokens = [...borrowers.matchAll(/token: '([^']+)'/g)].map((m) => m[1])
  const phones = [...borrowers.matchAll(/phone: '(\+\d+)'/g)].map((m) => m[1])
  const constant = (name) => staffSeed.match(new RegExp(`export const ${name} = '([^']+)'`))?.[1]
  // the error catalogue's six-digit codes (800006 …) are not one-time codes
  const catalogue = fs.readFileSync(path.join(root, 'packages/contract/src/errors.ts'), 'utf8')
  const errorCodes = [...catalogue.matchAll(/^\s+\w+: (\d{6}),$/gm)].map((m) => m[1])
  // who the demo borrowers are and where their payouts go: their identity and account numbers are as private as their phones
  const kyc = fs.readFileSync(path.join(root, 'apps/server/src/modules/kyc/demo-identities.ts'), 'utf8')
  const identities = kyc.slice(kyc.indexOf('export const DEMO_IDENTITIES'), kyc.indexOf('\n]', kyc.indexOf('export const DEMO_IDENTITIES')))
  const accounts = [...identities.matchAll(/accountNumber: '(\d+)'/g)].map((m) => m[1])
  const idNumbers = [...identities.matchAll(/(?:nik|pan|curp): '([0-9A-Z]+)'/g)].map((m) => m[1])
  const staffPassword = constant('DEMO_STAFF_PASSWORD')
  const totpSecret = constant('DEMO_STAFF_TOTP_SECRET')
  if (tokens.length === 0 || phones.length === 0 || !staffPassword || !totpSecret) {
    throw new Error('check-logs: the demo seed no longer reads as expected (DEMO_BORROWERS, DEMO_STAFF_PASSWORD, DEMO_STAFF_TOTP_SECRET)')
  }
  return { tokens, phones, accounts, idNumbers, staffPassword, totpSecret, errorCodes }
}

const COUNTRY_CODES = ['62', '91', '52']

/** Every way a full number may be written: +62812…, 62812…, 0812… (Indonesia's local form), 812…. */
export function phoneForms(phone) {
  const digits = phone.replace(/^\+/, '')
  const cc = COUNTRY_CODES.find((c) => digits.startsWith(c)) ?? ''
  const national = digits.slice(cc.length)
  return [...new Set([`+${digits}`, digits, `0${national}`, national])]
}

export function luhnValid(digits) {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** A CLABE's 18th digit: weights 3, 7, 1 over the first 17, modulo 10 (Banxico). */
export function clabeValid(digits) {
  if (!/^\d{18}$/.test(digits)) return false
  const weights = [3, 7, 1]
  let sum = 0
  for (let i = 0; i < 17; i++) sum += (Number(digits[i]) * weights[i % 3]) % 10
  return (10 - (sum % 10)) % 10 === Number(digits[17])
}

const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const REDACTED = /^\[?redacted\]?$/i

/**
 * Keys that carry a session or a one-time secret. A value there is a finding unless it is
 * `[redacted]` or too short to be a token (a flag, an empty cookie).
 */
const TOKEN_KEYS = ['cookie', 'set-cookie', 'authorization', 'x-session-id', 'tok', 'sessionId', 'session_id', 'sid', 'kilat_staff', 'token', 'enrolmentToken', 'repayToken']
const TOKEN_POSITION = new RegExp(
  `(?:^|[^A-Za-z0-9_-])(${TOKEN_KEYS.map(escape).join('|')})(?:"\\s*:\\s*"|\\\\?"?\\s*[=:]\\s*\\\\?"?)(?:Bearer\\s+)?([^"&;\\s,}\\\\]+)`,
  'gi',
)
/** A token's look: 64 hex characters, or 20 and more of base64url. */
const TOKEN_LOOK = /^(?:[0-9a-f]{64}|[A-Za-z0-9_-]{20,})$/

/** A code in a field named for one: `"code":"123456"`, `code=123456`, `verifyCode: 123456`. */
const CODE_FIELD = /(?:^|[^A-Za-z])(code|smsCode|verifyCode|otp|totp|capcode)(?:"\s*:\s*"?|\s*[=:]\s*"?)(\d{6})(?!\d)/gi
/** An SMS text with its code, in any of the three languages. */
const SMS_TEXT = /(?<![\p{L}\d])(?:kode|code|código)(?![\p{L}\d])[^0-9\n"]{0,60}?(?<!\d)(\d{6})(?!\d)/giu
/**
 * The live providers' keys by their published shapes (docs/operations/going-live.md#outbound-calls):
 * Xendit's secret keys, Razorpay's key ids, Conekta's private keys, a PEM private key (STP's), and
 * Twilio's auth token beside its name.
 */
const PROVIDER_KEYS = [
  { kind: 'Xendit secret key', re: /xnd_(?:development|production)_[A-Za-z0-9]{20,}/g },
  { kind: 'Razorpay key id', re: /rzp_(?:live|test)_[A-Za-z0-9]{10,}/g },
  { kind: 'Conekta private key', re: /(?<![A-Za-z0-9_])key_[A-Za-z0-9]{16,}/g },
  { kind: 'private key', re: /-----BEGIN (?:RSA |ENCRYPTED |EC )?PRIVATE KEY-----/g },
  { kind: 'Twilio auth token', re: /(?:auth_?token|authToken|TWILIO_AUTH_TOKEN)\W{1,4}[0-9a-f]{32}/gi },
]
/** A full number of one of the markets, whoever's: +62 and 9 to 12 digits, +91 and 10, +52 and 10. */
const ANY_PHONE = /(?<![\d*])\+(?:62\d{9,12}|91\d{10}|52\d{10})(?![\d*])/g

/** The findings in a log's text: `{ line, kind, value }`, the value shortened to what identifies it. */
export function findSecrets(text, known = demoSecrets()) {
  const findings = []
  const lines = text.split('\n')
  const literal = [
    ...known.tokens.map((t) => ({ kind: 'demo session token', re: new RegExp(`(?<![A-Za-z0-9_-])${escape(t)}(?![A-Za-z0-9_-])`) })),
    ...known.phones.flatMap((p) => phoneForms(p).map((f) => ({ kind: 'demo borrower phone', re: new RegExp(`(?<![\\d*])${escape(f)}(?![\\d*])`) }))),
    ...(known.accounts ?? []).map((a) => ({ kind: 'demo payout account', re: new RegExp(`(?<![\\d*])${escape(a)}(?![\\d*])`) })),
    ...(known.idNumbers ?? []).map((n) => ({ kind: 'demo identity number', re: new RegExp(`(?<![0-9A-Z*])${escape(n)}(?![0-9A-Z*])`) })),
    { kind: 'demo staff password', re: new RegExp(escape(known.staffPassword)) },
    { kind: 'demo staff code secret', re: new RegExp(escape(known.totpSecret), 'i') },
  ]
  lines.forEach((line, i) => {
    const add = (kind, value) => findings.push({ line: i + 1, kind, value: value.length > 12 ? `${value.slice(0, 6)}…` : value })
    for (const { kind, re } of literal) {
      const m = re.exec(line)
      if (m) add(kind, m[0])
    }
    for (const m of line.matchAll(TOKEN_POSITION)) {
      // a cookie header's value is `name=value`: the token is after the name
      const value = /cookie$/i.test(m[1]) ? m[2].slice(m[2].indexOf('=') + 1) : m[2]
      if (!REDACTED.test(value) && TOKEN_LOOK.test(value)) add(`token in ${m[1]}`, value)
    }
    for (const m of line.matchAll(CODE_FIELD)) if (!(known.errorCodes ?? []).includes(m[2])) add(`code in ${m[1]}`, m[2])
    for (const m of line.matchAll(SMS_TEXT)) if (!(known.errorCodes ?? []).includes(m[1])) add('SMS code', m[1])
    for (const m of line.matchAll(ANY_PHONE)) add('full phone number', m[0])
    for (const { kind, re } of PROVIDER_KEYS) for (const m of line.matchAll(re)) add(kind, m[0])
    // digits after a decimal point are a fraction (a response time), and digits after a letter part
    // of a name (an order number such as K2026112675518327): neither is a number of its own
    for (const m of line.matchAll(/(?<![\w.])\d{16}(?!\w)/g)) if (luhnValid(m[0])) add('card number', m[0])
    for (const m of line.matchAll(/(?<![\w.])\d{18}(?!\w)/g)) if (clabeValid(m[0])) add('CLABE', m[0])
  })
  // one finding per line and kind is enough to act on
  const seen = new Set()
  return findings.filter((f) => {
    const key = `${f.line}:${f.kind}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}
