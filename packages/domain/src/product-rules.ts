import type { Market } from './markets.js'
import { type ProductFields, type CapBreach, periodChoices, loanTermsOf, productProblem } from './product.js'
import { type LoanQuote, aprBps, catBps, dailyCostBps, quoteLoan } from './loan.js'
import { cents, type Cents } from './money.js'

/**
 * The term lengths a product of each market may offer, in days from payout to the last due date
 * (docs/product/products.md#versions): every term the borrower may choose must fall inside.
 */
export const TERM_RANGE_DAYS: Record<Market, { min: number; max: number }> = {
  ID: { min: 30, max: 365 },
  IN: { min: 90, max: 365 },
  MX: { min: 30, max: 365 },
}

/** The product form's fields a rule can be broken on. */
export type ProductRuleField =
  | 'minAmount'
  | 'maxAmount'
  | 'amountStep'
  | 'termDays'
  | 'periods'
  | 'periodDays'
  | 'periodOptions'
  | 'dailyRateBps'
  | 'adminFeeBps'
  | 'extensionFee'
  | 'lateFeeNew'
  | 'lateTiers'
  | 'lateCapBps'

/** One broken rule, with the field it is shown beside and the figures it names. */
export type ProductRuleProblem =
  | { field: ProductRuleField; rule: 'termRange'; termDays: number; min: number; max: number }
  | { field: ProductRuleField; rule: 'costCap'; amount: Cents; termDays: number; cost: Cents; cap: Cents }
  | { field: ProductRuleField; rule: 'lateRateCap'; dailyBps: number; cap: number }
  | { field: ProductRuleField; rule: 'lateFeeCap'; fee: Cents; cap: Cents }
  | { field: ProductRuleField; rule: 'extensionFeeCap'; fee: Cents; cap: Cents }
  | { field: ProductRuleField; rule: 'invalid'; message: string }

/** The field a malformed product's message is about (the messages of validateTerms, validateLateCharges and productProblem). */
function fieldOfMessage(message: string): ProductRuleField {
  const first: Array<[RegExp, ProductRuleField]> = [
    [/^amounts/, 'minAmount'],
    [/^termDays|single-payment/, 'termDays'],
    [/^periods |periods ×/, 'periods'],
    [/^periodDays/, 'periodDays'],
    [/^dailyRateBps|headline/, 'dailyRateBps'],
    [/^adminFeeBps|admin fee/, 'adminFeeBps'],
    [/^feeNew|^feeRepeat/, 'lateFeeNew'],
    [/^capBps/, 'lateCapBps'],
    [/tier|dailyBps/, 'lateTiers'],
    [/extension fee/, 'extensionFee'],
    [/at most .* amounts|step/, 'amountStep'],
  ]
  return first.find(([re]) => re.test(message))?.[1] ?? 'minAmount'
}

function breachProblem(breach: CapBreach): ProductRuleProblem {
  switch (breach.kind) {
    case 'cost':
      return { field: 'dailyRateBps', rule: 'costCap', amount: breach.amount, termDays: breach.termDays, cost: breach.cost, cap: breach.cap }
    case 'lateRate':
      return { field: 'lateTiers', rule: 'lateRateCap', dailyBps: breach.dailyBps, cap: breach.cap }
    case 'lateFee':
      return { field: 'lateFeeNew', rule: 'lateFeeCap', fee: breach.fee, cap: breach.cap }
    case 'extensionFee':
      return { field: 'extensionFee', rule: 'extensionFeeCap', fee: breach.fee, cap: breach.cap }
  }
}

/**
 * Every rule a product breaks, each beside its field, or an empty list when it may be saved: the
 * market's term range, then the catalogue's own rule (domain productProblem: well-formed terms,
 * and a price within the caps in force on `today`, the market-local date). The console runs it as
 * the admin types and the server again before storing, so both say the same.
 */
export function productRuleProblems(p: ProductFields, today: string): ProductRuleProblem[] {
  const problems: ProductRuleProblem[] = []
  const range = TERM_RANGE_DAYS[p.market]
  const field: ProductRuleField = p.termUnit === 'day' ? 'termDays' : p.periodOptions.length ? 'periodOptions' : 'periods'
  for (const n of periodChoices(p)) {
    const days = p.termUnit === 'day' ? p.termDays : n * p.periodDays
    if (Number.isSafeInteger(days) && (days < range.min || days > range.max)) {
      problems.push({ field, rule: 'termRange', termDays: days, min: range.min, max: range.max })
      break
    }
  }
  const problem = productProblem(p, today)
  if (problem?.kind === 'invalid') problems.push({ field: fieldOfMessage(problem.message), rule: 'invalid', message: problem.message })
  if (problem?.kind === 'aboveCaps') problems.push(...problem.breaches.map(breachProblem))
  return problems
}

/** What the borrower would read for one amount and term: the loan's figures and all three rates. */
export interface SampleFigures {
  quote: LoanQuote
  dailyCostBps: number
  aprBps: number
  catBps: number
}

/**
 * The borrower's figures of a product for a sample amount over its longest term, from the same
 * functions the borrower's screens use; null when the terms cannot be priced yet.
 */
export function sampleFigures(p: ProductFields, amount: number): SampleFigures | null {
  if (!Number.isSafeInteger(amount) || amount <= 0) return null
  try {
    const terms = loanTermsOf(p, Math.max(...periodChoices(p)))
    if (!(terms.termDays > 0 && terms.periods > 0 && terms.periodDays > 0)) return null
    const quote = quoteLoan(cents(amount), terms)
    if (quote.received <= 0) return null
    return { quote, dailyCostBps: dailyCostBps(quote), aprBps: aprBps(quote), catBps: catBps(quote) }
  } catch {
    return null
  }
}
