import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { cents } from './money.js'
import { LoanTermsError, aprBps, catBps, costCapBreached, headlineRate, quoteLoan, type LoanTerms } from './loan.js'

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

describe('cost figures', () => {
  it('Indonesia caps the total cost at 100 % of the principal', () => {
    expect(costCapBreached(singlePayment, cents(1_000_000_00))).toBe(false)
    expect(costCapBreached({ ...singlePayment, dailyRateBps: 100, termDays: 120 }, cents(1_000_000_00))).toBe(true) // 120 % interest
    expect(costCapBreached({ ...singlePayment, market: 'IN', dailyRateBps: 100, termDays: 120 }, cents(1_000_000_00))).toBe(false)
  })

  it('headline: daily rate in Indonesia, APR in India, CAT in Mexico', () => {
    const id = quoteLoan(cents(1_000_000_00), singlePayment)
    expect(headlineRate(id, singlePayment)).toEqual({ kind: 'dailyRate', bps: 10 })
    const inTerms = { ...singlePayment, market: 'IN' as const }
    expect(headlineRate(id, inTerms).kind).toBe('apr')
    expect(headlineRate(id, { ...singlePayment, market: 'MX' }).kind).toBe('cat')
  })

  it('APR of a fee-free single payment equals the simple daily rate times 365, within rounding', () => {
    const q = quoteLoan(cents(1_000_000_00), { ...singlePayment, adminFeeBps: 0, termDays: 1 })
    expect(aprBps(q)).toBe(365 * 10)
  })

  it('fees raise the APR above the nominal rate and CAT is at least the APR', () => {
    fc.assert(fc.property(fc.integer({ min: 100_00, max: 10_000_000_00 }), termsArb, (p, terms) => {
      const q = quoteLoan(cents(p), { ...terms, adminFeeBps: Math.min(terms.adminFeeBps, 5000) })
      const apr = aprBps(q)
      const cat = catBps(q)
      return Number.isSafeInteger(apr) && apr >= 0 && cat >= apr - 1
    }), { numRuns: 200 })
  })
})
