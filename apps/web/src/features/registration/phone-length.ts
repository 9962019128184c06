import type { Market } from '@kilat/domain'

/**
 * How many digits a mobile number of each market has as people type it (docs/product/registration.md):
 * the field takes digits only, at most `max`, and asks for at least `min` before any call. The
 * server checks the number itself with the phone-number library (docs/product/shell-and-sessions.md#phone-numbers).
 * Indonesia: 08 and 8 to 11 digits, typed with or without the 0; India and Mexico: 10 digits.
 */
export const MOBILE_DIGITS: Record<Market, { min: number; max: number }> = {
  ID: { min: 9, max: 13 },
  IN: { min: 10, max: 10 },
  MX: { min: 10, max: 10 },
}
