/**
 * Pure rules of promotion registration and of the public lending figures
 * (docs/product/registration.md).
 */

/**
 * Captcha characters: capitals and digits that cannot be read as one another (no 0/O/D/Q, 1/I/L,
 * 5/S, 8/B, 2/Z, G/6). Answers are compared in capitals, so a borrower may type them in either case.
 */
export const CAPTCHA_ALPHABET = '34679ACEFHJKMNPRTUVWXY'

/** The canonical form of a typed captcha answer: trimmed, in capitals. */
export function normalizeCaptchaAnswer(input: string): string {
  return input.trim().toUpperCase()
}

/** True when the text can be a captcha answer of `length` characters of the alphabet. */
export function isCaptchaAnswer(input: string, length: number): boolean {
  const answer = normalizeCaptchaAnswer(input)
  if (answer.length !== length) return false
  for (const ch of answer) if (!CAPTCHA_ALPHABET.includes(ch)) return false
  return true
}

/** Digits hidden at the end of a number to name its range (see numberRange). */
export const RANGE_HIDDEN_DIGITS = 4

/**
 * The range a mobile number belongs to: its E.164 form without the last four digits
 * (+6281234567890 → +628123456). SMS pumping sends codes to many numbers of one range an operator
 * pays back for; a daily ceiling per range stops it without limiting real borrowers, who are spread
 * over millions of ranges.
 */
export function numberRange(e164: string): string {
  if (!/^\+\d{8,15}$/.test(e164)) throw new Error('numberRange expects an E.164 number')
  return e164.slice(0, e164.length - RANGE_HIDDEN_DIGITS)
}

/** TKB90 looks at loans up to this many days overdue (OJK's "tingkat keberhasilan bayar 90 hari"). */
export const TKB_HORIZON_DAYS = 90

/**
 * TKB90 in basis points: the share of the outstanding amount that is not more than 90 days overdue,
 * 100 % minus TWP90 (the share more than 90 days overdue), as OJK defines it. Rounded down, so the
 * figure never flatters the lender; 100 % when nothing is outstanding.
 */
export function tkb90Bp(outstanding: number, outstandingBeyond90: number): number {
  if (!Number.isSafeInteger(outstanding) || !Number.isSafeInteger(outstandingBeyond90)) throw new Error('tkb90Bp expects integer cents')
  if (outstanding < 0 || outstandingBeyond90 < 0 || outstandingBeyond90 > outstanding) throw new Error('tkb90Bp: 0 <= beyond90 <= outstanding')
  if (outstanding === 0) return 10_000
  const within = outstanding - outstandingBeyond90
  // BigInt keeps within × 10000 exact however large the book grows.
  return Number((BigInt(within) * 10_000n) / BigInt(outstanding))
}

/** Whether a loan counts against TKB90: more than 90 whole days overdue. */
export function isBeyondTkbHorizon(daysOverdue: number): boolean {
  return daysOverdue > TKB_HORIZON_DAYS
}

/**
 * The principal a loan still owes, the amount OJK's figures count: payments cover late charges and
 * interest first, then the principal.
 */
export function outstandingPrincipal(loan: { principal: number; interest: number; penalty: number; paid: number }): number {
  const towardsPrincipal = Math.max(0, loan.paid - loan.interest - loan.penalty)
  return Math.max(0, loan.principal - towardsPrincipal)
}
