import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { allocateWaiver, refundable, waivable } from './adjustments.js'
import { cents, type Cents } from './money.js'
import { owedOf, type PeriodFigures } from './owed.js'
import { paymentEvent, remainingAfter, totalOwed, type Owed } from './repayment.js'

const c = (value: number) => cents(value)

const OWED: Owed = {
  lateCharges: c(300_00),
  fees: c(0),
  periods: [
    { periodNo: 2, interest: c(100_00), principal: c(1_000_00) },
    { periodNo: 1, interest: c(40_00), principal: c(0) },
  ],
}

// docs/product/waivers-and-refunds.md#waivers
describe('waivers', () => {
  it('may waive at most what is still owed of the component', () => {
    expect(waivable(OWED, 'late_charge')).toBe(300_00)
    expect(waivable(OWED, 'interest')).toBe(140_00)
    expect(allocateWaiver(OWED, 'late_charge', c(300_01))).toBeNull()
    expect(allocateWaiver(OWED, 'interest', c(140_01))).toBeNull()
    expect(allocateWaiver(OWED, 'interest', c(0))).toBeNull()
  })

  it('waives late charges as one figure and interest oldest period first', () => {
    expect(allocateWaiver(OWED, 'late_charge', c(120_00))).toEqual({ lateCharges: 120_00, fees: 0, periods: [], leftover: 0 })
    expect(allocateWaiver(OWED, 'interest', c(60_00))).toEqual({
      lateCharges: 0,
      fees: 0,
      periods: [
        { periodNo: 1, interest: 40_00, principal: 0 },
        { periodNo: 2, interest: 20_00, principal: 0 },
      ],
      leftover: 0,
    })
  })

  it('lowers what owedOf reads by exactly the waived figures', () => {
    const period: PeriodFigures = { periodNo: 1, dueAt: new Date('2026-03-10T00:00:00Z'), interest: c(100_00), principal: c(1_000_00), paid: c(0), interestPaid: c(0), principalPaid: c(0) }
    const before = owedOf({ penalty: c(300_00), penaltyPaid: c(100_00) }, [period])
    const after = owedOf({ penalty: c(300_00), penaltyPaid: c(100_00), penaltyWaived: c(50_00) }, [{ ...period, interestWaived: c(30_00) }])
    expect(totalOwed(before) - totalOwed(after)).toBe(80_00)
    expect(after.lateCharges).toBe(150_00)
    expect(after.periods[0]!.interest).toBe(70_00)
  })

  it('settles an order whose last debt a waiver covers, by the payment rule', () => {
    const owed: Owed = { lateCharges: c(50_00), fees: c(0), periods: [{ periodNo: 1, interest: c(0), principal: c(0) }] }
    const waiver = allocateWaiver(owed, 'late_charge', c(50_00))!
    const remaining = remainingAfter(owed, waiver)
    expect(paymentEvent({ status: 180, kind: { installment: false, partner: false }, remainingTotal: totalOwed(remaining), overdueRemaining: c(0) })).toBe('settle')
  })

  const owedArb = fc
    .record({
      lateCharges: fc.integer({ min: 0, max: 10_000_000 }),
      periods: fc.array(fc.record({ interest: fc.integer({ min: 0, max: 1_000_000 }), principal: fc.integer({ min: 0, max: 10_000_000 }) }), { minLength: 1, maxLength: 12 }),
    })
    .map(
      (o): Owed => ({
        lateCharges: c(o.lateCharges),
        fees: c(0),
        periods: o.periods.map((p, i) => ({ periodNo: i + 1, interest: c(p.interest), principal: c(p.principal) })),
      }),
    )

  it('never waives more than owed, never touches principal, and lowers the total by exactly the amount', () => {
    fc.assert(
      fc.property(owedArb, fc.constantFrom('late_charge' as const, 'interest' as const), fc.integer({ min: -5, max: 20_000_000 }), (owed, component, raw) => {
        const amount = raw as Cents
        const waiver = allocateWaiver(owed, component, amount)
        if (amount <= 0 || amount > waivable(owed, component)) {
          expect(waiver).toBeNull()
          return
        }
        expect(waiver).not.toBeNull()
        const remaining = remainingAfter(owed, waiver!)
        expect(totalOwed(owed) - totalOwed(remaining)).toBe(amount)
        remaining.periods.forEach((p, i) => expect(p.principal).toBe(owed.periods[i]!.principal))
      }),
    )
  })
})

// docs/product/waivers-and-refunds.md#refunds
describe('refunds', () => {
  it('refunds at most what was overpaid and not yet refunded', () => {
    expect(refundable(c(500_00), c(200_00))).toBe(300_00)
    expect(refundable(c(500_00), c(500_00))).toBe(0)
    fc.assert(
      fc.property(fc.nat(1e9), fc.nat(1e9), (overpaid, refunded) => {
        const left = refundable(c(overpaid), c(refunded))
        expect(left).toBeGreaterThanOrEqual(0)
        expect(left + Math.min(refunded, overpaid)).toBe(overpaid)
      }),
    )
  })
})
