import { MARKETS, type Locale } from '@kilat/domain'
import { z } from 'zod'
import { fourEyesDecisionBody, fourEyesFields } from './four-eyes.js'
import { STAFF_ROLES, defineOpsCall } from './ops.js'
import { centsSchema } from './products.js'
import { ORDER_NO } from './screens.js'
import { STORABLE_TEXT } from './text.js'

/**
 * Waivers and refunds, the finance desk's ops calls (docs/product/waivers-and-refunds.md): one
 * finance member asks, another confirms (four eyes); every role of the order's market reads an
 * order's adjustments on the order screen.
 */

export const ADJUSTMENT_LIMITS = {
  noteMax: 500,
  pageMax: 100,
  pageDefault: 50,
  /** No single waiver or refund above this (cents): a typing slip, not a rule of money. */
  amountMax: 1_000_000_000_000,
} as const

export const ADJUSTMENT_KIND_VALUES = ['waiver', 'refund', 'cooling_off', 'refund_returned'] as const
export type AdjustmentKindValue = (typeof ADJUSTMENT_KIND_VALUES)[number]
export const WAIVER_COMPONENT_VALUES = ['late_charge', 'interest'] as const
export const ADJUSTMENT_STATUS_VALUES = ['pending', 'confirmed', 'cancelled'] as const

/** Each kind and component as staff read them, in the console's languages. */
export const ADJUSTMENT_TEXTS: Record<'late_charge' | 'interest' | 'refund' | 'cooling_off' | 'refund_returned', Record<Locale, string>> = {
  late_charge: { en: 'Late charges waived', id: 'Keringanan denda keterlambatan', es: 'Cargos por mora condonados' },
  interest: { en: 'Interest waived', id: 'Keringanan bunga', es: 'Intereses condonados' },
  refund: { en: 'Refund of an overpayment', id: 'Pengembalian kelebihan bayar', es: 'Reembolso de pago en exceso' },
  cooling_off: { en: 'Cooling-off exit: interest released', id: 'Keluar masa pertimbangan: bunga dibebaskan', es: 'Salida en periodo de reflexión: intereses liberados' },
  refund_returned: { en: 'Refund returned: its payout failed', id: 'Pengembalian dibatalkan: pembayarannya gagal', es: 'Reembolso devuelto: su pago falló' },
}

const orderNo = z.string().trim().min(1).regex(ORDER_NO)
const amount = z.coerce.number().int().positive().max(ADJUSTMENT_LIMITS.amountMax)
/** Why, as the maker typed it: trimmed, no control characters but line breaks and tabs, no markup (as the complaint desk's notes). */
const note = z
  .string()
  .trim()
  .min(1)
  .max(ADJUSTMENT_LIMITS.noteMax)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/)
  .regex(STORABLE_TEXT)
  .refine((v) => !/<[a-zA-Z!?/]/.test(v), 'markup')
const marketFilter = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(MARKETS))
  .optional()
const cursor = z.string().regex(/^\d{1,15}$/).optional()
const limit = z.coerce.number().int().min(1).max(ADJUSTMENT_LIMITS.pageMax).default(ADJUSTMENT_LIMITS.pageDefault)

/** One waiver, refund or cooling-off exit of an order. */
export const adjustmentSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  market: z.enum(MARKETS),
  kind: z.enum(ADJUSTMENT_KIND_VALUES),
  /** A waiver's component; null otherwise. */
  component: z.enum(WAIVER_COMPONENT_VALUES).nullable(),
  amount: centsSchema,
  note: z.string(),
  status: z.enum(ADJUSTMENT_STATUS_VALUES),
  /** The maker is null for a cooling-off exit (written by the payment that ended the loan). */
  ...fourEyesFields,
})
export type AdjustmentView = z.infer<typeof adjustmentSchema>

/** What an order allows now: the most a waiver of each component, or a refund, may be. */
export const adjustmentLimitsSchema = z.object({
  lateChargesOwed: centsSchema,
  interestOwed: centsSchema,
  overpaid: centsSchema,
  refunded: centsSchema,
  refundable: centsSchema,
  /** Everything still owed (the outstanding balance), after every waiver. */
  totalOwed: centsSchema,
})

/** Every role of the order's market: the order's adjustments, newest first, and what may still be waived or refunded. */
export const orderAdjustments = defineOpsCall({
  method: 'GET',
  path: '/ops-api/adjustments/order',
  roles: STAFF_ROLES,
  query: z.object({ orderNo }),
  data: z.object({
    orderNo: z.string(),
    market: z.enum(MARKETS),
    status: z.number().int(),
    productName: z.string(),
    limits: adjustmentLimitsSchema,
    adjustments: z.array(adjustmentSchema),
  }),
})

/** Finance: the pending requests of the staff member's markets (or the one named), oldest first. */
export const adjustmentQueue = defineOpsCall({
  method: 'GET',
  path: '/ops-api/adjustments/queue',
  roles: ['finance'],
  query: z.object({ market: marketFilter, cursor, limit }),
  data: z.object({
    requests: z.array(adjustmentSchema.extend({ productName: z.string(), limits: adjustmentLimitsSchema })),
    /** Pass as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
  }),
})

/** Finance (the maker): asks to waive late charges or interest of an order being repaid; one pending waiver per order. */
export const waiverRequest = defineOpsCall({
  method: 'POST',
  path: '/ops-api/adjustments/waiver-request',
  permission: 'adjustment.request',
  body: z.object({ orderNo, component: z.enum(WAIVER_COMPONENT_VALUES), amount, note }),
  data: z.object({ adjustment: adjustmentSchema }),
})

/** Finance (the maker): asks to refund an overpayment of an order; one pending refund per order. */
export const refundRequest = defineOpsCall({
  method: 'POST',
  path: '/ops-api/adjustments/refund-request',
  permission: 'adjustment.request',
  body: z.object({ orderNo, amount, note }),
  data: z.object({ adjustment: adjustmentSchema }),
})

/**
 * Finance (the checker, never the maker): the limit is checked again with the order locked; a
 * waiver lowers what is owed at once (and settles the order when nothing is left), a refund is
 * handed to the payout outbox.
 */
export const adjustmentConfirm = defineOpsCall({
  method: 'POST',
  path: '/ops-api/adjustments/confirm',
  permission: 'adjustment.confirm',
  body: fourEyesDecisionBody,
  data: z.object({ adjustment: adjustmentSchema }),
})

/** Finance (either member): withdraws a pending request. */
export const adjustmentCancel = defineOpsCall({
  method: 'POST',
  path: '/ops-api/adjustments/cancel',
  permission: 'adjustment.cancel',
  body: fourEyesDecisionBody,
  data: z.object({ adjustment: adjustmentSchema }),
})

/** Waivers and refunds' calls, in the console's access matrix (ops-calls.ts). */
export const ADJUSTMENTS_OPS_CALLS = [orderAdjustments, adjustmentQueue, waiverRequest, refundRequest, adjustmentConfirm, adjustmentCancel] as const
