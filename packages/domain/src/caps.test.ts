import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { capsInForce, costCapAmount, costCapsOn, quoteWithinCaps, type CostCaps } from './caps.js'
import { dailyCostBps, quoteLoan, type LoanTerms } from './loan.js'
import { cents, type Cents } from './money.js'
import { lateChargePlan, penaltyForDay, penaltyForDays, type LateChargeTerms } from './penalty.js'
import { capBreaches, lateChargeTermsOf, loanTermsOf, periodChoices, productProblem, type ProductFields, type ProductPricing } from './product.js'
import { allowedAmounts } from './recommend.js'

// docs/product/money-rules.md#caps
describe('costCapsOn: the caps of the signing date', () => {
  it.each([
    ['2024-01-01', 30],
    ['2024-07-15', 30],
    ['2024-12-31', 30],
    ['2025-01-01', 20],
    ['2025-12-31', 20],
    ['2026-01-01', 10],
    ['2031-06-30', 10],
  ])('Indonesia, signed %s: %i bp a day', (signedOn, bps) => {
    expect(costCapsOn('ID', signedOn)).toEqual({ dailyCostBps: bps, lateDailyBps: bps, totalBps: 10_000 })
  })

  it('takes the oldest caps for an agreement signed before them', () => {
    expect(costCapsOn('ID', '2023-12-31')).toEqual(costCapsOn('ID', '2024-01-01'))
    expect(costCapsOn('ID', '2020-05-01')?.dailyCostBps).toBe(30)
  })

  it('India and Mexico cap no rate', () => {
    expect(costCapsOn('IN', '2026-03-01')).toBeNull()
    expect(costCapsOn('MX', '2026-03-01')).toBeNull()
    expect(costCapsOn('MX', '2024-03-01')).toBeNull()
  })
})

describe('costCapAmount', () => {
  const caps2026 = costCapsOn('ID', '2026-03-01')!
  const caps2024 = costCapsOn('ID', '2024-03-01')!

  it('is the daily cap over the term, of the principal', () => {
    expect(costCapAmount(cents(1_000_000_00), 91, caps2026)).toBe(91_000_00)
    expect(costCapAmount(cents(1_000_000_00), 90, caps2024)).toBe(270_000_00)
  })

  it('never passes 100 % of the principal on a long term', () => {
    expect(costCapAmount(cents(1_000_000_00), 400, caps2024)).toBe(1_000_000_00) // 120 % by the day, 100 % at most
    expect(costCapAmount(cents(1_000_000_00), 1000, caps2026)).toBe(1_000_000_00)
  })

  it('rounds down: a cap never lets a cent more through than the rate', () => {
    expect(costCapAmount(cents(333), 1, caps2026)).toBe(0) // 0.333 cent
    expect(costCapAmount(cents(1_999), 5, caps2026)).toBe(9) // 9.995 cents
  })
})

const compliant: ProductPricing = {
  market: 'ID',
  limits: { min: 1_000_000_00, max: 5_000_000_00, step: 500_000_00 },
  // 0.07 % a day for 91 days and a 2 % fee: 0.092 % a day, all in
  terms: [{ market: 'ID', termUnit: 'day', termDays: 91, periods: 1, periodDays: 91, dailyRateBps: 7, adminFeeBps: 200 }],
  extensionFee: cents(0),
  late: { feeNew: cents(0), feeRepeat: cents(0), tiers: [{ fromDay: 1, dailyBps: 10 }], capBps: 10_000 },
}

