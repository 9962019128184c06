import type { Market } from './markets.js'
import { amountAllowed } from './recommend.js'
import type { Cents } from './money.js'

/**
 * Instant decisions (docs/product/decisions.md): a market's credit policy, a decision model the
 * risk team writes, answers a band for each application; these are the rules around it that no
 * policy can turn off. The policy may only be stricter: a band is never softened, an amount never
 * raised.
 */

/** The three answers, from the mildest; a decision takes the strictest that any rule gave. */
export const DECISION_BANDS = ['approve', 'refer', 'reject'] as const
export type DecisionBand = (typeof DECISION_BANDS)[number]

const severity = (band: DecisionBand) => DECISION_BANDS.indexOf(band)

/** The stricter of two bands. */
export function stricterBand(a: DecisionBand, b: DecisionBand): DecisionBand {
  return severity(a) >= severity(b) ? a : b
}

/** The strictest of several; `approve` when none. */
export function strictestBand(bands: Iterable<DecisionBand>): DecisionBand {
  let band: DecisionBand = 'approve'
  for (const b of bands) band = stricterBand(band, b)
  return band
}

/**
 * Who may borrow by age, per market, on the day of the decision: the identity already needs the
 * legal age (LEGAL_AGE); lending starts later and stops before retirement, as the lenders of each
 * market do.
 */
export const LENDING_AGE: Readonly<Record<Market, { min: number; max: number }>> = {
  ID: { min: 21, max: 60 },
  IN: { min: 21, max: 60 },
  MX: { min: 18, max: 65 },
}

/** After a rejection the same borrower's new application waits this long before it can be approved. */
export const REAPPLY_COOLING_OFF_DAYS = 7

/** The reasons the hard rules give (a subset of the contract's decision reasons). */
export const HARD_RULE_REASONS = ['age_outside_limits', 'identity_missing', 'amount_outside_product', 'cost_above_cap', 'open_loan', 'cooling_off'] as const
export type HardRuleReason = (typeof HARD_RULE_REASONS)[number]

/** What the hard rules look at, of one application. */
export interface HardRuleFacts {
  market: Market
  /** The principal asked for. */
  asked: Cents
  /** The product's limits as copied when the order was placed. */
  product: { min: Cents; max: Cents; step: Cents }
  /** The order's price is within the market's cost caps on the day it was signed (caps.ts quoteWithinCaps). */
  costWithinCaps: boolean
  /** The borrower's age on the decision's local date; null without an identity. */
  age: number | null
  /** Another order of the same product that is not settled or rejected. */
  otherOpenOrderOfProduct: boolean
  /** Whole days since the borrower's last rejection; null when never rejected. */
  daysSinceLastRejection: number | null
}

/** What a policy answered before the hard rules. */
export interface PolicyAnswer {
  band: DecisionBand
  /** The most the policy would lend; null when no rule limited it. */
  maxAmount: Cents | null
  reasons: readonly string[]
}

/** The decision after the hard rules. */
export interface HardRuledDecision {
  band: DecisionBand
  /** What may be lent: never above what was asked, the product's maximum or the policy's. */
  approvedAmount: Cents
  /** The policy's reasons, then the hard rules' (each once). */
  reasons: string[]
  /** The hard rules that made the answer stricter or lower. */
  hardRules: HardRuleReason[]
}

/** The hard rules' own answers, each with the band it forces. */
export function hardRuleFindings(f: HardRuleFacts): Array<{ reason: HardRuleReason; band: DecisionBand }> {
  const found: Array<{ reason: HardRuleReason; band: DecisionBand }> = []
  const limits = LENDING_AGE[f.market]
  if (f.age === null) found.push({ reason: 'identity_missing', band: 'refer' })
  else if (f.age < limits.min || f.age > limits.max) found.push({ reason: 'age_outside_limits', band: 'reject' })
  if (!amountAllowed(f.asked, f.product)) found.push({ reason: 'amount_outside_product', band: 'reject' })
  if (!f.costWithinCaps) found.push({ reason: 'cost_above_cap', band: 'reject' })
  if (f.otherOpenOrderOfProduct) found.push({ reason: 'open_loan', band: 'reject' })
  if (f.daysSinceLastRejection !== null && f.daysSinceLastRejection < REAPPLY_COOLING_OFF_DAYS) found.push({ reason: 'cooling_off', band: 'reject' })
  return found
}

/**
 * The policy's answer held to the hard rules: the band is the stricter of the two, the amount the
 * lowest of what was asked, the product's maximum and the policy's. An approval for less than was
 * asked is referred: the borrower agreed to the amount they asked for, and a lower one is a new
 * offer a person makes (docs/product/decisions.md#amounts).
 */
export function applyHardRules(answer: PolicyAnswer, facts: HardRuleFacts): HardRuledDecision {
  const findings = hardRuleFindings(facts)
  let band = strictestBand([answer.band, ...findings.map((f) => f.band)])
  const ceiling = Math.min(facts.asked, facts.product.max, answer.maxAmount ?? facts.asked)
  const approvedAmount = Math.max(0, ceiling) as Cents
  const reasons = [...new Set(answer.reasons)]
  const hardRules = findings.map((f) => f.reason)
  for (const r of hardRules) if (!reasons.includes(r)) reasons.push(r)
  if (band === 'approve' && approvedAmount < facts.asked) {
    band = 'refer'
    if (!reasons.includes('amount_reduced')) reasons.push('amount_reduced')
  }
  return { band, approvedAmount, reasons, hardRules }
}
