import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { cents } from './money.js'
import { LoanTermsError, aprBps, catBps, dailyCostBps, dailyIrr, headlineRate, quoteLoan, type LoanQuote, type LoanTerms } from './loan.js'

const singlePayment: LoanTerms = { market: 'ID', termUnit: 'day', termDays: 91, periods: 1, periodDays: 91, dailyRateBps: 10, adminFeeBps: 300 }
const installments: LoanTerms = { market: 'ID', termUnit: 'period', termDays: 0, periods: 3, periodDays: 30, dailyRateBps: 10, adminFeeBps: 300 }

const termsArb = fc.record({
  market: fc.constantFrom('ID' as const, 'IN' as const, 'MX' as const),
  termUnit: fc.constantFrom('day' as const, 'period' as const),
  termDays: fc.integer({ min: 1, max: 365 }),
  periods: fc.integer({ min: 1, max: 24 }),
  periodDays: fc.integer({ min: 1, max: 31 }),
  dailyRateBps: fc.integer({ min: 0, max: 100 }),
  adminFeeBps: fc.integer({ min: 0, max: 2000 }),
})
const principalArb = fc.integer({ min: 1, max: 100_000_000_00 })

describe('quoteLoan', () => {
  it('prices a single-payment loan', () => {
    const q = quoteLoan(cents(1_000_000_00), singlePayment)
    expect(q.fee).toBe(30_000_00) // 3 %
    expect(q.received).toBe(970_000_00)
    expect(q.interest).toBe(91_000_00) // 0.1 % a day for 91 days
    expect(q.totalRepay).toBe(1_091_000_00)
    expect(q.totalCost).toBe(121_000_00)
    expect(q.termDays).toBe(91)
    expect(q.installments).toEqual([{ periodNo: 1, dueDay: 91, principal: 1_000_000_00, interest: 91_000_00, total: 1_091_000_00 }])
  })

  it('charges installment interest on the declining balance', () => {
    const q = quoteLoan(cents(300_000_00), installments)
    expect(q.installments.map((p) => p.principal)).toEqual([100_000_00, 100_000_00, 100_000_00])
    // 3 % of 300k, of 200k, of 100k
    expect(q.installments.map((p) => p.interest)).toEqual([9_000_00, 6_000_00, 3_000_00])
    expect(q.installments.map((p) => p.dueDay)).toEqual([30, 60, 90])
    expect(q.totalRepay).toBe(318_000_00)
  })

  it('refuses a non-positive or fractional principal and bad terms', () => {
    expect(() => quoteLoan(cents(0), singlePayment)).toThrow()
    expect(() => quoteLoan(10.5 as never, singlePayment)).toThrow()
    expect(() => quoteLoan(cents(100), { ...singlePayment, termDays: 0 })).toThrow(LoanTermsError)
    expect(() => quoteLoan(cents(100), { ...installments, periods: 0 })).toThrow(LoanTermsError)
    expect(() => quoteLoan(cents(100), { ...singlePayment, dailyRateBps: -1 })).toThrow(LoanTermsError)
  })

  it('schedule sums to the totals, no negative amounts, no cent lost (property)', () => {
    fc.assert(fc.property(principalArb, termsArb, (p, terms) => {
      const q = quoteLoan(cents(p), terms)
      const sum = (k: 'principal' | 'interest' | 'total') => q.installments.reduce((s, i) => s + i[k], 0)
      return (
        sum('principal') === p &&
        sum('interest') === q.interest &&
        sum('total') === q.totalRepay &&
        q.totalRepay === p + q.interest &&
        q.received + q.fee === p &&
        q.totalCost === q.interest + q.fee &&
        q.installments.every((i) => i.principal >= 0 && i.interest >= 0 && i.total === i.principal + i.interest) &&
        q.received >= 0 &&
        [q.fee, q.received, q.interest, q.totalRepay].every(Number.isSafeInteger)
      )
    }))
  })

  it('due days increase and end at the term', () => {
    fc.assert(fc.property(principalArb, termsArb, (p, terms) => {
      const q = quoteLoan(cents(p), terms)
      const days = q.installments.map((i) => i.dueDay)
      return days.every((d, i) => i === 0 || d > days[i - 1]!) && days.at(-1) === q.termDays
    }))
  })
})

