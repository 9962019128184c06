import { MARKETS, type Locale } from '@kilat/domain'
import { z } from 'zod'
import { fourEyesDecisionBody, fourEyesFields } from './four-eyes.js'
import { STORABLE_TEXT } from './text.js'
import { STAFF_ROLES, defineOpsCall } from './ops.js'
import { centsSchema } from './products.js'
import { ORDER_NO } from './screens.js'

/**
 * The order desk's ops calls (docs/product/operations.md#loan-decisions): the review queue and the
 * decisions (risk), the payouts with four eyes (finance), the order search, the order screen and the
 * dashboard (every role of the order's market).
 */

/** docs/product/operations.md#loan-decisions */
export const ORDER_DESK_LIMITS = {
  /** The text beside a rejection's reason. */
  noteMax: 500,
  pageMax: 100,
  pageDefault: 50,
  /** What the search box takes: an order number or a phone number. */
  searchMax: 32,
} as const

/** Why an order is rejected: the console lists these, the history and audit trail keep the key. */
export const REJECT_REASONS = [
  'identity_unverified',
  'income_insufficient',
  'credit_history',
  'existing_debt',
  'fraud_suspected',
  'duplicate_application',
  'outside_policy',
  'other',
] as const
export type RejectReason = (typeof REJECT_REASONS)[number]

/** Each reason as staff read it, in the console's languages. */
export const REJECT_REASON_TEXTS: Record<RejectReason, Record<Locale, string>> = {
  identity_unverified: { en: 'Identity could not be verified', id: 'Identitas tidak dapat diverifikasi', es: 'No se pudo verificar la identidad' },
  income_insufficient: { en: 'Income too low for the amount', id: 'Penghasilan terlalu rendah untuk jumlah ini', es: 'Ingresos insuficientes para el monto' },
  credit_history: { en: 'Poor repayment history', id: 'Riwayat pembayaran buruk', es: 'Historial de pagos deficiente' },
  existing_debt: { en: 'Too much existing debt', id: 'Utang yang ada terlalu banyak', es: 'Demasiadas deudas existentes' },
  fraud_suspected: { en: 'Suspected fraud', id: 'Dugaan penipuan', es: 'Sospecha de fraude' },
  duplicate_application: { en: 'Duplicate application', id: 'Pengajuan ganda', es: 'Solicitud duplicada' },
  outside_policy: { en: 'Outside the lending policy', id: 'Di luar kebijakan pinjaman', es: 'Fuera de la política de préstamos' },
  other: { en: 'Other (see the note)', id: 'Lainnya (lihat catatan)', es: 'Otro (ver la nota)' },
}

/** Who changed an order's status (docs/product/operations.md#order-history). */
export const ORDER_ACTOR_KINDS = ['system', 'staff', 'borrower', 'gateway'] as const
export type OrderActorKind = (typeof ORDER_ACTOR_KINDS)[number]

/**
 * A payout request's life (docs/product/operations.md#payout-states): pending until another
 * finance member confirms (or either cancels); confirmed, it waits in the outbox; the worker sends
 * it (sending), the provider takes it (accepted) and later reports it completed or failed.
 */
export const PAYOUT_STATUSES = ['pending', 'confirmed', 'sending', 'accepted', 'completed', 'failed', 'cancelled'] as const
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number]
/** The states of a payout on its way: the order stays approved (151) and no new request is taken. */
export const PAYOUT_IN_FLIGHT: readonly PayoutStatus[] = ['confirmed', 'sending', 'accepted']
/** What an outbox instruction pays: a loan's disbursement (a refund will join). */
export const PAYOUT_PURPOSES = ['disbursement', 'refund'] as const
export type PayoutPurpose = (typeof PAYOUT_PURPOSES)[number]

const ALL_ROLES = STAFF_ROLES

