import type { AccountFacts, AccountFigures, FileTotals, PeriodAtCutoff } from './bureau.js'
import { daysBetween } from './calendar.js'
import { addCents, maxCents, subCents, ZERO, type Cents } from './money.js'

/**
 * An account's figures at a cut-off (docs/product/credit-reporting.md#figures), worked out from what
 * the ledger says of each installment. Pure: the server reads the facts, this decides what is owed.
 */

/** What is left of one installment: principal and interest neither paid nor waived, never below zero. */
export function periodLeft(p: PeriodAtCutoff): { principal: Cents; interest: Cents; total: Cents } {
  const principal = maxCents(ZERO, subCents(p.principal, p.principalPaid))
  const interest = maxCents(ZERO, subCents(subCents(p.interest, p.interestPaid), p.interestWaived))
  return { principal, interest, total: addCents(principal, interest) }
}

/** The plain sum of what is left over every installment: what the server's ledger check compares with. */
export function ledgerBalanceOf(periods: readonly PeriodAtCutoff[]): Cents {
  return addCents(...periods.map((p) => periodLeft(p).total))
}

/** What is left of the installments already overdue at the cut-off, split as the layouts report it. */
export function overdueSplit(periods: readonly PeriodAtCutoff[], cutoffOn: string): { principal: Cents; interest: Cents } {
  let principal = ZERO
  let interest = ZERO
  for (const p of periods) {
    // An installment turns overdue the day after its due date.
    if (p.dueOn >= cutoffOn) continue
    const left = periodLeft(p)
    principal = addCents(principal, left.principal)
    interest = addCents(interest, left.interest)
  }
  return { principal, interest }
}

/**
 * The figures a record carries at `cutoffOn` (the period's last local day). A settled loan is never
 * reported with a balance: once the ledger says it was settled by the cut-off, whatever the schedule
 * still shows was paid or waived by the settlement.
 */
export function accountFigures(facts: AccountFacts, cutoffOn: string): AccountFigures {
  const periods = [...facts.periods].sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : a.periodNo - b.periodNo))
  const dueOn = periods.length > 0 ? periods[periods.length - 1]!.dueOn : facts.disbursedOn
  if (facts.settledOn !== null) {
    return {
      state: facts.waived > 0 ? 'settled_waived' : 'settled',
      balance: ZERO,
      overdue: ZERO,
      daysPastDue: 0,
      dueOn,
      lastPayment: facts.lastPayment,
      closedOn: facts.settledOn,
    }
  }
  let balance = ZERO
  let overdue = ZERO
  let earliestUnpaid: string | null = null
  for (const p of periods) {
    const left = periodLeft(p).total
    balance = addCents(balance, left)
    if (p.dueOn < cutoffOn && left > 0) {
      overdue = addCents(overdue, left)
      if (earliestUnpaid === null || p.dueOn < earliestUnpaid) earliestUnpaid = p.dueOn
    }
  }
  return {
    state: 'open',
    balance,
    overdue,
    daysPastDue: earliestUnpaid === null ? 0 : daysBetween(earliestUnpaid, cutoffOn),
    dueOn,
    lastPayment: facts.lastPayment,
    closedOn: null,
  }
}

/**
 * A run's totals over its records' figures: some headers and trailers carry them, and they are
 * counted before the file is written. `subjects` is the number of distinct borrowers, when known.
 */
export function runTotals(figures: readonly Pick<AccountFigures, 'balance' | 'overdue'>[], subjects?: number): FileTotals {
  let balance = ZERO
  let overdue = ZERO
  for (const f of figures) {
    balance = addCents(balance, f.balance)
    overdue = addCents(overdue, f.overdue)
  }
  return { records: figures.length, subjects: subjects ?? figures.length, balance, overdue }
}