describe('capBreaches', () => {
  it('finds nothing wrong with a product within the caps', () => {
    expect(capBreaches(compliant, '2026-03-01')).toEqual([])
  })

  it('finds the first amount whose cost passes the cap, for each term', () => {
    // 0.1 % a day and a 2.5 % fee: 11.6 % over 91 days, above the 9.1 % of 2026
    const term: LoanTerms = { ...compliant.terms[0]!, dailyRateBps: 10, adminFeeBps: 250 }
    const twoTerms = { ...compliant, terms: [term, { ...term, termDays: 120, periodDays: 120 }] }
    expect(capBreaches(twoTerms, '2026-03-01')).toEqual([
      { kind: 'cost', amount: 1_000_000_00, termDays: 91, cost: 116_000_00, cap: 91_000_00 },
      { kind: 'cost', amount: 1_000_000_00, termDays: 120, cost: 145_000_00, cap: 120_000_00 },
    ])
    // the same product was within 2025's 0.2 % a day
    expect(capBreaches(twoTerms, '2025-03-01')).toEqual([])
  })

  it('checks every amount the borrower may choose, so rounding cannot slip a cent past the cap', () => {
    // 0.07 % a day and a 2.73 % fee cost exactly 0.1 % a day on round amounts; on Rp 10.000,08
    // the interest (Rp 637,005) rounds up to Rp 637,01, the cap (Rp 910,007) down to Rp 910,00,
    // and the loan costs one cent more than the cap
    const tight = { ...compliant, terms: [{ ...compliant.terms[0]!, dailyRateBps: 7, adminFeeBps: 273 }] }
    expect(capBreaches({ ...tight, limits: { min: 10_000_00, max: 10_000_00, step: 1 } }, '2026-03-01')).toEqual([])
    // Rp 10.000,00 and Rp 10.000,16 are within the cap: only the amount between them breaks it
    expect(capBreaches({ ...tight, limits: { min: 10_000_00, max: 10_000_16, step: 8 } }, '2026-03-01')).toEqual([
      { kind: 'cost', amount: 10_000_08, termDays: 91, cost: 637_01 + 273_00, cap: 910_00 },
    ])
  })

  it('refuses a late-charge tier above the daily cap', () => {
    const late = { ...compliant.late, tiers: [{ fromDay: 1, dailyBps: 10 }, { fromDay: 31, dailyBps: 30 }] }
    expect(capBreaches({ ...compliant, late }, '2026-03-01')).toEqual([{ kind: 'lateRate', dailyBps: 30, cap: 10 }])
    expect(capBreaches({ ...compliant, late }, '2024-03-01')).toEqual([])
  })

  it('refuses a one-time fee that does not fit in the first day with its charge', () => {
    // Rp 50.000 once: day 1 at the smallest amount allows only 0.1 % of Rp 1.000.000 in all
    const late = { ...compliant.late, feeNew: cents(50_000_00), feeRepeat: cents(40_000_00) }
    expect(capBreaches({ ...compliant, late }, '2026-03-01')).toEqual([{ kind: 'lateFee', fee: 50_000_00, cap: 0 }])
    // with 0.05 % a day, Rp 500 of room is left on day 1 for a fee
    const room = { ...compliant.late, tiers: [{ fromDay: 1, dailyBps: 5 }] }
    expect(capBreaches({ ...compliant, late: { ...room, feeNew: cents(500_00), feeRepeat: cents(500_00) } }, '2026-03-01')).toEqual([])
    expect(capBreaches({ ...compliant, late: { ...room, feeNew: cents(400_00), feeRepeat: cents(500_01) } }, '2026-03-01')).toEqual([
      { kind: 'lateFee', fee: 500_01, cap: 500_00 },
    ])
  })

  it('India and Mexico: no caps to break', () => {
    const pricey = { ...compliant, terms: [{ ...compliant.terms[0]!, dailyRateBps: 100, adminFeeBps: 1_000 }], late: { ...compliant.late, feeNew: cents(1_000_00), tiers: [{ fromDay: 1, dailyBps: 500 }] } }
    expect(capBreaches({ ...pricey, market: 'IN', terms: pricey.terms.map((t) => ({ ...t, market: 'IN' as const })) }, '2026-03-01')).toEqual([])
    expect(capBreaches({ ...pricey, market: 'MX', terms: pricey.terms.map((t) => ({ ...t, market: 'MX' as const })) }, '2026-03-01')).toEqual([])
  })
})