export const opsOrderNo = z.string().trim().min(1).regex(ORDER_NO)
/** `?market=` narrows a list to one of the staff member's markets (any case); without it, all of them. */
const marketFilter = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(MARKETS))
  .optional()
/**
 * Key-set paging: the last row's sort key from the previous page's `nextCursor`, opaque to the
 * console (`<epoch ms>.<id>`).
 */
const cursor = z.string().regex(/^\d{1,15}\.\d{1,15}$/).optional()
const limit = z.coerce.number().int().min(1).max(ORDER_DESK_LIMITS.pageMax).default(ORDER_DESK_LIMITS.pageDefault)
const isoString = z.string()
const market = z.enum(MARKETS)

/** The order as every list and the order screen show it. */
export const opsOrderSummarySchema = z.object({
  orderNo: z.string(),
  market,
  status: z.number().int(),
  productId: z.number().int(),
  productName: z.string(),
  /** The principal asked for, cents. */
  amount: centsSchema,
  /** What the borrower receives at payout (principal less the admin fee), cents. */
  received: centsSchema,
  totalRepay: centsSchema,
  termUnit: z.enum(['day', 'period']),
  termDays: z.number().int(),
  periods: z.number().int(),
  /** The borrower's phone, masked (domain maskPhone). */
  phoneMasked: z.string(),
  appliedAt: isoString,
  decidedAt: isoString.nullable(),
  disbursedAt: isoString.nullable(),
  dueAt: isoString.nullable(),
})
export type OpsOrderSummary = z.infer<typeof opsOrderSummarySchema>

/** The borrower's record as the reviewer weighs it: earlier orders, repayments, worst lateness. */
export const borrowerRecordSchema = z.object({
  /** Orders of the borrower applied for before this one, any status. */
  earlierOrders: z.number().int(),
  /** Payments received from the borrower, on any order. */
  repaymentsCount: z.number().int(),
  repaymentsSum: centsSchema,
  /** The most days any of the borrower's installments was (or is) paid late; 0 when never. */
  worstDaysOverdue: z.number().int(),
})

export const orderHistoryEntrySchema = z.object({
  /** Null for the order's creation. */
  from: z.number().int().nullable(),
  to: z.number().int(),
  actor: z.enum(ORDER_ACTOR_KINDS),
  /** The staff member when `actor` is `staff`. */
  staffId: z.number().int().nullable(),
  staffEmail: z.string().nullable(),
  /** A rejection's reason key (REJECT_REASONS), a payment's event, …; null when none. */
  reason: z.string().nullable(),
  /** A rejection's text, as written by the staff member. */
  note: z.string().nullable(),
  at: isoString,
})

export const payoutRequestSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  purpose: z.enum(PAYOUT_PURPOSES),
  /** What is paid out: the order's `received`, cents. */
  amount: centsSchema,
  ...fourEyesFields,
  /** The payout provider's reference once it accepted the payout. */
  providerRef: z.string().nullable(),
  /** Why the provider refused or failed it. */
  failureReason: z.string().nullable(),
  /** How many times the worker sent it to the provider (a retry after a timeout counts). */
  attempts: z.number().int(),
  acceptedAt: isoString.nullable(),
  /** When the money arrived: the loan's due dates count from here. */
  completedAt: isoString.nullable(),
})
export type PayoutRequestView = z.infer<typeof payoutRequestSchema>

/** One state change of a payout request: who (a staff member, or the system's worker and the provider's callback), when. */
export const payoutEventSchema = z.object({
  requestId: z.number().int(),
  /** Null for the request's creation. */
  from: z.enum(PAYOUT_STATUSES).nullable(),
  to: z.enum(PAYOUT_STATUSES),
  actor: z.enum(['staff', 'system', 'provider']),
  staffEmail: z.string().nullable(),
  /** A refusal's or failure's reason, a retry's error. */
  reason: z.string().nullable(),
  at: isoString,
})
export type PayoutEventView = z.infer<typeof payoutEventSchema>

