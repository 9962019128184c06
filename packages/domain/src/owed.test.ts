import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isOverdue } from './calendar.js'
import type { Market } from './markets.js'
import { type Cents, cents } from './money.js'
import { orderOwed, owedOf, paidAfter, paidPartsOf, pastDuePeriodNos, repaySelection, selectOldest, unpaidPeriods, type PeriodFigures } from './owed.js'
import { allocatePayment, remainingAfter, totalOwed } from './repayment.js'

const c = (value: number) => cents(value)
const DAY_MS = 86_400_000

/** A period with nothing paid, due at `dueAt`. */
const period = (periodNo: number, dueAt: string, interest: number, principal: number, paid: Partial<Pick<PeriodFigures, 'paid' | 'interestPaid' | 'principalPaid'>> = {}): PeriodFigures => ({
  periodNo,
  dueAt: new Date(dueAt),
  interest: c(interest),
  principal: c(principal),
  paid: c(paid.paid ?? 0),
  interestPaid: c(paid.interestPaid ?? 0),
  principalPaid: c(paid.principalPaid ?? 0),
})

/**
 * Four installments of Rp 1.100 (100 interest, 1.000 principal), due on the 10th of January to
 * April 2026 in Jakarta; the first is paid. At noon on 2026-02-20 (WIB) the second is overdue.
 */
const SCHEDULE = [
  period(1, '2026-01-10T10:00:00+07:00', 100_00, 1_000_00, { paid: c(1_100_00), interestPaid: c(100_00), principalPaid: c(1_000_00) }),
  period(2, '2026-02-10T10:00:00+07:00', 100_00, 1_000_00),
  period(3, '2026-03-10T10:00:00+07:00', 100_00, 1_000_00),
  period(4, '2026-04-10T10:00:00+07:00', 100_00, 1_000_00),
]
const NOW = new Date('2026-02-20T12:00:00+07:00')
const INSTALLMENTS = { penalty: c(300_00), penaltyPaid: c(0), installment: true, disbursed: true }

// docs/product/money-rules.md#repayment
describe('paidPartsOf', () => {
  it('takes the stored parts when they add up to what is paid', () => {
    expect(paidPartsOf(period(1, '2026-01-10', 100_00, 1_000_00, { paid: c(600_00), interestPaid: c(100_00), principalPaid: c(500_00) }))).toEqual({ interestPaid: 100_00, principalPaid: 500_00 })
  })

  it('splits a sum stored alone interest first', () => {
    expect(paidPartsOf(period(1, '2026-01-10', 100_00, 1_000_00, { paid: c(60_00) }))).toEqual({ interestPaid: 60_00, principalPaid: 0 })
    expect(paidPartsOf(period(1, '2026-01-10', 100_00, 1_000_00, { paid: c(600_00) }))).toEqual({ interestPaid: 100_00, principalPaid: 500_00 })
  })

  it('adds a share of a payment to what was paid', () => {
    expect(paidAfter(period(1, '2026-01-10', 100_00, 1_000_00, { paid: c(60_00) }), { interest: c(40_00), principal: c(200_00) })).toEqual({ interestPaid: 100_00, principalPaid: 200_00, paid: 300_00 })
  })
})

describe('owedOf', () => {
  it('owes the late charges not yet paid, no fees, and each period’s unpaid interest and principal', () => {
    expect(owedOf({ penalty: c(300_00), penaltyPaid: c(120_00) }, SCHEDULE.slice(0, 2))).toEqual({
      lateCharges: 180_00,
      fees: 0,
      periods: [
        { periodNo: 1, interest: 0, principal: 0 },
        { periodNo: 2, interest: 100_00, principal: 1_000_00 },
      ],
    })
  })

  it('lists the unpaid periods oldest first and selects the oldest with every late charge', () => {
    const owed = owedOf({ penalty: c(300_00), penaltyPaid: c(0) }, [...SCHEDULE].reverse())
    expect(unpaidPeriods(owed).map((p) => p.periodNo)).toEqual([2, 3, 4])
    expect(selectOldest(owed, 1)).toEqual({ lateCharges: 300_00, fees: 0, periods: [{ periodNo: 2, interest: 100_00, principal: 1_000_00 }] })
    expect(selectOldest(owed, null)).toBe(owed)
  })
})

