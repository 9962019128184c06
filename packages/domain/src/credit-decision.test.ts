import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyHardRules, DECISION_BANDS, LENDING_AGE, REAPPLY_COOLING_OFF_DAYS, strictestBand, stricterBand, type DecisionBand, type HardRuleFacts } from './credit-decision.js'
import { MARKETS } from './markets.js'
import type { Cents } from './money.js'

const c = (n: number) => n as Cents

/** A clean application: an adult, the product's amount, within the caps, nothing open, never rejected. */
const CLEAN: HardRuleFacts = {
  market: 'ID',
  asked: c(1_000_000_00),
  product: { min: c(500_000_00), max: c(3_000_000_00), step: c(100_000_00) },
  costWithinCaps: true,
  age: 30,
  otherOpenOrderOfProduct: false,
  daysSinceLastRejection: null,
}

describe('bands', () => {
  it('takes the strictest', () => {
    expect(strictestBand([])).toBe('approve')
    expect(strictestBand(['approve', 'refer'])).toBe('refer')
    expect(strictestBand(['refer', 'reject', 'approve'])).toBe('reject')
    expect(stricterBand('reject', 'approve')).toBe('reject')
  })
})

describe('the hard rules', () => {
  it('let a clean approval through at the amount asked', () => {
    expect(applyHardRules({ band: 'approve', maxAmount: null, reasons: [] }, CLEAN)).toEqual({ band: 'approve', approvedAmount: CLEAN.asked, reasons: [], hardRules: [] })
  })

  it('reject outside the ages, at both ends, per market', () => {
    for (const market of MARKETS) {
      const { min, max } = LENDING_AGE[market]
      for (const age of [min - 1, max + 1]) {
        const d = applyHardRules({ band: 'approve', maxAmount: null, reasons: [] }, { ...CLEAN, market, age })
        expect(d.band).toBe('reject')
        expect(d.reasons).toEqual(['age_outside_limits'])
      }
      for (const age of [min, max]) expect(applyHardRules({ band: 'approve', maxAmount: null, reasons: [] }, { ...CLEAN, market, age }).band).toBe('approve')
    }
  })

  it('refer an application without an identity', () => {
    expect(applyHardRules({ band: 'approve', maxAmount: null, reasons: [] }, { ...CLEAN, age: null })).toMatchObject({ band: 'refer', hardRules: ['identity_missing'] })
  })

  it('reject an open loan of the product, a cost above the cap, an amount off the product, a retry after a rejection', () => {
    const rejected = (facts: Partial<HardRuleFacts>) => applyHardRules({ band: 'approve', maxAmount: null, reasons: [] }, { ...CLEAN, ...facts })
    expect(rejected({ otherOpenOrderOfProduct: true }).hardRules).toEqual(['open_loan'])
    expect(rejected({ costWithinCaps: false }).hardRules).toEqual(['cost_above_cap'])
    expect(rejected({ asked: c(1_050_000_00) }).hardRules).toEqual(['amount_outside_product'])
    expect(rejected({ daysSinceLastRejection: REAPPLY_COOLING_OFF_DAYS - 1 }).hardRules).toEqual(['cooling_off'])
    expect(rejected({ daysSinceLastRejection: REAPPLY_COOLING_OFF_DAYS }).band).toBe('approve')
  })

  it('refer an approval for less than asked, and say so', () => {
    const d = applyHardRules({ band: 'approve', maxAmount: c(600_000_00), reasons: ['new_borrower_limit'] }, CLEAN)
    expect(d).toEqual({ band: 'refer', approvedAmount: c(600_000_00), reasons: ['new_borrower_limit', 'amount_reduced'], hardRules: [] })
  })
})

const band = fc.constantFrom<DecisionBand>(...DECISION_BANDS)
const facts = fc.record({
  market: fc.constantFrom(...MARKETS),
  asked: fc.integer({ min: 0, max: 10_000_000_00 }).map(c),
  product: fc.record({ min: fc.integer({ min: 1, max: 1_000_000_00 }), span: fc.integer({ min: 0, max: 50 }), step: fc.integer({ min: 1, max: 1_000_000_00 }) }).map(({ min, span, step }) => ({ min: c(min), max: c(min + span * step), step: c(step) })),
  costWithinCaps: fc.boolean(),
  age: fc.option(fc.integer({ min: 0, max: 120 })),
  otherOpenOrderOfProduct: fc.boolean(),
  daysSinceLastRejection: fc.option(fc.integer({ min: 0, max: 400 })),
})

describe('whatever a policy answers', () => {
  it('never lends above the cap, what was asked or the policy, nor softens a band', () => {
    fc.assert(
      fc.property(band, fc.option(fc.integer({ min: -1_000, max: 20_000_000_00 })), facts, (policyBand, maxAmount, f) => {
        const d = applyHardRules({ band: policyBand, maxAmount: maxAmount === null ? null : c(maxAmount), reasons: [] }, f)
        expect(d.approvedAmount).toBeLessThanOrEqual(f.product.max)
        expect(d.approvedAmount).toBeLessThanOrEqual(f.asked)
        if (maxAmount !== null) expect(d.approvedAmount).toBeLessThanOrEqual(Math.max(0, maxAmount))
        expect(Number.isSafeInteger(d.approvedAmount) && d.approvedAmount >= 0).toBe(true)
        expect(DECISION_BANDS.indexOf(d.band)).toBeGreaterThanOrEqual(DECISION_BANDS.indexOf(policyBand))
        // an approval is whole and clean: the hard rules found nothing and the amount is the one asked
        if (d.band === 'approve') {
          expect(d.hardRules).toEqual([])
          expect(d.approvedAmount).toBe(f.asked)
        }
      }),
    )
  })

  it('a policy that approves above the cap is clamped and referred', () => {
    fc.assert(
      fc.property(facts, (f) => {
        const over = { ...f, asked: c(f.product.max + f.product.step), age: 30, daysSinceLastRejection: null, otherOpenOrderOfProduct: false, costWithinCaps: true }
        const d = applyHardRules({ band: 'approve', maxAmount: c(over.asked * 2), reasons: [] }, over)
        expect(d.band).toBe('reject')
        expect(d.hardRules).toContain('amount_outside_product')
        expect(d.approvedAmount).toBe(f.product.max)
      }),
    )
  })
})