/** Risk: submitted orders (21) of the staff member's markets, oldest first, each with the borrower's record. */
export const orderReviewQueue = defineOpsCall({
  method: 'GET',
  path: '/ops-api/orders/review-queue',
  roles: ['risk'],
  query: z.object({ market: marketFilter, cursor, limit }),
  data: z.object({
    orders: z.array(opsOrderSummarySchema.extend({ borrower: borrowerRecordSchema })),
    /** Pass as `cursor` for the next page; null on the last one. */
    nextCursor: z.string().nullable(),
  }),
})

const decisionData = z.object({ order: opsOrderSummarySchema })

/** Risk: 21 → 151. A second decision of the same order answers `orderAlreadyDecided`. */
export const orderApprove = defineOpsCall({
  method: 'POST',
  path: '/ops-api/orders/approve',
  roles: ['risk'],
  body: z.object({ orderNo: opsOrderNo }),
  data: decisionData,
})

/** Risk: 21 → 110, with a reason from the list and a text (needed for `other`). */
export const orderReject = defineOpsCall({
  method: 'POST',
  path: '/ops-api/orders/reject',
  roles: ['risk'],
  body: z
    .object({
      orderNo: opsOrderNo,
      reason: z.enum(REJECT_REASONS),
      note: z.string().trim().max(ORDER_DESK_LIMITS.noteMax).regex(STORABLE_TEXT).default(''),
    })
    .refine((b) => b.reason !== 'other' || b.note.length > 0, { path: ['note'], message: 'a note is needed for the reason other' }),
  data: decisionData,
})

/** Finance: approved orders (151) waiting for their payout, oldest decision first, each with its latest request. */
export const payoutQueue = defineOpsCall({
  method: 'GET',
  path: '/ops-api/orders/payout-queue',
  roles: ['finance'],
  query: z.object({ market: marketFilter, cursor, limit }),
  data: z.object({
    orders: z.array(opsOrderSummarySchema.extend({ payout: payoutRequestSchema.nullable() })),
    nextCursor: z.string().nullable(),
  }),
})

/** Finance (the maker): asks for an approved order's payout; one pending request per order. */
export const payoutRequest = defineOpsCall({
  method: 'POST',
  path: '/ops-api/orders/payout-request',
  permission: 'payout.request',
  body: z.object({ orderNo: opsOrderNo }),
  data: z.object({ payout: payoutRequestSchema }),
})

/**
 * Finance (the checker, never the maker): confirms the payout, which is written to the outbox in
 * the same transaction and answered at once (`confirmed`); the worker sends it to the provider.
 * The order turns 174 or 170, its due dates counted from then, only when the provider reports the
 * payout completed; a refusal or failure leaves it at 151 for a new request.
 */
export const payoutConfirm = defineOpsCall({
  method: 'POST',
  path: '/ops-api/orders/payout-confirm',
  permission: 'payout.confirm',
  body: fourEyesDecisionBody,
  data: z.object({ payout: payoutRequestSchema, order: opsOrderSummarySchema }),
})

/** Finance (either member): withdraws a pending request. */
export const payoutCancel = defineOpsCall({
  method: 'POST',
  path: '/ops-api/orders/payout-cancel',
  permission: 'payout.cancel',
  body: fourEyesDecisionBody,
  data: z.object({ payout: payoutRequestSchema }),
})

/**
 * Every role: orders by order number or by the borrower's phone (exact; a phone is read by the
 * rules of each of the staff member's markets), newest first, up to 50.
 */
export const orderSearch = defineOpsCall({
  method: 'GET',
  path: '/ops-api/orders/search',
  roles: ALL_ROLES,
  query: z.object({ q: z.string().trim().min(1).max(ORDER_DESK_LIMITS.searchMax).regex(STORABLE_TEXT), market: marketFilter }),
  data: z.object({ orders: z.array(opsOrderSummarySchema) }),
})

