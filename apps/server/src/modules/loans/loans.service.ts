import { randomInt } from 'node:crypto'
import type { DataOf, LoanConfirm, LoanDetails, ParsedBodyOf, ParsedQueryOf, contractView, loanDetailPush } from '@kilat/contract'
import {
  MARKET_INFO,
  ORDER_STATUS,
  actionsFor,
  amountAllowed,
  cents,
  daysBetween,
  formatDate,
  formatDateTime,
  formatMoney,
  formatPercent,
  headlineRate,
  isOrderStatus,
  localDate,
  maskPhone,
  maxCents,
  minCents,
  quoteLoan,
  recommendModuleId,
  type Cents,
  type Installment,
  type LoanQuote,
  type LoanTerms,
  type Locale,
  type Market,
} from '@kilat/domain'
import type { Config } from '../../config.js'
import type { Db, Executor } from '../../db/client.js'
import { uniqueViolation } from '../../db/errors.js'
import type { Borrower, Order, OrderPeriod, Product } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import { findProduct } from '../products/products.repo.js'
import {
  availableProduct,
  costSummary,
  lateChargesOf,
  loanDetailUrl,
  recommendedProducts,
  termsOf,
} from '../products/products.service.js'
import { LOAN_TEXTS, lateChargesText, termText } from './loan-texts.js'
import * as repo from './loans.repo.js'

const DAY_MS = 86_400_000

export interface LoanDeps {
  db: Db
  config: Pick<Config, 'SERVICE_PHONES' | 'STORE_URL'>
}

/** Who is asking, in which language and text set (spec.md section 1: isNeedPop picks the set), and when. */
export interface Caller {
  borrower: Borrower
  locale: Locale
  /** The request's market: its text set decides the India agreement popup. */
  textMarket: Market
  now: Date
}

export interface ScheduledInstallment extends Installment {
  dueAt: Date
}

export interface Offer {
  terms: LoanTerms
  quote: LoanQuote
  schedule: ScheduledInstallment[]
}

/**
 * The loan a product offers for an amount. Due dates count from the payout; until then they are
 * provisional, as if the money were paid out at `disbursedAt`.
 */
export function offerOf(product: Product, amount: Cents, disbursedAt: Date): Offer {
  const terms = termsOf(product)
  const quote = quoteLoan(amount, terms)
  const schedule = quote.installments.map((p) => ({ ...p, dueAt: new Date(disbursedAt.getTime() + p.dueDay * DAY_MS) }))
  return { terms, quote, schedule }
}

/** The figures an order keeps from its offer: what the borrower signs is what the order holds. */
function signedFigures({ terms, quote }: Offer) {
  return {
    principal: quote.principal,
    fee: quote.fee,
    received: quote.received,
    interest: quote.interest,
    totalRepay: quote.totalRepay,
    termUnit: terms.termUnit,
    termDays: quote.termDays,
    periods: terms.termUnit === 'day' ? 1 : terms.periods,
    dailyRateBps: terms.dailyRateBps,
  }
}

const limitsOf = (p: Product) => ({ min: p.minAmount, max: p.maxAmount, step: p.amountStep })

/** A product of ours (partner loans are applied for on the partner's site) the borrower may take. */
async function ownProduct(db: Executor, borrower: Borrower, productId: number): Promise<Product> {
  const product = await availableProduct(db, borrower, productId)
  if (product.isPartner) throw new AppError('productUnavailable')
  return product
}

function checkedAmount(product: Product, amount: number | undefined): Cents {
  const value = amount ?? product.maxAmount
  if (!amountAllowed(value, limitsOf(product))) throw new AppError('amountOutOfRange')
  return cents(value)
}

export function contractPageUrl(p: { productId: number; position: number; orderNo?: string | undefined; amount?: number | undefined }): string {
  const params = new URLSearchParams({ productId: String(p.productId), position: String(p.position) })
  if (p.orderNo) params.set('orderId', p.orderNo)
  if (p.amount !== undefined) params.set('amount', String(p.amount))
  return `/contract?${params.toString()}`
}

