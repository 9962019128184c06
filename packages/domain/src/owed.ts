import { isOverdue } from './calendar.js'
import type { Market } from './markets.js'
import { type Cents, addCents, cents, maxCents, minCents, subCents } from './money.js'
import { type Owed, type PeriodAllocation, type PeriodOwed, overdueOwed, totalOwed } from './repayment.js'

/**
 * What an order owes, read from its own figures (docs/product/money-rules.md#repayment): every
 * screen and call that names an amount owed (loan details, the installment plan, the extension,
 * the account a borrower pays into, the webhook's allocation) asks here, so that they agree.
 */

/** One period of an order's schedule, as stored. */
export interface PeriodFigures {
  periodNo: number
  dueAt: Date
  interest: Cents
  principal: Cents
  /** interestPaid + principalPaid. */
  paid: Cents
  interestPaid: Cents
  principalPaid: Cents
  /**
   * The part of `interest` waived: by finance, or released by India's cooling-off exit
   * (docs/product/waivers-and-refunds.md). Absent: none.
   */
  interestWaived?: Cents
}

/** The order's own figures that say what it owes. */
export interface OrderFigures {
  /** Late charges charged so far, and the part of them paid. */
  penalty: Cents
  penaltyPaid: Cents
  /** The part of `penalty` waived (docs/product/waivers-and-refunds.md). Absent: none. */
  penaltyWaived?: Cents
}

/** What of a period's interest and principal is paid. */
export interface PaidParts {
  interestPaid: Cents
  principalPaid: Cents
}

type PaidFigures = Pick<PeriodFigures, 'paid' | 'interest' | 'principal' | 'interestPaid' | 'principalPaid' | 'interestWaived'>

/**
 * What of a period's interest and principal is paid. Rows written with only their sum (before the
 * split was stored, or by the demo's and tests' factories) split it interest first, the order every
 * payment follows, so the two readings agree.
 */
export function paidPartsOf(p: PaidFigures): PaidParts {
  if (p.interestPaid + p.principalPaid === p.paid) return { interestPaid: p.interestPaid, principalPaid: p.principalPaid }
  const interestPaid = minCents(p.paid, p.interest)
  return { interestPaid, principalPaid: minCents(subCents(p.paid, interestPaid), p.principal) }
}

/** A period's paid figures once `allocated` (its share of a payment) is added to what it had. */
export function paidAfter(p: PaidFigures, allocated: Pick<PeriodAllocation, 'interest' | 'principal'>): PaidParts & { paid: Cents } {
  const before = paidPartsOf(p)
  const interestPaid = addCents(before.interestPaid, allocated.interest)
  const principalPaid = addCents(before.principalPaid, allocated.principal)
  return { interestPaid, principalPaid, paid: addCents(interestPaid, principalPaid) }
}

/**
 * What an order owes: late charges are the penalty neither paid nor waived; fees are none once the
 * loan is paid out (the admin fee was deducted at payout); each period owes its interest neither
 * paid nor waived and its principal not yet paid. Never less than nothing. A waiver is read here and
 * nowhere else, so that every screen and call that asks what is owed follows it at once
 * (docs/product/waivers-and-refunds.md#waivers). Statements that read it in the database for many
 * orders at once (the collections desk, the late-charge job) use its one SQL mirror, held to this
 * function by a property test (docs/product/collections.md#buckets).
 */
