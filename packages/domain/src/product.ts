import { capBreaches, type CapBreach } from './caps.js'
import { type LoanTerms, LoanTermsError, headlineRate, quoteLoan, validateTerms } from './loan.js'
import type { Market } from './markets.js'
import { type Cents, cents } from './money.js'
import { type LateChargeTerms, PenaltyRulesError, validateLateCharges } from './penalty.js'
import { MAX_AMOUNT_CHOICES, amountChoiceCount } from './recommend.js'

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