/** spec.md 2.7 and 4.8: every figure of the confirmation comes from domain quoteLoan. */
export async function loanConfirm(deps: LoanDeps, caller: Caller, input: { productId: number; amount?: number | undefined }): Promise<LoanConfirm> {
  const product = await ownProduct(deps.db, caller.borrower, input.productId)
  const amount = checkedAmount(product, input.amount)
  const { terms, quote, schedule } = offerOf(product, amount, caller.now)
  const t = LOAN_TEXTS[caller.locale]
  const market = product.market
  const money = (c: number) => formatMoney(c, market)
  const payDate = (d: Date) => formatDate(d, market)
  const cost = costSummary(quote, terms, caller.locale)
  const headline = cost.headline.text
  const first = schedule[0]!
  const last = schedule[schedule.length - 1]!
  const periods = terms.termUnit === 'day' ? 1 : terms.periods
  const textSet = MARKET_INFO[caller.textMarket].textSetType
  const india = textSet === 1

  return {
    productId: product.id,
    productLogo: product.logoUrl,
    productName: product.name,
    amount,
    periods,
    termUnit: terms.termUnit,
    details: [
      { title: t.term, value: termText(t, { termUnit: terms.termUnit, termDays: quote.termDays, periods }) },
      { title: t.rate, value: headline },
      { title: periods > 1 ? t.firstRepaymentDate : t.repaymentDate, value: payDate(first.dueAt) },
    ],
    detail1: [
      { title: t.fee, value: money(quote.fee) },
      { title: t.received, value: money(quote.received) },
    ],
    detail2: [
      { title: t.interest, value: money(quote.interest) },
      { title: t.totalRepay, value: money(quote.totalRepay) },
    ],
    repay_plans: schedule.map((p) => ({
      title: periods > 1 ? t.periodTitle(p.periodNo, periods) : t.singlePayment,
      amount: p.total,
      description: t.planDescription(money(p.principal), money(p.interest)),
      pay_time: payDate(p.dueAt),
    })),
    firstPayTime: payDate(first.dueAt),
    firstPeriodDay: first.dueDay,
    pRateDsc: `${formatPercent(terms.dailyRateBps)}${t.perDay}`,
    sendSms: 0,
    // spec.md 4.8: the India text set asks the borrower to read the agreement in a popup first.
    isPopType: india ? 1 : 0,
    popTitle: india ? t.popTitle : '',
    popContent: india ? t.popContent(money(quote.received), money(quote.fee), money(quote.totalRepay), payDate(last.dueAt), headline) : '',
    popAgreementUrl: india ? contractPageUrl({ productId: product.id, position: 0, amount }) : '',
    note: `${t.feeNote(money(quote.fee), money(quote.received))} ${lateChargesText(t, lateChargesOf(product), market)}`,
    sp_rate: headline,
    languageType: textSet,
    minAmount: product.minAmount,
    maxAmount: product.maxAmount,
    amountStep: product.amountStep,
    cost,
    market,
  }
}

/** 'K', the market-local date and 8 random digits: unique by the index, retried on a collision. */
export function newOrderNo(now: Date, market: Market): string {
  return `K${localDate(now, market).replace(/-/g, '')}${String(randomInt(0, 100_000_000)).padStart(8, '0')}`
}

const ORDER_NO_ATTEMPTS = 5

/**
 * Submits a loan (spec.md 7.5 loan-detail-push): the order (status 21) with the product's terms
 * copied and its schedule, in one transaction. The partial unique index on unsettled orders makes
 * "one running loan per product" hold even for two pushes at the same instant.
 */
export async function pushLoan(
  deps: LoanDeps,
  caller: Caller,
  input: ParsedBodyOf<typeof loanDetailPush>,
): Promise<DataOf<typeof loanDetailPush>> {
  const { borrower, now } = caller
  const product = await ownProduct(deps.db, borrower, input.productId)
  const amount = checkedAmount(product, input.amount)
  const periods = product.termUnit === 'day' ? 1 : product.periods
  if (input.termUnit !== product.termUnit || input.periods !== periods) throw new AppError('termMismatch')
  const offer = offerOf(product, amount, now)
  const late = lateChargesOf(product)

  for (let attempt = 1; ; attempt++) {
    const orderNo = newOrderNo(now, product.market)
    try {
      await deps.db.transaction(async (tx) => {
        if (await repo.unsettledOrderNo(tx, borrower.id, product.id)) throw new AppError('orderInProgress')
        await repo.insertOrder(
          tx,
          {
            orderNo,
            borrowerId: borrower.id,
            productId: product.id,
            status: ORDER_STATUS.submitted,
            ...signedFigures(offer),
            isDelay: product.termUnit === 'day' && product.extensionFee > 0,
            lateFeeNew: late.feeNew,
            lateFeeRepeat: late.feeRepeat,
            lateTiers: [...late.tiers],
            lateCapBps: late.capBps,
            appliedAt: now,
            createdAt: now,
            updatedAt: now,
          },
          offer.schedule.map((p) => ({
            periodNo: p.periodNo,
            dueAt: p.dueAt,
            principal: p.principal,
            interest: p.interest,
            total: p.total,
            paid: cents(0),
            status: 'unpaid' as const,
            paidAt: null,
          })),
        )
      })
      return { lendDetailsUrl: loanDetailUrl(product.id, orderNo), orderNo }
    } catch (error) {
      const constraint = uniqueViolation(error)
      if (constraint === 'orders_one_unsettled_per_product_key') throw new AppError('orderInProgress')
      if (constraint === 'orders_order_no_key' && attempt < ORDER_NO_ATTEMPTS) continue
      throw error
    }
  }
}

