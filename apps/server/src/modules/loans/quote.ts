import { SCREEN_PATHS, type LoanConfirm } from '@kilat/contract'
import {
  MARKET_INFO,
  amountAllowed,
  cents,
  formatDate,
  formatMoney,
  largestAmount,
  lateChargeTermsOf,
  loanTermsOf,
  localDate,
  periodChoices,
  quoteLoan,
  quoteWithinCaps,
  type Cents,
  type Installment,
  type LoanQuote,
  type LoanTerms,
} from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import type { Borrower } from '../auth/auth.service.js'
import type { Product } from '../products/products.service.js'
import { AppError } from '../../http/errors.js'
import { textsFor } from '../../i18n/index.js'
import { availableProduct, costSummary } from '../products/products.service.js'
import type { Caller, LoanDeps } from './caller.js'
import { agreementOf, repaymentTitle, termText, type LoanFigures } from './figures.js'

const DAY_MS = 86_400_000

/** The borrower's choice of amount and number of installments, checked against the product. */
export interface LoanChoice {
  amount: Cents
  periods: number
}

/**
 * docs/product/money-rules.md#choosing-the-amount-and-installments: an amount from the product's
 * minimum to its maximum in its step (the largest when none is chosen), and one of the installment
 * counts it offers (its own count when none is chosen).
 */
export function chosenLoan(product: Product, input: { amount?: number | undefined; periods?: number | undefined }): LoanChoice {
  const limits = { min: product.minAmount, max: product.maxAmount, step: product.amountStep }
  const amount = input.amount ?? largestAmount(limits)
  if (!amountAllowed(amount, limits)) throw new AppError('amountOutOfRange')
  const periods = input.periods ?? (product.termUnit === 'day' ? 1 : product.periods)
  if (!periodChoices(product).includes(periods)) throw new AppError('termMismatch')
  return { amount: cents(amount), periods }
}

export interface ScheduledInstallment extends Installment {
  dueAt: Date
}

export interface Offer {
  product: Product
  terms: LoanTerms
  quote: LoanQuote
  schedule: ScheduledInstallment[]
}

/**
 * The loan a product offers for the borrower's choice, every figure from domain quoteLoan. Due
 * dates count from the payout; until then they are provisional, as if paid out at `disbursedAt`.
 */
export function offerOf(product: Product, choice: LoanChoice, disbursedAt: Date): Offer {
  const terms = loanTermsOf(product, choice.periods)
  const quote = quoteLoan(choice.amount, terms)
  // Signed today, so today's caps apply: a product stored under older caps cannot lend above them.
  if (!quoteWithinCaps(quote, product.market, localDate(disbursedAt, product.market))) throw new AppError('productUnavailable')
  const schedule = quote.installments.map((p) => ({ ...p, dueAt: new Date(disbursedAt.getTime() + p.dueDay * DAY_MS) }))
  return { product, terms, quote, schedule }
}

/** An offer not yet signed, as the agreement prints it: signed today, due dates provisional. */
export function figuresOfOffer(offer: Offer, now: Date): LoanFigures {
  return {
    product: offer.product,
    orderNo: null,
    terms: offer.terms,
    quote: offer.quote,
    late: lateChargeTermsOf(offer.product),
    schedule: offer.schedule.map((p) => ({ periodNo: p.periodNo, total: p.total, dueAt: p.dueAt })),
    provisional: true,
    signedAt: now,
  }
}

/** A product of ours (partner loans are applied for on the partner's site) the borrower may take. */
export async function ownProduct(db: Executor, borrower: Borrower, productId: number): Promise<Product> {
  const product = await availableProduct(db, borrower, productId)
  if (product.isPartner) throw new AppError('productUnavailable')
  return product
}

