/**
 * India's bank-transfer reference (UTR) as the borrower types it after paying: exactly 12 digits,
 * the IMPS/UPI reference number's form. The contract's `submit-utr` schema and the UTR form on
 * /that both check it with this.
 */
export const UTR = /^\d{12}$/

export function isValidUtr(value: string): boolean {
  return UTR.test(value)
}
