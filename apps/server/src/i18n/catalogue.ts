import type { SharedTexts } from '@kilat/domain/texts'
import type { HeadlineRate, OrderStatusName } from '@kilat/domain'

/**
 * The shape of the server's texts in one language (docs/product/markets-and-formats.md#languages).
 * Every language file is typed by it, so a text missing in one language fails the type check.
 */

/** A counted noun by plural category (Intl.PluralRules); `#` stands for the number. */
export type PluralForms = { other: string } & Partial<Record<'zero' | 'one' | 'two' | 'few' | 'many', string>>

export type HeadlineKind = HeadlineRate['kind']

/** The figures of India's cooling-off offer, amounts as the market writes them, days as yyyy-mm-dd. */
export interface CoolingOffOfferFacts {
  /** What ends the loan now: the exit's amount. */
  amount: string
  /** The exit's last local day. */
  lastDay: string
  /** What is owed after it: the amount due by the due date, or the next installment's amount. */
  then: string
  /** The due date of `then`. */
  thenDate: string
  /** Whether `then` is the next installment of an installment loan. */
  installment: boolean
}

/** Facts a status banner may mention, already formatted for the borrower. */
export interface NoticeFacts {
  productName: string
  /** What the repay button asks for now. */
  amountDue: string
  nextDueDate: string
  nextAmount: string
  /** Days overdue, already counted in the language: "3 hari", "1 day". */
  overdue: string
  penalty: string
}

export interface ServerTexts {
  counts: { days: PluralForms; installments: PluralForms; minutes: PluralForms }
  /** The shared figure names (packages/domain/src/texts.ts) and the server's own ones. */
  figures: Omit<SharedTexts['figures'], 'amount'> & {
    /** The product's own daily interest rate. */
    dailyRate: string
    dueDate: string
    firstDueDate: string
    /** Everything still owed on the order. */
    outstanding: string
    orderNo: string
    appliedAt: string
  }
  rates: {
    /** A daily figure: "0,10%/hari". */
    perDay: (percent: string) => string
    /** The headline as the borrower reads it: "0,12%/hari", "APR 45.63%", "CAT 60.24%". */
    headline: Record<HeadlineKind, (percent: string) => string>
  }
  loan: {
    /** "180 hari (6 cicilan)". */
    termWithInstallments: (days: string, installments: string) => string
    periodTitle: (n: number, of: number) => string
    singlePayment: string
    planDescription: (principal: string, interest: string) => string
    feeNote: (fee: string, received: string) => string
    popTitle: string
    popContent: (f: { received: string; fee: string; totalRepay: string; lastDueDate: string; headline: string }) => string
    notice: Record<OrderStatusName, { title: string; description: (f: NoticeFacts) => string }>
    /** An approved order whose payout is on its way (docs/product/loans.md#loan-details): instead of the approved banner. */
    payingOut: { title: string; description: string }
    reyDue: (amount: string, date: string) => string
    reyNext: (amount: string, date: string) => string
    reyOverdue: (amount: string, overdue: string) => string
    /** One tier of daily late charges; `only` when it is the product's single tier from day 1. */
    tier: (rate: string, fromDay: number, toDay: number | null, only: boolean) => string
    and: string
  }
  agreement: {
    agreementTitle: string
    consentTitle: string
    /** The public loan terms page (docs/product/loans.md#public-loan-terms). */
    loanTermsTitle: string
    /** Says the figures are an example, and of what. */
    loanTermsExample: (product: string, amount: string, term: string) => string
    parties: string
    borrower: (name: string | null, phone: string) => string
    product: (name: string) => string
    orderNo: (orderNo: string) => string
    loan: string
    line: (label: string, value: string) => string
    schedule: string
    scheduleLine: (title: string, amount: string, date: string) => string
    provisional: string
    acceptance: string
    acceptanceLines: (date: string) => string[]
  }
  products: {
    inProgress: string
    unavailable: string
    amountRangeDes: string
    jumpConfirm: string
    jumpInProgress: string
    jumpPartner: string
    standTitle: string
    standMessage: (productName: string | null) => string
  }
  /** Complaint screens (docs/product/complaints.md). */
  complaints: {
    /** The promise under the form. */
    replyNote: string
    tabs: { processing: string; replied: string; closed: string }
    replyDue: (date: string) => string
    answeredOn: (date: string) => string
    /** Still unanswered after its reply date. */
    overdue: (date: string) => string
    /** A collection complaint's type with its sub-type. */
    typeWithSub: (type: string, sub: string) => string
  }
  /** The chatbot's replies (docs/product/complaints.md#chatbot-records). */
  chatbot: {
    solved: string
    notSolved: string
    /** A rating under 4 stars. */
    ratingThanks: string
    /** A rating of 4 or 5 stars (the shell then asks for the store rating). */
    ratingHigh: string
    found: string
    notFound: string
  }
  /** The installment plan (docs/product/money-rules.md#repayment). */
  plan: {
    /** Above the list: how a selection is paid. */
    note: string
    installment: (n: number, of: number) => string
    upcoming: string
    overdue: string
    paid: string
  }
  /** The extension detail (docs/product/loans.md#extension). */
  extension: {
    product: string
    newDueDate: string
    fee: string
    /** The unpaid interest of every period, paid with the fee. */
    interestDue: string
    /** The fee plus everything owed but principal: the extension's one payment. */
    total: string
  }
  /**
   * The repayment guide: what the steps' placeholders read as when no account is issued yet, in
   * brackets, so that they fit every step's sentence ("Enter exactly [the amount on your payment page].").
   */
  guide: {
    account: string
    amount: string
  }
  /** The gateway sandbox's "pay this account" page (demo mode and tests only). */
  sandbox: {
    title: string
    intro: string
    accountLabel: string
    submit: string
    paid: string
    unknownAccount: string
    alreadyPaid: string
    invalid: string
    again: string
  }
  sms: {
    /** `validity`: the minutes the code lives, already counted ("5 menit", "1 minute"). */
    loginCode: (code: string, validity: string) => string
    /** The registration code of a promotion landing page (docs/product/registration.md#get-sms). */
    registerCode: (code: string, validity: string) => string
    /** The card repayment's code (docs/decisions/0012-payment-gateway.md#cards); `amount` as the market writes it. */
    repayCode: (code: string, amount: string, validity: string) => string
    /** collections: a reminder before a payment falls due (docs/product/collections.md#reminders); `amount` and `date` as the market writes them. */
    paymentReminder: (step: 'before3' | 'before1' | 'due', orderNo: string, amount: string, date: string) => string
  }
  /** The payment gateway sandbox's hosted card checkout page (demo mode and tests only). */
  checkout: {
    title: string
    sandboxNote: string
    amount: string
    bill: string
    pay: string
    paid: string
    back: string
    expired: string
    unknown: string
  }
  /** Waivers, refunds and India's cooling-off exit as the borrower reads them (docs/product/waivers-and-refunds.md#what-the-borrower-sees). */
  adjustments: {
    lateChargeWaived: string
    interestWaived: string
    refund: string
    /** A refund whose transfer failed: the money stays with the lender, the refund line is undone. */
    refundReturned: string
    coolingOff: string
    /**
     * The exit's offer, one sentence (docs/product/money-rules.md#cooling-off): what ends the loan
     * and its last local day, then what is owed after that day if the borrower keeps the loan.
     */
    coolingOffOffer: (offer: CoolingOffOfferFacts) => string
  }
}
