import type { Cents } from './money.js'
import { cents, minCents, subCents, sumCents } from './money.js'
import type { Allocation, Owed, PeriodAllocation } from './repayment.js'
import { totalOwed } from './repayment.js'

/**
 * Waivers and refunds (docs/product/waivers-and-refunds.md): what finance may waive of an order
 * and how a waiver is shared over what is owed, and what of an overpayment may still be refunded.
 * A waiver never edits an amount: it is new entries, read back by `owedOf` as waived figures.
 */

/** What a waiver may cover: the late charges, or the interest of the unpaid periods. */
export const WAIVER_COMPONENTS = ['late_charge', 'interest'] as const
export type WaiverComponent = (typeof WAIVER_COMPONENTS)[number]

/** What is still owed of a component: the most a waiver of it may be. */
export function waivable(owed: Owed, component: WaiverComponent): Cents {
  totalOwed(owed) // checks the figures
  return component === 'late_charge' ? owed.lateCharges : sumCents(owed.periods.map((p) => p.interest))
}

/**
 * How a waiver of `amount` is shared over what is owed, in the shape of a payment's allocation so
 * that `remainingAfter` and `paymentEvent` apply to it unchanged: late charges as one figure,
 * interest period by period from the oldest (the one that makes the order overdue). null when the
 * amount is not a positive whole number of cents or exceeds what is still owed of the component.
 */
export function allocateWaiver(owed: Owed, component: WaiverComponent, amount: Cents): Allocation | null {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > waivable(owed, component)) return null
  if (component === 'late_charge') return { lateCharges: amount, fees: cents(0), periods: [], leftover: cents(0) }
  let left = amount
  const periods: PeriodAllocation[] = []
  for (const p of [...owed.periods].sort((a, b) => a.periodNo - b.periodNo)) {
    if (left === 0) break
    const part = minCents(p.interest, left)
    left = subCents(left, part)
    if (part > 0) periods.push({ periodNo: p.periodNo, interest: part, principal: cents(0) })
  }
  return { lateCharges: cents(0), fees: cents(0), periods, leftover: cents(0) }
}

/**
 * What of an order's overpayments may still be refunded: what was overpaid less what was refunded
 * (confirmed refunds). Never less than nothing.
 */
export function refundable(overpaid: Cents, refunded: Cents): Cents {
  return overpaid > refunded ? subCents(overpaid, refunded) : cents(0)
}