describe('repaySelection', () => {
  const owed = owedOf({ penalty: c(300_00), penaltyPaid: c(0) }, SCHEDULE)

  it('asks for everything, or the oldest periods chosen and every late charge', () => {
    expect(repaySelection(owed)).toEqual({ periodCount: null, amount: 300_00 + 3 * 1_100_00 })
    expect(repaySelection(owed, 1)).toEqual({ periodCount: 1, amount: 300_00 + 1_100_00 })
    expect(repaySelection(owed, 2)).toEqual({ periodCount: 2, amount: 300_00 + 2 * 1_100_00 })
  })

  it('holds all the unpaid periods as everything', () => {
    expect(repaySelection(owed, 3)).toEqual(repaySelection(owed))
  })

  it('refuses a selection of no period, more than are unpaid, or not a count', () => {
    for (const count of [0, -1, 4, 1.5, Number.NaN]) expect(repaySelection(owed, count), String(count)).toBeNull()
  })
})

describe('pastDuePeriodNos', () => {
  it('counts a period past due from the local day after its due date, paid or not', () => {
    expect(pastDuePeriodNos(SCHEDULE, NOW, 'ID')).toEqual([1, 2])
    // 2026-03-10 23:59 WIB: the third is due, not yet late; a minute later it is
    expect(pastDuePeriodNos(SCHEDULE, new Date('2026-03-10T23:59:00+07:00'), 'ID')).toEqual([1, 2])
    expect(pastDuePeriodNos(SCHEDULE, new Date('2026-03-11T00:00:00+07:00'), 'ID')).toEqual([1, 2, 3])
  })
})

describe('orderOwed', () => {
  it('owes nothing before the payout', () => {
    expect(orderOwed({ ...INSTALLMENTS, disbursed: false }, SCHEDULE, NOW, 'ID')).toEqual({
      owed: { lateCharges: 0, fees: 0, periods: [] },
      unpaid: [],
      total: 0,
      overdue: 0,
      repayNow: { periodCount: null, amount: 0 },
    })
  })

  it('asks an installment loan for the overdue installments, the next one and the late charges', () => {
    const owes = orderOwed(INSTALLMENTS, SCHEDULE, NOW, 'ID')
    expect(owes.total).toBe(300_00 + 3 * 1_100_00)
    expect(owes.overdue).toBe(300_00 + 1_100_00)
    expect(owes.unpaid.map((p) => [p.periodNo, p.amount, p.overdue])).toEqual([
      [2, 1_100_00, true],
      [3, 1_100_00, false],
      [4, 1_100_00, false],
    ])
    // period 2 (overdue), period 3 (next to fall due) and the late charges: the account for two periods
    expect(owes.repayNow).toEqual({ periodCount: 2, amount: 300_00 + 2 * 1_100_00 })
  })

  it('asks only for the late charges not yet paid', () => {
    const owes = orderOwed({ ...INSTALLMENTS, penaltyPaid: c(200_00) }, SCHEDULE, NOW, 'ID')
    expect(owes.owed.lateCharges).toBe(100_00)
    expect(owes.repayNow.amount).toBe(100_00 + 2 * 1_100_00)
    expect(owes.total).toBe(100_00 + 3 * 1_100_00)
  })

  it('asks for every installment when all are overdue, and for the late charges alone when only they are left', () => {
    const late = new Date('2026-05-01T12:00:00+07:00')
    expect(orderOwed(INSTALLMENTS, SCHEDULE, late, 'ID').repayNow).toEqual({ periodCount: null, amount: 300_00 + 3 * 1_100_00 })
    const allPaid = SCHEDULE.map((p) => ({ ...p, paid: c(1_100_00), interestPaid: c(100_00), principalPaid: c(1_000_00) }))
    expect(orderOwed(INSTALLMENTS, allPaid, late, 'ID').repayNow).toEqual({ periodCount: null, amount: 300_00 })
  })

  it('asks a single-payment loan for everything', () => {
    const single = [period(1, '2026-03-10T10:00:00+07:00', 500_00, 10_000_00, { paid: c(200_00) })]
    const owes = orderOwed({ penalty: c(0), penaltyPaid: c(0), installment: false, disbursed: true }, single, NOW, 'ID')
    expect(owes.repayNow).toEqual({ periodCount: null, amount: 10_300_00 })
    expect(owes.total).toBe(10_300_00)
    expect(owes.overdue).toBe(0)
  })
})

