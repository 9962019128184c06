import { describe, expect, it } from 'vitest'
import { canTap, initialCount, selectionTotal, tapAll, tapPeriod, type SelectablePeriod } from './installment-selection'

/** Four unpaid installments oldest first, as loan-play-detail answers them (only the first with canClick). */
const periods: SelectablePeriod[] = [
  { totalAmount: 100_00, canClick: 1 },
  { totalAmount: 200_00, canClick: 0 },
  { totalAmount: 300_00, canClick: 0 },
  { totalAmount: 400_00, canClick: 0 },
]

describe('installment selection (docs/product/screens.md#installments)', () => {
  it('opens with the first unpaid period chosen, and with nothing when none is unpaid', () => {
    expect(initialCount(periods)).toBe(1)
    expect(initialCount([])).toBe(0)
  })

  it('lets only the first unpaid period be tapped while nothing is chosen', () => {
    expect(periods.map((_, index) => canTap(periods, 0, index))).toEqual([true, false, false, false])
    expect(canTap(periods, 0, -1)).toBe(false)
    expect(canTap(periods, 0, 4)).toBe(false)
    // A later period tapped then changes nothing.
    expect(tapPeriod(periods, 0, 2)).toBe(0)
  })

  it('past the first, lets a checked period or the one after the selection be tapped', () => {
    expect(periods.map((_, index) => canTap(periods, 2, index))).toEqual([true, true, true, false])
    expect(periods.map((_, index) => canTap(periods, 4, index))).toEqual([true, true, true, true])
  })

  it('checking a period checks every earlier one and sums them with the late charges', () => {
    const count = tapPeriod(periods, 2, 2)
    expect(count).toBe(3)
    expect(selectionTotal(periods, count, 50_00)).toBe(50_00 + 100_00 + 200_00 + 300_00)
  })

  it('unchecking a period unchecks every later one', () => {
    expect(tapPeriod(periods, 4, 1)).toBe(1)
    expect(tapPeriod(periods, 4, 0)).toBe(0)
    expect(tapPeriod(periods, 1, 0)).toBe(0)
  })

  it('select-all toggles between every period and only the first', () => {
    expect(tapAll(periods, 1)).toBe(4)
    expect(tapAll(periods, 2)).toBe(4)
    expect(tapAll(periods, 0)).toBe(4)
    expect(tapAll(periods, 4)).toBe(1)
    expect(tapAll([], 0)).toBe(0)
  })

  it('costs the late charges plus the chosen periods, in integer cents, and nothing for no period', () => {
    expect(selectionTotal(periods, 1, 0)).toBe(100_00)
    expect(selectionTotal(periods, 4, 12_34)).toBe(1_012_34)
    expect(selectionTotal(periods, 0, 12_34)).toBe(0)
    expect(Number.isInteger(selectionTotal(periods, 3, 1))).toBe(true)
    expect(() => selectionTotal(periods, 5, 0)).toThrow(RangeError)
    expect(() => selectionTotal(periods, 1, 0.5)).toThrow()
  })
})
