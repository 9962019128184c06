import type { LoanQuote } from './loan.js'
import type { Market } from './markets.js'
import { type Cents, floorBasisPoints, minCents } from './money.js'

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

/**
 * Whether a loan signed on `signedOn` is within the caps in force that day. A product stored under
 * older, looser caps stays in the catalogue, but none of its offers that a newer cap forbids may be
 * signed.
 */
export function quoteWithinCaps(quote: LoanQuote, market: Market, signedOn: string): boolean {
  const caps = costCapsOn(market, signedOn)
  return caps === null || quote.totalCost <= costCapAmount(quote.principal, quote.termDays, caps)
}