// ---------------------------------------------------------------------------------------------
// Property: no Indonesian product the catalogue accepts can cost a borrower more than the caps,
// at any amount, any term, any day overdue, with or without partial payments.

const SIGNING_DATES = ['2024-07-01', '2025-07-01', '2026-03-01'] as const

/** Interest of the shortest term, in basis points of the principal (installments decline). */
function interestBps(dailyRateBps: number, periods: number, periodDays: number): number {
  return Math.ceil((dailyRateBps * periodDays * (periods + 1)) / 2)
}

const termsArb = fc.oneof(
  fc.integer({ min: 1, max: 180 }).map((termDays) => ({ termUnit: 'day' as const, termDays, periods: 1, periodDays: termDays, periodOptions: [] as number[] })),
  fc
    .record({
      periods: fc.integer({ min: 1, max: 12 }),
      periodDays: fc.integer({ min: 7, max: 31 }),
      periodOptions: fc.uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 3 }),
    })
    .map((t) => ({ termUnit: 'period' as const, termDays: t.periods * t.periodDays, ...t })),
)

const limitsArb = fc.oneof(
  // round amounts, as products are usually priced
  fc.record({ min: fc.integer({ min: 1, max: 40 }), step: fc.integer({ min: 1, max: 20 }), count: fc.integer({ min: 1, max: 20 }) }).map(({ min, step, count }) => ({
    minAmount: min * 250_000_00,
    amountStep: step * 250_000_00,
    maxAmount: (min + step * (count - 1)) * 250_000_00,
  })),
  // odd amounts, where every cent of rounding counts
  fc.record({ min: fc.integer({ min: 1_000_00, max: 20_000_000_00 }), step: fc.integer({ min: 1, max: 500_000_00 }), count: fc.integer({ min: 1, max: 30 }), extra: fc.nat() }).map(({ min, step, count, extra }) => ({
    minAmount: min,
    amountStep: step,
    maxAmount: min + step * (count - 1) + (extra % step),
  })),
)

/** Late charges near the caps: tiers up to the daily cap, a fee up to a little past the room day 1 leaves. */
function lateArb(caps: CostCaps, minAmount: number) {
  return fc
    .record({
      first: fc.integer({ min: 0, max: caps.lateDailyBps }),
      later: fc.uniqueArray(fc.integer({ min: 2, max: 120 }), { maxLength: 2 }),
      laterBps: fc.array(fc.integer({ min: 0, max: caps.lateDailyBps }), { minLength: 2, maxLength: 2 }),
      feeShare: fc.integer({ min: 0, max: 105 }),
      repeatShare: fc.integer({ min: 0, max: 100 }),
      capBps: fc.integer({ min: 0, max: 10_000 }),
    })
    .map(({ first, later, laterBps, feeShare, repeatShare, capBps }) => {
      const room = Math.floor((minAmount * (caps.lateDailyBps - first)) / 10_000)
      const feeNew = Math.floor((room * feeShare) / 100)
      const tiers = [{ fromDay: 1, dailyBps: first }, ...later.sort((a, b) => a - b).map((fromDay, i) => ({ fromDay, dailyBps: laterBps[i]! }))]
      return { lateFeeNew: cents(feeNew), lateFeeRepeat: cents(Math.floor((feeNew * repeatShare) / 100)), lateTiers: tiers, lateCapBps: capBps }
    })
}

/** An Indonesian product priced near the caps of its date: some of them just above, to be refused. */
const indonesianProductArb = fc
  .record({ today: fc.constantFrom(...SIGNING_DATES), term: termsArb, limits: limitsArb, rateShare: fc.integer({ min: 0, max: 100 }), feeShare: fc.integer({ min: 0, max: 105 }), isPartner: fc.boolean() })
  .chain(({ today, term, limits, rateShare, feeShare, isPartner }) => {
    const caps = costCapsOn('ID', today)!
    const dailyRateBps = Math.round((caps.dailyCostBps * rateShare) / 100)
    const shortest = Math.min(...periodChoices(term))
    const days = term.termUnit === 'day' ? term.termDays : shortest * term.periodDays
    const interest = term.termUnit === 'day' ? dailyRateBps * days : interestBps(dailyRateBps, shortest, term.periodDays)
    const adminFeeBps = Math.min(10_000, Math.max(0, Math.floor(((caps.dailyCostBps * days - interest) * feeShare) / 100)))
    return lateArb(caps, limits.minAmount).map(
      (late): { today: string; caps: CostCaps; product: ProductFields } => ({
        today,
        caps,
        product: {
          market: 'ID',
          extensionFee: 0,
          ...term,
          dailyRateBps,
          adminFeeBps,
          ...limits,
          ...late,
          isPartner,
          partnerUrl: isPartner ? 'https://partner.example/repay' : null,
        },
      }),
    )
  })

