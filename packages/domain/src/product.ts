import { costCapAmount, costCapsOn } from './caps.js'
import { type LoanTerms, LoanTermsError, headlineRate, quoteLoan, validateTerms } from './loan.js'
import type { Market } from './markets.js'
import { type Cents, cents, floorBasisPoints } from './money.js'
import { type LateChargeTerms, PenaltyRulesError, validateLateCharges } from './penalty.js'
import { MAX_AMOUNT_CHOICES, allowedAmounts, amountChoiceCount, type AmountLimits } from './recommend.js'

/**
 * A product's pricing fields as stored (docs/product/products.md#catalogue). A single-payment
 * product (`day`) is repaid once after `termDays`; an installment product (`period`) in `periods`
 * installments of `periodDays` days, or in any count of `periodOptions` the borrower chooses.
 */
export interface ProductFields {
  market: Market
  termUnit: 'day' | 'period'
  termDays: number
  periods: number
  periodDays: number
  /** Installment counts offered besides `periods`; empty when the product offers one term. */
  periodOptions: readonly number[]
  dailyRateBps: number
  adminFeeBps: number
  /** Fee of one extension (single-payment loans of ours); 0 when the product offers none. */
  extensionFee: number
  minAmount: number
  maxAmount: number
  amountStep: number
  lateFeeNew: Cents
  lateFeeRepeat: Cents
  lateTiers: LateChargeTerms['tiers']
  lateCapBps: number
  isPartner: boolean
  partnerUrl: string | null
}

type TermFields = Pick<ProductFields, 'market' | 'termUnit' | 'termDays' | 'periods' | 'periodDays' | 'dailyRateBps' | 'adminFeeBps'>

/** The installment counts a product offers, ascending; a single-payment product offers 1. */
export function periodChoices(p: Pick<ProductFields, 'termUnit' | 'periods' | 'periodOptions'>): number[] {
  if (p.termUnit === 'day') return [1]
  return [...new Set([p.periods, ...p.periodOptions])].sort((a, b) => a - b)
}

/**
 * The pricing terms of a product (or of an order, which copies them) for a number of installments;
 * without one, the product's own count.
 */
export function loanTermsOf(p: TermFields, periods?: number): LoanTerms {
  if (p.termUnit === 'day') {
    return { market: p.market, termUnit: 'day', termDays: p.termDays, periods: 1, periodDays: p.termDays, dailyRateBps: p.dailyRateBps, adminFeeBps: p.adminFeeBps }
  }
  const count = periods ?? p.periods
  return { market: p.market, termUnit: 'period', termDays: count * p.periodDays, periods: count, periodDays: p.periodDays, dailyRateBps: p.dailyRateBps, adminFeeBps: p.adminFeeBps }
}

export function lateChargeTermsOf(p: Pick<ProductFields, 'lateFeeNew' | 'lateFeeRepeat' | 'lateTiers' | 'lateCapBps'>): LateChargeTerms {
  return { feeNew: p.lateFeeNew, feeRepeat: p.lateFeeRepeat, tiers: p.lateTiers, capBps: p.lateCapBps }
}

export type ProductProblem = { kind: 'invalid'; message: string } | { kind: 'aboveCaps'; breaches: CapBreach[] }

const isHttpUrl = (url: string | null | undefined) => typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url)

/**
 * What stops a product from entering the catalogue, or null: malformed terms, or a price above the
 * caps in force on `today` (the market-local date: a product is offered under today's caps).
 */
export function productProblem(p: ProductFields, today: string): ProductProblem | null {
  const invalid = (message: string): ProductProblem => ({ kind: 'invalid', message })
  try {
    for (const periods of periodChoices(p)) validateTerms(loanTermsOf(p, periods))
    validateLateCharges(lateChargeTermsOf(p))
  } catch (error) {
    if (error instanceof LoanTermsError || error instanceof PenaltyRulesError) return invalid(error.message)
    throw error
  }
  const whole = [p.minAmount, p.maxAmount, p.amountStep, p.extensionFee].every(Number.isSafeInteger)
  if (!whole) return invalid('amounts and fees are whole cents')
  if (!(p.minAmount > 0 && p.maxAmount >= p.minAmount && p.amountStep > 0)) return invalid('amounts must satisfy 0 < min <= max and step > 0')
  if (p.extensionFee < 0) return invalid('the extension fee cannot be negative')
  if (amountChoiceCount({ min: p.minAmount, max: p.maxAmount, step: p.amountStep }) > MAX_AMOUNT_CHOICES) {
    return invalid(`a product offers at most ${MAX_AMOUNT_CHOICES} amounts`)
  }
  if (p.termUnit === 'period' && p.termDays !== p.periods * p.periodDays) return invalid('an installment product runs periods × periodDays days')
  if (p.termUnit === 'day' && p.periodOptions.length > 0) return invalid('a single-payment product offers no installment counts')
  if (p.isPartner && !isHttpUrl(p.partnerUrl)) return invalid('a partner product needs an http(s) partner url')
  // The borrower must receive something, and the headline must be a figure a screen can show
  // (a CAT of a very short, very dear loan overflows).
  for (const periods of periodChoices(p)) {
    const terms = loanTermsOf(p, periods)
    for (const amount of [p.minAmount, p.maxAmount]) {
      const quote = quoteLoan(cents(amount), terms)
      if (quote.received <= 0) return invalid('the admin fee leaves the borrower nothing')
      if (!Number.isSafeInteger(headlineRate(quote, terms).bps)) return invalid('the headline rate of this product cannot be shown')
    }
  }
  const breaches = capBreaches(
    {
      market: p.market,
      limits: { min: p.minAmount, max: p.maxAmount, step: p.amountStep },
      terms: periodChoices(p).map((n) => loanTermsOf(p, n)),
      late: lateChargeTermsOf(p),
      extensionFee: cents(p.termUnit === 'day' && !p.isPartner ? p.extensionFee : 0),
    },
    today,
  )
  return breaches.length ? { kind: 'aboveCaps', breaches } : null
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