/** spec.md 7.5 contract list: the loan agreement and the authorization and privacy consent. */
export const CONTRACT_POSITIONS = [0, 1] as const

export async function contractList(db: Executor, locale: Locale, productId: number | undefined) {
  if (productId !== undefined && !(await findProduct(db, productId))) throw new AppError('notFound')
  const c = LOAN_TEXTS[locale].contract
  return [
    { title: c.agreementTitle, position: 0 },
    { title: c.consentTitle, position: 1 },
  ]
}

export async function contractJump(
  db: Executor,
  borrower: Borrower,
  input: { productId: number; position: number; orderId?: string | undefined },
): Promise<{ contract_url: string }> {
  if (!(CONTRACT_POSITIONS as readonly number[]).includes(input.position)) throw new AppError('notFound')
  if (!(await findProduct(db, input.productId))) throw new AppError('notFound')
  if (input.orderId) {
    const found = await repo.findBorrowerOrder(db, borrower.id, input.orderId)
    if (!found || found.product.id !== input.productId) throw new AppError('notFound')
  }
  return { contract_url: contractPageUrl({ productId: input.productId, position: input.position, orderNo: input.orderId }) }
}

interface LoanFigures {
  product: Product
  orderNo: string | null
  principal: Cents
  fee: Cents
  received: Cents
  interest: Cents
  totalRepay: Cents
  termUnit: 'day' | 'period'
  termDays: number
  periods: number
  dailyRateBps: number
  headline: ReturnType<typeof headlineRate>
  late: ReturnType<typeof lateChargesOf>
  schedule: Array<{ periodNo: number; total: Cents; dueAt: Date }>
  /** Due dates are fixed once the loan is paid out; before that they are provisional. */
  provisional: boolean
  signedAt: Date
}

function figuresOfOrder(order: Order, product: Product, periods: OrderPeriod[]): LoanFigures {
  const terms: LoanTerms = {
    ...termsOf(product),
    termUnit: order.termUnit,
    termDays: order.termDays,
    periods: order.periods,
    periodDays: Math.max(1, Math.round(order.termDays / Math.max(1, order.periods))),
    dailyRateBps: order.dailyRateBps,
  }
  // The headline is recomputed from the order's own figures, so it matches what was signed.
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
      dueDay: Math.round(p.periodNo * terms.periodDays),
      principal: p.principal,
      interest: p.interest,
      total: p.total,
    })),
  }
  return {
    product,
    orderNo: order.orderNo,
    principal: order.principal,
    fee: order.fee,
    received: order.received,
    interest: order.interest,
    totalRepay: order.totalRepay,
    termUnit: order.termUnit,
    termDays: order.termDays,
    periods: order.periods,
    dailyRateBps: order.dailyRateBps,
    headline: headlineRate(quote, terms),
    late: lateChargesOf(order),
    schedule: periods.map((p) => ({ periodNo: p.periodNo, total: p.total, dueAt: p.dueAt })),
    provisional: order.disbursedAt === null,
    signedAt: order.appliedAt,
  }
}

function figuresOfOffer(product: Product, amount: Cents, now: Date): LoanFigures {
  const offer = offerOf(product, amount, now)
  const { terms, quote, schedule } = offer
  return {
    product,
    orderNo: null,
    ...signedFigures(offer),
    headline: headlineRate(quote, terms),
    late: lateChargesOf(product),
    schedule: schedule.map((p) => ({ periodNo: p.periodNo, total: p.total, dueAt: p.dueAt })),
    provisional: true,
    signedAt: now,
  }
}

