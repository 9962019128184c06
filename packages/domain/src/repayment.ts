import { type OrderKind, canTake } from './lifecycle.js'
import { type Cents, addCents, cents, minCents, subCents, sumCents } from './money.js'
import { type OrderStatus, isOverdueStatus } from './order-status.js'

/**
 * Repayment rules (docs/product/money-rules.md#repayment): how a payment is shared out over what
 * the borrower owes, what it does to the order, which installments the borrower may select and
 * what an extension costs. Amounts are integer cents; a payment never loses or invents a cent.
 */

/** What is still unpaid of one period. */
export interface PeriodOwed {
  periodNo: number
  interest: Cents
  principal: Cents
}

/** What the borrower owes now. Periods may come in any order: allocation pays the oldest first. */
export interface Owed {
  lateCharges: Cents
  fees: Cents
  periods: readonly PeriodOwed[]
}

export interface PeriodAllocation {
  periodNo: number
  interest: Cents
  principal: Cents
}

/**
 * How one payment is shared out. Only periods that receive something are listed, oldest first.
 * `leftover` is what exceeds everything owed: kept to be refunded, never dropped.
 */
export interface Allocation {
  lateCharges: Cents
  fees: Cents
  periods: PeriodAllocation[]
  leftover: Cents
}

/** A non-negative integer amount, or a RangeError: a float or a negative debt is a bug upstream. */
function checkAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer amount of cents: ${value}`)
}

/**
 * Every figure of `owed` is a non-negative integer, and each period number appears once: two
 * entries for one period would make "what is left of period n" ambiguous.
 */
function checkOwed(owed: Owed): void {
  checkAmount(owed.lateCharges, 'lateCharges')
  checkAmount(owed.fees, 'fees')
  const seen = new Set<number>()
  for (const p of owed.periods) {
    if (!Number.isSafeInteger(p.periodNo)) throw new RangeError(`periodNo must be an integer: ${p.periodNo}`)
    if (seen.has(p.periodNo)) throw new RangeError(`period ${p.periodNo} is listed twice`)
    seen.add(p.periodNo)
    checkAmount(p.interest, `interest of period ${p.periodNo}`)
    checkAmount(p.principal, `principal of period ${p.periodNo}`)
  }
}

function oldestFirst<T extends { periodNo: number }>(periods: readonly T[]): T[] {
  return [...periods].sort((a, b) => a.periodNo - b.periodNo)
}

export function totalOwed(owed: Owed): Cents {
  checkOwed(owed)
  return sumCents([owed.lateCharges, owed.fees, ...owed.periods.flatMap((p) => [p.interest, p.principal])])
}

/**
 * Shares a payment out: late charges first, then fees, then period by period oldest first, and
 * within a period interest before principal. Charges that grow while unpaid (late charges) go first
 * so that a partial payment stops them growing soonest; the oldest period goes first because it is
 * the one that makes the order overdue.
 */
export function allocatePayment(owed: Owed, amount: Cents): Allocation {
  checkOwed(owed)
  checkAmount(amount, 'amount')
  let left = amount
  const take = (due: Cents): Cents => {
    const part = minCents(due, left)
    left = subCents(left, part)
    return part
  }
  const lateCharges = take(owed.lateCharges)
  const fees = take(owed.fees)
  const periods: PeriodAllocation[] = []
  for (const p of oldestFirst(owed.periods)) {
    if (left === 0) break
    const interest = take(p.interest)
    const principal = take(p.principal)
    if (interest > 0 || principal > 0) periods.push({ periodNo: p.periodNo, interest, principal })
  }
  return { lateCharges, fees, periods, leftover: left }
}

/**
 * What is still owed once an allocation is applied. Every period of `owed` stays listed, in its
 * order, a paid one with zeros. An allocation that pays a part beyond its due, or a period that is
 * not owed, is refused: it was made against other figures.
 */
export function remainingAfter(owed: Owed, allocation: Allocation): Owed {
  checkOwed(owed)
  const less = (due: Cents, paid: Cents, what: string): Cents => {
    checkAmount(paid, `paid ${what}`)
    if (paid > due) throw new RangeError(`paid ${what} ${paid} exceeds its due ${due}`)
    return subCents(due, paid)
  }
  const paidByPeriod = new Map<number, PeriodAllocation>()
  for (const p of allocation.periods) {
    if (paidByPeriod.has(p.periodNo)) throw new RangeError(`period ${p.periodNo} is allocated twice`)
    paidByPeriod.set(p.periodNo, p)
  }
  const periods = owed.periods.map((p) => {
    const paid = paidByPeriod.get(p.periodNo)
    paidByPeriod.delete(p.periodNo)
    if (!paid) return { ...p }
    return {
      periodNo: p.periodNo,
      interest: less(p.interest, paid.interest, `interest of period ${p.periodNo}`),
      principal: less(p.principal, paid.principal, `principal of period ${p.periodNo}`),
    }
  })
  const [stray] = paidByPeriod.keys()
  if (stray !== undefined) throw new RangeError(`period ${stray} is not owed`)
  return {
    lateCharges: less(owed.lateCharges, allocation.lateCharges, 'lateCharges'),
    fees: less(owed.fees, allocation.fees, 'fees'),
    periods,
  }
}

/** What a payment leaves: everything still owed, and the part of it that keeps the order overdue. */
export interface AfterPayment {
  remaining: Owed
  /** Unpaid interest and principal of the overdue periods, plus the remaining late charges. */
  overdueRemaining: Cents
}

/**
 * What keeps an order overdue: the late charges and the unpaid interest and principal of the
 * overdue periods. Fees are left out: they belong to no period's due date. Allocation pays fees
 * before any period anyway, so a payment that clears an overdue period has cleared them too.
 */
export function overdueOwed(owed: Owed, overduePeriodNos: readonly number[]): Cents {
  checkOwed(owed)
  const overdue = new Set(overduePeriodNos)
  const periods = owed.periods.filter((p) => overdue.has(p.periodNo)).flatMap((p) => [p.interest, p.principal])
  return sumCents([owed.lateCharges, ...periods])
}

/** What an allocation leaves of `owed`, given which periods are overdue. */
export function afterPayment(owed: Owed, allocation: Allocation, overduePeriodNos: readonly number[]): AfterPayment {
  const remaining = remainingAfter(owed, allocation)
  return { remaining, overdueRemaining: overdueOwed(remaining, overduePeriodNos) }
}

/**
 * The order event a payment causes (docs/product/loans.md#lifecycle): `settle` once nothing is
 * owed, `caughtUp` when an overdue order no longer owes anything overdue, else none. Whether the
 * status may take the event is lifecycle's rule, asked through `canTake`, so it has one home.
 */
export function paymentEvent(input: { status: OrderStatus; kind: OrderKind; remainingTotal: Cents; overdueRemaining: Cents }): 'settle' | 'caughtUp' | null {
  const { status, kind, remainingTotal, overdueRemaining } = input
  checkAmount(remainingTotal, 'remainingTotal')
  checkAmount(overdueRemaining, 'overdueRemaining')
  if (remainingTotal === 0 && canTake(status, 'settle', kind)) return 'settle'
  if (isOverdueStatus(status) && overdueRemaining === 0 && canTake(status, 'caughtUp', kind)) return 'caughtUp'
  return null
}

// Installment selection (docs/product/screens.md#installments). The borrower pays unpaid periods oldest first, so a selection
// is always a prefix of the unpaid periods and is held as its length, `count`: no selection can
// skip a period, whatever is tapped.

function checkIndex(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer: ${value}`)
}

