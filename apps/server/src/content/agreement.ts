import type { HeadlineKind, ServerTexts } from '../i18n/index.js'

/**
 * The loan agreement as content (docs/product/loans.md#contract-view): one file per market and
 * language (`agreement.<market>.<language>.ts`) holds that market's lender, its lender disclosure and
 * its late-charge terms, and lays out the agreement's sections. Figures arrive already formatted in
 * the loan's market; the names of figures come from the language's catalogue, so the agreement
 * calls each amount what the confirmation and the loan details call it.
 */

export interface Section {
  heading: string
  paragraphs: string[]
}

/** Indonesia's caps in force on the signing date (docs/product/money-rules.md#caps). */
export interface CapFacts {
  /** yyyy-mm-dd: the first signing date these caps apply to. */
  since: string
  /** Interest and every fee a day, of the principal: "0,10%". */
  dailyCost: string
  /** Late charges a day, of the outstanding principal, one-time fees included. */
  lateDaily: string
  /** Interest, fees and late charges together, of the principal: "100,00%". */
  total: string
}

/** A product's (or an order's) late-charge terms, formatted in its market. */
export interface LateChargeFacts {
  /** The one-time fees; null when the product charges none. */
  fee: { new: string; repeat: string } | null
  tiers: Array<{ rate: string; fromDay: number; toDay: number | null }>
  /** The product's ceiling on late charges, of the base they are charged on. */
  cap: string
  caps: CapFacts | null
}

/** One loan, as its agreement and disclosure print it. */
export interface AgreementFacts {
  borrowerName: string | null
  /** Masked: the agreement never shows the whole number. */
  phone: string
  productName: string
  orderNo: string | null
  principal: string
  fee: string
  received: string
  interest: string
  totalRepay: string
  /** "120 hari", "180 days (6 installments)". */
  term: string
  termDays: number
  dailyRate: string
  /**
   * The market's headline rate: `text` as it stands alone ("APR 45.63%", "0,12%/hari"), `value` as
   * it stands beside its name ("45.63%", "0,12%/hari").
   */
  headline: { kind: HeadlineKind; text: string; value: string }
  schedule: Array<{ title: string; amount: string; dueDate: string }>
  /** Due dates count from a payout that has not happened yet. */
  provisional: boolean
  signedOn: string
  /** The market's late-charge sentence (`AgreementContent.lateCharges`). */
  lateCharges: string
  servicePhone: string
  caps: CapFacts | null
}

export interface AgreementContent {
  /** The late-charge terms in one sentence, shown before accepting and in the agreement. */
  lateCharges: (late: LateChargeFacts) => string
  /** The market's lender disclosure, filled with the loan's figures. */
  disclosure: (f: AgreementFacts) => Section
  /** The whole agreement, in order. */
  sections: (f: AgreementFacts) => Section[]
}

/** The tiers of daily late charges in one phrase: "5,00% a day on days 1-30, 4,00% … and 2,00% a day from day 91". */
export function tierPhrase(t: ServerTexts, tiers: LateChargeFacts['tiers']): string {
  const parts = tiers.map((tier) => t.loan.tier(tier.rate, tier.fromDay, tier.toDay, tiers.length === 1))
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} ${t.loan.and} ${parts.at(-1)}`
}

/** Whether the product charges anything at all for lateness. */
export const chargesLate = (late: LateChargeFacts) => late.fee !== null || late.tiers.length > 0

export function partiesSection(t: ServerTexts, lender: string, f: AgreementFacts): Section {
  const a = t.agreement
  return {
    heading: a.parties,
    paragraphs: [lender, a.borrower(f.borrowerName, f.phone), a.product(f.productName), ...(f.orderNo ? [a.orderNo(f.orderNo)] : [])],
  }
}

/** The loan's figures, each under the one name the catalogue gives it. */
export function loanSection(t: ServerTexts, f: AgreementFacts): Section {
  const { line } = t.agreement
  const n = t.figures
  return {
    heading: t.agreement.loan,
    paragraphs: [
      line(n.principal, f.principal),
      line(n.fee, f.fee),
      line(n.received, f.received),
      line(n.term, f.term),
      line(n.dailyRate, f.dailyRate),
      line(n.headline[f.headline.kind], f.headline.value),
      line(n.interest, f.interest),
      line(n.totalRepay, f.totalRepay),
    ],
  }
}

export function scheduleSection(t: ServerTexts, f: AgreementFacts): Section {
  return {
    heading: t.agreement.schedule,
    paragraphs: [
      ...f.schedule.map((p) => t.agreement.scheduleLine(p.title, p.amount, p.dueDate)),
      ...(f.provisional ? [t.agreement.provisional] : []),
    ],
  }
}

export function acceptanceSection(t: ServerTexts, f: AgreementFacts): Section {
  return { heading: t.agreement.acceptance, paragraphs: t.agreement.acceptanceLines(f.signedOn) }
}

/** Indonesia's disclosure needs the caps of the signing date; any Indonesian loan has them. */
export function capsOf(f: { caps: CapFacts | null }): CapFacts {
  if (!f.caps) throw new Error('an Indonesian agreement needs the caps in force on its signing date')
  return f.caps
}
