import {
  capsInForce,
  formatDate,
  formatMoney,
  formatPercent,
  headlineRate,
  localDate,
  maskPhone,
  type Cents,
  type HeadlineRate,
  type LateChargeTerms,
  type LoanQuote,
  type LoanTerms,
  type Locale,
  type Market,
} from '@kilat/domain'
import { agreementContent, type AgreementContent, type AgreementFacts, type CapFacts, type LateChargeFacts } from '../../content/index.js'
import type { Borrower } from '../auth/auth.service.js'
import type { Product } from '../products/products.service.js'
import { count, textsFor } from '../../i18n/index.js'
import { headlineText } from '../products/products.service.js'

/**
 * A loan's figures, whether the offer being confirmed or an order already signed: what the
 * confirmation, the disclosure and the agreement print.
 */
export interface LoanFigures {
  product: Product
  orderNo: string | null
  terms: LoanTerms
  quote: LoanQuote
  late: LateChargeTerms
  schedule: Array<{ periodNo: number; total: Cents; dueAt: Date }>
  /** Due dates are fixed once the loan is paid out; before that they are provisional. */
  provisional: boolean
  signedAt: Date
}

/** The term as the borrower reads it: "91 hari", or "180 days (6 installments)". */
export function termText(locale: Locale, loan: { termUnit: 'day' | 'period'; termDays: number; periods: number }): string {
  const days = count(locale, loan.termDays, 'days')
  return loan.termUnit === 'day' ? days : textsFor(locale).loan.termWithInstallments(days, count(locale, loan.periods, 'installments'))
}

/** The headline beside its name: the percentage alone for APR and CAT (the name says which), per day for Indonesia's. */
export function headlineValue(locale: Locale, headline: HeadlineRate, market: Market): string {
  const percent = formatPercent(headline.bps, market)
  return headline.kind === 'dailyCost' ? textsFor(locale).rates.perDay(percent) : percent
}

/** The title of one repayment: "Cicilan 2/6", or "Pembayaran" for a single payment. */
export function repaymentTitle(locale: Locale, periodNo: number, periods: number): string {
  const t = textsFor(locale).loan
  return periods > 1 ? t.periodTitle(periodNo, periods) : t.singlePayment
}

/**
 * Indonesia's caps in force on the signing date and the date they took effect
 * (docs/product/money-rules.md#caps); null where the market caps no rate.
 */
export function capFacts(market: Market, signedOn: string): CapFacts | null {
  const inForce = capsInForce(market, signedOn)
  if (!inForce) return null
  const { from: since, caps } = inForce
  return {
    since,
    dailyCost: formatPercent(caps.dailyCostBps, market),
    lateDaily: formatPercent(caps.lateDailyBps, market),
    total: formatPercent(caps.totalBps, market),
  }
}

export function lateChargeFacts(late: LateChargeTerms, market: Market, caps: CapFacts | null): LateChargeFacts {
  return {
    fee: late.feeNew > 0 || late.feeRepeat > 0 ? { new: formatMoney(late.feeNew, market), repeat: formatMoney(late.feeRepeat, market) } : null,
    tiers: late.tiers.map((tier, i) => {
      const next = late.tiers[i + 1]
      return { rate: formatPercent(tier.dailyBps, market), fromDay: tier.fromDay, toDay: next ? next.fromDay - 1 : null }
    }),
    cap: formatPercent(late.capBps, market),
    caps,
  }
}

/**
 * The loan in its market's agreement and language: the content to print and the facts to fill it
 * with. Every amount is in the product's market's currency, whatever the page's text set.
 */
export function agreementOf(
  figures: LoanFigures,
  who: { borrower: Pick<Borrower, 'name' | 'phone'>; locale: Locale; servicePhone: string },
): { content: AgreementContent; facts: AgreementFacts } {
  const { product, terms, quote } = figures
  const market = product.market
  const money = (v: number) => formatMoney(v, market)
  const signedOn = localDate(figures.signedAt, market)
  const caps = capFacts(market, signedOn)
  const content = agreementContent(market, who.locale)
  const headline = headlineRate(quote, terms)
  const t = textsFor(who.locale)
  const facts: AgreementFacts = {
    borrowerName: who.borrower.name,
    phone: maskPhone(who.borrower.phone),
    productName: product.name,
    orderNo: figures.orderNo,
    principal: money(quote.principal),
    fee: money(quote.fee),
    received: money(quote.received),
    interest: money(quote.interest),
    totalRepay: money(quote.totalRepay),
    term: termText(who.locale, { termUnit: terms.termUnit, termDays: quote.termDays, periods: terms.periods }),
    termDays: quote.termDays,
    dailyRate: t.rates.perDay(formatPercent(terms.dailyRateBps, market)),
    headline: { kind: headline.kind, text: headlineText(headline, market, who.locale), value: headlineValue(who.locale, headline, market) },
    schedule: figures.schedule.map((p) => ({
      title: repaymentTitle(who.locale, p.periodNo, terms.periods),
      amount: money(p.total),
      dueDate: formatDate(p.dueAt, market),
    })),
    provisional: figures.provisional,
    signedOn,
    lateCharges: content.lateCharges(lateChargeFacts(figures.late, market, caps)),
    servicePhone: who.servicePhone,
    caps,
  }
  return { content, facts }
}
