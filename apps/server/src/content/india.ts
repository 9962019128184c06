/**
 * India's terms text (docs/product/money-rules.md#lender-disclosure): early repayment once half the
 * term has passed and never before day 7 after payout.
 */
export function prepayDay(termDays: number): number {
  return Math.max(Math.ceil(termDays / 2), 7)
}