/**
 * The agreement filled with the borrower's loan: the order's figures when an order of theirs is
 * named, else the product's offer for the amount (the largest by default).
 */
export async function contractViewOf(
  deps: LoanDeps,
  caller: Caller,
  input: ParsedQueryOf<typeof contractView>,
): Promise<DataOf<typeof contractView>> {
  const { borrower, locale, now } = caller
  if (!(CONTRACT_POSITIONS as readonly number[]).includes(input.position)) throw new AppError('notFound')
  let figures: LoanFigures
  if (input.orderId) {
    const found = await repo.findBorrowerOrder(deps.db, borrower.id, input.orderId)
    if (!found || found.product.id !== input.productId) throw new AppError('notFound')
    figures = figuresOfOrder(found.order, found.product, await repo.periodsOf(deps.db, found.order.id))
  } else {
    const product = await ownProduct(deps.db, borrower, input.productId)
    figures = figuresOfOffer(product, checkedAmount(product, input.amount), now)
  }
  const t = LOAN_TEXTS[locale]
  const c = t.contract
  const market = figures.product.market

  if (input.position === 1) {
    return { title: c.consentTitle, sections: c.consentSections(deps.config.SERVICE_PHONES[market]), schedule: [], market }
  }

  const money = (v: number) => formatMoney(v, market)
  const schedule = figures.schedule.map((p) => ({
    title: figures.periods > 1 ? t.periodTitle(p.periodNo, figures.periods) : t.singlePayment,
    amount: p.total,
    pay_time: formatDate(p.dueAt, market),
  }))
  const loanLines = [
    c.line(t.detail.amount, money(figures.principal)),
    c.line(t.fee, money(figures.fee)),
    c.line(t.received, money(figures.received)),
    c.line(t.term, termText(t, figures)),
    c.line(t.rate, `${formatPercent(figures.dailyRateBps)}${t.perDay}`),
    ...(figures.headline.kind === 'dailyRate' ? [] : [c.line(c.headlineLabel[figures.headline.kind], formatPercent(figures.headline.bps))]),
    c.line(t.interest, money(figures.interest)),
    c.line(t.totalRepay, money(figures.totalRepay)),
  ]
  // spec.md section 9: prepayment after half the term and never before day 7 from payout.
  const prepayDay = Math.max(Math.ceil(figures.termDays / 2), 7)
  return {
    title: c.agreementTitle,
    sections: [
      {
        heading: c.parties,
        paragraphs: [
          c.lender,
          c.borrower(borrower.name, maskPhone(borrower.phone)),
          c.product(figures.product.name),
          ...(figures.orderNo ? [c.orderNo(figures.orderNo)] : []),
        ],
      },
      { heading: c.loan, paragraphs: loanLines },
      {
        heading: c.schedule,
        paragraphs: [
          ...schedule.map((p) => c.scheduleLine(p.title, money(p.amount), p.pay_time)),
          ...(figures.provisional ? [c.provisional] : []),
        ],
      },
      {
        heading: c.disclosure,
        paragraphs: c.disclosureLines({ termDays: figures.termDays, prepayDay, lateCharges: lateChargesText(t, figures.late, market) }),
      },
      { heading: c.acceptance, paragraphs: c.acceptanceLines(formatDate(figures.signedAt, market)) },
    ],
    schedule,
    market,
  }
}

const SETTLED: readonly number[] = [ORDER_STATUS.settled, ORDER_STATUS.partnerSettled]

