import type { CostSummary, RecommendedProduct } from '@kilat/contract'
import {
  LoanTermsError,
  PenaltyRulesError,
  cents,
  costCapBreached,
  formatMoneyWhole,
  headlineRate,
  quoteLoan,
  validateLateCharges,
  validateTerms,
  type LateChargeTerms,
  type LoanQuote,
  type LoanTerms,
  type Locale,
} from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import type { Borrower, EventKind, NewProduct, Product } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import { headlineText, PRODUCT_TEXTS } from './product-texts.js'
import * as repo from './products.repo.js'

type TermFields = Pick<Product, 'market' | 'termUnit' | 'termDays' | 'periods' | 'periodDays' | 'dailyRateBps' | 'adminFeeBps'>

/** The pricing terms of a product (or of an order, which copies them). */
export function termsOf(p: TermFields): LoanTerms {
  return {
    market: p.market,
    termUnit: p.termUnit,
    termDays: p.termDays,
    periods: p.termUnit === 'day' ? 1 : p.periods,
    periodDays: p.termUnit === 'day' ? p.termDays : p.periodDays,
    dailyRateBps: p.dailyRateBps,
    adminFeeBps: p.adminFeeBps,
  }
}

type LateFields = Pick<Product, 'lateFeeNew' | 'lateFeeRepeat' | 'lateTiers' | 'lateCapBps'>

export function lateChargesOf(p: LateFields): LateChargeTerms {
  return { feeNew: p.lateFeeNew, feeRepeat: p.lateFeeRepeat, tiers: p.lateTiers, capBps: p.lateCapBps }
}

const isHttpUrl = (url: string | null | undefined) => typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url)

/**
 * What a product must satisfy before it is stored. Indonesia (docs/decisions/0004): a product whose
 * interest and fees could exceed 100 % of the principal is refused with productCostTooHigh; the
 * cost per unit of principal is checked at both ends of the amount range.
 */
export function checkProduct(values: NewProduct): void {
  const invalid = (message: string) => new AppError('invalidRequest', { message })
  const terms = termsOf({
    market: values.market,
    termUnit: values.termUnit,
    termDays: values.termDays,
    periods: values.periods ?? 1,
    periodDays: values.periodDays,
    dailyRateBps: values.dailyRateBps,
    adminFeeBps: values.adminFeeBps ?? 0,
  })
  try {
    validateTerms(terms)
    validateLateCharges(
      lateChargesOf({
        lateFeeNew: values.lateFeeNew ?? cents(0),
        lateFeeRepeat: values.lateFeeRepeat ?? cents(0),
        lateTiers: values.lateTiers ?? [],
        lateCapBps: values.lateCapBps ?? 10_000,
      }),
    )
  } catch (error) {
    if (error instanceof LoanTermsError || error instanceof PenaltyRulesError) throw invalid(error.message)
    throw error
  }
  const min = values.minAmount ?? 0
  const max = values.maxAmount ?? 0
  const step = values.amountStep ?? 0
  if (!(min > 0 && max >= min && step > 0)) throw invalid('amounts must satisfy 0 < min <= max and step > 0')
  if (values.termUnit === 'period' && values.termDays !== (values.periods ?? 1) * values.periodDays) {
    throw invalid('an installment product runs periods × periodDays days')
  }
  if (values.isPartner && !isHttpUrl(values.partnerUrl)) throw invalid('a partner product needs an http(s) partner url')
  if (costCapBreached(terms, cents(max)) || costCapBreached(terms, cents(min))) throw new AppError('productCostTooHigh')
}

/** The only way a product enters the catalogue: checked, then inserted. */
export async function createProduct(db: Executor, values: NewProduct): Promise<Product> {
  checkProduct(values)
  return repo.insertProduct(db, values)
}

/** The demo seed's way: the same checks, then inserted or updated by code. */
export async function saveProductByCode(db: Executor, values: NewProduct): Promise<{ product: Product; inserted: boolean }> {
  checkProduct(values)
  return repo.upsertProductByCode(db, values)
}

export function costSummary(quote: LoanQuote, terms: LoanTerms, locale: Locale): CostSummary {
  const headline = headlineRate(quote, terms)
  return {
    amount: quote.principal,
    fee: quote.fee,
    received: quote.received,
    interest: quote.interest,
    totalRepay: quote.totalRepay,
    termDays: quote.termDays,
    headline: { ...headline, text: headlineText(headline, locale) },
  }
}

