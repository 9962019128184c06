import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { MAX_AMOUNT_CHOICES, allowedAmounts, amountAllowed, amountChoiceCount, largestAmount, recommendModuleId } from './recommend.js'

describe('recommendModuleId', () => {
  it.each([
    ['banner_jingzhun', 301],
    ['tanchuang_jingzhun', 301],
    ['tanchuang_fudai', 302],
    ['banner_fudai', 302],
    ['home', 300],
    ['', 300],
    [undefined, 300],
    [null, 300],
    ['BANNER_JINGZHUN', 300],
    ['toString', 300],
    ['__proto__', 300],
  ] as const)('scene %j is module %i', (scene, moduleId) => {
    expect(recommendModuleId(scene)).toBe(moduleId)
  })
})

describe('amountAllowed', () => {
  const limits = { min: 100_000_00, max: 500_000_00, step: 50_000_00 }
  it('takes the limits and every step between them', () => {
    expect(amountAllowed(100_000_00, limits)).toBe(true)
    expect(amountAllowed(150_000_00, limits)).toBe(true)
    expect(amountAllowed(500_000_00, limits)).toBe(true)
  })
  it('refuses amounts outside, between steps or not whole cents', () => {
    expect(amountAllowed(50_000_00, limits)).toBe(false)
    expect(amountAllowed(550_000_00, limits)).toBe(false)
    expect(amountAllowed(120_000_00, limits)).toBe(false)
    expect(amountAllowed(100_000_00.5, limits)).toBe(false)
    expect(amountAllowed(-100_000_00, limits)).toBe(false)
  })
})

describe('allowedAmounts: the amounts a borrower may choose', () => {
  it('lists the minimum, every step and the maximum, smallest first', () => {
    expect(allowedAmounts({ min: 100_000_00, max: 500_000_00, step: 100_000_00 })).toEqual([100_000_00, 200_000_00, 300_000_00, 400_000_00, 500_000_00])
    expect(allowedAmounts({ min: 500_000_00, max: 500_000_00, step: 50_000_00 })).toEqual([500_000_00])
  })

  it('stops at the last step within the maximum', () => {
    expect(allowedAmounts({ min: 100_000_00, max: 450_000_00, step: 100_000_00 })).toEqual([100_000_00, 200_000_00, 300_000_00, 400_000_00])
  })

  it('offers nothing for limits that cannot be met', () => {
    expect(allowedAmounts({ min: 500_000_00, max: 100_000_00, step: 100_000_00 })).toEqual([])
    expect(allowedAmounts({ min: 100_000_00, max: 500_000_00, step: 0 })).toEqual([])
  })

  it(`offers at most MAX_AMOUNT_CHOICES (${MAX_AMOUNT_CHOICES}) amounts and refuses to list more`, () => {
    const limits = { min: 1_000_00, max: 1_000_00 + (MAX_AMOUNT_CHOICES - 1) * 1_000_00, step: 1_000_00 }
    expect(allowedAmounts(limits)).toHaveLength(MAX_AMOUNT_CHOICES)
    expect(() => allowedAmounts({ ...limits, max: limits.max + limits.step })).toThrow()
  })

  it('lists exactly the amounts amountAllowed accepts (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_00 }), fc.integer({ min: 1, max: 1_000_000_00 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 1_000_000_00 }), (min, step, steps, extra) => {
        const limits = { min, max: min + steps * step + (extra % step), step }
        const amounts = allowedAmounts(limits)
        expect(amounts).toHaveLength(amountChoiceCount(limits))
        expect(amounts).toHaveLength(steps + 1)
        expect(amounts[0]).toBe(min)
        for (const a of amounts) expect(amountAllowed(a, limits)).toBe(true)
        expect(amounts.every((a, i) => i === 0 || a - amounts[i - 1]! === step)).toBe(true)
        // the next step would pass the maximum
        expect(amountAllowed(amounts.at(-1)! + step, limits)).toBe(false)
      }),
    )
  })
})

describe('largestAmount', () => {
  it('is the maximum on a step, else the last step below it', () => {
    expect(largestAmount({ min: 100, max: 500, step: 100 })).toBe(500)
    expect(largestAmount({ min: 100, max: 550, step: 100 })).toBe(500)
    expect(largestAmount({ min: 100, max: 100, step: 7 })).toBe(100)
  })

  it('is always an amount the limits allow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 1, max: 1e5 }), (min, extra, step) => {
        const limits = { min, max: min + extra, step }
        const largest = largestAmount(limits)
        return amountAllowed(largest, limits) && largest + step > limits.max
      }),
    )
  })
})