/** An order of ours as the database holds it, with the balance columns the order card once used. */
interface Figures {
  installment: boolean
  market: Market
  penalty: Cents
  penaltyPaid: Cents
  /** What the order's `paid` column holds: every payment less what was kept to refund. */
  paid: number
  totalRepay: number
  periods: PeriodFigures[]
}

const orderArb = fc
  .record({
    installment: fc.boolean(),
    market: fc.constantFrom<Market>('ID', 'IN', 'MX'),
    parts: fc.array(fc.record({ interest: fc.integer({ min: 0, max: 5_000_00 }), principal: fc.integer({ min: 1, max: 50_000_00 }) }), { minLength: 1, maxLength: 12 }),
    periodDays: fc.integer({ min: 1, max: 60 }),
    // the payout, at any hour
    disbursedAt: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 0, 1) }),
  })
  .map(({ installment, market, parts, periodDays, disbursedAt }): Figures => {
    const periods = (installment ? parts : parts.slice(0, 1)).map((p, i) => ({
      periodNo: i + 1,
      dueAt: new Date(disbursedAt + (i + 1) * periodDays * DAY_MS),
      interest: c(p.interest),
      principal: c(p.principal),
      paid: c(0),
      interestPaid: c(0),
      principalPaid: c(0),
    }))
    return { installment, market, penalty: c(0), penaltyPaid: c(0), paid: 0, totalRepay: periods.reduce((sum, p) => sum + p.interest + p.principal, 0), periods }
  })

/** One step of an order's life: time passes, late charges may be added, a payment arrives through an account. */
const stepArb = fc.record({
  days: fc.integer({ min: 0, max: 45 }),
  lateCharge: fc.integer({ min: 0, max: 3_000_00 }),
  amount: fc.integer({ min: 0, max: 120_000_00 }),
  /** The installments the account was for (as generate-vcode's specific_num), or everything. */
  periodCount: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
})

/** What the repay button's account asks for, worked out as the screens describe it, not as orderOwed does. */
function buttonSelection(figures: Figures, now: Date): number | undefined {
  if (!figures.installment) return undefined
  const open = figures.periods.filter((p) => p.paid < p.interest + p.principal)
  let count = 0
  while (count < open.length && isOverdue(open[count]!.dueAt, now, figures.market)) count += 1
  // the next one to fall due goes with the overdue ones
  if (count < open.length) count += 1
  return count === 0 ? undefined : count
}

const isAmount = (value: number) => Number.isSafeInteger(value) && value >= 0