/** The product is accepted: the properties below speak of the products the catalogue can hold. */
const acceptedArb = indonesianProductArb.filter(({ product, today }) => productProblem(product, today) === null)

describe('Indonesian products the catalogue accepts (property)', () => {
  it('the generator yields mostly accepted products, some refused for the caps', () => {
    const samples = fc.sample(indonesianProductArb, { numRuns: 400, seed: 42 })
    const problems = samples.map(({ product, today }) => productProblem(product, today))
    const accepted = problems.filter((p) => p === null).length
    expect(accepted).toBeGreaterThan(samples.length / 3)
    expect(problems.some((p) => p?.kind === 'aboveCaps')).toBe(true)
  })

  it('cost at most the daily cap over the term and 100 % of the principal, at every amount and term', () => {
    fc.assert(
      fc.property(acceptedArb, ({ product, caps }) => {
        for (const periods of periodChoices(product)) {
          const terms = loanTermsOf(product, periods)
          for (const amount of allowedAmounts({ min: product.minAmount, max: product.maxAmount, step: product.amountStep })) {
            const quote = quoteLoan(amount, terms)
            expect(quote.totalCost).toBeLessThanOrEqual(costCapAmount(amount, quote.termDays, caps))
            // the same bound computed here, in exact integers
            expect(BigInt(quote.totalCost) * 10_000n <= BigInt(amount) * BigInt(caps.dailyCostBps * quote.termDays)).toBe(true)
            expect(quote.totalCost).toBeLessThanOrEqual(amount)
            // and the headline a borrower compares is within the cap too
            expect(dailyCostBps(quote)).toBeLessThanOrEqual(caps.dailyCostBps)
          }
        }
      }),
      { numRuns: 150 },
    )
  })

  it('late charges stay within a day of the cap each day and within 100 % of the principal in all, whatever the arrears', () => {
    const payment = fc.record({ day: fc.integer({ min: 1, max: 400 }), sharePct: fc.integer({ min: 1, max: 99 }) })
    fc.assert(
      fc.property(
        acceptedArb,
        fc.nat(),
        fc.nat(),
        fc.nat(),
        fc.integer({ min: 1, max: 400 }),
        fc.array(payment, { maxLength: 4 }),
        fc.boolean(),
        ({ product, today, caps }, amountPick, periodsPick, overduePick, days, payments, repeatClient) => {
          const choices = periodChoices(product)
          const amounts = allowedAmounts({ min: product.minAmount, max: product.maxAmount, step: product.amountStep })
          const principal = amounts[amountPick % amounts.length]!
          const quote = quoteLoan(principal, loanTermsOf(product, choices[periodsPick % choices.length]))
          // the first k installments are overdue
          const overdueInstallments = quote.installments.slice(0, 1 + (overduePick % quote.installments.length))
          let unpaidPrincipal = overdueInstallments.reduce((s, p) => s + p.principal, 0)
          let unpaidInterest = overdueInstallments.reduce((s, p) => s + p.interest, 0)
          const terms = lateChargeTermsOf(product)
          const planOn = () =>
            lateChargePlan({
              market: 'ID', signedOn: today, partner: product.isPartner, principal, cost: quote.totalCost,
              unpaid: cents(unpaidPrincipal + unpaidInterest), unpaidPrincipal: cents(unpaidPrincipal), terms, repeatClient,
            })

          // all days at once, as a job catching up on missed days would charge them
          const { base, rules } = planOn()
          const catchUp = penaltyForDays(1, days, base, cents(0), rules)
          expect(catchUp).toBeLessThanOrEqual(Math.floor((unpaidPrincipal * caps.lateDailyBps) / 10_000) * days)
          expect(quote.totalCost + catchUp).toBeLessThanOrEqual(principal)

          // day by day, with partial payments on the way
          let charged: Cents = cents(0)
          for (let day = 1; day <= days; day++) {
            for (const p of payments.filter((p) => p.day === day)) {
              const paid = Math.floor((unpaidPrincipal * p.sharePct) / 100)
              unpaidPrincipal -= paid
              unpaidInterest -= Math.floor((unpaidInterest * p.sharePct) / 100)
            }
            const { base, rules } = planOn()
            const charge = penaltyForDay(day, base, charged, rules)
            expect(charge).toBeGreaterThanOrEqual(0)
            // one day's cap of the outstanding principal, one-time fee included
            expect(BigInt(charge) * 10_000n <= BigInt(unpaidPrincipal) * BigInt(caps.lateDailyBps)).toBe(true)
            charged = cents(charged + charge)
            expect(quote.totalCost + charged).toBeLessThanOrEqual(principal)
          }
          if (product.isPartner) expect(charged + catchUp).toBe(0)
        },
      ),
      { numRuns: 150 },
    )
  })
})

