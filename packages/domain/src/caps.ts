import { type Cents, cents, floorBasisPoints, minCents } from './money.js'
import type { Market } from './markets.js'
import type { LateChargeTerms } from './penalty.js'
import { quoteLoan, type LoanTerms } from './loan.js'
import { allowedAmounts, type AmountLimits } from './recommend.js'

/**
 * The legal limits on what a loan may cost (docs/product/money-rules.md#caps). Rates are integer
 * basis points (1 bp = 0.01 %).
 */
export interface CostCaps {
  /** Interest, admin fee and every other fee (not late charges), per day of the term, of the principal. */
  dailyCostBps: number
  /** Late charges per day overdue, of the outstanding principal, one-time fees included. */
  lateDailyBps: number
  /** Interest, fees and late charges together, of the principal. */
  totalBps: number
}

/**
 * Indonesia: OJK's caps for consumer lending (SEOJK 19/2023), by the year the agreement is signed.
 * Newest first; an agreement signed before the first date takes the oldest caps we lend under.
 */
export const INDONESIA_CAPS: ReadonlyArray<{ from: string; caps: CostCaps }> = [
  { from: '2026-01-01', caps: { dailyCostBps: 10, lateDailyBps: 10, totalBps: 10_000 } },
  { from: '2025-01-01', caps: { dailyCostBps: 20, lateDailyBps: 20, totalBps: 10_000 } },
  { from: '2024-01-01', caps: { dailyCostBps: 30, lateDailyBps: 30, totalBps: 10_000 } },
]

/**
 * The caps in force for an agreement signed on `signedOn` (the market-local yyyy-mm-dd date); they
 * hold for the life of that loan. India and Mexico have no cap on the rate: the product's rate is
 * the price, and late charges stop at the unpaid amount (`lateChargePlan`).
 */
export function costCapsOn(market: Market, signedOn: string): CostCaps | null {
  return capsInForce(market, signedOn)?.caps ?? null
}

/** The caps in force on `signedOn` and the date they took effect (a disclosure names it). */
export function capsInForce(market: Market, signedOn: string): { from: string; caps: CostCaps } | null {
  if (market !== 'ID') return null
  if (!/^\d{4}-\d{2}-\d{2}$/.test(signedOn)) throw new Error(`not a yyyy-mm-dd date: ${signedOn}`)
  return INDONESIA_CAPS.find((e) => signedOn >= e.from) ?? INDONESIA_CAPS[INDONESIA_CAPS.length - 1]!
}

/** The most a loan may cost besides late charges: the daily cap over its term, and never more than the total cap. */
export function costCapAmount(principal: Cents, termDays: number, caps: CostCaps): Cents {
  return minCents(floorBasisPoints(principal, caps.dailyCostBps * termDays), floorBasisPoints(principal, caps.totalBps))
}

/** What a product offers, as far as the caps are concerned. */
export interface ProductPricing {
  market: Market
  limits: AmountLimits
  /** One entry per term the borrower may choose. */
  terms: readonly LoanTerms[]
  late: LateChargeTerms
  /** Fee of one extension, which moves the due date by one term; 0 when none is offered. */
  extensionFee: Cents
}

export type CapBreach =
  | { kind: 'cost'; amount: Cents; termDays: number; cost: Cents; cap: Cents }
  | { kind: 'lateRate'; dailyBps: number; cap: number }
  | { kind: 'lateFee'; fee: Cents; cap: Cents }
  | { kind: 'extensionFee'; fee: Cents; cap: Cents }

/**
 * Why a product would break the caps in force on `signedOn`, or nothing when it complies. Every
 * amount the borrower may choose is priced at every term, so rounding can never slip a cent past
 * the cap. Late charges: no tier above the daily cap, and the one-time fee plus the first day's
 * charge within one day's cap at the smallest amount.
 */
export function capBreaches(product: ProductPricing, signedOn: string): CapBreach[] {
  const caps = costCapsOn(product.market, signedOn)
  if (!caps) return []
  const breaches: CapBreach[] = []
  for (const terms of product.terms) {
    for (const amount of allowedAmounts(product.limits)) {
      const quote = quoteLoan(amount, terms)
      const cap = costCapAmount(amount, quote.termDays, caps)
      if (quote.totalCost > cap) {
        breaches.push({ kind: 'cost', amount, termDays: quote.termDays, cost: quote.totalCost, cap })
        break
      }
    }
  }
  for (const tier of product.late.tiers) {
    if (tier.dailyBps > caps.lateDailyBps) breaches.push({ kind: 'lateRate', dailyBps: tier.dailyBps, cap: caps.lateDailyBps })
  }
  const firstDayBps = product.late.tiers[0]?.dailyBps ?? 0
  const smallest = cents(product.limits.min)
  const feeRoom = cents(floorBasisPoints(smallest, caps.lateDailyBps) - floorBasisPoints(smallest, Math.min(firstDayBps, caps.lateDailyBps)))
  const fee = product.late.feeNew > product.late.feeRepeat ? product.late.feeNew : product.late.feeRepeat
  if (fee > feeRoom) breaches.push({ kind: 'lateFee', fee, cap: feeRoom })
  // An extension fee is a fee: the days it buys may cost no more than the daily cap allows, at the
  // smallest amount (where a fixed fee weighs most).
  const longest = Math.max(...product.terms.map((t) => (t.termUnit === 'day' ? t.termDays : t.periods * t.periodDays)))
  const extensionCap = costCapAmount(smallest, longest, caps)
  if (product.extensionFee > extensionCap) breaches.push({ kind: 'extensionFee', fee: product.extensionFee, cap: extensionCap })
  return breaches
}