/** The contract page of a product's agreement (position 0) or consent (1), for an order or an offer. */
export function contractPageUrl(p: { productId: number; position: number; orderNo?: string | undefined; choice?: LoanChoice | undefined }): string {
  const params = new URLSearchParams({ productId: String(p.productId), position: String(p.position) })
  if (p.orderNo) params.set('orderId', p.orderNo)
  if (p.choice) {
    params.set('amount', String(p.choice.amount))
    params.set('periods', String(p.choice.periods))
  }
  return `${SCREEN_PATHS.contract}?${params.toString()}`
}

/**
 * Loan confirmation (docs/product/loans.md#loan-confirmation): the offer for the borrower's chosen
 * amount and term, with the market's headline rate, late-charge terms and lender disclosure, all
 * shown before accepting (docs/product/money-rules.md#what-is-shown-before-accepting).
 */
export async function loanConfirm(
  deps: LoanDeps,
  caller: Caller,
  input: { productId: number; amount?: number | undefined; periods?: number | undefined },
): Promise<LoanConfirm> {
  const product = await ownProduct(deps.db, caller.borrower, input.productId)
  const choice = chosenLoan(product, input)
  const offer = offerOf(product, choice, caller.now)
  const { terms, quote, schedule } = offer
  const { locale } = caller
  const t = textsFor(locale)
  const names = t.figures
  const market = product.market
  const money = (c: number) => formatMoney(c, market)
  const payDate = (d: Date) => formatDate(d, market)
  const cost = costSummary(quote, terms, locale)
  const headline = cost.headline.text
  const first = schedule[0]!
  const last = schedule[schedule.length - 1]!
  const textSet = MARKET_INFO[caller.textMarket].textSetType
  // docs/product/loans.md#agreement-popup: the India text set reads the agreement in a popup first.
  const india = textSet === 1
  const { content, facts } = agreementOf(figuresOfOffer(offer, caller.now), {
    borrower: caller.borrower,
    locale,
    servicePhone: deps.config.SERVICE_PHONES[market],
  })

  return {
    productId: product.id,
    productLogo: product.logoUrl,
    productName: product.name,
    amount: choice.amount,
    periods: choice.periods,
    termUnit: terms.termUnit,
    details: [
      { title: names.term, value: termText(locale, { termUnit: terms.termUnit, termDays: quote.termDays, periods: terms.periods }) },
      { title: names.headline[cost.headline.kind], value: facts.headline.value },
      { title: terms.periods > 1 ? names.firstDueDate : names.dueDate, value: payDate(first.dueAt) },
    ],
    detail1: [
      { title: names.fee, value: money(quote.fee) },
      { title: names.received, value: money(quote.received) },
    ],
    detail2: [
      { title: names.interest, value: money(quote.interest) },
      { title: names.totalRepay, value: money(quote.totalRepay) },
    ],
    repay_plans: schedule.map((p) => ({
      title: repaymentTitle(locale, p.periodNo, terms.periods),
      amount: p.total,
      description: t.loan.planDescription(money(p.principal), money(p.interest)),
      pay_time: payDate(p.dueAt),
    })),
    firstPayTime: payDate(first.dueAt),
    firstPeriodDay: first.dueDay,
    pRateDsc: headline,
    sendSms: 0,
    isPopType: india ? 1 : 0,
    popTitle: india ? t.loan.popTitle : '',
    popContent: india
      ? t.loan.popContent({ received: money(quote.received), fee: money(quote.fee), totalRepay: money(quote.totalRepay), lastDueDate: payDate(last.dueAt), headline })
      : '',
    popAgreementUrl: india ? contractPageUrl({ productId: product.id, position: 0, choice }) : '',
    note: t.loan.feeNote(money(quote.fee), money(quote.received)),
    sp_rate: headline,
    languageType: textSet,
    minAmount: product.minAmount,
    maxAmount: product.maxAmount,
    amountStep: product.amountStep,
    periodOptions: periodChoices(product),
    lateCharges: facts.lateCharges,
    disclosure: content.disclosure(facts),
    cost,
    market,
  }
}