describe('late charges under every signing date', () => {
  it('an overdue loan at the cap is charged exactly the daily cap, and stops at 100 % of the principal', () => {
    const terms: LateChargeTerms = { feeNew: cents(0), feeRepeat: cents(0), tiers: [{ fromDay: 1, dailyBps: 10 }], capBps: 10_000 }
    const principal = cents(1_000_000_00)
    const { base, rules } = lateChargePlan({ market: 'ID', signedOn: '2026-03-01', partner: false, principal, cost: cents(91_000_00), unpaid: cents(1_091_000_00), unpaidPrincipal: principal, terms, repeatClient: false })
    expect(penaltyForDays(1, 400, base, cents(0), rules)).toBe(400 * 1_000_00)
    expect(penaltyForDays(1, 10_000, base, cents(0), rules)).toBe(909_000_00)
  })
})

describe('costCapsOn refuses what is not a date', () => {
  it.each(['', 'garbage', '2026-1-1', '01-01-2026'])('%j', (value) => {
    expect(() => costCapsOn('ID', value)).toThrow(/yyyy-mm-dd/)
  })
})

describe('capsInForce', () => {
  it('names the date the caps took effect, with the caps', () => {
    expect(capsInForce('ID', '2026-07-01')).toEqual({ from: '2026-01-01', caps: { dailyCostBps: 10, lateDailyBps: 10, totalBps: 10_000 } })
    expect(capsInForce('ID', '2025-12-31')?.from).toBe('2025-01-01')
    expect(capsInForce('IN', '2026-07-01')).toBeNull()
  })
})

describe('quoteWithinCaps', () => {
  const terms: LoanTerms = { market: 'ID', termUnit: 'day', termDays: 91, periods: 1, periodDays: 91, dailyRateBps: 15, adminFeeBps: 300 }
  const quote = quoteLoan(cents(1_000_000_00), terms)

  it('holds a loan to the caps of the day it is signed', () => {
    // 0.15 % a day and 3 %: within 2025's 0.2 %, above 2026's 0.1 %
    expect(quoteWithinCaps(quote, 'ID', '2025-06-30')).toBe(true)
    expect(quoteWithinCaps(quote, 'ID', '2026-01-01')).toBe(false)
  })

  it('leaves India and Mexico to the product’s rate', () => {
    expect(quoteWithinCaps({ ...quote }, 'IN', '2026-01-01')).toBe(true)
    expect(quoteWithinCaps({ ...quote }, 'MX', '2026-01-01')).toBe(true)
  })
})
