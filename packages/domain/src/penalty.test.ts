import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { type Cents, cents } from './money.js'
import {
  INDIA_LATE_CHARGES,
  PenaltyRulesError,
  accruedPenalty,
  dailyLateBps,
  lateChargePlan,
  penaltyForDay,
  penaltyForDays,
  validateLateCharges,
  type LateChargeTerms,
  type OverdueLoan,
  type PenaltyRules,
} from './penalty.js'

/** An overdue loan whose whole principal is unpaid; tests override what they are about. */
function overdue(loan: Partial<OverdueLoan> & Pick<OverdueLoan, 'market' | 'terms'>): OverdueLoan {
  return {
    signedOn: '2026-03-01',
    partner: false,
    principal: cents(1_000_000_00),
    cost: cents(0),
    unpaid: cents(1_000_000_00),
    unpaidPrincipal: cents(1_000_000_00),
    repeatClient: false,
    ...loan,
  }
}

/** Late charges of `days` days for a loan, as the daily job would add them. */
function chargesOf(loan: OverdueLoan, days: number): Cents {
  const { base, rules } = lateChargePlan(loan)
  return accruedPenalty(days, base, rules)
}

// docs/product/money-rules.md#late-charges
describe("India: the terms text's late charges", () => {
  const unpaid = cents(10_000_00)
  const loan = overdue({ market: 'IN', terms: INDIA_LATE_CHARGES, principal: cents(50_000_00), cost: cents(5_000_00), unpaid, unpaidPrincipal: cents(9_000_00) })

  it('are 5 % a day on days 1-30, 4 % on days 31-90, 2 % from day 91', () => {
    const tiers = INDIA_LATE_CHARGES.tiers
    expect([1, 30, 31, 90, 91, 365].map((day) => dailyLateBps(day, tiers))).toEqual([500, 500, 400, 400, 200, 200])
    expect(dailyLateBps(0, tiers)).toBe(0)
    const { base, rules } = lateChargePlan(loan)
    expect(penaltyForDay(30, base, cents(0), rules)).toBe(500_00)
    expect(penaltyForDay(31, base, cents(0), rules)).toBe(400_00)
    expect(penaltyForDay(91, base, cents(0), rules)).toBe(200_00)
  })

  it('are charged on the unpaid amount, with ₹1,000 once on day 1', () => {
    const { base, rules } = lateChargePlan(loan)
    expect(base).toBe(unpaid)
    expect(rules.oneTimeFee).toBe(1_000_00)
    expect(rules.dailyLimit).toBeNull()
    expect(penaltyForDay(1, base, cents(0), rules)).toBe(500_00 + 1_000_00)
    expect(penaltyForDay(2, base, cents(1_500_00), rules)).toBe(500_00)
  })

  it('charge a repeat client ₹800 once instead', () => {
    const { base, rules } = lateChargePlan({ ...loan, repeatClient: true })
    expect(rules.oneTimeFee).toBe(800_00)
    expect(penaltyForDay(1, base, cents(0), rules)).toBe(500_00 + 800_00)
  })

  it('stop at 100 % of the unpaid amount', () => {
    // ₹1,500 on day 1, then ₹500 a day: ₹9,500 after 17 days, ₹10,000 on day 18, and no more
    expect(chargesOf(loan, 17)).toBe(9_500_00)
    expect(chargesOf(loan, 18)).toBe(10_000_00)
    expect(chargesOf(loan, 400)).toBe(10_000_00)
    const { base, rules } = lateChargePlan(loan)
    expect(rules.ceiling).toBe(unpaid)
    expect(penaltyForDay(19, base, cents(10_000_00), rules)).toBe(0)
  })

  it('stop at the unpaid amount, whatever it is and however long (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000_00 }), fc.integer({ min: 1, max: 400 }), fc.boolean(), (amount, days, repeatClient) => {
        const total = chargesOf({ ...loan, unpaid: cents(amount), repeatClient }, days)
        expect(total).toBeGreaterThanOrEqual(0)
        expect(total).toBeLessThanOrEqual(amount)
      }),
      { numRuns: 200 },
    )
  })
})

