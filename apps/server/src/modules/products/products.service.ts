import { SCREEN_PATHS, type CostSummary, type RecommendedProduct } from '@kilat/contract'
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
import { catalogueVersion } from '../../db/catalogue-version.js'
import type { Executor } from '../../db/client.js'
import { productFields } from '../../db/product-fields.js'
import type { Borrower } from '../auth/auth.service.js'
import type { EventKind, NewProduct, Product } from './products.schema.js'
import { AppError } from '../../http/errors.js'
import { textsFor } from '../../i18n/index.js'
import * as repo from './products.repo.js'
import { currentOfLineage, lineagesOf as lineagesOfProducts } from './versions.repo.js'

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

type BlockedBy = 'inProgress' | 'unavailable'

/**
 * The card of a product in a recommended list; `blocked` says why its button is grey. `today` is
 * the product's market's local date (domain localDate), asked once per list rather than per card.
 */
export function productCard(
  product: Product,
  locale: Locale,
  moduleId: number,
  blocked: BlockedBy | null,
  today: string,
): RecommendedProduct {
  return blockedCard(pricedCard(product, locale, today), blocked, locale, moduleId)
}

/** A card as every borrower of the market sees it on `today`: priced and formatted, its module not yet set. */
interface PricedCard {
  card: RecommendedProduct
  /** Grey for everyone: a product stored under older, looser caps cannot be applied for above today's. */
  blockedBy: BlockedBy | null
}

function pricedCard(product: Product, locale: Locale, today: string): PricedCard {
  const terms = dearestTerms(product)
  const quote = quoteLoan(largestAmount({ min: product.minAmount, max: product.maxAmount, step: product.amountStep }), terms)
  const cost = costSummary(quote, terms, locale)
  const blockedBy = quoteWithinCaps(quote, product.market, today) ? null : 'unavailable'
  const card: RecommendedProduct = {
    id: product.id,
    productLogo: product.logoUrl,
    productName: product.name,
    buttonStatus: blockedBy ? 0 : 1,
    buttonText: blockedBy ? textsFor(locale).products[blockedBy] : product.buttonText[locale],
    amountRange: `${formatMoneyWhole(product.minAmount, product.market)} - ${formatMoneyWhole(product.maxAmount, product.market)}`,
    amountRangeDes: textsFor(locale).products.amountRangeDes,
    loan_rate: cost.headline.text,
    productDesc: product.description[locale],
    productTags: product.tags[locale],
    moduleId: 0,
    isPartner: product.isPartner,
    cost,
    market: product.market,
  }
  return { card, blockedBy }
}

/** The borrower's copy of a priced card: its module, and grey when the borrower's own state says so. */
function blockedCard(priced: PricedCard, blocked: BlockedBy | null, locale: Locale, moduleId: number): RecommendedProduct {
  const blockedBy = blocked ?? priced.blockedBy
  if (blockedBy === priced.blockedBy) return { ...priced.card, moduleId }
  return { ...priced.card, moduleId, buttonStatus: 0, buttonText: textsFor(locale).products[blockedBy!] }
}

/**
 * How long a market's products and their priced cards are kept in the process
 * (docs/decisions/0008-api-performance.md): they are the same for every borrower of the market on a
 * day, while each borrower's own orders are read on every request. A product changed by this
 * process is seen at once (db/catalogue-version.ts), one changed by another within this time.
 */
export const CATALOGUE_MS = 5_000

interface KeptCatalogue {
  products: Product[]
  version: number
  until: number
  /** Priced cards by language and market-local date, in the catalogue's order. */
  cards: Map<string, PricedCard[]>
}

/** Per database (a transaction reads its own), per market. */
const kept = new WeakMap<Executor, Map<Market, KeptCatalogue>>()

async function catalogueOf(db: Executor, market: Market, now: number): Promise<KeptCatalogue> {
  let byMarket = kept.get(db)
  if (!byMarket) kept.set(db, (byMarket = new Map()))
  const version = catalogueVersion()
  const found = byMarket.get(market)
  if (found && found.version === version && now < found.until) return found
  const fresh: KeptCatalogue = { products: await repo.marketProducts(db, market), version, until: now + CATALOGUE_MS, cards: new Map() }
  // a write during the read leaves the catalogue unkept: the next request reads again
  if (catalogueVersion() === version) byMarket.set(market, fresh)
  return fresh
}

function pricedCards(catalogue: KeptCatalogue, locale: Locale, today: string): PricedCard[] {
  const key = `${locale} ${today}`
  let cards = catalogue.cards.get(key)
  if (!cards) {
    cards = catalogue.products.map((p) => pricedCard(p, locale, today))
    // one day's cards at a time: the date turns at the market's midnight
    for (const old of catalogue.cards.keys()) if (!old.endsWith(today)) catalogue.cards.delete(old)
    catalogue.cards.set(key, cards)
  }
  return cards
}

export interface ListOptions {
  moduleId: number
  /** Only active products (the loan-details screen lists no disabled ones). */
  activeOnly?: boolean
  excludeProductId?: number
  /** The borrower's unsettled orders, read while the catalogue is (or read already in the caller's own query). */
  unsettled: UnsettledOrders | Promise<UnsettledOrders>
}

/**
 * A borrower's unsettled orders: product id → order number. Orders are the orders module's: it
 * reads them and the caller hands them in (app.ts gives the routes its reader), since orders build
 * on products and not the other way round.
 */
export type UnsettledOrders = ReadonlyMap<number, string>