describe('dailyCostBps: the all-in daily cost, Indonesia\'s headline', () => {
  it('counts the admin fee with the interest', () => {
    // 0.1 %/day for 91 days (9.1 %) and a 3 % fee: 12.1 % over 91 days = 0.133 %/day, shown as 0.14 %
    expect(dailyCostBps(quoteLoan(cents(1_000_000_00), singlePayment))).toBe(14)
  })

  it('rounds up: 0.07 %/day for 91 days and a 2.5 % fee cost 0.0975 %/day, shown as 0.10 %', () => {
    const q = quoteLoan(cents(1_000_000_00), { ...singlePayment, dailyRateBps: 7, adminFeeBps: 250 })
    expect(q.totalCost).toBe(63_700_00 + 25_000_00)
    expect(dailyCostBps(q)).toBe(10)
  })

  it('is exact when the cost divides evenly', () => {
    const q = quoteLoan(cents(1_000_000_00), { ...singlePayment, dailyRateBps: 8, adminFeeBps: 182 }) // 7.28 % + 1.82 % = 9.1 % over 91 days
    expect(dailyCostBps(q)).toBe(10)
  })

  it('never understates the cost: the smallest whole basis points at or above it (property)', () => {
    fc.assert(
      fc.property(principalArb, termsArb, (p, terms) => {
        const q = quoteLoan(cents(p), terms)
        const bps = BigInt(dailyCostBps(q))
        const perDay = BigInt(q.principal) * BigInt(q.termDays)
        const cost = BigInt(q.totalCost) * 10_000n
        expect(bps * perDay >= cost).toBe(true)
        expect((bps - 1n) * perDay < cost).toBe(true)
      }),
    )
  })
})

describe('headlineRate by market (docs/product/money-rules.md#headline)', () => {
  it('Indonesia: the all-in daily cost; India: the APR; Mexico: the CAT', () => {
    const q = quoteLoan(cents(1_000_000_00), singlePayment)
    expect(headlineRate(q, singlePayment)).toEqual({ kind: 'dailyCost', bps: 14 })
    expect(headlineRate(q, { ...singlePayment, market: 'IN' })).toEqual({ kind: 'apr', bps: 4718 })
    expect(headlineRate(q, { ...singlePayment, market: 'MX' })).toEqual({ kind: 'cat', bps: 6024 })
  })
})

/** The borrower's net present value of a loan's flows at a daily rate: received today, installments later. */
function npv(q: LoanQuote, dailyRate: number): number {
  return q.installments.reduce((sum, p) => sum + p.total / Math.pow(1 + dailyRate, p.dueDay), 0) - q.received
}

/** The daily rate that a rounded APR (nominal, ×365) or CAT (effective annual) stands for. */
const dailyFromApr = (bps: number) => bps / 10_000 / 365
const dailyFromCat = (bps: number) => Math.pow(1 + bps / 10_000, 1 / 365) - 1

/**
 * Known answers with fees and several periods. The expected rates were solved independently, by
 * bisection in 60-digit decimal arithmetic, from the flows written out here.
 */
const KNOWN: Array<{ name: string; principal: number; terms: LoanTerms; received: number; flows: Array<[number, number]>; apr: number; cat: number }> = [
  {
    name: 'single payment, 91 days at 0.1 %/day, 3 % fee',
    principal: 1_000_000_00,
    terms: { market: 'IN', termUnit: 'day', termDays: 91, periods: 1, periodDays: 91, dailyRateBps: 10, adminFeeBps: 300 },
    received: 970_000_00,
    flows: [[91, 1_091_000_00]],
    apr: 4718, // 47.1812 %
    cat: 6024, // 60.2408 %
  },
  {
    name: '3 monthly installments at 0.1 %/day, 3 % fee',
    principal: 300_000_00,
    terms: { market: 'IN', termUnit: 'period', termDays: 90, periods: 3, periodDays: 30, dailyRateBps: 10, adminFeeBps: 300 },
    received: 291_000_00,
    flows: [[30, 109_000_00], [60, 106_000_00], [90, 103_000_00]],
    apr: 5495, // 54.9481 %
    cat: 7316, // 73.1638 %
  },
  {
    name: '6 monthly installments at 0.05 %/day, 2.5 % fee',
    principal: 60_000_00,
    terms: { market: 'IN', termUnit: 'period', termDays: 180, periods: 6, periodDays: 30, dailyRateBps: 5, adminFeeBps: 250 },
    received: 58_500_00,
    flows: [[30, 10_900_00], [60, 10_750_00], [90, 10_600_00], [120, 10_450_00], [150, 10_300_00], [180, 10_150_00]],
    apr: 2717, // 27.1731 %
    cat: 3121, // 31.2102 %
  },
  {
    name: '4 fortnightly installments at 0.2 %/day, 5 % fee',
    principal: 10_000_00,
    terms: { market: 'MX', termUnit: 'period', termDays: 56, periods: 4, periodDays: 14, dailyRateBps: 20, adminFeeBps: 500 },
    received: 9_500_00,
    flows: [[14, 2_780_00], [28, 2_710_00], [42, 2_640_00], [56, 2_570_00]],
    apr: 12749, // 127.4873 %
    cat: 25703, // 257.0306 %
  },
]

