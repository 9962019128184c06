import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile'
import { MARKET_INFO, type Market } from './markets.js'

/**
 * docs/product/shell-and-sessions.md#phone-numbers: the old app's rule (11 digits starting with 1) fits mainland China and refuses
 * every real borrower, so mobile numbers are validated by market with libphonenumber's mobile
 * metadata. Returns the E.164 form, or null when the input is not a mobile number of that market.
 */
export function normalizeMobile(input: string, market: Market): string | null {
  const raw = input.trim()
  if (raw.length === 0 || raw.length > 32) return null
  if (!/^[+\d][\d\s().-]*$/.test(raw)) return null
  const parsed = parsePhoneNumberFromString(raw, market)
  if (!parsed || !parsed.isValid()) return null
  if (parsed.countryCallingCode !== MARKET_INFO[market].callingCode) return null
  const type = parsed.getType()
  if (type !== undefined && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null
  return parsed.number
}

/** Keeps the first five and the last two digits: logs and screens never show a whole number. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '')
  if (digits.length < 8) return '*'.repeat(digits.length)
  return `+${digits.slice(0, 5)}${'*'.repeat(digits.length - 7)}${digits.slice(-2)}`
}