/** Checking a period checks every earlier one. */
export function checkPeriod(index: number): number {
  checkIndex(index, 'index')
  return index + 1
}

/** Unchecking a period unchecks every later one. */
export function uncheckPeriod(index: number): number {
  checkIndex(index, 'index')
  return index
}

export function togglePeriod(count: number, index: number): number {
  checkIndex(count, 'count')
  return index < count ? uncheckPeriod(index) : checkPeriod(index)
}

/**
 * Select-all toggles between every period and only the first (docs/product/screens.md#installments): the first unpaid period
 * is never left out, it is the one that is due.
 */
export function toggleAll(count: number, total: number): number {
  checkIndex(count, 'count')
  checkIndex(total, 'total')
  if (count > total) throw new RangeError(`count ${count} exceeds the ${total} periods`)
  if (total === 0) return 0
  return count === total ? 1 : total
}

/** The amount to pay for the first `count` periods. */
export function selectionAmount(amounts: readonly Cents[], count: number): Cents {
  checkIndex(count, 'count')
  if (count > amounts.length) throw new RangeError(`count ${count} exceeds the ${amounts.length} periods`)
  const selected = amounts.slice(0, count)
  selected.forEach((a, i) => checkAmount(a, `amount of period index ${i}`))
  return sumCents(selected)
}

/** Index of the first unpaid period, the only one the borrower can tap (docs/product/screens.md#installments); -1 when all are paid. */
export function firstPayable(periods: readonly { paid: boolean }[]): number {
  return periods.findIndex((p) => !p.paid)
}

// Extension (docs/product/loans.md#extension: "an extension needs all due interest and late
// charges paid first"). No screen pays the interest alone, so the one payment for an extension
// carries them: the late charges, fees and interest of every unpaid period are paid first, as any
// payment pays them, and then the fee. The principal is never part of it: it is what moves.

/** Everything owed but principal: late charges, fees and the interest of every unpaid period. */
function owedButPrincipal(owed: Owed): Owed {
  return { ...owed, periods: owed.periods.map((p) => ({ ...p, principal: cents(0) })) }
}

/** What an extension's account asks for: the fee plus everything owed except principal. */
export function extensionAmount(owed: Owed, fee: Cents): Cents {
  checkAmount(fee, 'fee')
  return addCents(totalOwed(owedButPrincipal(owed)), fee)
}

/**
 * An extension payment shared out: late charges, fees and interest in `allocatePayment`'s order
 * (every period's `principal` is 0), then `extensionFee`; `leftover` is what exceeds both.
 */
export interface ExtensionAllocation extends Allocation {
  extensionFee: Cents
}

/**
 * How a payment for an extension is shared out, or null when it cannot extend the loan: it is less
 * than `extensionAmount` (late charges fell due after the account was issued), or no principal is
 * owed (nothing to move; the payment settles the loan as a repayment would). A null is applied as an
 * ordinary repayment, so the money always lowers the debt.
 */
export function allocateExtension(owed: Owed, fee: Cents, amount: Cents): ExtensionAllocation | null {
  checkAmount(amount, 'amount')
  const due = extensionAmount(owed, fee)
  if (amount < due || owed.periods.every((p) => p.principal === 0)) return null
  const { leftover, ...parts } = allocatePayment(owedButPrincipal(owed), subCents(amount, fee))
  return { ...parts, extensionFee: fee, leftover }
}

// India's UTR has a module of its own, so that the form checking it loads none of the rules above.
export { UTR, isValidUtr } from './utr.js'
