import { CARD_NO, MARKETS, UTR } from '@kilat/domain'
import { z } from 'zod'
import { STORABLE_TEXT } from './text.js'
import { defineCall } from './call.js'
import { orderNo, productId } from './loans.js'
import { centsSchema } from './products.js'
import { ID_MAX, MAX_PERIODS, PAY_CODE } from './screens.js'

/** 1 bank (or transfer), 2 mini market (or cash) (a repayment starts with 1: docs/product/screens.md#individual). */
const payType = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]))
const flag = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)]))
/** A method's code from the market's catalogue (apps/server/src/modules/repayment/methods). */
const payCode = z.string().trim().regex(PAY_CODE)

/** One bank or market to choose on /individual (docs/product/money-rules.md#repayment). */
export const payOptionSchema = z.object({
  payCode: z.string(),
  bankName: z.string(),
  /** The bank's channels (ATM, its app, internet banking); empty for a mini market. */
  method: z.array(z.string()),
})

export const initPayType = defineCall({
  method: 'POST',
  path: '/h5-api/v3/loan-details/init-pay-type',
  family: 'code0',
  auth: 'borrower',
  body: z.object({ productId: productId.optional(), orderId: orderNo, pay_type: payType.default(1) }),
  data: z.object({ payType: z.union([z.literal(1), z.literal(2)]), list: z.array(payOptionSchema) }),
})

const stepGroup = z.object({ name: z.string(), steps: z.array(z.string()) })

/** The account to pay (docs/product/screens.md#that), with the bill it pays. */
export const virtualAccountSchema = z.object({
  amount: centsSchema,
  /** The account number or payment code the borrower pays to. */
  vcode: z.string(),
  /** The bill number (the order number). */
  cardNo: z.string(),
  payType: z.union([z.literal(1), z.literal(2)]),
  payCode: z.string(),
  /** The method's display name. */
  payName: z.string(),
  /** Bank: named groups of steps; market: a list of steps. */
  payStep: z.union([z.array(stepGroup), z.array(z.string())]),
  /** How many of the oldest unpaid installments it pays; 0 for everything owed. */
  specificNum: z.number().int(),
  telephone: z.string(),
  /** yyyy-mm-dd hh:mm:ss in the market's time zone. */
  expiresAt: z.string(),
  status: z.enum(['pending', 'paid', 'expired']),
  accountId: z.number().int(),
  /** The order's product's market: `amount` is in its currency, whatever the page's language. */
  market: z.enum(MARKETS),
})
export type VirtualAccount = z.infer<typeof virtualAccountSchema>

export const generateVcode = defineCall({
  method: 'POST',
  path: '/h5-api/v3/loan-details/generate-vcode',
  family: 'code0',
  auth: 'borrower',
  body: z.object({
    productId: productId.optional(),
    orderId: orderNo,
    /**
     * What the page shows as the total, in cents: checked against the server's own figure, never
     * used as the amount (a different one is refused with amountNotOwed).
     */
    amount: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER).optional(),
    payCode: payCode.optional(),
    pay_type: payType.default(1),
    /** 1 when the page starts a fresh repayment with the market's default method (docs/product/screens.md#individual). */
    is_default: flag.default(0),
    /** 1 when the page shows the account (the only use today); kept for the shell's calls. */
    is_display: flag.default(1),
    /** Installments: how many of the oldest unpaid periods to pay; absent or 0 for everything owed. */
    specific_num: z.coerce.number().int().nonnegative().max(MAX_PERIODS).default(0),
    /** `extension` pays for an extension: its fee plus the interest and late charges due (docs/product/loans.md#extension). */
    purpose: z.enum(['repay', 'extension']).default('repay'),
  }),
  data: virtualAccountSchema,
})

/**
 * An installment's `periodStatus` by name (500 for a paid one, docs/product/money-rules.md#repayment); the page compares
 * these names' numbers, never literals.
 */
export const PERIOD_STATUS = { upcoming: 100, overdue: 300, paid: 500 } as const

const periodSchema = z.object({
  periodNo: z.number().int(),
  /** Unpaid: what is left of it (interest and principal); paid: what it was. Cents. */
  totalAmount: centsSchema,
  /** 1 only on the first unpaid installment (docs/product/screens.md#installments). */
  canClick: z.union([z.literal(0), z.literal(1)]),
  periodStatus: z.union([z.literal(PERIOD_STATUS.upcoming), z.literal(PERIOD_STATUS.overdue), z.literal(PERIOD_STATUS.paid)]),
  /** "Installment 2 of 4 · Overdue" in the borrower's language. */
  repayDes: z.string(),
  /** yyyy-mm-dd in the market's time zone. */
  dueTime: z.string(),
  /** `totalAmount` as the market writes it. */
  at: z.string(),
})