/** The card of a product in a recommended list; `blockedBy` says why its button is grey. */
export function productCard(
  product: Product,
  locale: Locale,
  moduleId: number,
  blockedBy: 'inProgress' | 'unavailable' | null,
): RecommendedProduct {
  const texts = PRODUCT_TEXTS[locale]
  const terms = termsOf(product)
  // The dearest case (largest amount) so that a card never hides what a loan can cost.
  const quote = quoteLoan(cents(product.maxAmount), terms)
  const cost = costSummary(quote, terms, locale)
  return {
    id: product.id,
    productLogo: product.logoUrl,
    productName: product.name,
    buttonStatus: blockedBy ? 0 : 1,
    buttonText: blockedBy ? texts[blockedBy] : product.buttonText[locale],
    amountRange: `${formatMoneyWhole(product.minAmount, product.market)} - ${formatMoneyWhole(product.maxAmount, product.market)}`,
    amountRangeDes: texts.amountRangeDes,
    loan_rate: cost.headline.text,
    productDesc: product.description[locale],
    productTags: product.tags[locale],
    moduleId,
    isPartner: product.isPartner,
    cost,
    market: product.market,
  }
}

export interface ListOptions {
  moduleId: number
  /** Only active products (the loan-details screen lists no disabled ones). */
  activeOnly?: boolean
  excludeProductId?: number
}

/**
 * The borrower's market's products in catalogue order. A disabled product, or one the borrower
 * still has an unsettled order of, shows with a grey button that says why.
 */
export async function recommendedProducts(
  db: Executor,
  borrower: Borrower,
  locale: Locale,
  options: ListOptions,
): Promise<Array<RecommendedProduct & { code: string }>> {
  const [list, unsettled] = await Promise.all([repo.listMarketProducts(db, borrower.market), repo.unsettledOrderNos(db, borrower.id)])
  return list
    .filter((p) => p.id !== options.excludeProductId && (!options.activeOnly || p.status === 'active'))
    .map((p) => {
      const blockedBy = p.status !== 'active' ? 'unavailable' : unsettled.has(p.id) ? 'inProgress' : null
      return { ...productCard(p, locale, options.moduleId, blockedBy), code: p.code }
    })
}

/** A product the borrower can apply for: it exists, is active and serves the borrower's market. */
export async function availableProduct(db: Executor, borrower: Borrower, productId: number): Promise<Product> {
  const product = await repo.findProduct(db, productId)
  if (!product || product.status !== 'active' || product.market !== borrower.market) throw new AppError('productUnavailable')
  return product
}

export const loanConfirmUrl = (productId: number) => `/loan-confirm?productId=${productId}`
export const loanDetailUrl = (productId: number, orderNo: string) =>
  `/loan-detail?productId=${productId}&orderId=${encodeURIComponent(orderNo)}`

export type ProductRoute =
  | { kind: 'partner'; url: string; product: Product }
  | { kind: 'inProgress'; url: string; product: Product; orderNo: string }
  | { kind: 'confirm'; url: string; product: Product }

/**
 * Where applying for a product leads: a partner's own page, the loan the borrower already has
 * running with it, or our loan confirmation.
 */
export async function productRoute(db: Executor, borrower: Borrower, productId: number): Promise<ProductRoute> {
  const product = await availableProduct(db, borrower, productId)
  if (product.isPartner) {
    if (!isHttpUrl(product.partnerUrl)) throw new AppError('productUnavailable')
    return { kind: 'partner', url: product.partnerUrl!, product }
  }
  const orderNo = (await repo.unsettledOrderNos(db, borrower.id)).get(product.id)
  if (orderNo) return { kind: 'inProgress', url: loanDetailUrl(product.id, orderNo), product, orderNo }
  return { kind: 'confirm', url: loanConfirmUrl(product.id), product }
}

export interface EventInput {
  kind: EventKind
  productId: number
  moduleId?: number | null
  position?: number | null
  scene?: string | null
}

/** Records a tap on a product; a product that does not exist is notFound. */
export async function recordEvent(db: Executor, borrower: Borrower, event: EventInput): Promise<void> {
  const product = await repo.findProduct(db, event.productId)
  if (!product) throw new AppError('notFound')
  await repo.insertEvent(db, { borrowerId: borrower.id, ...event })
}
