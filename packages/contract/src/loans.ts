import { MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { defineCall } from './call.js'
import { ID_MAX, MAX_PERIODS, ORDER_NO } from './screens.js'
import { centsSchema, costSummarySchema, recommendedProductSchema } from './products.js'
import { DECISION_REASONS } from './decisions.js'

export const productId = z.coerce.number().int().positive().max(ID_MAX)
/** orderId and orderNo name the same public order number (docs/product/envelopes-and-errors.md#url-map). */
export const orderNo = z.string().trim().regex(ORDER_NO)
const line = z.object({ title: z.string(), value: z.string() })
const amount = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)
/** Number of installments of an installment loan; 1 for a single-payment loan. */
const periods = z.coerce.number().int().positive().max(MAX_PERIODS)
const section = z.object({ heading: z.string(), paragraphs: z.array(z.string()) })

/** Loan confirmation (docs/product/loans.md#loan-confirmation). */
export const loanConfirmSchema = z.object({
  productId: z.number().int(),
  productLogo: z.string(),
  productName: z.string(),
  amount: centsSchema,
  periods: z.number().int(),
  termUnit: z.enum(['day', 'period']),
  /** Lines under the amount: term, rate, repayment date. */
  details: z.array(line),
  /** Cost lines: fee deducted, amount received. */
  detail1: z.array(line),
  /** Repayment lines: interest, total to repay. */
  detail2: z.array(line),
  repay_plans: z.array(z.object({ title: z.string(), amount: centsSchema, description: z.string(), pay_time: z.string() })),
  firstPayTime: z.string(),
  firstPeriodDay: z.number().int(),
  /** Rate text, e.g. "0,10%/hari". */
  pRateDsc: z.string(),
  /** 1 when confirming sends an SMS code (not used by our products). */
  sendSms: z.union([z.literal(0), z.literal(1)]),
  isPopType: z.union([z.literal(0), z.literal(1)]),
  popContent: z.string(),
  popTitle: z.string(),
  /** The agreement popup shows when this is non-empty and the text set is type 1 (docs/product/loans.md#agreement-popup). */
  popAgreementUrl: z.string(),
  note: z.string(),
  sp_rate: z.string(),
  /** Text set type: 1 India, 2 Indonesia (docs/product/markets-and-formats.md#text-sets). */
  languageType: z.union([z.literal(1), z.literal(2)]),
  minAmount: centsSchema,
  maxAmount: centsSchema,
  amountStep: centsSchema,
  /** The installment counts the borrower may choose (one entry when the product offers one term). */
  periodOptions: z.array(z.number().int()),
  /** The late-charge terms in one sentence, shown before accepting in every market. */
  lateCharges: z.string(),
  /** The market's lender disclosure filled with this offer's figures. */
  disclosure: section,
  cost: costSummarySchema,
  /** The product's market: every amount above is in its currency, not the page's (isNeedPop). */
  market: z.enum(MARKETS),
})
export type LoanConfirm = z.infer<typeof loanConfirmSchema>

export const loanDetailConfirm = defineCall({
  method: 'POST',
  path: '/h5-api/v3/loan-confirm/loan-detail-confirm',
  family: 'code0',
  auth: 'borrower',
  /**
   * `amount` and `periods` are the borrower's choice; without them the offer is the product's
   * largest amount (the last step within its maximum) at its own installment count.
   */
  body: z.object({ productId, amount: amount.optional(), periods: periods.optional() }),
  data: loanConfirmSchema,
})

export const loanDetailPush = defineCall({
  method: 'POST',
  path: '/h5-api/v3/loan-confirm/loan-detail-push',
  family: 'code0',
  auth: 'borrower',
  body: z.object({
    amount,
    periods,
    termUnit: z.enum(['day', 'period']),
    productId,
  }),
  data: z.object({ lendDetailsUrl: z.string(), orderNo: z.string() }),
})

export const contractList = defineCall({
  method: 'GET_POST',
  path: '/h5-api/v3/contract/contract',
  family: 'code0',
  auth: 'borrower',
  query: z.object({ productId: productId.optional(), scene: z.coerce.number().int().min(0).max(99).optional() }),
  body: z.object({ productId: productId.optional(), scene: z.coerce.number().int().min(0).max(99).optional() }),
  data: z.array(z.object({ title: z.string(), position: z.number().int() })),
})

export const contractJump = defineCall({
  method: 'POST',
  path: '/h5-api/v3/contract/contract-jump',
  family: 'code0',
  auth: 'borrower',
  body: z.object({
    productId,
    scene: z.coerce.number().int().min(0).max(99).default(3),
    position: z.coerce.number().int().min(0).max(99).default(0),
    orderId: orderNo.optional(),
    /** The offer being confirmed: the agreement shows the borrower's chosen amount and term. */
    amount: amount.optional(),
    periods: periods.optional(),
  }),
  data: z.object({ contract_url: z.string() }),
})

