/**
 * Mexico's CLABE, the 18-digit interbank account number a borrower pays a transfer to
 * (docs/product/money-rules.md#repayment): 3 digits of bank, 3 of plaza, 11 of account and a check
 * digit. The check digit catches any single mistyped digit before money goes to a wrong account:
 * the weights 3, 7 and 1 are all prime to 10, so changing one digit always changes the sum's last digit.
 */
const WEIGHTS = [3, 7, 1] as const

function digitsOnly(value: string, length: number, what: string): void {
  if (!new RegExp(`^\\d{${length}}$`).test(value)) throw new RangeError(`${what} must be exactly ${length} digits: ${JSON.stringify(value)}`)
}

/** Banxico's rule: sum of (digit × weight) mod 10 over the first 17 digits; check = (10 − sum mod 10) mod 10. */
export function clabeCheckDigit(first17: string): number {
  digitsOnly(first17, 17, 'the first part of a CLABE')
  let sum = 0
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * WEIGHTS[i % 3]!) % 10
  return (10 - (sum % 10)) % 10
}

/** Exactly 18 digits (no spaces or dashes) whose last one is the check digit of the others. */
export function isValidClabe(value: string): boolean {
  if (!/^\d{18}$/.test(value)) return false
  return clabeCheckDigit(value.slice(0, 17)) === Number(value[17])
}

/** A CLABE from its parts, with its check digit. */
export function makeClabe(bankCode3: string, plaza3: string, account11: string): string {
  digitsOnly(bankCode3, 3, 'bank code')
  digitsOnly(plaza3, 3, 'plaza')
  digitsOnly(account11, 11, 'account')
  const first17 = bankCode3 + plaza3 + account11
  return first17 + String(clabeCheckDigit(first17))
}
