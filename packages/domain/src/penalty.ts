import { type Cents, applyBasisPoints, cents } from './money.js'

/**
 * Late charges of an overdue loan. The terms text (spec.md section 9) sets a one-time default
 * penalty (lower for repeat clients) and late interest on the unpaid amount that falls with time:
 * 5 % a day on days 1-30, 4 % on days 31-90, 2 % from day 91. A product may set its own rules.
 * Whatever the rules, the late charges together never exceed `capBps` of the unpaid amount: a
 * borrower in arrears must be able to see the end of it (and Indonesia caps the total cost).
 */
export interface PenaltyRules {
  oneTimeFee: Cents
  /** Tiers in ascending `fromDay`; day 1 is the first day after the due date. */
  tiers: ReadonlyArray<{ fromDay: number; dailyBps: number }>
  capBps: number
}

export function termsPenaltyRules(repeatClient: boolean, capBps = 10_000): PenaltyRules {
  return {
    oneTimeFee: cents(repeatClient ? 800_00 : 1_000_00),
    tiers: [
      { fromDay: 1, dailyBps: 500 },
      { fromDay: 31, dailyBps: 400 },
      { fromDay: 91, dailyBps: 200 },
    ],
    capBps,
  }
}

export function dailyLateBps(day: number, rules: PenaltyRules): number {
  let bps = 0
  for (const tier of rules.tiers) if (day >= tier.fromDay) bps = tier.dailyBps
  return bps
}

/**
 * The charge for one more day overdue, given what was already charged. Day 1 also carries the
 * one-time fee. Never negative, never past the cap.
 */
export function penaltyForDay(day: number, unpaid: Cents, alreadyCharged: Cents, rules: PenaltyRules): Cents {
  if (!Number.isSafeInteger(day) || day < 1 || unpaid <= 0) return cents(0)
  const cap = applyBasisPoints(unpaid, rules.capBps)
  const charge = applyBasisPoints(unpaid, dailyLateBps(day, rules)) + (day === 1 ? rules.oneTimeFee : 0)
  return cents(Math.max(0, Math.min(charge, cap - alreadyCharged)))
}

/** Total late charges after `days` days overdue on a constant unpaid amount. */
export function accruedPenalty(days: number, unpaid: Cents, rules: PenaltyRules): Cents {
  let total = 0
  for (let day = 1; day <= days; day++) total += penaltyForDay(day, unpaid, cents(total), rules)
  return cents(total)
}

/**
 * What a product (and each order, which copies it) says about late charges: the one-time fee for
 * a new and for a repeat client, the daily tiers and the cap.
 */
export interface LateChargeTerms {
  feeNew: Cents
  feeRepeat: Cents
  tiers: ReadonlyArray<{ fromDay: number; dailyBps: number }>
  capBps: number
}

export class PenaltyRulesError extends Error {
  override name = 'PenaltyRulesError'
}

/** Tiers start on day 1 and rise strictly in `fromDay`; rates and the cap are 0-10 000 bp. */
export function validateLateCharges(terms: LateChargeTerms): void {
  const bp = (n: number) => Number.isSafeInteger(n) && n >= 0 && n <= 10_000
  if (!Number.isSafeInteger(terms.feeNew) || terms.feeNew < 0) throw new PenaltyRulesError(`feeNew must be a non-negative amount: ${terms.feeNew}`)
  if (!Number.isSafeInteger(terms.feeRepeat) || terms.feeRepeat < 0) throw new PenaltyRulesError(`feeRepeat must be a non-negative amount: ${terms.feeRepeat}`)
  if (!bp(terms.capBps)) throw new PenaltyRulesError(`capBps must be 0-10000: ${terms.capBps}`)
  let previous = 0
  for (const tier of terms.tiers) {
    if (!Number.isSafeInteger(tier.fromDay) || tier.fromDay <= previous) throw new PenaltyRulesError(`tiers must start on day 1 and rise: ${tier.fromDay}`)
    if (previous === 0 && tier.fromDay !== 1) throw new PenaltyRulesError('the first tier must start on day 1')
    if (!bp(tier.dailyBps)) throw new PenaltyRulesError(`dailyBps must be 0-10000: ${tier.dailyBps}`)
    previous = tier.fromDay
  }
}

/** The rules of one order: the terms text distinguishes new and repeat clients only by the one-time fee. */
export function penaltyRulesFor(terms: LateChargeTerms, repeatClient: boolean): PenaltyRules {
  return { oneTimeFee: repeatClient ? terms.feeRepeat : terms.feeNew, tiers: terms.tiers, capBps: terms.capBps }
}

/**
 * The charges of days `fromDay`..`toDay` overdue (a job that missed days catches up), given what
 * was already charged. Zero when the range is empty.
 */
export function penaltyForDays(fromDay: number, toDay: number, unpaid: Cents, alreadyCharged: Cents, rules: PenaltyRules): Cents {
  let added = 0
  for (let day = Math.max(1, fromDay); day <= toDay; day++) added += penaltyForDay(day, unpaid, cents(alreadyCharged + added), rules)
  return cents(added)
}