/** spec.md 2.8 and 4.9, design.md section 5: the loan details screen of one of the borrower's orders. */
export async function loanDetailsOf(
  deps: LoanDeps,
  caller: Caller,
  input: { orderId: string; productId?: number | undefined },
): Promise<LoanDetails> {
  const { borrower, locale, now } = caller
  const found = await repo.findBorrowerOrder(deps.db, borrower.id, input.orderId)
  if (!found || (input.productId !== undefined && found.product.id !== input.productId)) throw new AppError('notFound')
  const { order, product } = found
  const status = order.status
  if (!isOrderStatus(status)) throw new Error(`order ${order.id} has an unknown status ${status}`)

  const t = LOAN_TEXTS[locale]
  const market = product.market
  const money = (v: number) => formatMoney(v, market)
  const periods = await repo.periodsOf(deps.db, order.id)
  const disbursed = order.disbursedAt !== null
  // Nothing is owed before the payout; after it, never less than nothing.
  const outstanding = disbursed ? maxCents(cents(0), cents(order.totalRepay + order.penalty - order.paid)) : cents(0)
  const unpaid = periods.filter((p) => p.paid < p.total)
  const next = unpaid[0]
  // What the repay button asks for: a single-payment loan owes everything; an installment loan
  // owes its overdue installments, the next one to fall due and any late charges, not the whole
  // remaining balance (the details list that as the outstanding balance).
  const upcoming = unpaid.find((p) => p.dueAt.getTime() >= now.getTime())
  const owedNow = unpaid.filter((p) => !upcoming || p.dueAt.getTime() <= upcoming.dueAt.getTime())
  const amountDue =
    order.termUnit === 'period' && disbursed
      ? minCents(outstanding, cents(owedNow.reduce((sum, p) => sum + p.total - p.paid, 0) + order.penalty))
      : outstanding
  const firstOverdue = unpaid.find((p) => p.dueAt.getTime() < now.getTime())
  const overdueDays = firstOverdue ? Math.max(0, daysBetween(localDate(firstOverdue.dueAt, market), localDate(now, market))) : 0
  const dueDate = order.dueAt ? formatDate(order.dueAt, market) : ''
  const nextDueDate = next ? formatDate(next.dueAt, market) : dueDate
  const nextAmount = next ? money(next.total - next.paid) : money(0)

  // An extension is paid on a due or overdue single-payment loan of a product that offers one.
  const isDelay = (status === 174 || status === 180) && order.isDelay && product.extensionFee > 0
  const { showRecommended } = actionsFor(status, isDelay)
  const recProducts = showRecommended
    ? (await recommendedProducts(deps.db, borrower, locale, { moduleId: recommendModuleId(undefined), activeOnly: true, excludeProductId: product.id })).map(
        (card) => ({ ...card, enabled: card.buttonStatus, globally: 1 }),
      )
    : []

  const notice = t.notice[status]
  const facts = { productName: product.name, amountDue: money(amountDue), nextDueDate, nextAmount, overdueDays, penalty: money(order.penalty) }
  let reyMsg = ''
  if (status === 170) reyMsg = t.reyNext(nextAmount, nextDueDate)
  else if (status === 174 || status === 3) reyMsg = t.reyDue(money(amountDue), dueDate)
  else if (status === 180 || status === 5) reyMsg = t.reyOverdue(money(amountDue), overdueDays)

  const d = t.detail
  const detail = [
    { text: d.orderNo, value: order.orderNo },
    { text: d.amount, value: money(order.principal) },
    { text: d.received, value: money(order.received) },
    { text: d.term, value: termText(t, order) },
    { text: d.appliedAt, value: formatDateTime(order.appliedAt, market) },
    ...(dueDate ? [{ text: d.dueDate, value: dueDate }] : []),
    ...(disbursed ? [{ text: d.amountDue, value: money(outstanding) }] : []),
    ...(order.penalty > 0 ? [{ text: d.penalty, value: money(order.penalty) }] : []),
  ]

  const unrated = SETTLED.includes(status) && !(await repo.hasRating(deps.db, borrower.id, order.id))
  return {
    orderNo: order.orderNo,
    productId: product.id,
    orderStatus: status,
    noticeStatusText: notice.title,
    noticeDesText: notice.description(facts),
    recProducts,
    productName: product.name,
    productLogo: product.logoUrl,
    userOrderDetail: { detail },
    inside: product.isPartner ? 0 : 1,
    h5Url: product.isPartner ? (product.partnerUrl ?? '') : '',
    isDelay: isDelay ? 1 : 0,
    telephone: deps.config.SERVICE_PHONES[market],
    isScore: unrated ? '1' : '0',
    playeduL: deps.config.STORE_URL,
    reyMsg,
    amountDue,
    market,
  }
}

/** design.md section 6: the stars the borrower chose. An order named must be theirs. */
export async function rateOrder(db: Executor, borrower: Borrower, input: { score: number; orderId?: string | undefined }): Promise<void> {
  let orderId: number | null = null
  if (input.orderId) {
    const found = await repo.findBorrowerOrder(db, borrower.id, input.orderId)
    if (!found) throw new AppError('notFound')
    orderId = found.order.id
  }
  await repo.upsertRating(db, { borrowerId: borrower.id, orderId, score: input.score })
}
