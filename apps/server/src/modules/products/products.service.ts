import type { CostSummary, RecommendedProduct } from '@kilat/contract'
import {
  formatMoneyWhole,
  formatPercent,
  headlineRate,
  loanTermsOf,
  largestAmount,
  localDate,
  periodChoices,
  productProblem,
  quoteLoan,
  quoteWithinCaps,
  type HeadlineRate,
  type LoanQuote,
  type LoanTerms,
  type Locale,
  type Market,
} from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { productFields } from '../../db/product-fields.js'
import type { Borrower, EventKind, NewProduct, Product } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import { textsFor } from '../../i18n/index.js'
import { unsettledOrderNos } from '../orders/orders.service.js'
import * as repo from './products.repo.js'

/** A product by id, whatever its status or market; undefined when there is none. */
export function findProduct(db: Executor, id: number): Promise<Product | undefined> {
  return repo.findProduct(db, id)
}

/**
 * What a product must satisfy before it is stored (domain productProblem): well-formed terms, and
 * a price within the caps in force today in its market (docs/product/money-rules.md#caps).
 * A malformed product is invalidRequest with the reason; one above the caps is productCostTooHigh,
 * with the breaches as data for whoever maintains the catalogue.
 */
export function checkProduct(values: NewProduct, now: Date = new Date()): void {
  const problem = productProblem(productFields(values), localDate(now, values.market))
  if (!problem) return
  if (problem.kind === 'invalid') throw new AppError('invalidRequest', { message: problem.message })
  throw new AppError('productCostTooHigh', { data: { breaches: problem.breaches } })
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

/**
 * The headline as the borrower reads it, in the product's market's number format: "0,12%/hari"
 * (Indonesia's all-in daily cost), "APR 45.63%", "CAT 60.24%". APR and CAT are regulatory names and
 * stay as they are in every language (docs/product/money-rules.md#headline-rate).
 */
export function headlineText(headline: HeadlineRate, market: Market, locale: Locale): string {
  return textsFor(locale).rates.headline[headline.kind](formatPercent(headline.bps, market))
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
    headline: { ...headline, text: headlineText(headline, terms.market, locale) },
  }
}

/**
 * The dearest loan a product offers, which its card shows so that it never hides what a loan can
 * cost (docs/product/money-rules.md#choosing-the-amount-and-installments): the largest amount over
 * the longest term.
 */
export function dearestTerms(product: Product): LoanTerms {
  return loanTermsOf(product, Math.max(...periodChoices(product)))
}

/**
 * The card of a product in a recommended list; `blockedBy` says why its button is grey. `today` is
 * the product's market's local date (domain localDate), asked once per list rather than per card.
 */
export function productCard(
  product: Product,
  locale: Locale,
  moduleId: number,
  blocked: 'inProgress' | 'unavailable' | null,
  today: string,
): RecommendedProduct {
  const texts = textsFor(locale).products
  const terms = dearestTerms(product)
  const quote = quoteLoan(largestAmount({ min: product.minAmount, max: product.maxAmount, step: product.amountStep }), terms)
  const cost = costSummary(quote, terms, locale)
  // A product stored under older, looser caps is shown but cannot be applied for above today's.
  const blockedBy = blocked ?? (quoteWithinCaps(quote, product.market, today) ? null : 'unavailable')
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
  const list = await repo.marketProductsFor(db, borrower)
  // every product listed is of the borrower's market
  const today = localDate(new Date(), borrower.market)
  return list
    .filter(({ product: p }) => p.id !== options.excludeProductId && (!options.activeOnly || p.status === 'active'))
    .map(({ product: p, unsettledOrderNo }) => {
      const blockedBy = p.status !== 'active' ? 'unavailable' : unsettledOrderNo !== null ? 'inProgress' : null
      return { ...productCard(p, locale, options.moduleId, blockedBy, today), code: p.code }
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

const isHttpUrl = (url: string | null | undefined): url is string => typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url)

/**
 * Where applying for a product leads: a partner's own page, the loan the borrower already has
 * running with it, or our loan confirmation.
 */
export async function productRoute(db: Executor, borrower: Borrower, productId: number): Promise<ProductRoute> {
  const product = await availableProduct(db, borrower, productId)
  if (product.isPartner) {
    if (!isHttpUrl(product.partnerUrl)) throw new AppError('productUnavailable')
    return { kind: 'partner', url: product.partnerUrl, product }
  }
  const orderNo = (await unsettledOrderNos(db, borrower.id)).get(product.id)
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

/** The texts of the product calls in the borrower's language. */
export const productTexts = (locale: Locale) => textsFor(locale).products