describe('APR and CAT', () => {
  it.each(KNOWN)('$name: APR $apr bp, CAT $cat bp', (k) => {
    const q = quoteLoan(cents(k.principal), k.terms)
    expect(q.received).toBe(k.received)
    expect(q.installments.map((p) => [p.dueDay, p.total])).toEqual(k.flows)
    expect(aprBps(q)).toBe(k.apr)
    expect(catBps(q)).toBe(k.cat)
  })

  it('single payment: the closed form ((total / received)^(1 / days) − 1) for the daily rate (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1_000_00, max: 100_000_000_00 }), fc.integer({ min: 1, max: 365 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 2000 }), (p, days, rate, fee) => {
        const q = quoteLoan(cents(p), { market: 'IN', termUnit: 'day', termDays: days, periods: 1, periodDays: days, dailyRateBps: rate, adminFeeBps: fee })
        const daily = Math.pow(q.totalRepay / q.received, 1 / days) - 1
        const apr = daily * 365 * 10_000
        const cat = (Math.pow(1 + daily, 365) - 1) * 10_000
        // within half a basis point of the closed form: the rounding, and nothing else (plus the
        // floating-point noise of the closed form itself on huge one-day CATs)
        expect(Math.abs(aprBps(q) - apr)).toBeLessThanOrEqual(0.5 + 1e-9 * apr)
        expect(Math.abs(catBps(q) - cat)).toBeLessThanOrEqual(0.5 + 1e-9 * cat)
      }),
    )
  })

  it('installments: the flows are worth nothing at the reported rate, within its rounding (property)', () => {
    const installmentTerms = fc.record({
      market: fc.constantFrom('IN' as const, 'MX' as const),
      termUnit: fc.constant('period' as const),
      termDays: fc.constant(0),
      periods: fc.integer({ min: 2, max: 24 }),
      periodDays: fc.integer({ min: 7, max: 31 }),
      dailyRateBps: fc.integer({ min: 1, max: 30 }),
      adminFeeBps: fc.integer({ min: 0, max: 1000 }),
    })
    fc.assert(
      fc.property(fc.integer({ min: 1_000_00, max: 100_000_000_00 }), installmentTerms, (p, terms) => {
        const q = quoteLoan(cents(p), terms)
        // NPV falls as the rate rises, so the true rate lies where NPV changes sign
        const apr = aprBps(q)
        expect(npv(q, dailyFromApr(apr - 0.5))).toBeGreaterThanOrEqual(0)
        expect(npv(q, dailyFromApr(apr + 0.5))).toBeLessThanOrEqual(0)
        const cat = catBps(q)
        expect(npv(q, dailyFromCat(cat - 0.5))).toBeGreaterThanOrEqual(0)
        expect(npv(q, dailyFromCat(cat + 0.5))).toBeLessThanOrEqual(0)
        expect(Math.abs(npv(q, dailyIrr(q)))).toBeLessThan(1e-6 * q.principal)
      }),
      { numRuns: 200 },
    )
  })

  it('a fee-free one-day loan at 0.1 %/day is 36.50 % APR', () => {
    const q = quoteLoan(cents(1_000_000_00), { ...singlePayment, adminFeeBps: 0, termDays: 1 })
    expect(aprBps(q)).toBe(365 * 10)
  })

  it('a free loan costs 0 %', () => {
    const q = quoteLoan(cents(1_000_00), { ...installments, dailyRateBps: 0, adminFeeBps: 0 })
    expect(aprBps(q)).toBe(0)
    expect(catBps(q)).toBe(0)
  })

  it('fees raise the APR, and the CAT is never below the APR (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100_00, max: 10_000_000_00 }), termsArb, fc.integer({ min: 1, max: 1000 }), (p, terms, extraFee) => {
        const cheaper = { ...terms, adminFeeBps: Math.min(terms.adminFeeBps, 5000) }
        const q = quoteLoan(cents(p), cheaper)
        const apr = aprBps(q)
        expect(Number.isSafeInteger(apr) && apr >= 0).toBe(true)
        expect(catBps(q)).toBeGreaterThanOrEqual(apr - 1)
        expect(aprBps(quoteLoan(cents(p), { ...cheaper, adminFeeBps: cheaper.adminFeeBps + extraFee }))).toBeGreaterThanOrEqual(apr)
      }),
      { numRuns: 200 },
    )
  })
})
