import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dailyCostBps, headlineRate, quoteLoan } from './loan.js'
import { cents } from './money.js'
import { loanTermsOf, productProblem, type ProductFields } from './product.js'
import { TERM_RANGE_DAYS, productRuleProblems, sampleFigures } from './product-rules.js'

const TODAY = '2026-03-01'

/** Kilat Tunai as seeded: 0.07 % a day for 91 days and a 2.5 % fee, within 2026's caps. */
const product: ProductFields = {
  market: 'ID',
  termUnit: 'day',
  termDays: 91,
  periods: 1,
  periodDays: 91,
  periodOptions: [],
  dailyRateBps: 7,
  adminFeeBps: 250,
  extensionFee: 75_000_00,
  minAmount: 1_000_000_00,
  maxAmount: 5_000_000_00,
  amountStep: 500_000_00,
  lateFeeNew: cents(0),
  lateFeeRepeat: cents(0),
  lateTiers: [{ fromDay: 1, dailyBps: 10 }],
  lateCapBps: 10_000,
  isPartner: false,
  partnerUrl: null,
}

describe('productRuleProblems', () => {
  it('lets a product within every rule be saved', () => {
    expect(productRuleProblems(product, TODAY)).toEqual([])
  })

  it('names the cost cap beside the daily rate, with its figures', () => {
    const [problem] = productRuleProblems({ ...product, dailyRateBps: 8 }, TODAY)
    expect(problem).toMatchObject({ field: 'dailyRateBps', rule: 'costCap', termDays: 91 })
    if (problem?.rule !== 'costCap') throw new Error('not a cost cap')
    expect(problem.cost).toBeGreaterThan(problem.cap)
  })

  it('names a late-charge tier above the daily limit beside the tiers', () => {
    expect(productRuleProblems({ ...product, lateTiers: [{ fromDay: 1, dailyBps: 20 }] }, TODAY)).toContainEqual({ field: 'lateTiers', rule: 'lateRateCap', dailyBps: 20, cap: 10 })
  })

  it('refuses a term outside the market’s range, installments included', () => {
    expect(productRuleProblems({ ...product, termDays: 20, periodDays: 20 }, TODAY)[0]).toMatchObject({ field: 'termDays', rule: 'termRange', min: 30, max: 365 })
    const india = { ...product, market: 'IN' as const, termUnit: 'period' as const, periods: 2, periodDays: 30, termDays: 60, periodOptions: [4], extensionFee: 0 }
    expect(productRuleProblems(india, TODAY)[0]).toMatchObject({ field: 'periodOptions', rule: 'termRange', termDays: 60, min: 90 })
  })

  it('puts a malformed product’s reason beside its field', () => {
    expect(productRuleProblems({ ...product, minAmount: 6_000_000_00 }, TODAY)[0]).toMatchObject({ field: 'minAmount', rule: 'invalid' })
    expect(productRuleProblems({ ...product, adminFeeBps: 20_000 }, TODAY)[0]).toMatchObject({ field: 'adminFeeBps', rule: 'invalid' })
    expect(productRuleProblems({ ...product, lateTiers: [{ fromDay: 2, dailyBps: 5 }] }, TODAY)[0]).toMatchObject({ field: 'lateTiers', rule: 'invalid' })
  })

  it('agrees with the catalogue’s own check: no problem within the range means productProblem finds none', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 30, max: 365 }), (rate, fee, days) => {
        const p = { ...product, dailyRateBps: rate, adminFeeBps: fee, termDays: days, periodDays: days, extensionFee: 0 }
        const problems = productRuleProblems(p, TODAY)
        expect(problems.length === 0).toBe(productProblem(p, TODAY) === null)
        return true
      }),
      { numRuns: 200 },
    )
  })

  it('never lets a term outside the range through, in any market', () => {
    fc.assert(
      fc.property(fc.constantFrom('ID' as const, 'IN' as const, 'MX' as const), fc.integer({ min: 1, max: 1_000 }), (market, days) => {
        const range = TERM_RANGE_DAYS[market]
        const p = { ...product, market, termDays: days, periodDays: days, dailyRateBps: 1, adminFeeBps: 0, extensionFee: 0 }
        const outside = days < range.min || days > range.max
        expect(productRuleProblems(p, TODAY).some((x) => x.rule === 'termRange')).toBe(outside)
        return true
      }),
      { numRuns: 200 },
    )
  })
})

describe('sampleFigures', () => {
  it('prices the sample amount as the borrower’s screens do', () => {
    const figures = sampleFigures(product, 5_000_000_00)!
    const terms = loanTermsOf(product)
    const quote = quoteLoan(cents(5_000_000_00), terms)
    expect(figures.quote).toEqual(quote)
    expect(figures.dailyCostBps).toBe(dailyCostBps(quote))
    expect(figures.dailyCostBps).toBe(headlineRate(quote, terms).bps)
    expect(figures.aprBps).toBeGreaterThan(0)
    expect(figures.catBps).toBeGreaterThan(figures.aprBps)
  })

  it('answers null while the amount or the terms cannot be priced', () => {
    expect(sampleFigures(product, 0)).toBeNull()
    expect(sampleFigures(product, 1.5)).toBeNull()
    expect(sampleFigures({ ...product, termDays: 0, periodDays: 0 }, 1_000_000_00)).toBeNull()
    expect(sampleFigures({ ...product, adminFeeBps: 10_000 }, 1_000_000_00)).toBeNull()
  })
})
