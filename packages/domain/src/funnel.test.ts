import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FUNNEL_STEPS, funnelRates, stepRateBps, sumFunnel, type FunnelCounts } from './funnel.js'

const count = fc.integer({ min: 0, max: 10_000_000 })
const counts = fc.record({ visits: count, smsSent: count, registered: count, firstOrders: count, firstRepayments: count })

describe('funnel rates', () => {
  it('gives basis points rounded down, and null against nothing', () => {
    expect(stepRateBps(1, 3)).toBe(3333)
    expect(stepRateBps(2, 2)).toBe(10_000)
    expect(stepRateBps(0, 5)).toBe(0)
    expect(stepRateBps(4, 0)).toBeNull()
    expect(() => stepRateBps(-1, 2)).toThrow(RangeError)
    expect(() => stepRateBps(1.5, 2)).toThrow(RangeError)
  })

  it('never shows more than the counts give', () => {
    fc.assert(
      fc.property(count, fc.integer({ min: 1, max: 10_000_000 }), (c, p) => {
        const bps = stepRateBps(c, p)!
        expect(Number.isInteger(bps)).toBe(true)
        expect(bps * p).toBeLessThanOrEqual(c * 10_000)
        expect((bps + 1) * p).toBeGreaterThan(c * 10_000)
      }),
    )
  })

  it('rates each step against the one before it; the first has none', () => {
    const rates = funnelRates({ visits: 200, smsSent: 50, registered: 40, firstOrders: 10, firstRepayments: 0 })
    expect(rates).toEqual({ visits: null, smsSent: 2500, registered: 8000, firstOrders: 2500, firstRepayments: 0 })
  })

  it('sums rows step by step, in any order', () => {
    fc.assert(
      fc.property(fc.array(counts, { maxLength: 20 }), (rows) => {
        const total = sumFunnel(rows)
        const reversed = sumFunnel([...rows].reverse())
        expect(total).toEqual(reversed)
        for (const step of FUNNEL_STEPS) expect(total[step]).toBe(rows.reduce((s, r: FunnelCounts) => s + r[step], 0))
      }),
    )
  })
})
