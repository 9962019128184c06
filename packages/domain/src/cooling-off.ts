import { addDays, daysBetween, localDate } from './calendar.js'
import { COOLING_OFF_DAYS, type Market } from './markets.js'
import { type Cents, applyBasisPoints, cents, minCents, subCents, sumCents } from './money.js'
import type { Allocation, Owed, PeriodAllocation } from './repayment.js'

/**
 * The cooling-off exit (docs/product/money-rules.md#cooling-off): for `COOLING_OFF_DAYS` of its
 * market after the payout, the borrower may end the loan by repaying the principal and the interest
 * of the days used, with no late charge and no fee beyond the admin fee deducted at payout. The
 * rule is written here once: loan details' offer, the account the borrower pays into and the
 * allocation of the payment all ask it.
 */

/** What the exit asks at a moment. */
export interface CoolingOffExit {
  /** The last market-local day (yyyy-mm-dd) on which the exit may be paid. */
  lastDay: string
  /** Days of the loan used: local days from the payout's date, at least one. */
  daysUsed: number
  /** The interest of the days used on the whole principal, rounded as money is (half up). */
  interest: Cents
  /** What is still to pay to end the loan: the principal not yet repaid and the interest above not yet paid. */
  amount: Cents
}

/** The loan's figures the exit is priced from. */
export interface CoolingOffLoan {
  market: Market
  dailyRateBps: number
  /** The whole principal lent. */
  principal: Cents
  /** Interest already paid on the loan (a part payment made within the period counts toward the exit). */
  interestPaid: Cents
  disbursedAt: Date | null
}

/** The market-local last day of the period, or null when the market has none or the loan is not paid out. */
export function coolingOffLastDay(market: Market, disbursedAt: Date | null): string | null {
  const days = COOLING_OFF_DAYS[market]
  if (!disbursedAt || days <= 0) return null
  return addDays(localDate(disbursedAt, market), days)
}

/**
 * The exit at `at`, or null outside the period (no period in the market, not paid out, past the
 * last day, or nothing owed). The interest of the days used never exceeds the loan's own interest.
 */
export function coolingOffExit(loan: CoolingOffLoan, owed: Owed, at: Date): CoolingOffExit | null {
  const lastDay = coolingOffLastDay(loan.market, loan.disbursedAt)
  if (!lastDay || !loan.disbursedAt) return null
  const today = localDate(at, loan.market)
  if (daysBetween(today, lastDay) < 0) return null
  const principalOwed = sumCents(owed.periods.map((p) => p.principal))
  const interestOwed = sumCents(owed.periods.map((p) => p.interest))
  if (principalOwed === 0 && interestOwed === 0) return null
  const daysUsed = Math.max(1, daysBetween(localDate(loan.disbursedAt, loan.market), today))
  const interest = applyBasisPoints(loan.principal, loan.dailyRateBps * daysUsed)
  const interestDue = minCents(interestOwed, interest > loan.interestPaid ? subCents(interest, loan.interestPaid) : cents(0))
  return { lastDay, daysUsed, interest, amount: cents(principalOwed + interestDue) }
}

/** A payment that ends the loan within the period: what it pays, and what the exit releases. */
export interface CoolingOffSettlement {
  /** What the payment pays: every period's principal, the interest due for the exit oldest first; `leftover` beyond it. */
  payment: Allocation
  /** What the exit releases of what was owed: the rest of the interest, late charges and fees. */
  released: Allocation
}

/**
 * How a payment of `amount` within the period is applied, or null when it is less than the exit
 * asks (an ordinary part payment then). The payment and the release together cover exactly what
 * was owed, so the order owes nothing after them and settles through the payment's own rule.
 */
export function settleCoolingOff(owed: Owed, exit: CoolingOffExit, amount: Cents): CoolingOffSettlement | null {
  if (!Number.isSafeInteger(amount) || amount < exit.amount) return null
  const principalOwed = sumCents(owed.periods.map((p) => p.principal))
  let interestLeft = subCents(exit.amount, principalOwed)
  const paid: PeriodAllocation[] = []
  const released: PeriodAllocation[] = []
  for (const p of [...owed.periods].sort((a, b) => a.periodNo - b.periodNo)) {
    const interest = minCents(p.interest, interestLeft)
    interestLeft = subCents(interestLeft, interest)
    if (interest > 0 || p.principal > 0) paid.push({ periodNo: p.periodNo, interest, principal: p.principal })
    const rest = subCents(p.interest, interest)
    if (rest > 0) released.push({ periodNo: p.periodNo, interest: rest, principal: cents(0) })
  }
  return {
    payment: { lateCharges: cents(0), fees: cents(0), periods: paid, leftover: subCents(amount, exit.amount) },
    released: { lateCharges: owed.lateCharges, fees: owed.fees, periods: released, leftover: cents(0) },
  }
}
