import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { cents } from './money.js'
import { PenaltyRulesError, accruedPenalty, dailyLateBps, penaltyForDay, penaltyForDays, penaltyRulesFor, termsPenaltyRules, validateLateCharges } from './penalty.js'

describe('late charges (terms text)', () => {
  const newClient = termsPenaltyRules(false)
  const repeat = termsPenaltyRules(true)

  it('uses the tiers of the terms text', () => {
    expect(dailyLateBps(1, newClient)).toBe(500)
    expect(dailyLateBps(30, newClient)).toBe(500)
    expect(dailyLateBps(31, newClient)).toBe(400)
    expect(dailyLateBps(90, newClient)).toBe(400)
    expect(dailyLateBps(91, newClient)).toBe(200)
  })

  it('charges the one-time fee on day 1 only, lower for repeat clients', () => {
    const unpaid = cents(100_000_00)
    expect(penaltyForDay(1, unpaid, cents(0), newClient)).toBe(5_000_00 + 1_000_00)
    expect(penaltyForDay(1, unpaid, cents(0), repeat)).toBe(5_000_00 + 800_00)
    expect(penaltyForDay(2, unpaid, cents(6_000_00), newClient)).toBe(5_000_00)
  })

  it('charges nothing before day 1 or on nothing unpaid', () => {
    expect(penaltyForDay(0, cents(100), cents(0), newClient)).toBe(0)
    expect(penaltyForDay(3, cents(0), cents(0), newClient)).toBe(0)
  })

  it('never passes the cap and never goes down (property)', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 1_000_000_000_00 }), fc.integer({ min: 0, max: 20_000 }), (days, unpaid, capBps) => {
      const rules = termsPenaltyRules(false, capBps)
      const total = accruedPenalty(days, cents(unpaid), rules)
      const cap = Math.floor((unpaid * capBps) / 10_000) + 1
      const next = accruedPenalty(days + 1, cents(unpaid), rules)
      return Number.isSafeInteger(total) && total >= 0 && total <= cap && next >= total
    }), { numRuns: 100 })
  })

  it('accrues day by day to the same total as one computation', () => {
    const unpaid = cents(1_000_000_00)
    let charged = cents(0)
    for (let day = 1; day <= 10; day++) charged = cents(charged + penaltyForDay(day, unpaid, charged, newClient))
    expect(charged).toBe(accruedPenalty(10, unpaid, newClient))
  })
})

describe('product late charges', () => {
  const terms = { feeNew: cents(50_000_00), feeRepeat: cents(40_000_00), tiers: [{ fromDay: 1, dailyBps: 30 }], capBps: 10_000 }

  it('picks the one-time fee of new or repeat clients', () => {
    expect(penaltyRulesFor(terms, false).oneTimeFee).toBe(50_000_00)
    expect(penaltyRulesFor(terms, true).oneTimeFee).toBe(40_000_00)
  })

  it('charges a range of days as the days one by one would', () => {
    const rules = penaltyRulesFor(terms, false)
    const unpaid = cents(2_000_000_00)
    expect(penaltyForDays(1, 3, unpaid, cents(0), rules)).toBe(accruedPenalty(3, unpaid, rules))
    const first = penaltyForDays(1, 2, unpaid, cents(0), rules)
    expect(first + penaltyForDays(3, 5, unpaid, first, rules)).toBe(accruedPenalty(5, unpaid, rules))
    expect(penaltyForDays(4, 3, unpaid, cents(0), rules)).toBe(0)
  })

  it('never passes the cap over a long arrears (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000_00 }), fc.integer({ min: 1, max: 800 }), (unpaid, days) => {
        const rules = penaltyRulesFor(terms, false)
        expect(penaltyForDays(1, days, cents(unpaid), cents(0), rules)).toBeLessThanOrEqual(Math.round(unpaid))
      }),
    )
  })

  it('validates tiers, fees and the cap', () => {
    expect(() => validateLateCharges(terms)).not.toThrow()
    expect(() => validateLateCharges({ ...terms, tiers: [{ fromDay: 2, dailyBps: 30 }] })).toThrow(PenaltyRulesError)
    expect(() => validateLateCharges({ ...terms, tiers: [{ fromDay: 1, dailyBps: 30 }, { fromDay: 1, dailyBps: 20 }] })).toThrow(PenaltyRulesError)
    expect(() => validateLateCharges({ ...terms, capBps: 10_001 })).toThrow(PenaltyRulesError)
    expect(() => validateLateCharges({ ...terms, feeNew: cents(-1) })).toThrow(PenaltyRulesError)
    expect(() => validateLateCharges({ ...terms, tiers: [{ fromDay: 1, dailyBps: 1.5 }] })).toThrow(PenaltyRulesError)
  })
})