const periodSchema = z.object({
  periodNo: z.number().int(),
  dueAt: isoString,
  principal: centsSchema,
  interest: centsSchema,
  total: centsSchema,
  paid: centsSchema,
  status: z.enum(['unpaid', 'paid', 'overdue']),
  paidAt: isoString.nullable(),
})

/** Every role of the order's market: the order screen. */
export const orderScreen = defineOpsCall({
  method: 'GET',
  path: '/ops-api/orders/order',
  roles: ALL_ROLES,
  query: z.object({ orderNo: opsOrderNo }),
  data: z.object({
    order: opsOrderSummarySchema.extend({
      productLogo: z.string(),
      dailyRateBps: z.number().int(),
      fee: centsSchema,
      interest: centsSchema,
      paid: centsSchema,
      /**
       * What the borrower owes now, late charges included, after every payment and waiver: the one
       * home of what is owed (docs/product/money-rules.md#repayment), as collections shows it.
       * `totalRepay` is what the contract signed for, without late charges.
       */
      owedNow: centsSchema,
      settledAt: isoString.nullable(),
    }),
    borrower: borrowerRecordSchema,
    /** Status changes, oldest first. */
    timeline: z.array(orderHistoryEntrySchema),
    schedule: z.array(periodSchema),
    /** Payments received for the order, newest first. */
    payments: z.array(
      z.object({
        id: z.number().int(),
        amount: centsSchema,
        method: z.string(),
        paidAt: isoString,
        gatewayPaymentId: z.string(),
      }),
    ),
    /** The ledger's lines of the order, oldest first: what each payment paid. */
    ledger: z.array(
      z.object({
        id: z.number().int(),
        kind: z.string(),
        amount: centsSchema,
        periodNo: z.number().int().nullable(),
        at: isoString,
      }),
    ),
    /** Late charges: charged so far, of them paid, through which market-local date. */
    lateCharges: z.object({
      charged: centsSchema,
      paid: centsSchema,
      accruedThrough: z.string().nullable(),
    }),
    complaints: z.array(
      z.object({
        id: z.number().int(),
        status: z.string(),
        problemType: z.number().int(),
        detail: z.string(),
        replyDue: z.string(),
        createdAt: isoString,
        repliedAt: isoString.nullable(),
      }),
    ),
    payouts: z.array(payoutRequestSchema),
    /** Each payout request's state changes, oldest first (docs/product/operations.md#payout-states). */
    payoutEvents: z.array(payoutEventSchema),
  }),
})

/** A market's figures for its local today. */
export const dashboardMarketSchema = z.object({
  market,
  /** The market-local date the figures are of (yyyy-mm-dd). */
  date: z.string(),
  applications: z.number().int(),
  approvals: z.number().int(),
  rejections: z.number().int(),
  /** What borrowers received at payout today, cents. */
  disbursed: centsSchema,
  repaymentsReceived: centsSchema,
  repaymentsCount: z.number().int(),
  /** Our own orders in status 180 now. */
  ordersOverdue: z.number().int(),
  /** Open complaints whose reply is due today, and past it; null when not available. */
  complaintsDueToday: z.number().int().nullable(),
  complaintsOverdue: z.number().int().nullable(),
})

/** Every role: one entry per market of the staff member (or the one asked for). */
export const orderDashboard = defineOpsCall({
  method: 'GET',
  path: '/ops-api/orders/dashboard',
  roles: ALL_ROLES,
  query: z.object({ market: marketFilter }),
  data: z.object({ markets: z.array(dashboardMarketSchema) }),
})

/** The order desk's calls, in the console's access matrix (ops-calls.ts). */
export const ORDERS_OPS_CALLS = [
  orderReviewQueue,
  orderApprove,
  orderReject,
  payoutQueue,
  payoutRequest,
  payoutConfirm,
  payoutCancel,
  orderSearch,
  orderScreen,
  orderDashboard,
] as const
