import type { DataOf, ParsedQueryOf, contractView, publicLoanTerms } from '@kilat/contract'
import { cents, formatDate, formatMoney, lateChargeTermsOf, type LoanQuote, type LoanTerms, type Locale, type Market } from '@kilat/domain'
import { consentSections } from '../../content/index.js'
import type { Borrower } from '../auth/auth.service.js'
import type { Order, OrderPeriod } from '../orders/orders.service.js'
import type { Product } from '../products/products.service.js'
import type { Executor } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import { textsFor } from '../../i18n/index.js'
import { borrowerOrder, borrowerOrderWithSchedule } from '../orders/orders.service.js'
import { findProduct, representativeProduct } from '../products/products.service.js'
import type { Caller, LoanDeps } from './caller.js'
import { agreementOf, repaymentTitle, type LoanFigures } from './figures.js'
import { chosenLoan, contractPageUrl, figuresOfOffer, offerOf, ownProduct } from './quote.js'

/** docs/product/loans.md#contracts: the loan agreement (0) and the authorization and privacy consent (1). */
export const CONTRACT_POSITIONS = [0, 1] as const

function checkPosition(position: number): void {
  if (!(CONTRACT_POSITIONS as readonly number[]).includes(position)) throw new AppError('notFound')
}

export async function contractList(db: Executor, borrower: Borrower, locale: Locale, productId: number | undefined) {
  // another market's product is not found, as one that does not exist
  if (productId !== undefined && (await findProduct(db, productId))?.market !== borrower.market) throw new AppError('notFound')
  const a = textsFor(locale).agreement
  return [
    { title: a.agreementTitle, position: 0 },
    { title: a.consentTitle, position: 1 },
  ]
}

/** The borrower's order (as orders.service found it) when it is of this product; else not found. */
function ofProduct<T extends { product: Product }>(found: T, productId: number): T {
  if (found.product.id !== productId) throw new AppError('notFound')
  return found
}

/**
 * The contract page's address: of the borrower's order when one is named (its signed figures), else
 * of the offer being confirmed, with the chosen amount and installments checked here already.
 */
export async function contractJump(
  db: Executor,
  borrower: Borrower,
  input: { productId: number; position: number; orderId?: string | undefined; amount?: number | undefined; periods?: number | undefined },
): Promise<{ contract_url: string }> {
  checkPosition(input.position)
  const product = await findProduct(db, input.productId)
  if (!product || product.market !== borrower.market) throw new AppError('notFound')
  const base = { productId: product.id, position: input.position }
  if (input.orderId) {
    ofProduct(await borrowerOrder(db, borrower.id, input.orderId), product.id)
    return { contract_url: contractPageUrl({ ...base, orderNo: input.orderId }) }
  }
  const chose = input.amount !== undefined || input.periods !== undefined
  return { contract_url: contractPageUrl({ ...base, choice: chose ? chosenLoan(product, input) : undefined }) }
}

/** A signed order as the agreement prints it: its own figures, not the product's current ones. */
function figuresOfOrder(order: Order, product: Product, periods: OrderPeriod[]): LoanFigures {
  const periodDays = Math.max(1, Math.round(order.termDays / Math.max(1, order.periods)))
  const terms: LoanTerms = {
    market: product.market,
    termUnit: order.termUnit,
    termDays: order.termDays,
    periods: order.periods,
    periodDays,
    dailyRateBps: order.dailyRateBps,
    // the fee is the order's own amount below; the headline is computed from the amounts
    adminFeeBps: 0,
  }
  const quote: LoanQuote = {
    principal: order.principal,
    fee: order.fee,
    received: order.received,
    interest: order.interest,
    totalRepay: order.totalRepay,
    totalCost: cents(order.interest + order.fee),
    termDays: order.termDays,
    installments: periods.map((p) => ({
      periodNo: p.periodNo,
      dueDay: p.periodNo * periodDays,
      principal: p.principal,
      interest: p.interest,
      total: p.total,
    })),
  }
  return {
    product,
    orderNo: order.orderNo,
    terms,
    quote,
    late: lateChargeTermsOf(order),
    schedule: periods.map((p) => ({ periodNo: p.periodNo, total: p.total, dueAt: p.dueAt })),
    provisional: order.disbursedAt === null,
    signedAt: order.appliedAt,
  }
}

/**
 * The agreement filled with the borrower's loan (docs/product/loans.md#contract-view): the order's
 * figures when an order of theirs is named, else the offer for the chosen amount and installments
 * (the largest amount and the product's own count by default), in the product's market's agreement.
 */
export async function contractViewOf(
  deps: LoanDeps,
  caller: Caller,
  input: ParsedQueryOf<typeof contractView>,
): Promise<DataOf<typeof contractView>> {
  const { borrower, locale, now } = caller
  checkPosition(input.position)
  let figures: LoanFigures
  if (input.orderId) {
    const { order, product, periods } = ofProduct(await borrowerOrderWithSchedule(deps.db, borrower.id, input.orderId), input.productId)
    figures = figuresOfOrder(order, product, periods)
  } else {
    const product = await ownProduct(deps.db, borrower, input.productId)
    figures = figuresOfOffer(offerOf(product, chosenLoan(product, input), now), now)
  }
  const market = figures.product.market
  const servicePhone = deps.config.SERVICE_PHONES[market]
  const a = textsFor(locale).agreement

  if (input.position === 1) return { title: a.consentTitle, sections: consentSections(locale, servicePhone), schedule: [], market }

  const { content, facts } = agreementOf(figures, { borrower, locale, servicePhone })
  return {
    title: a.agreementTitle,
    sections: content.sections(facts),
    schedule: figures.schedule.map((p) => ({
      title: repaymentTitle(locale, p.periodNo, figures.terms.periods),
      amount: p.total,
      pay_time: formatDate(p.dueAt, market),
    })),
    market,
  }
}

/**
 * The public loan terms page (docs/product/loans.md#public-loan-terms): the market's lender
 * disclosure and its late-charge terms, filled with the largest amount of the market's
 * representative product over its own term, signed today, for no one in particular. The same text
 * and figures a borrower sees on the confirmation, from the same content files.
 */
export async function publicLoanTermsOf(deps: LoanDeps, market: Market, locale: Locale, now: Date): Promise<DataOf<typeof publicLoanTerms>> {
  const product = await representativeProduct(deps.db, market)
  if (!product) throw new AppError('notFound')
  const figures = figuresOfOffer(offerOf(product, chosenLoan(product, {}), now), now)
  const { content, facts } = agreementOf(figures, { borrower: { name: null, phone: '' }, locale, servicePhone: deps.config.SERVICE_PHONES[market] })
  const a = textsFor(locale).agreement
  const amount = formatMoney(figures.quote.principal, market)
  const disclosure = content.disclosure(facts)
  return {
    title: a.loanTermsTitle,
    example: { productName: product.name, amount: figures.quote.principal, term: facts.term },
    sections: [
      { heading: disclosure.heading, paragraphs: [a.loanTermsExample(product.name, amount, facts.term), ...disclosure.paragraphs] },
      { heading: textsFor(locale).figures.lateCharges, paragraphs: [facts.lateCharges] },
    ],
    market,
  }
}