describe("Mexico: the product's own late charges", () => {
  // a fixed fee of $150 once ($100 for a repeat client), then moratory interest of 0.5 % a day
  const terms: LateChargeTerms = { feeNew: cents(150_00), feeRepeat: cents(100_00), tiers: [{ fromDay: 1, dailyBps: 50 }], capBps: 10_000 }
  const loan = overdue({ market: 'MX', terms, principal: cents(5_000_00), cost: cents(700_00), unpaid: cents(2_000_00), unpaidPrincipal: cents(1_800_00) })

  it('charge the fee once, then the daily interest on the unpaid amount', () => {
    const { base, rules } = lateChargePlan(loan)
    expect(base).toBe(2_000_00)
    expect(rules.dailyLimit).toBeNull()
    expect(penaltyForDay(1, base, cents(0), rules)).toBe(150_00 + 10_00)
    expect(penaltyForDay(2, base, cents(160_00), rules)).toBe(10_00)
    expect(chargesOf(loan, 10)).toBe(150_00 + 10 * 10_00)
    expect(chargesOf({ ...loan, repeatClient: true }, 10)).toBe(100_00 + 10 * 10_00)
  })

  it('stop at the product cap of the unpaid amount', () => {
    // $160 on day 1, then $10 a day: $2,000 on day 185
    expect(chargesOf(loan, 184)).toBe(1_990_00)
    expect(chargesOf(loan, 185)).toBe(2_000_00)
    expect(chargesOf(loan, 400)).toBe(2_000_00)
    // a product capping late charges at 50 % stops at $1,000, on day 85
    expect(chargesOf({ ...loan, terms: { ...terms, capBps: 5_000 } }, 85)).toBe(1_000_00)
    expect(chargesOf({ ...loan, terms: { ...terms, capBps: 5_000 } }, 400)).toBe(1_000_00)
  })

  it('never pass 100 % of the unpaid amount, even if a product says more', () => {
    const { rules } = lateChargePlan({ ...loan, terms: { ...terms, capBps: 20_000 } })
    expect(rules.ceiling).toBe(2_000_00)
  })
})

describe('Indonesia: within the caps of the signing date', () => {
  // an old product's terms: Rp 50.000 once and 0.3 % a day, above the 2026 cap of 0.1 % a day
  const terms: LateChargeTerms = { feeNew: cents(50_000_00), feeRepeat: cents(40_000_00), tiers: [{ fromDay: 1, dailyBps: 30 }], capBps: 10_000 }
  const principal = cents(1_000_000_00)
  const loan = overdue({ market: 'ID', terms, principal, cost: cents(91_000_00), unpaid: cents(1_091_000_00), unpaidPrincipal: principal })

  it('are charged on the unpaid principal, never more than the daily cap a day, one-time fee included', () => {
    const { base, rules } = lateChargePlan(loan)
    expect(base).toBe(principal)
    expect(rules.dailyLimit).toBe(1_000_00) // 0.1 % of Rp 1.000.000
    expect(penaltyForDay(1, base, cents(0), rules)).toBe(1_000_00)
    expect(penaltyForDay(2, base, cents(1_000_00), rules)).toBe(1_000_00)
    expect(chargesOf(loan, 30)).toBe(30 * 1_000_00)
  })

  it('follow the caps of the date the agreement was signed', () => {
    expect(lateChargePlan({ ...loan, signedOn: '2025-06-30' }).rules.dailyLimit).toBe(2_000_00)
    expect(lateChargePlan({ ...loan, signedOn: '2024-06-30' }).rules.dailyLimit).toBe(3_000_00)
    // at 0.3 % a day in 2024, the Rp 50.000 fee still fits nowhere: day 1 is one day's cap
    expect(chargesOf({ ...loan, signedOn: '2024-06-30' }, 1)).toBe(3_000_00)
  })

  it('shrink with the unpaid principal after a partial payment', () => {
    const { base, rules } = lateChargePlan({ ...loan, unpaidPrincipal: cents(400_000_00) })
    expect(base).toBe(400_000_00)
    expect(rules.dailyLimit).toBe(400_00)
  })

  it('stop where interest, fees and late charges reach 100 % of the principal', () => {
    // signed in 2024 at 0.3 % a day for 300 days: Rp 900.000 of cost leaves Rp 100.000 for late charges
    const costly = { ...loan, signedOn: '2024-06-30', cost: cents(900_000_00) }
    expect(lateChargePlan(costly).rules.ceiling).toBe(100_000_00)
    expect(chargesOf(costly, 33)).toBe(99_000_00)
    expect(chargesOf(costly, 34)).toBe(100_000_00)
    expect(chargesOf(costly, 400)).toBe(100_000_00)
    // a loan that already costs its principal leaves no room at all
    expect(chargesOf({ ...costly, cost: principal }, 400)).toBe(0)
  })

  it("also stop at the product's own cap of the unpaid principal", () => {
    const { rules } = lateChargePlan({ ...loan, terms: { ...terms, capBps: 1_000 } })
    expect(rules.ceiling).toBe(100_000_00)
  })
})

describe('partner loans', () => {
  it('carry no late charges of ours, in any market', () => {
    for (const market of ['ID', 'IN', 'MX'] as const) {
      const loan = overdue({ market, partner: true, terms: INDIA_LATE_CHARGES })
      const { base, rules } = lateChargePlan(loan)
      expect(chargesOf(loan, 400)).toBe(0)
      expect(penaltyForDays(1, 30, base, cents(0), rules)).toBe(0)
    }
  })
})

const rulesArb: fc.Arbitrary<PenaltyRules> = fc.record({
  oneTimeFee: fc.integer({ min: 0, max: 1_000_000_00 }).map(cents),
  tiers: fc.uniqueArray(fc.integer({ min: 2, max: 200 }), { maxLength: 3 }).chain((starts) =>
    fc.tuple(...[1, ...starts.sort((a, b) => a - b)].map((fromDay) => fc.integer({ min: 0, max: 10_000 }).map((dailyBps) => ({ fromDay, dailyBps })))),
  ),
  ceiling: fc.integer({ min: 0, max: 100_000_000_00 }).map(cents),
  dailyLimit: fc.option(fc.integer({ min: 0, max: 1_000_000_00 }).map(cents)),
})

