import { z } from 'zod'
import { defineCall } from './call.js'
import { orderNo, productId } from './loans.js'
import { centsSchema } from './products.js'

/** 1 bank (or transfer), 2 mini market (or cash) (spec 9: default 1). */
const payType = z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)]))
const flag = z.coerce.number().pipe(z.union([z.literal(0), z.literal(1)]))
/** A method's code from the market's catalogue (apps/server/src/modules/repayment/methods). */
const payCode = z.string().trim().min(1).max(32).regex(/^[A-Z0-9_]+$/)

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

/** The virtual account response of spec 3, with the bill it pays. */
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
    /** 1 when the page starts a fresh repayment with the market's default method (spec 4.7). */
    is_default: flag.default(0),
    /** 1 when the page shows the account (the only use today); kept for the shell's calls. */
    is_display: flag.default(1),
    /** Installments: how many of the oldest unpaid periods to pay; absent or 0 for everything owed. */
    specific_num: z.coerce.number().int().nonnegative().max(120).default(0),
    /** `extension` pays the extension fee (docs/product/loans.md#extension). */
    purpose: z.enum(['repay', 'extension']).default('repay'),
  }),
  data: virtualAccountSchema,
})

/**
 * An installment's `periodStatus` by name (spec 3 notes 500 for a paid one); the page compares
 * these names' numbers, never literals.
 */
export const PERIOD_STATUS = { upcoming: 100, overdue: 300, paid: 500 } as const

const periodSchema = z.object({
  periodNo: z.number().int(),
  /** Unpaid: what is left of it (interest and principal); paid: what it was. Cents. */
  totalAmount: centsSchema,
  /** 1 only on the first unpaid installment (spec 4.6). */
  canClick: z.union([z.literal(0), z.literal(1)]),
  periodStatus: z.union([z.literal(PERIOD_STATUS.upcoming), z.literal(PERIOD_STATUS.overdue), z.literal(PERIOD_STATUS.paid)]),
  /** "Installment 2 of 4 · Overdue" in the borrower's language. */
  repayDes: z.string(),
  /** yyyy-mm-dd in the market's time zone. */
  dueTime: z.string(),
  /** `totalAmount` as the market writes it. */
  at: z.string(),
})

/** The installment plan of spec 3 (docs/product/money-rules.md#repayment). */
export const installmentPlanSchema = z.object({
  orderNo: z.string(),
  productName: z.string(),
  productLogo: z.string(),
  note: z.string(),
  repayWaitCount: z.number().int(),
  /** Late charges, paid with any selection: a selection's total is these plus its installments. */
  lateCharges: centsSchema,
  repayPlanDetail: z.object({ repayWaitDetail: z.array(periodSchema), repayYetDetail: z.array(periodSchema) }),
  telephone: z.string(),
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

export const repaymentCalls = { initPayType, generateVcode, loanPlayDetail }