/** The installment plan (docs/product/money-rules.md#repayment). */
export const installmentPlanSchema = z.object({
  orderNo: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  note: z.string(),
  repayWaitCount: z.number().int(),
  /** Late charges, paid with any selection: a selection's total is these plus its installments. */
  lateCharges: centsSchema,
  repayPlanDetail: z.object({ repayWaitDetail: z.array(periodSchema), repayYetDetail: z.array(periodSchema) }),
  /** Each confirmed waiver and refund of the order, a line in the borrower's language (docs/product/waivers-and-refunds.md#what-the-borrower-sees). */
  adjustments: z.array(z.object({ text: z.string(), value: z.string() })).optional(),
  telephone: z.string(),
  /** The order's product's market: the amounts are in its currency. */
  market: z.enum(MARKETS),
})
export type InstallmentPlan = z.infer<typeof installmentPlanSchema>

export const loanPlayDetail = defineCall({
  method: 'POST',
  path: '/h5-api/v3/installment/loan-play-detail',
  family: 'code0',
  auth: 'borrower',
  body: z.object({ productId: productId.optional(), orderId: orderNo }),
  data: installmentPlanSchema,
})

/** The account's state, for /that to notice a payment without a reload (docs/product/money-rules.md#repayment). */
export const vcodeStatus = defineCall({
  method: 'GET',
  path: '/h5-api/v3/loan-details/vcode-status',
  family: 'code0',
  auth: 'borrower',
  query: z.object({ accountId: z.coerce.number().int().positive().max(ID_MAX) }),
  data: z.object({
    accountId: z.number().int(),
    status: z.enum(['pending', 'paid', 'expired']),
    orderNo: z.string(),
    orderStatus: z.number().int(),
    /** yyyy-mm-dd hh:mm:ss in the market's time zone, once paid. */
    paidAt: z.string().nullable(),
    /** India's bank transfer: the UTR the borrower submitted, if any. */
    utr: z.string().nullable(),
  }),
})

/*
 * "Delay" on the wire is an extension in the code (docs/product/repayment.md#names-on-the-wire).
 * The app shell knows the screen `/repay-delay`, the call `delay-detail` and the answer's `delay…`
 * fields, so the wire keeps those names; every other name says extension. The two meet here
 * (`extensionDetail`, `delayDetail`) and in repayment-wire.ts, which reads the `delay…` fields
 * under the code's names.
 */

/** The extension detail (docs/product/repayment.md#extension), with the due dates before and after. */
export const extensionDetailSchema = z.object({
  orderNo: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  /**
   * What to pay now for the extension, cents: the fee plus everything owed but principal (late
   * charges, interest), exactly the amount of generate-vcode's purpose=extension account.
   */
  delayShouldPayAmount: centsSchema,
  /** `delayShouldPayAmount` as the market writes it. */
  delayShouldPayText: z.string(),
  /** The last moment the amount holds (the current due date's end, or today's for an overdue loan), yyyy-mm-dd hh:mm:ss local. */
  delayExpiryTime: z.string(),
  /** yyyy-mm-dd: the due date now, and the one the fee moves it to. */
  currentDueDate: z.string(),
  newDueDate: z.string(),
  /**
   * Always 1 and '': an order that cannot be extended answers extensionUnavailable instead, and the
   * interest and late charges due are paid with the fee. Kept so that the answer's shape stays.
   */
  canPay: z.union([z.literal(0), z.literal(1)]),
  blockedReason: z.string(),
  orderDetail: z.object({ detail: z.array(z.object({ text: z.string(), value: z.string() })) }),
  telephone: z.string(),
})
export type ExtensionDetail = z.infer<typeof extensionDetailSchema>

export const extensionDetail = defineCall({
  method: 'POST',
  path: '/h5-api/v3/loan-details/delay-detail',
  family: 'code0',
  auth: 'borrower',
  body: z.object({ productId: productId.optional(), orderId: orderNo }),
  data: extensionDetailSchema,
})
/** `extensionDetail` under its wire name, for the code that still says so. */
export const delayDetail = extensionDetail

/** India's bank transfer: the 12-digit UTR the borrower's bank gave them (docs/product/screens.md#that). */
export const utrSchema = z.string().trim().regex(UTR)

export const submitUtr = defineCall({
  method: 'POST',
  path: '/h5-api/v3/loan-details/submit-utr',
  family: 'code0',
  auth: 'borrower',
  body: z.object({ orderId: orderNo, accountId: z.coerce.number().int().positive().max(ID_MAX), utr: utrSchema }),
  data: z.object({ accountId: z.number().int(), utr: z.string() }),
})

