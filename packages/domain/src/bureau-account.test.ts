import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AccountFacts, PeriodAtCutoff } from './bureau.js'
import { accountFigures, ledgerBalanceOf, overdueSplit, periodLeft, runTotals } from './bureau-account.js'
import { addDays } from './calendar.js'
import type { Cents } from './money.js'

const c = (n: number) => n as Cents

const period = (periodNo: number, dueOn: string, over: Partial<PeriodAtCutoff> = {}): PeriodAtCutoff => ({
  periodNo,
  dueOn,
  principal: c(500_000_00),
  interest: c(50_000_00),
  principalPaid: c(0),
  interestPaid: c(0),
  interestWaived: c(0),
  ...over,
})

const FACTS: AccountFacts = {
  disbursed: c(1_000_000_00),
  disbursedOn: '2026-01-01',
  settledOn: null,
  waived: c(0),
  periods: [period(1, '2026-01-31'), period(2, '2026-03-02')],
  lastPayment: null,
}

describe('an account at the cut-off', () => {
  it('is current before its first due date has passed', () => {
    expect(accountFigures(FACTS, '2026-01-31')).toEqual({
      state: 'open',
      balance: c(1_100_000_00),
      overdue: c(0),
      daysPastDue: 0,
      dueOn: '2026-03-02',
      lastPayment: null,
      closedOn: null,
    })
  })

  it('turns overdue the day after the due date, counting days from it', () => {
    const f = accountFigures(FACTS, '2026-02-28')
    expect(f.overdue).toBe(550_000_00)
    expect(f.daysPastDue).toBe(28)
    expect(accountFigures(FACTS, '2026-02-01').daysPastDue).toBe(1)
  })

  it('counts from the earliest installment with something left', () => {
    const facts = { ...FACTS, periods: [period(1, '2026-01-31', { principalPaid: c(500_000_00), interestPaid: c(50_000_00) }), period(2, '2026-03-02')] }
    const f = accountFigures(facts, '2026-03-31')
    expect(f.daysPastDue).toBe(29)
    expect(f.overdue).toBe(550_000_00)
  })

  it('never counts a waived or overpaid part below zero', () => {
    expect(periodLeft(period(1, '2026-01-31', { principalPaid: c(600_000_00), interestWaived: c(50_000_00) })).total).toBe(0)
    expect(overdueSplit(FACTS.periods, '2026-02-28')).toEqual({ principal: 500_000_00, interest: 50_000_00 })
  })

  it('reports a settled loan with nothing left, waived or not', () => {
    const settled = accountFigures({ ...FACTS, settledOn: '2026-02-10', lastPayment: { on: '2026-02-10', amount: c(1_000_000_00) } }, '2026-02-28')
    expect(settled).toMatchObject({ state: 'settled', balance: 0, overdue: 0, daysPastDue: 0, closedOn: '2026-02-10' })
    expect(accountFigures({ ...FACTS, settledOn: '2026-02-10', waived: c(100_000_00) }, '2026-02-28').state).toBe('settled_waived')
  })

  it('sums what is left for the ledger check', () => {
    expect(ledgerBalanceOf(FACTS.periods)).toBe(1_100_000_00)
    expect(ledgerBalanceOf([])).toBe(0)
  })
})

const amount = fc.integer({ min: 0, max: 5_000_000_00 }).map(c)
const periods = fc.array(
  fc.record({
    dueIn: fc.integer({ min: 0, max: 200 }),
    principal: amount,
    interest: amount,
    principalPaid: amount,
    interestPaid: amount,
    interestWaived: amount,
  }),
  { minLength: 1, maxLength: 6 },
)
const facts = fc.record({ periods, settled: fc.boolean(), waived: amount }).map(
  ({ periods: ps, settled, waived }): AccountFacts => ({
    disbursed: c(1_000_000_00),
    disbursedOn: '2026-01-01',
    settledOn: settled ? '2026-03-01' : null,
    waived,
    periods: ps.map((p, i) => ({ periodNo: i + 1, dueOn: addDays('2026-01-01', p.dueIn), principal: p.principal, interest: p.interest, principalPaid: p.principalPaid, interestPaid: p.interestPaid, interestWaived: p.interestWaived })),
    lastPayment: null,
  }),
)
const cutoff = fc.integer({ min: 0, max: 300 }).map((n) => addDays('2026-01-01', n))

describe('account figures, for any ledger', () => {
  it('keep a settled loan at zero and an open one at the sum of what is left', () => {
    fc.assert(
      fc.property(facts, cutoff, (f, on) => {
        const fig = accountFigures(f, on)
        if (f.settledOn !== null) {
          expect([fig.balance, fig.overdue, fig.daysPastDue]).toEqual([0, 0, 0])
          expect(fig.state).toBe(f.waived > 0 ? 'settled_waived' : 'settled')
        } else {
          expect(fig.balance).toBe(ledgerBalanceOf(f.periods))
          expect(fig.closedOn).toBeNull()
        }
        expect(fig.overdue).toBeLessThanOrEqual(fig.balance)
        expect(fig.overdue > 0).toBe(fig.daysPastDue > 0)
      }),
    )
  })

  it('total a run as the sum of its records', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(facts, cutoff), { maxLength: 20 }), (accounts) => {
        const figs = accounts.map(([f, on]) => accountFigures(f, on))
        const t = runTotals(figs)
        expect(t.records).toBe(figs.length)
        expect(t.balance).toBe(figs.reduce((s, f) => s + f.balance, 0))
        expect(t.overdue).toBe(figs.reduce((s, f) => s + f.overdue, 0))
      }),
    )
  })
})
