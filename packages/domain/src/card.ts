/**
 * Bank card numbers (docs/decisions/0012-payment-gateway.md#cards). The Luhn check digit catches any
 * single mistyped digit and most swaps of two neighbours before a number reaches the gateway; it
 * says nothing about whether the card exists, which only the gateway knows.
 */

/** A card number as typed into our forms: 12 to 19 digits (ISO/IEC 7812). */
export const CARD_NO = /^\d{12,19}$/

/** A card number whose last digit is its Luhn check digit. */
export function luhnValid(cardNo: string): boolean {
  if (!CARD_NO.test(cardNo)) return false
  let sum = 0
  // From the right: every second digit doubled, and 9 taken from a double above 9.
  for (let i = 0; i < cardNo.length; i++) {
    let digit = Number(cardNo[cardNo.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** What anyone may see of a card number: its first 6 (the issuer) and last 4 digits, the rest starred. */
export function maskCardNo(cardNo: string): string {
  if (!CARD_NO.test(cardNo)) throw new RangeError('a card number is 12 to 19 digits')
  return cardNo.slice(0, 6) + '*'.repeat(cardNo.length - 10) + cardNo.slice(-4)
}
