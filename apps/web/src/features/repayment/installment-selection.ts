import { cents, checkPeriod, selectionAmount, sumCents, toggleAll, togglePeriod, type Cents } from '@kilat/domain'

/**
 * The installment screen's selection (docs/product/screens.md#installments), on top of
 * the domain's rules (`packages/domain/src/repayment.ts`): a selection is always the oldest `count`
 * unpaid periods, so it is held as that count.
 */
export interface SelectablePeriod {
  totalAmount: number
  /** 1 only on the first unpaid period (the server's mark). */
  canClick: 0 | 1
}

/**
 * Whether a period's box can be tapped: the first unpaid one (the server's `canClick`), and past it
 * only a period already checked (to uncheck it and the later ones) or the one right after the
 * selection (to add it). With nothing checked, only the first unpaid period can be tapped.
 */
export function canTap(periods: readonly SelectablePeriod[], count: number, index: number): boolean {
  if (index < 0 || index >= periods.length) return false
  if (periods[index]!.canClick === 1) return true
  return count > 0 && index <= count
}

/** Tapping a period: checking it checks every earlier one, unchecking it unchecks every later one. */
export function tapPeriod(periods: readonly SelectablePeriod[], count: number, index: number): number {
  if (!canTap(periods, count, index)) return count
  return togglePeriod(count, index)
}

/** Select-all: every unpaid period, or back to only the first. */
export function tapAll(periods: readonly SelectablePeriod[], count: number): number {
  return toggleAll(count, periods.length)
}

/** The selection the screen opens with: the first unpaid period, the one that is due. */
export function initialCount(periods: readonly SelectablePeriod[]): number {
  return periods.length > 0 ? checkPeriod(0) : 0
}

/**
 * What the selection costs, in cents: the late charges, which go with any selection, plus the
 * chosen periods. Nothing chosen costs nothing (an account for no period would be one for
 * everything owed), and a zero total pays nothing.
 */
export function selectionTotal(periods: readonly SelectablePeriod[], count: number, lateCharges: number): number {
  if (count === 0) return 0
  return sumCents([cents(lateCharges), selectionAmount(periods.map((p) => p.totalAmount as Cents), count)])
}