/**
 * The borrower's market's products in catalogue order. A disabled product, or one the borrower
 * still has an unsettled order of, shows with a grey button that says why. The products and their
 * priced cards come from the kept catalogue; the borrower's unsettled orders are read every time.
 */
export async function recommendedProducts(
  db: Executor,
  borrower: Borrower,
  locale: Locale,
  options: ListOptions,
): Promise<Array<RecommendedProduct & { code: string }>> {
  const now = new Date()
  const [catalogue, unsettled] = await Promise.all([
    catalogueOf(db, borrower.market, now.getTime()),
    options.unsettled,
  ])
  const cards = pricedCards(catalogue, locale, localDate(now, borrower.market))
  const running = await unsettledByLineage(db, unsettled, catalogue.products)
  const list: Array<RecommendedProduct & { code: string }> = []
  catalogue.products.forEach((p, i) => {
    if (p.id === options.excludeProductId || (options.activeOnly && p.status !== 'active')) return
    const blockedBy = p.status !== 'active' ? 'unavailable' : running.has(lineageOf(p)) ? 'inProgress' : null
    list.push({ ...blockedCard(cards[i]!, blockedBy, locale, options.moduleId), code: p.code })
  })
  return list
}

/**
 * The product the public terms page takes its example figures from (docs/product/loans.md#public-loan-terms):
 * the market's first active product of our own in catalogue order, from the kept catalogue.
 */
export async function representativeProduct(db: Executor, market: Market): Promise<Product | undefined> {
  const catalogue = await catalogueOf(db, market, Date.now())
  return catalogue.products.find((p) => p.status === 'active' && !p.isPartner)
}

/** The first version's id: every version of a product shares it (docs/product/products.md#versions). */
export const lineageOf = (p: Pick<Product, 'id' | 'lineageId'>) => p.lineageId ?? p.id

/**
 * The borrower's unsettled orders by product lineage: an order signed under an older version still
 * runs with the product (a borrower has one unsettled order per product, whatever its version).
 * Only orders of versions no longer current cost a query.
 */
async function unsettledByLineage(db: Executor, unsettled: UnsettledOrders, known: readonly Product[]): Promise<Map<number, string>> {
  const byId = new Map(known.map((p) => [p.id, lineageOf(p)]))
  const unknown = [...unsettled.keys()].filter((id) => !byId.has(id))
  const older = await lineagesOfProducts(db, unknown)
  const running = new Map<number, string>()
  for (const [id, orderNo] of unsettled) {
    const lineage = byId.get(id) ?? older.get(id)
    if (lineage !== undefined) running.set(lineage, orderNo)
  }
  return running
}

/** A product the borrower can apply for: it exists, is active and serves the borrower's market. */
export async function availableProduct(db: Executor, borrower: Borrower, productId: number): Promise<Product> {
  const found = await repo.findProduct(db, productId)
  // a page opened before a new version was published follows the version offered now
  const product = found && !found.current ? await currentOfLineage(db, lineageOf(found)) : found
  if (!product || product.status !== 'active' || product.market !== borrower.market) throw new AppError('productUnavailable')
  return product
}

export const loanConfirmUrl = (productId: number) => `${SCREEN_PATHS.loanConfirm}?productId=${productId}`
export const loanDetailUrl = (productId: number, orderNo: string) =>
  `${SCREEN_PATHS.loanDetail}?productId=${productId}&orderId=${encodeURIComponent(orderNo)}`

export type ProductRoute =
  | { kind: 'partner'; url: string; product: Product }
  | { kind: 'inProgress'; url: string; product: Product; orderNo: string }
  | { kind: 'confirm'; url: string; product: Product }

const isHttpUrl = (url: string | null | undefined): url is string => typeof url === 'string' && /^https?:\/\/[^\s]+$/i.test(url)

/**
 * Where applying for a product leads: a partner's own page, the loan the borrower already has
 * running with it, or our loan confirmation.
 */
export async function productRoute(
  db: Executor,
  borrower: Borrower,
  productId: number,
  unsettledOf: (borrowerId: number) => Promise<UnsettledOrders>,
): Promise<ProductRoute> {
  const product = await availableProduct(db, borrower, productId)
  if (product.isPartner) {
    if (!isHttpUrl(product.partnerUrl)) throw new AppError('productUnavailable')
    return { kind: 'partner', url: product.partnerUrl, product }
  }
  const orderNo = (await unsettledByLineage(db, await unsettledOf(borrower.id), [product])).get(lineageOf(product))
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

/** Records a tap on a product; a product that does not exist, or of another market, is notFound. */
export async function recordEvent(db: Executor, borrower: Borrower, event: EventInput): Promise<void> {
  const product = await repo.findProduct(db, event.productId)
  if (!product || product.market !== borrower.market) throw new AppError('notFound')
  await repo.insertEvent(db, { borrowerId: borrower.id, ...event })
}

/** The texts of the product calls in the borrower's language. */
export const productTexts = (locale: Locale) => textsFor(locale).products

export type { EventKind, NewProduct, Product } from './products.schema.js'

export { productNameByCode } from './products.repo.js'

/** The market's own products a borrower may apply for now (active, not a partner's), in list order. */
export async function ownActiveProducts(db: Executor, market: Market): Promise<Product[]> {
  return (await repo.marketProducts(db, market)).filter((p) => p.status === 'active' && !p.isPartner)
}

/** Pieces of a statement of another area that joins a product (see products.repo.ts). */
export { productColumns, productJoin } from './products.repo.js'
