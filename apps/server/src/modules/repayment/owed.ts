import { cents, isOverdue, maxCents, minCents, subCents, sumCents, type Cents, type Market, type Owed, type PeriodOwed } from '@kilat/domain'
import type { Order, OrderPeriod } from '../orders/orders.service.js'

/**
 * What an order owes, read from its own rows (docs/product/money-rules.md#repayment): never from a
 * request. Late charges are the penalty not yet paid; fees are none once the loan is paid out (the
 * admin fee was deducted at payout); each period owes its interest and principal not yet paid.
 */

export interface PaidParts {
  interestPaid: Cents
  principalPaid: Cents
}

/**
 * What of a period's interest and principal is paid. Rows written with only their sum (before
 * drizzle/0006, or by the demo's and tests' factories) split it interest first, the order every
 * payment follows, so the two readings agree.
 */
export function paidPartsOf(p: Pick<OrderPeriod, 'paid' | 'interest' | 'principal' | 'interestPaid' | 'principalPaid'>): PaidParts {
  if (p.interestPaid + p.principalPaid === p.paid) return { interestPaid: p.interestPaid, principalPaid: p.principalPaid }
  const interestPaid = minCents(p.paid, p.interest)
  return { interestPaid, principalPaid: minCents(subCents(p.paid, interestPaid), p.principal) }
}

export function owedOf(order: Pick<Order, 'penalty' | 'penaltyPaid'>, periods: readonly OrderPeriod[]): Owed {
  return {
    lateCharges: maxCents(cents(0), subCents(order.penalty, order.penaltyPaid)),
    fees: cents(0),
    periods: periods.map((p) => {
      const paid = paidPartsOf(p)
      return {
        periodNo: p.periodNo,
        interest: maxCents(cents(0), subCents(p.interest, paid.interestPaid)),
        principal: maxCents(cents(0), subCents(p.principal, paid.principalPaid)),
      }
    }),
  }
}

const unpaid = (p: PeriodOwed) => p.interest + p.principal > 0

/** The periods still owing something, oldest first. */
export function unpaidPeriods(owed: Owed): PeriodOwed[] {
  return owed.periods.filter(unpaid).sort((a, b) => a.periodNo - b.periodNo)
}

/**
 * The part of `owed` a payment for the `count` oldest unpaid periods covers: those periods and
 * every late charge and fee (they come first). null: everything.
 */
export function selectOldest(owed: Owed, count: number | null): Owed {
  if (count === null) return owed
  return { ...owed, periods: unpaidPeriods(owed).slice(0, count) }
}

/** The late charges and the unpaid part of the periods past due at `now` (docs/product/money-rules.md#overdue-boundary). */
export function overdueRemaining(owed: Owed, periods: readonly Pick<OrderPeriod, 'periodNo' | 'dueAt'>[], now: Date, market: Market): Cents {
  const late = new Set(periods.filter((p) => isOverdue(p.dueAt, now, market)).map((p) => p.periodNo))
  return sumCents([owed.lateCharges, ...owed.periods.filter((p) => late.has(p.periodNo)).flatMap((p) => [p.interest, p.principal])])
}