/** The loan agreement filled with the borrower's loan, for the contract page. */
export const contractView = defineCall({
  method: 'GET',
  path: '/h5-api/v3/contract/view',
  family: 'code0',
  auth: 'borrower',
  query: z.object({
    productId,
    position: z.coerce.number().int().min(0).max(99).default(0),
    orderId: orderNo.optional(),
    amount: amount.optional(),
    periods: periods.optional(),
  }),
  data: z.object({
    title: z.string(),
    /** Ordered sections of plain text; the page renders them, never as HTML. */
    sections: z.array(section),
    schedule: z.array(z.object({ title: z.string(), amount: centsSchema, pay_time: z.string() })),
    /** The product's market: the schedule's amounts are in its currency. */
    market: z.enum(MARKETS),
  }),
})

/**
 * The public loan terms page (docs/product/loans.md#public-loan-terms): the market's lender
 * disclosure and late-charge terms, filled with an example loan of the market's representative
 * product, in the request's language. No session; the same for every visitor, cacheable.
 */
export const publicLoanTerms = defineCall({
  method: 'GET',
  path: '/h5-api/v3/public/loan-terms',
  family: 'code0',
  auth: 'none',
  data: z.object({
    title: z.string(),
    /** The example's product and amount, as the sections use them. */
    example: z.object({ productName: z.string(), amount: centsSchema, term: z.string() }),
    sections: z.array(section),
    market: z.enum(MARKETS),
  }),
})

/** A recommended product on the loan details screen (docs/product/loans.md#recommended-products-on-loan-details). */
export const detailRecProductSchema = recommendedProductSchema.extend({
  /** 1 enabled, otherwise grey. */
  enabled: z.number().int(),
  /** 0 means not clickable. */
  globally: z.number().int(),
  /** Used for the jump. */
  code: z.string(),
})

export const loanDetailsSchema = z.object({
  orderNo: z.string(),
  productId: z.number().int(),
  orderStatus: z.number().int(),
  noticeStatusText: z.string(),
  noticeDesText: z.string(),
  recProducts: z.array(detailRecProductSchema),
  productName: z.string(),
  productLogo: z.string(),
  userOrderDetail: z.object({ detail: z.array(z.object({ text: z.string(), value: z.string() })) }),
  /** 1 our own product, 0 a partner's. */
  inside: z.union([z.literal(0), z.literal(1)]),
  /** The partner's order page for partner orders, else empty. */
  h5Url: z.string(),
  /** 1 when an extension can be paid. */
  isDelay: z.union([z.literal(0), z.literal(1)]),
  telephone: z.string(),
  /** '1' opens the rating popup on load. */
  isScore: z.union([z.literal('0'), z.literal('1')]),
  /** The app-store page the shell opens for a rating of 4-5 stars. */
  playeduL: z.string(),
  /** A short repayment message (due date and amount) or empty. */
  reyMsg: z.string(),
  /** What is owed now, for the repay button. */
  amountDue: centsSchema,
  /**
   * The oldest unpaid installments `amountDue` covers, which the repay button asks the account for
   * (`specificNum`); 0 when it covers everything owed (docs/product/repayment.md#what-the-repay-button-asks-for).
   */
  amountDuePeriods: z.number().int().min(0).max(MAX_PERIODS),
  /** The latest payment received on this order (the ledger's), or null. */
  lastPayment: z
    .object({
      amount: centsSchema,
      /** As the market writes it. */
      amountText: z.string(),
      /** yyyy-mm-dd hh:mm:ss in the market's time zone. */
      paidAt: z.string(),
      /** The method's display name. */
      method: z.string(),
    })
    .nullable(),
  /** The order's product's market: its amounts are in that currency, not the page's. */
  market: z.enum(MARKETS),
  /**
   * True while an approved order's payout is on its way (confirmed, sent, accepted by the payout
   * provider, not yet completed): the banner says "being paid out" and no due date exists yet
   * (docs/product/loans.md#loan-details).
   */
  payoutInProgress: z.boolean(),
  /**
   * Why a rejected order (110) was not approved, as the borrower reads it: a decision reason, its
   * text in `DECISION_REASON_TEXTS` (docs/product/loans.md#rejection-reason). A staff member's
   * reason arrives mapped (`borrowerRejectReason`); null for every other status.
   */
  rejectReason: z.enum(DECISION_REASONS).nullable(),
  /**
   * India's cooling-off exit while it is open (docs/product/money-rules.md#cooling-off): what ends
   * the loan today and the last local day to pay it; null (or absent) otherwise.
   */
  coolingOff: z
    .object({
      amount: centsSchema,
      amountText: z.string(),
      /** yyyy-mm-dd in the market's time zone. */
      lastDay: z.string(),
      /** The offer in the borrower's language. */
      text: z.string(),
    })
    .nullable()
    .optional(),
})
export type LoanDetails = z.infer<typeof loanDetailsSchema>

export const loanDetails = defineCall({
  method: 'GET',
  path: '/h5-api/v3/loan-details/loan-details',
  family: 'success',
  auth: 'borrower',
  query: z.object({ productId: productId.optional(), orderId: orderNo }),
  data: loanDetailsSchema,
})

export const googleScore = defineCall({
  method: 'POST',
  path: '/h5-api/v3/loan-details/google-score',
  family: 'success',
  auth: 'borrower',
  // the stars the borrower chose, not always 5 (docs/product/loans.md#rating)
  body: z.object({ score: z.coerce.number().int().min(1).max(5), orderId: orderNo.optional() }),
})

export const loanCalls = { loanDetailConfirm, loanDetailPush, contractList, contractJump, contractView, loanDetails, googleScore }