describe('what loan details asks for and what an account asks for (property)', () => {
  it('agree for any order after any sequence of partial payments; allocations sum to the payment; nothing negative or fractional', () => {
    fc.assert(
      fc.property(orderArb, fc.array(stepArb, { maxLength: 10 }), (start, steps) => {
        const figures: Figures = { ...start, periods: start.periods.map((p) => ({ ...p })) }
        let now = new Date(start.periods[0]!.dueAt.getTime() - start.periods.length * DAY_MS)
        const check = () => {
          const owes = orderOwed({ ...figures, disbursed: true }, figures.periods, now, figures.market)
          const owed = owedOf(figures, figures.periods)
          // (a) the amount loan details shows due is what generate-vcode asks for the button's selection
          const account = repaySelection(owed, buttonSelection(figures, now))
          expect(account).not.toBeNull()
          expect(owes.repayNow).toEqual(account)
          // a single payment's button asks for everything: generate-vcode with no selection
          if (!figures.installment) expect(owes.repayNow).toEqual(repaySelection(owed))
          // the button's own selection is one generate-vcode accepts, for the same amount
          expect(repaySelection(owed, owes.repayNow.periodCount ?? undefined)).toEqual(owes.repayNow)
          // the installment plan's late charges plus the first n installments: specific_num n
          owes.unpaid.forEach((_, i) => {
            const plan = owes.owed.lateCharges + owes.unpaid.slice(0, i + 1).reduce((sum, p) => sum + p.amount, 0)
            expect(repaySelection(owed, i + 1)!.amount).toBe(plan)
          })
          // the outstanding balance is what the balance columns say, where they agree with the schedule
          expect(owes.total).toBe(figures.totalRepay + figures.penalty - figures.paid)
          expect(owes.repayNow.amount).toBeLessThanOrEqual(owes.total)
          expect(owes.overdue).toBeLessThanOrEqual(owes.total)
          // (c) never negative, never a fraction
          for (const value of [owes.total, owes.overdue, owes.repayNow.amount, owes.owed.lateCharges, ...owes.unpaid.flatMap((p) => [p.interest, p.principal, p.amount])]) {
            expect(isAmount(value), String(value)).toBe(true)
          }
          return owed
        }
        for (const step of steps) {
          now = new Date(now.getTime() + step.days * DAY_MS)
          figures.penalty = c(figures.penalty + step.lateCharge)
          const owed = check()
          // the webhook: the account's selection (an invalid one is refused, so the account is for everything)
          const selection = repaySelection(owed, step.periodCount) ?? repaySelection(owed)!
          const allocation = allocatePayment(selectOldest(owed, selection.periodCount), c(step.amount))
          // (b) the ledger's entries sum to the payment, to the cent
          const entries = [allocation.lateCharges, allocation.fees, ...allocation.periods.flatMap((p) => [p.interest, p.principal]), allocation.leftover]
          expect(entries.reduce((sum, e) => sum + e, 0)).toBe(step.amount)
          for (const e of entries) expect(isAmount(e)).toBe(true)
          // the figures the webhook writes
          figures.penaltyPaid = c(figures.penaltyPaid + allocation.lateCharges)
          figures.paid += step.amount - allocation.leftover
          for (const share of allocation.periods) {
            const i = figures.periods.findIndex((p) => p.periodNo === share.periodNo)
            figures.periods[i] = { ...figures.periods[i]!, ...paidAfter(figures.periods[i]!, share) }
          }
          // what is read next is what the allocation left
          expect(owedOf(figures, figures.periods)).toEqual(remainingAfter(owed, allocation))
          expect(figures.penaltyPaid).toBeLessThanOrEqual(figures.penalty)
          for (const p of figures.periods) expect(p.interestPaid <= p.interest && p.principalPaid <= p.principal).toBe(true)
        }
        check()
      }),
      { numRuns: 300 },
    )
  })

  it('shows nothing due before the payout, whatever the schedule', () => {
    fc.assert(
      fc.property(orderArb, fc.integer({ min: 0, max: 400 }), (figures, days) => {
        const owes = orderOwed({ ...figures, disbursed: false }, figures.periods, new Date(figures.periods[0]!.dueAt.getTime() + (days - 200) * DAY_MS), figures.market)
        expect(owes.total).toBe(0)
        expect(owes.repayNow.amount).toBe(0)
        expect(totalOwed(owes.owed)).toBe(0)
      }),
    )
  })
})