/** How to repay with each of the market's methods, with placeholders for the account and amount (/repayment-instructions). */
export const payGuide = defineCall({
  method: 'GET',
  path: '/h5-api/v3/loan-details/pay-guide',
  family: 'code0',
  auth: 'borrower',
  data: z.object({
    methods: z.array(
      z.object({
        payType: z.union([z.literal(1), z.literal(2)]),
        payCode: z.string(),
        payName: z.string(),
        payStep: z.union([z.array(stepGroup), z.array(z.string())]),
      }),
    ),
    telephone: z.string(),
  }),
})

/** A borrower's bank card: the number always masked (first 6 and last 4 digits at most). */
export const bankCardSchema = z.object({ id: z.number().int(), bankName: z.string(), cardNo: z.string(), bankCode: z.string() })
export type BankCard = z.infer<typeof bankCardSchema>

const CARD_REPAY_PREFIX = '/api/v1/lender/lender-api/service/loan'

/** Card repay (docs/decisions/0012-payment-gateway.md#cards): the cards and a single-use repayToken for one commit. */
export const repaymentWay = defineCall({
  method: 'POST',
  path: `${CARD_REPAY_PREFIX}/repayment-way`,
  family: 'code0',
  auth: 'borrower',
  body: z.object({ orderId: orderNo }),
  data: z.object({
    /** 1 when the hosted payment page (repayment-huichao) is offered. */
    alipay: z.union([z.literal(0), z.literal(1)]),
    repayToken: z.string(),
    bankCards: z.array(bankCardSchema),
    /** What is owed now, cents, and as the market writes it. */
    amount: centsSchema,
    amountText: z.string(),
  }),
})

export const repaymentCommit = defineCall({
  method: 'POST',
  path: `${CARD_REPAY_PREFIX}/repayment-commit`,
  family: 'code0',
  auth: 'borrower',
  body: z.object({
    /** What the page shows, cents: checked against what is owed, never used as the amount. */
    amount: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
    bankName: z.string().max(64).regex(STORABLE_TEXT).optional(),
    cardId: z.coerce.number().int().positive().max(ID_MAX),
    /** The masked number the page shows; ignored (the card is `cardId`). */
    cardNo: z.string().max(32).regex(STORABLE_TEXT).optional(),
    couponId: z.coerce.number().int().nonnegative().max(ID_MAX).optional(),
    orderId: orderNo,
    repayToken: z.string().trim().min(1).max(128).regex(STORABLE_TEXT),
    bankCode: z.string().max(32).regex(STORABLE_TEXT).optional(),
    /** 1: send the SMS code now. */
    sendMsg: flag.default(1),
  }),
  data: z.object({ needValid: z.union([z.literal(0), z.literal(1)]), repayRecordId: z.number().int() }),
})

export const repaymentConfirm = defineCall({
  method: 'POST',
  path: `${CARD_REPAY_PREFIX}/repayment-confirm`,
  family: 'code0',
  auth: 'borrower',
  body: z.object({
    orderId: orderNo,
    verifyCode: z.string().trim().min(1).max(16).regex(STORABLE_TEXT),
    repaymentRecordId: z.coerce.number().int().positive().max(ID_MAX),
  }),
})

export const repaymentHuichao = defineCall({
  method: 'POST',
  path: `${CARD_REPAY_PREFIX}/repayment-huichao`,
  family: 'code0',
  auth: 'borrower',
  body: z.object({
    /** Ignored: the borrower is the session's. */
    userId: z.string().max(64).regex(STORABLE_TEXT).optional(),
    orderId: orderNo,
    amount: z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER),
  }),
  data: z.object({ url: z.string() }),
})

/** /bind-bank: add a card the borrower can repay from (the number checked by its Luhn digit). */
export const bindCard = defineCall({
  method: 'POST',
  path: `${CARD_REPAY_PREFIX}/bind-card`,
  family: 'code0',
  auth: 'borrower',
  body: z.object({
    bankCode: z.string().trim().min(1).max(32).regex(/^[A-Z0-9_]+$/),
    cardNo: z.string().trim().regex(CARD_NO),
    holderName: z.string().trim().min(1).max(80).regex(STORABLE_TEXT),
  }),
  data: bankCardSchema,
})

/** The banks a card can be added from, for the borrower's market. */
export const cardBanks = defineCall({
  method: 'GET',
  path: `${CARD_REPAY_PREFIX}/card-banks`,
  family: 'code0',
  auth: 'borrower',
  data: z.object({ list: z.array(z.object({ bankCode: z.string(), bankName: z.string() })) }),
})

export const repaymentCalls = {
  initPayType,
  generateVcode,
  loanPlayDetail,
  vcodeStatus,
  extensionDetail,
  submitUtr,
  payGuide,
  repaymentWay,
  repaymentCommit,
  repaymentConfirm,
  repaymentHuichao,
  bindCard,
  cardBanks,
}
