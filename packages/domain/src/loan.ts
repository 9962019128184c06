import { type Cents, MoneyError, applyBasisPoints, cents, splitEvenly, subCents, sumCents } from './money.js'
import type { Market } from './markets.js'

/**
 * What a product says about the price of a loan. Rates are integer basis points (1 bp = 0.01 %),
 * so no float ever enters an amount.
 */
export interface LoanTerms {
  market: Market
  /** `day`: one payment when the term ends; `period`: equal installments. */
  termUnit: 'day' | 'period'
  /** Single-payment loans: days from disbursement to the due date. */
  termDays: number
  /** Installment loans: number of periods and days per period. */
  periods: number
  periodDays: number
  /** Interest per day on the outstanding principal. */
  dailyRateBps: number
  /** Fee deducted from the amount at disbursement. */
  adminFeeBps: number
}

export interface Installment {
  periodNo: number
  /** Days from disbursement to this period's due date. */
  dueDay: number
  principal: Cents
  interest: Cents
  total: Cents
}

export interface LoanQuote {
  principal: Cents
  /** Deducted at disbursement: the borrower receives `received`, repays `totalRepay`. */
  fee: Cents
  received: Cents
  interest: Cents
  totalRepay: Cents
  /** Everything the loan costs beyond the principal, penalties excluded: interest + fee. */
  totalCost: Cents
  /** Days from disbursement to the last due date. */
  termDays: number
  installments: Installment[]
}

export class LoanTermsError extends Error {
  override name = 'LoanTermsError'
}

function positiveInt(value: number, what: string) {
  if (!Number.isSafeInteger(value) || value < 1) throw new LoanTermsError(`${what} must be a positive integer: ${value}`)
}

export function validateTerms(terms: LoanTerms): void {
  if (terms.termUnit === 'day') positiveInt(terms.termDays, 'termDays')
  else {
    positiveInt(terms.periods, 'periods')
    positiveInt(terms.periodDays, 'periodDays')
  }
  for (const [name, bps] of [['dailyRateBps', terms.dailyRateBps], ['adminFeeBps', terms.adminFeeBps]] as const) {
    if (!Number.isSafeInteger(bps) || bps < 0 || bps > 10_000) throw new LoanTermsError(`${name} must be 0-10000 bp: ${bps}`)
  }
}

/** Days from disbursement to the last due date. */
export function loanTermDays(terms: LoanTerms): number {
  return terms.termUnit === 'day' ? terms.termDays : terms.periods * terms.periodDays
}

/**
 * Prices a loan. Single-payment loans pay principal plus simple daily interest on the due date.
 * Installment loans repay equal parts of principal with interest on the declining balance, so a
 * borrower never pays interest on principal already returned. Every figure is rounded once, per
 * period, and the parts always sum to the totals.
 */
export function quoteLoan(principal: Cents, terms: LoanTerms): LoanQuote {
  validateTerms(terms)
  if (!Number.isSafeInteger(principal) || principal <= 0) throw new MoneyError(`principal must be positive: ${principal}`)
  const fee = applyBasisPoints(principal, terms.adminFeeBps)
  const installments: Installment[] = []
  if (terms.termUnit === 'day') {
    const interest = applyBasisPoints(principal, terms.dailyRateBps * terms.termDays)
    installments.push({ periodNo: 1, dueDay: terms.termDays, principal, interest, total: cents(principal + interest) })
  } else {
    const parts = splitEvenly(principal, terms.periods)
    let outstanding = principal
    parts.forEach((part, i) => {
      const interest = applyBasisPoints(outstanding, terms.dailyRateBps * terms.periodDays)
      installments.push({ periodNo: i + 1, dueDay: (i + 1) * terms.periodDays, principal: part, interest, total: cents(part + interest) })
      outstanding = subCents(outstanding, part)
    })
  }
  const interest = sumCents(installments.map((p) => p.interest))
  const totalRepay = sumCents(installments.map((p) => p.total))
  return {
    principal,
    fee,
    received: subCents(principal, fee),
    interest,
    totalRepay,
    totalCost: cents(interest + fee),
    termDays: loanTermDays(terms),
    installments,
  }
}

export type HeadlineRate =
  | { kind: 'dailyCost'; bps: number }
  | { kind: 'apr'; bps: number }
  | { kind: 'cat'; bps: number }

/**
 * The figure each market's borrowers are told to compare loans by (docs/product/money-rules.md#headline):
 * in Indonesia the all-in daily cost (interest and every fee, per day of the term, of the
 * principal: the figure OJK's cap is written in), the APR of the Key Fact Statement in India, the
 * CAT (Costo Anual Total) in Mexico.
 */
export function headlineRate(quote: LoanQuote, terms: LoanTerms): HeadlineRate {
  if (terms.market === 'IN') return { kind: 'apr', bps: aprBps(quote) }
  if (terms.market === 'MX') return { kind: 'cat', bps: catBps(quote) }
  return { kind: 'dailyCost', bps: dailyCostBps(quote) }
}

/**
 * Interest and fees per day of the term, in basis points of the principal, rounded up: the figure
 * shown never understates what the loan costs.
 */
export function dailyCostBps(quote: LoanQuote): number {
  const numerator = BigInt(quote.totalCost) * 10_000n
  const denominator = BigInt(quote.principal) * BigInt(quote.termDays)
  return Number((numerator + denominator - 1n) / denominator)
}

/**
 * Daily internal rate of return of the borrower's cash flows: `received` on day 0, each
 * installment on its due day. A rate, not an amount, so it is solved in floating point by
 * bisection and only its rounded basis points leave this module.
 */
export function dailyIrr(quote: LoanQuote): number {
  const flows = quote.installments.map((p) => ({ day: p.dueDay, amount: p.total }))
  const npv = (r: number) => flows.reduce((s, f) => s + f.amount / Math.pow(1 + r, f.day), 0) - quote.received
  if (quote.received <= 0) return Number.POSITIVE_INFINITY
  let lo = 0
  let hi = 1
  if (npv(lo) <= 0) return 0
  while (npv(hi) > 0 && hi < 1e6) hi *= 2
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2
    if (npv(mid) > 0) lo = mid
    else hi = mid
  }
  return (lo + hi) / 2
}

/** India's APR: the all-in daily IRR times 365 (a nominal annual rate), in basis points. */
export function aprBps(quote: LoanQuote): number {
  return Math.round(dailyIrr(quote) * 365 * 10_000)
}

/** Mexico's CAT: the effective annual rate of the same cash flows, in basis points. */
export function catBps(quote: LoanQuote): number {
  return Math.round((Math.pow(1 + dailyIrr(quote), 365) - 1) * 10_000)
}