export function owedOf(order: OrderFigures, periods: readonly (PaidFigures & Pick<PeriodFigures, 'periodNo'>)[]): Owed {
  return {
    lateCharges: maxCents(cents(0), subCents(subCents(order.penalty, order.penaltyPaid), order.penaltyWaived ?? cents(0))),
    fees: cents(0),
    periods: periods.map((p) => {
      const paid = paidPartsOf(p)
      return {
        periodNo: p.periodNo,
        interest: maxCents(cents(0), subCents(subCents(p.interest, paid.interestPaid), p.interestWaived ?? cents(0))),
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

/**
 * The numbers of the periods past due at `now` in the market's time zone
 * (docs/product/money-rules.md#overdue-boundary), paid or not: with `overdueOwed`, what keeps an
 * order overdue once a payment is applied.
 */
export function pastDuePeriodNos(periods: readonly Pick<PeriodFigures, 'periodNo' | 'dueAt'>[], now: Date, market: Market): number[] {
  return periods.filter((p) => isOverdue(p.dueAt, now, market)).map((p) => p.periodNo)
}

/** What a repayment asks for: the oldest `periodCount` unpaid periods (null: everything owed) and its amount. */
export interface RepaySelection {
  periodCount: number | null
  amount: Cents
}

/**
 * What a repayment of the oldest `periodCount` unpaid periods asks for (absent: everything owed),
 * or null when no such selection exists (fewer than one period, or more than are unpaid). All of
 * the unpaid periods is everything owed: the same selection either way, held as null.
 */
export function repaySelection(owed: Owed, periodCount?: number): RepaySelection | null {
  let count: number | null = null
  if (periodCount !== undefined) {
    const open = unpaidPeriods(owed).length
    if (!Number.isSafeInteger(periodCount) || periodCount < 1 || periodCount > open) return null
    count = periodCount === open ? null : periodCount
  }
  return { periodCount: count, amount: totalOwed(selectOldest(owed, count)) }
}

/** An unpaid period with what is left of it and whether it is past due. */
export interface UnpaidPeriod extends PeriodOwed {
  dueAt: Date
  /** interest + principal still owed. */
  amount: Cents
  /** Past due at `now` (docs/product/money-rules.md#overdue-boundary). */
  overdue: boolean
}

/** Everything a screen says about what an order owes at a moment. */
export interface OrderOwed {
  /** Late charges, fees and each period's unpaid interest and principal: what a payment is shared out over. */
  owed: Owed
  /** The periods still owing something, oldest first. */
  unpaid: UnpaidPeriod[]
  /** Everything still owed (the outstanding balance). */
  total: Cents
  /** What keeps the order overdue: the late charges and what is left of the periods past due. */
  overdue: Cents
  /** What the repay button asks for, as the selection of an account that asks the same. */
  repayNow: RepaySelection
}

/**
 * What an order owes at `now`, in the market's time zone. Before the payout nothing is owed. The
 * repay button asks a single-payment loan for everything; an installment loan for the installments
 * past due, the next one to fall due and every late charge, not the whole remaining balance: the
 * oldest unpaid periods up to the first not yet past due, which is the account `periodCount` asks.
 * Each period's due date is checked once: the local-date rule is the costliest step of a screen.
 */
export function orderOwed(
  order: OrderFigures & { installment: boolean; disbursed: boolean },
  periods: readonly PeriodFigures[],
  now: Date,
  market: Market,
): OrderOwed {
  if (!order.disbursed) {
    const nothing: Owed = { lateCharges: cents(0), fees: cents(0), periods: [] }
    return { owed: nothing, unpaid: [], total: cents(0), overdue: cents(0), repayNow: { periodCount: null, amount: cents(0) } }
  }
  const owed = owedOf(order, periods)
  const dueAt = new Map(periods.map((p) => [p.periodNo, p.dueAt]))
  const open: UnpaidPeriod[] = unpaidPeriods(owed).map((p) => {
    const due = dueAt.get(p.periodNo)!
    return { ...p, dueAt: due, amount: addCents(p.interest, p.principal), overdue: isOverdue(due, now, market) }
  })
  const upcoming = open.findIndex((p) => !p.overdue)
  const count = order.installment ? (upcoming === -1 ? open.length : upcoming + 1) : undefined
  // a count of none (only late charges left) asks for everything, as an account does
  const repayNow = repaySelection(owed, count === 0 ? undefined : count)!
  return {
    owed,
    unpaid: open,
    total: totalOwed(owed),
    overdue: overdueOwed(owed, open.filter((p) => p.overdue).map((p) => p.periodNo)),
    repayNow,
  }
}