describe('penaltyForDay, whatever the rules (property)', () => {
  it('is never negative, never past the day limit, never past the room under the ceiling', () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: -5, max: 500 }), fc.integer({ min: -100, max: 100_000_000_00 }), fc.integer({ min: 0, max: 200_000_000_00 }), (rules, day, base, already) => {
        const charge = penaltyForDay(day, cents(base), cents(already), rules)
        expect(Number.isSafeInteger(charge)).toBe(true)
        expect(charge).toBeGreaterThanOrEqual(0)
        expect(charge).toBeLessThanOrEqual(Math.max(0, rules.ceiling - already))
        if (rules.dailyLimit !== null) expect(charge).toBeLessThanOrEqual(rules.dailyLimit)
        if (day < 1 || base <= 0) expect(charge).toBe(0)
      }),
    )
  })

  it('is never compounded: the day charge is the base times the tier, whatever was charged before', () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: 2, max: 500 }), fc.integer({ min: 1, max: 100_000_000_00 }), fc.integer({ min: 0, max: 1_000_000_000_00 }), (rules, day, base, already) => {
        const open = { ...rules, ceiling: cents(Number.MAX_SAFE_INTEGER), dailyLimit: null }
        // simple interest of the day, rounded half up to the cent
        const simple = Number((BigInt(base) * BigInt(dailyLateBps(day, rules.tiers)) + 5_000n) / 10_000n)
        expect(penaltyForDay(day, cents(base), cents(already), open)).toBe(simple)
        expect(penaltyForDay(day, cents(base), cents(already), open)).toBe(penaltyForDay(day, cents(base), cents(0), open))
      }),
    )
  })

  it('on a constant base and rate, the total grows by the same amount every day until the ceiling', () => {
    const rules: PenaltyRules = { oneTimeFee: cents(100_00), tiers: [{ fromDay: 1, dailyBps: 100 }], ceiling: cents(1_000_000_00), dailyLimit: null }
    const base = cents(10_000_00)
    const totals = Array.from({ length: 11 }, (_, days) => accruedPenalty(days, base, rules))
    const increments = totals.slice(1).map((t, i) => t - totals[i]!)
    expect(increments).toEqual([200_00, ...Array(9).fill(100_00)])
  })

  it('charges a range of days as the days one by one would, and nothing for an empty range', () => {
    fc.assert(
      fc.property(rulesArb, fc.integer({ min: 1, max: 10_000_000_00 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 0, max: 60 }), (rules, base, split, more) => {
        let oneByOne = cents(0)
        for (let day = 1; day <= split + more; day++) oneByOne = cents(oneByOne + penaltyForDay(day, cents(base), oneByOne, rules))
        const first = penaltyForDays(1, split, cents(base), cents(0), rules)
        expect(first + penaltyForDays(split + 1, split + more, cents(base), first, rules)).toBe(oneByOne)
        expect(accruedPenalty(split + more, cents(base), rules)).toBe(oneByOne)
        expect(penaltyForDays(split + 1, split, cents(base), cents(0), rules)).toBe(0)
      }),
      { numRuns: 200 },
    )
  })
})

describe('validateLateCharges', () => {
  const terms: LateChargeTerms = { feeNew: cents(50_000_00), feeRepeat: cents(40_000_00), tiers: [{ fromDay: 1, dailyBps: 10 }], capBps: 10_000 }

  it("accepts India's terms and a product's", () => {
    expect(() => validateLateCharges(INDIA_LATE_CHARGES)).not.toThrow()
    expect(() => validateLateCharges(terms)).not.toThrow()
    expect(() => validateLateCharges({ ...terms, tiers: [] })).not.toThrow()
  })

  it('refuses tiers that do not start on day 1 or do not rise, bad rates, fees and caps', () => {
    expect(() => validateLateCharges({ ...terms, tiers: [{ fromDay: 2, dailyBps: 30 }] })).toThrow(PenaltyRulesError)
    expect(() => validateLateCharges({ ...terms, tiers: [{ fromDay: 1, dailyBps: 30 }, { fromDay: 1, dailyBps: 20 }] })).toThrow(PenaltyRulesError)
    expect(() => validateLateCharges({ ...terms, tiers: [{ fromDay: 1, dailyBps: 1.5 }] })).toThrow(PenaltyRulesError)
    expect(() => validateLateCharges({ ...terms, tiers: [{ fromDay: 1, dailyBps: 10_001 }] })).toThrow(PenaltyRulesError)
    expect(() => validateLateCharges({ ...terms, capBps: 10_001 })).toThrow(PenaltyRulesError)
    expect(() => validateLateCharges({ ...terms, feeNew: cents(-1) })).toThrow(PenaltyRulesError)
    expect(() => validateLateCharges({ ...terms, feeRepeat: 0.5 as Cents })).toThrow(PenaltyRulesError)
  })
})
