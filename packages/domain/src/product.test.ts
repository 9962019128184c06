import { describe, expect, it } from 'vitest'
import { cents } from './money.js'
import { lateChargeTermsOf, loanTermsOf, periodChoices, productProblem, type ProductFields } from './product.js'
import { MAX_AMOUNT_CHOICES } from './recommend.js'

const TODAY = '2026-03-01'

/** A single-payment Indonesian product within 2026's caps: 0.07 % a day for 91 days and a 2 % fee. */
const single: ProductFields = {
  market: 'ID',
  termUnit: 'day',
  termDays: 91,
  periods: 1,
  periodDays: 91,
  periodOptions: [],
  dailyRateBps: 7,
  adminFeeBps: 200,
  extensionFee: 0,
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

/** An installment product: 3 months of 30 days by default, or 6 or 12 at the borrower's choice. */
const installments: ProductFields = { ...single, termUnit: 'period', periods: 3, periodDays: 30, termDays: 90, periodOptions: [12, 6], dailyRateBps: 8, adminFeeBps: 100 }

describe('periodChoices', () => {
  it('a single-payment product offers one payment', () => {
    expect(periodChoices(single)).toEqual([1])
    expect(periodChoices({ ...single, periods: 4, periodOptions: [2] })).toEqual([1])
  })

  it("an installment product offers its own count and its options, ascending, once each", () => {
    expect(periodChoices(installments)).toEqual([3, 6, 12])
    expect(periodChoices({ ...installments, periodOptions: [] })).toEqual([3])
    expect(periodChoices({ ...installments, periodOptions: [6, 3, 6] })).toEqual([3, 6])
  })
})

describe('loanTermsOf', () => {
  it('prices a single-payment product over its term', () => {
    expect(loanTermsOf(single)).toEqual({ market: 'ID', termUnit: 'day', termDays: 91, periods: 1, periodDays: 91, dailyRateBps: 7, adminFeeBps: 200 })
    // a count of installments means nothing to a single payment
    expect(loanTermsOf(single, 6)).toEqual(loanTermsOf(single))
  })

  it("prices an installment product for the borrower's count, or its own", () => {
    expect(loanTermsOf(installments)).toEqual({ market: 'ID', termUnit: 'period', termDays: 90, periods: 3, periodDays: 30, dailyRateBps: 8, adminFeeBps: 100 })
    expect(loanTermsOf(installments, 6)).toMatchObject({ termDays: 180, periods: 6, periodDays: 30 })
    expect(loanTermsOf(installments, 12)).toMatchObject({ termDays: 360, periods: 12 })
  })
})

describe('lateChargeTermsOf', () => {
  it("takes the product's late-charge fields", () => {
    const product = { ...single, lateFeeNew: cents(300_00), lateFeeRepeat: cents(200_00), lateCapBps: 5_000 }
    expect(lateChargeTermsOf(product)).toEqual({ feeNew: 300_00, feeRepeat: 200_00, tiers: [{ fromDay: 1, dailyBps: 10 }], capBps: 5_000 })
  })
})

describe('productProblem', () => {
  it('accepts products within the caps, of every term shape', () => {
    expect(productProblem(single, TODAY)).toBeNull()
    expect(productProblem(installments, TODAY)).toBeNull()
    expect(productProblem({ ...single, isPartner: true, partnerUrl: 'https://partner.example/loan' }, TODAY)).toBeNull()
  })

  it.each<[string, Partial<ProductFields>]>([
    ['a term of no days', { termDays: 0 }],
    ['a fractional term', { termDays: 30.5 }],
    ['no installments', { termUnit: 'period', periods: 0, periodDays: 30, termDays: 0 }],
    ['an installment option of none', { ...installments, periodOptions: [0] }],
    ['a fractional installment option', { ...installments, periodOptions: [2.5] }],
    ['installment days that do not make the term', { ...installments, termDays: 91 }],
    ['installment options on a single payment', { periodOptions: [3] }],
    ['a negative rate', { dailyRateBps: -1 }],
    ['a fee above 100 %', { adminFeeBps: 10_001 }],
    ['a fractional rate', { dailyRateBps: 7.5 }],
    ['no minimum amount', { minAmount: 0 }],
    ['a maximum below the minimum', { maxAmount: 999_999_00 }],
    ['no step', { amountStep: 0 }],
    ['a step that is not a number', { amountStep: Number.NaN }],
    [`more than ${MAX_AMOUNT_CHOICES} amounts`, { amountStep: 1_000 }],
    ['late tiers not starting on day 1', { lateTiers: [{ fromDay: 2, dailyBps: 10 }] }],
    ['a negative late fee', { lateFeeNew: cents(-1) }],
    ['a late cap above 100 %', { lateCapBps: 10_001 }],
    ['a partner product without a link', { isPartner: true, partnerUrl: null }],
    ['a partner link that is not http(s)', { isPartner: true, partnerUrl: 'javascript:alert(1)' }],
    ['a partner link with spaces', { isPartner: true, partnerUrl: 'https://partner.example/a b' }],
  ])('refuses %s as invalid', (_, change) => {
    expect(productProblem({ ...single, ...change }, TODAY)).toMatchObject({ kind: 'invalid', message: expect.any(String) })
  })

  it(`accepts exactly ${MAX_AMOUNT_CHOICES} amounts`, () => {
    const limits = { minAmount: 1_000_000_00, amountStep: 10_000_00, maxAmount: 1_000_000_00 + (MAX_AMOUNT_CHOICES - 1) * 10_000_00 }
    expect(productProblem({ ...single, ...limits }, TODAY)).toBeNull()
    expect(productProblem({ ...single, ...limits, maxAmount: limits.maxAmount + limits.amountStep }, TODAY)).toMatchObject({ kind: 'invalid' })
  })

  it('refuses amounts that are not whole cents, in every market', () => {
    for (const market of ['ID', 'IN', 'MX'] as const) {
      for (const change of [{ minAmount: 1_000_000_00.5 }, { amountStep: 500_000_00.5 }, { minAmount: 0.5, maxAmount: 2.5, amountStep: 1 }]) {
        expect(productProblem({ ...single, market, ...change }, TODAY)).toMatchObject({ kind: 'invalid' })
      }
    }
  })

  describe('above the caps in force today', () => {
    it('cost: 0.1 % a day plus a 2.5 % fee is 0.127 % a day in all', () => {
      const problem = productProblem({ ...single, dailyRateBps: 10, adminFeeBps: 250 }, TODAY)
      expect(problem).toEqual({ kind: 'aboveCaps', breaches: [{ kind: 'cost', amount: 1_000_000_00, termDays: 91, cost: 116_000_00, cap: 91_000_00 }] })
    })

    it('cost, at one of the installment counts the borrower may choose', () => {
      // 0.08 % a day on a declining balance is 4.8 % of interest over 3 months: with a 5 % fee
      // 0.109 % a day, above the cap; 6 months (8.4 % + 5 % over 180 days) and 12 months stay within
      const problem = productProblem({ ...installments, adminFeeBps: 500 }, TODAY)
      expect(problem?.kind).toBe('aboveCaps')
      expect(problem?.kind === 'aboveCaps' && problem.breaches.map((b) => (b.kind === 'cost' ? b.termDays : b.kind))).toEqual([90])
    })

    it('late rate: a tier above the daily cap', () => {
      expect(productProblem({ ...single, lateTiers: [{ fromDay: 1, dailyBps: 30 }] }, TODAY)).toEqual({
        kind: 'aboveCaps',
        breaches: [{ kind: 'lateRate', dailyBps: 30, cap: 10 }],
      })
    })

    it('late fee: a one-time fee that day 1 has no room for', () => {
      expect(productProblem({ ...single, lateFeeNew: cents(50_000_00), lateFeeRepeat: cents(40_000_00) }, TODAY)).toEqual({
        kind: 'aboveCaps',
        breaches: [{ kind: 'lateFee', fee: 50_000_00, cap: 0 }],
      })
    })

    it('the seeded products of old: all three at once', () => {
      // 0.1 % a day, a 3 % admin fee, Rp 50.000 once and 0.3 % a day late
      const old = { ...single, dailyRateBps: 10, adminFeeBps: 300, lateFeeNew: cents(50_000_00), lateFeeRepeat: cents(50_000_00), lateTiers: [{ fromDay: 1, dailyBps: 30 }] }
      const problem = productProblem(old, TODAY)
      expect(problem?.kind === 'aboveCaps' && problem.breaches.map((b) => b.kind).sort()).toEqual(['cost', 'lateFee', 'lateRate'])
    })

    it('by the caps of the day: a product within 2025 caps is refused from 2026', () => {
      const product = { ...single, dailyRateBps: 15, adminFeeBps: 300, lateTiers: [{ fromDay: 1, dailyBps: 20 }] }
      expect(productProblem(product, '2025-12-31')).toBeNull()
      expect(productProblem(product, '2026-01-01')?.kind).toBe('aboveCaps')
    })

    it('India and Mexico price freely', () => {
      const pricey = { ...single, dailyRateBps: 100, adminFeeBps: 1_000, lateFeeNew: cents(1_000_00), lateTiers: [{ fromDay: 1, dailyBps: 500 }] }
      expect(productProblem({ ...pricey, market: 'IN' }, TODAY)).toBeNull()
      expect(productProblem({ ...pricey, market: 'MX' }, TODAY)).toBeNull()
    })
    it('counts an extension fee as a fee: the days it buys stay within the daily cap', () => {
      // Rp 1.000.000 for 91 days may cost at most Rp 91.000 a term under 2026's 0.1 % a day
      expect(productProblem({ ...single, extensionFee: 91_000_00 }, TODAY)).toBeNull()
      const problem = productProblem({ ...single, extensionFee: 91_000_01 }, TODAY)
      expect(problem).toMatchObject({ kind: 'aboveCaps', breaches: [{ kind: 'extensionFee', fee: 91_000_01, cap: 91_000_00 }] })
    })

    it('ignores the extension fee of a product that cannot be extended (installments, partners)', () => {
      const installments = { ...single, termUnit: 'period' as const, periods: 4, periodDays: 30, termDays: 120, extensionFee: 1_000_000_00 }
      expect(productProblem(installments, TODAY)).toBeNull()
    })
  })

  it('refuses a fee that leaves the borrower nothing, and a headline no screen can show', () => {
    expect(productProblem({ ...single, market: 'IN', adminFeeBps: 10_000 }, TODAY)).toMatchObject({ kind: 'invalid' })
    const dear = { ...single, market: 'MX' as const, termDays: 7, periodDays: 7, dailyRateBps: 500, adminFeeBps: 3_000 }
    expect(productProblem(dear, TODAY)).toEqual({ kind: 'invalid', message: 'the headline rate of this product cannot be shown' })
  })
})
