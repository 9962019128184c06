import { costCapsOn } from './caps.js'
import type { Market } from './markets.js'
import { type Cents, applyBasisPoints, cents, floorBasisPoints, maxCents, minCents, subCents } from './money.js'

/**
 * Late charges of an overdue loan (docs/product/money-rules.md#late-charges). A product (and each
 * order, which copies it at submit) sets a one-time fee, lower for repeat clients, and daily late
 * interest by tiers of days overdue. The market's law then bounds them: never added to the rate,
 * never compounded, and never past a ceiling, so a borrower in arrears can see the end of it.
 */
export interface LateChargeTerms {
  feeNew: Cents
  feeRepeat: Cents
  /** Tiers in ascending `fromDay`; day 1 is the first whole local day after the due date. */
  tiers: ReadonlyArray<{ fromDay: number; dailyBps: number }>
  /** Late charges together at most this share of the unpaid amount. */
  capBps: number
}

/**
 * India's terms text: Rs.1,000 once (Rs.800 for a repeat client), then 5 % a day on days 1-30, 4 % on
 * days 31-90 and 2 % from day 91, of the unpaid amount, at most 100 % of it.
 */
export const INDIA_LATE_CHARGES: LateChargeTerms = {
  feeNew: cents(1_000_00),
  feeRepeat: cents(800_00),
  tiers: [
    { fromDay: 1, dailyBps: 500 },
    { fromDay: 31, dailyBps: 400 },
    { fromDay: 91, dailyBps: 200 },
  ],
  capBps: 10_000,
}

/** The rules one order's late charges are computed by, already bounded by its market's law. */
export interface PenaltyRules {
  oneTimeFee: Cents
  tiers: LateChargeTerms['tiers']
  /** All late charges of the order together never exceed this. */
  ceiling: Cents
  /** Indonesia: no day's charge (the one-time fee included) exceeds this. */
  dailyLimit: Cents | null
}

export function dailyLateBps(day: number, tiers: LateChargeTerms['tiers']): number {
  let bps = 0
  for (const tier of tiers) if (day >= tier.fromDay) bps = tier.dailyBps
  return bps
}

/**
 * The charge for one more day overdue on `base`, given what was already charged. Day 1 also
 * carries the one-time fee. Simple, never compounded: late charges are never part of the base.
 * Never negative, never past the day's limit or the ceiling.
 */
export function penaltyForDay(day: number, base: Cents, alreadyCharged: Cents, rules: PenaltyRules): Cents {
  if (!Number.isSafeInteger(day) || day < 1 || base <= 0) return cents(0)
  let charge = cents(applyBasisPoints(base, dailyLateBps(day, rules.tiers)) + (day === 1 ? rules.oneTimeFee : 0))
  if (rules.dailyLimit !== null) charge = minCents(charge, rules.dailyLimit)
  return maxCents(cents(0), minCents(charge, subCents(rules.ceiling, alreadyCharged)))
}

/**
 * The charges of days `fromDay`..`toDay` overdue (a job that missed days catches up), given what
 * was already charged. Zero when the range is empty.
 */
export function penaltyForDays(fromDay: number, toDay: number, base: Cents, alreadyCharged: Cents, rules: PenaltyRules): Cents {
  let added = 0
  for (let day = Math.max(1, fromDay); day <= toDay; day++) added += penaltyForDay(day, base, cents(alreadyCharged + added), rules)
  return cents(added)
}

/** Total late charges after `days` days overdue on a constant base. */
export function accruedPenalty(days: number, base: Cents, rules: PenaltyRules): Cents {
  return penaltyForDays(1, days, base, cents(0), rules)
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

/** What an overdue order's late charges depend on. */
export interface OverdueLoan {
  market: Market
  /** The market-local date the agreement was signed: its caps hold for the loan's life. */
  signedOn: string
  /** A partner's loan: the partner charges for lateness, we never do. */
  partner: boolean
  principal: Cents
  /** Interest and fees of the loan (late charges excluded). */
  cost: Cents
  /** Unpaid amount (principal and interest) of the overdue installments. */
  unpaid: Cents
  /** Unpaid principal of the overdue installments. */
  unpaidPrincipal: Cents
  terms: LateChargeTerms
  repeatClient: boolean
}

/**
 * What one overdue order's late charges are computed on and by. Indonesia: on the outstanding
 * principal, no day above the daily cap of the agreement's date, and interest, fees and late
 * charges together at most the total cap of the principal. India and Mexico: on the unpaid amount,
 * together at most the product's share of it (100 % at most). Partner loans: nothing.
 */
export function lateChargePlan(loan: OverdueLoan): { base: Cents; rules: PenaltyRules } {
  const oneTimeFee = loan.repeatClient ? loan.terms.feeRepeat : loan.terms.feeNew
  const tiers = loan.terms.tiers
  if (loan.partner) return { base: cents(0), rules: { oneTimeFee: cents(0), tiers: [], ceiling: cents(0), dailyLimit: null } }
  const caps = costCapsOn(loan.market, loan.signedOn)
  if (caps) {
    const base = loan.unpaidPrincipal
    const room = maxCents(cents(0), subCents(floorBasisPoints(loan.principal, caps.totalBps), loan.cost))
    const ceiling = minCents(room, floorBasisPoints(base, Math.min(loan.terms.capBps, 10_000)))
    return { base, rules: { oneTimeFee, tiers, ceiling, dailyLimit: floorBasisPoints(base, caps.lateDailyBps) } }
  }
  const base = loan.unpaid
  return { base, rules: { oneTimeFee, tiers, ceiling: floorBasisPoints(base, Math.min(loan.terms.capBps, 10_000)), dailyLimit: null } }
}
