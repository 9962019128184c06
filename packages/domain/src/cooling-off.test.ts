import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { coolingOffExit, coolingOffLastDay, settleCoolingOff, type CoolingOffLoan } from './cooling-off.js'
import { COOLING_OFF_DAYS } from './markets.js'
import { cents, type Cents } from './money.js'
import { allocatePayment, paymentEvent, remainingAfter, totalOwed, type Owed } from './repayment.js'

const c = (value: number) => cents(value)

/** ₹80,000 over 91 days at 0.13 % a day, paid out at 10:00 IST on 2026-03-02. */
const LOAN: CoolingOffLoan = { market: 'IN', dailyRateBps: 13, principal: c(80_000_00), interestPaid: c(0), disbursedAt: new Date('2026-03-02T10:00:00+05:30') }
const OWED: Owed = { lateCharges: c(0), fees: c(0), periods: [{ periodNo: 1, interest: c(9_464_00), principal: c(80_000_00) }] }
const at = (iso: string) => new Date(iso)

// docs/product/money-rules.md#cooling-off
describe('cooling-off exit', () => {
  it('is a market rule: three days in India, none elsewhere', () => {
    expect(COOLING_OFF_DAYS).toEqual({ ID: 0, IN: 3, MX: 0 })
    expect(coolingOffLastDay('IN', LOAN.disbursedAt)).toBe('2026-03-05')
    expect(coolingOffLastDay('ID', LOAN.disbursedAt)).toBeNull()
    expect(coolingOffLastDay('IN', null)).toBeNull()
    expect(coolingOffExit({ ...LOAN, market: 'MX' }, OWED, at('2026-03-03T10:00:00+05:30'))).toBeNull()
  })

  it('asks the principal and the interest of the days used, the payout day counting as one', () => {
    expect(coolingOffExit(LOAN, OWED, at('2026-03-02T18:00:00+05:30'))).toEqual({ lastDay: '2026-03-05', daysUsed: 1, interest: 104_00, amount: 80_104_00 })
    expect(coolingOffExit(LOAN, OWED, at('2026-03-04T09:00:00+05:30'))).toEqual({ lastDay: '2026-03-05', daysUsed: 2, interest: 208_00, amount: 80_208_00 })
    // the last second of the last local day is still within; the next local day is not
    expect(coolingOffExit(LOAN, OWED, at('2026-03-05T23:59:59+05:30'))?.daysUsed).toBe(3)
    expect(coolingOffExit(LOAN, OWED, at('2026-03-06T00:00:00+05:30'))).toBeNull()
  })

  it('rounds the interest half up, as money is rounded', () => {
    const loan = { ...LOAN, principal: c(12_345), dailyRateBps: 7 }
    const owed: Owed = { lateCharges: c(0), fees: c(0), periods: [{ periodNo: 1, interest: c(1_000), principal: c(12_345) }] }
    // 12 345 × 0.07 % = 8.6415 → 9
    expect(coolingOffExit(loan, owed, at('2026-03-03T10:00:00+05:30'))?.interest).toBe(9)
  })

  it('settles on a payment of the amount, releasing the rest of the interest; less is an ordinary part payment', () => {
    const exit = coolingOffExit(LOAN, OWED, at('2026-03-03T10:00:00+05:30'))!
    expect(settleCoolingOff(OWED, exit, c(exit.amount - 1))).toBeNull()
    const settled = settleCoolingOff(OWED, exit, c(exit.amount + 5_00))!
    expect(settled.payment).toEqual({ lateCharges: 0, fees: 0, periods: [{ periodNo: 1, interest: 104_00, principal: 80_000_00 }], leftover: 5_00 })
    expect(settled.released).toEqual({ lateCharges: 0, fees: 0, periods: [{ periodNo: 1, interest: 9_360_00, principal: 0 }], leftover: 0 })
    const left = remainingAfter(remainingAfter(OWED, settled.payment), settled.released)
    expect(paymentEvent({ status: 174, kind: { installment: false, partner: false }, remainingTotal: totalOwed(left), overdueRemaining: c(0) })).toBe('settle')
  })

  it('counts interest already paid toward the exit', () => {
    const paid = allocatePayment(OWED, c(50_00))
    const owed = remainingAfter(OWED, paid)
    const exit = coolingOffExit({ ...LOAN, interestPaid: c(50_00) }, owed, at('2026-03-03T10:00:00+05:30'))!
    expect(exit.amount).toBe(80_000_00 + 54_00)
  })

  const loanArb = fc.record({
    principal: fc.integer({ min: 1_000, max: 100_000_000 }),
    dailyRateBps: fc.integer({ min: 0, max: 100 }),
    periods: fc.integer({ min: 1, max: 6 }),
    hoursAfter: fc.integer({ min: 0, max: 24 * 5 }),
    extra: fc.integer({ min: 0, max: 1_000_000 }),
  })

  it('always covers exactly what was owed, pays every cent of principal, and never asks more than is owed', () => {
    fc.assert(
      fc.property(loanArb, ({ principal, dailyRateBps, periods, hoursAfter, extra }) => {
        const disbursedAt = new Date('2026-03-02T10:00:00+05:30')
        const part = Math.floor(principal / periods)
        const owed: Owed = {
          lateCharges: c(0),
          fees: c(0),
          periods: Array.from({ length: periods }, (_, i) => ({
            periodNo: i + 1,
            principal: c(i === 0 ? principal - part * (periods - 1) : part),
            interest: c(Math.floor((principal * dailyRateBps * 30) / 10_000)),
          })),
        }
        const now = new Date(disbursedAt.getTime() + hoursAfter * 3_600_000)
        const exit = coolingOffExit({ market: 'IN', dailyRateBps, principal: c(principal), interestPaid: c(0), disbursedAt }, owed, now)
        if (!exit) return true
        expect(exit.amount).toBeLessThanOrEqual(totalOwed(owed))
        expect(exit.amount).toBeGreaterThanOrEqual(principal)
        const settled = settleCoolingOff(owed, exit, c(exit.amount + extra) as Cents)!
        expect(settled.payment.leftover).toBe(extra)
        const paidSum = settled.payment.periods.reduce((s, p) => s + p.interest + p.principal, 0)
        expect(paidSum).toBe(exit.amount)
        expect(totalOwed(remainingAfter(remainingAfter(owed, settled.payment), settled.released))).toBe(0)
        return true
      }),
    )
  })
})
