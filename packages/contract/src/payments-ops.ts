import { MARKETS, RECON_DIFFERENCE_KINDS, RECON_RESOLUTION_KINDS, type Locale, type ReconDifferenceKind, type ReconResolutionKind } from '@kilat/domain'
import { z } from 'zod'
import { fourEyesDecisionBody, fourEyesFields } from './four-eyes.js'
import { defineOpsCall } from './ops.js'
import { centsSchema } from './products.js'
import { ORDER_NO } from './screens.js'
import { STORABLE_TEXT } from './text.js'

/**
 * The money desk's ops calls (docs/product/operations.md#money-desk): the payments desk of a
 * market's day (the payment inbox, the gateway's callbacks, the ledger), the gateway's report and
 * its reconciliation, resolutions with four eyes, the day's close and the CSV exports. Finance only.
 */

export const MONEY_DESK_LIMITS = {
  pageMax: 100,
  pageDefault: 50,
  noteMax: 500,
  /** An export covers at most this many days. */
  exportDaysMax: 92,
} as const

export const INBOX_STATES = ['pending', 'applied', 'failed'] as const
export type InboxState = (typeof INBOX_STATES)[number]

export const DIFFERENCE_STATUSES = ['open', 'resolved', 'awaiting_refund', 'cleared'] as const
export const RESOLUTION_STATUSES = ['pending', 'confirmed', 'awaiting_refund', 'cancelled'] as const

/** Each kind of difference as finance reads it. */
export const DIFFERENCE_KIND_TEXTS: Record<ReconDifferenceKind, Record<Locale, string>> = {
  unknown_account: { en: 'Payment to an unknown account', id: 'Pembayaran ke rekening tak dikenal', es: 'Pago a una cuenta desconocida' },
  expired_account: { en: 'Paid after the account expired', id: 'Dibayar setelah rekening kedaluwarsa', es: 'Pagado después de que venció la cuenta' },
  amount_mismatch: { en: 'Amount differs from the account', id: 'Jumlah berbeda dari rekening', es: 'El monto difiere de la cuenta' },
  overpayment: { en: 'Overpayment on a settled loan', id: 'Kelebihan bayar pada pinjaman lunas', es: 'Sobrepago en un préstamo liquidado' },
  missed_callback: { en: 'In the report, no callback received', id: 'Ada di laporan, notifikasi tidak diterima', es: 'En el reporte, sin notificación recibida' },
  unreported_callback: { en: 'Callback received, not in the report', id: 'Notifikasi diterima, tidak ada di laporan', es: 'Notificación recibida, no está en el reporte' },
  fee_mismatch: { en: 'Gateway fee differs from the contract', id: 'Biaya gateway berbeda dari kontrak', es: 'La comisión difiere del contrato' },
}

/** Each resolution as finance reads it. */
export const RESOLUTION_KIND_TEXTS: Record<ReconResolutionKind, Record<Locale, string>> = {
  apply_to_order: { en: 'Apply to an order', id: 'Terapkan ke pesanan', es: 'Aplicar a una orden' },
  gateway_error: { en: 'Gateway error (note)', id: 'Kesalahan gateway (catatan)', es: 'Error de la pasarela (nota)' },
  refund: { en: 'Refund', id: 'Kembalikan dana', es: 'Reembolsar' },
}

const market = z.enum(MARKETS)
/** The desk always names its market (one of the staff member's), any case. */
const deskMarket = z
  .string()
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(market)
/** A market-local calendar day. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().slice(0, 10) === d, { message: 'not a calendar day' })
const limit = z.coerce.number().int().min(1).max(MONEY_DESK_LIMITS.pageMax).default(MONEY_DESK_LIMITS.pageDefault)
/** Key-set paging: the last row's key from the previous page's `nextCursor`, opaque to the console. */
const idCursor = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional()
const recordId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const isoString = z.string()
const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), nextCursor: z.string().nullable() })

const dayQuery = z.object({ market: deskMarket, day })

/** One stored callback of the inbox and what became of it. */
export const inboxRowSchema = z.object({
  id: z.number().int(),
  gatewayPaymentId: z.string(),
  accountNo: z.string(),
  orderNo: z.string(),
  method: z.string(),
  amount: centsSchema,
  paidAt: isoString,
  receivedAt: isoString,
  state: z.enum(INBOX_STATES),
  attempts: z.number().int(),
  /** Why the last try failed. */
  lastError: z.string().nullable(),
  /** When a failed or pending event is tried again; null once applied. */
  nextAttemptAt: isoString.nullable(),
  appliedAt: isoString.nullable(),
})

/** Finance: the payment inbox of the market's day (by when the money was paid), newest stored first. */
export const paymentsInbox = defineOpsCall({
  method: 'GET',
  path: '/ops-api/payments/inbox',
  roles: ['finance'],
  query: dayQuery.extend({ state: z.enum(INBOX_STATES).optional(), cursor: idCursor, limit }),
  data: page(inboxRowSchema),
})

/** A callback as the gateway sent it: stored in the inbox (one of our accounts) or refused (unknown account). */
export const callbackRowSchema = z.object({
  /** `inbox` or `unmatched`, with the row's id: together the row's key. */
  source: z.enum(['inbox', 'unmatched']),
  id: z.number().int(),
  gatewayPaymentId: z.string(),
  accountNo: z.string(),
  /** The order of the account; null for an account we never issued. */
  orderNo: z.string().nullable(),
  method: z.string(),
  amount: centsSchema,
  paidAt: isoString,
  receivedAt: isoString,
  /** The callback's body as received (JSON). */
  body: z.string(),
})

/** Finance: the gateway's callbacks of the market's day as received, newest first. */
export const paymentsCallbacks = defineOpsCall({
  method: 'GET',
  path: '/ops-api/payments/callbacks',
  roles: ['finance'],
  query: dayQuery.extend({ matched: z.enum(['yes', 'no']).optional(), cursor: z.string().regex(/^\d{1,15}\.[01]\.\d{1,15}$/).optional(), limit }),
  data: page(callbackRowSchema),
})

export const ledgerRowSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  paymentId: z.number().int(),
  gatewayPaymentId: z.string(),
  /** late_charge, fee, interest, principal, extension_fee, overpayment. */
  component: z.string(),
  periodNo: z.number().int().nullable(),
  amount: centsSchema,
  at: isoString,
})

/** Finance: the ledger's entries of the payments received on the market's day, newest first. */
export const paymentsLedger = defineOpsCall({
  method: 'GET',
  path: '/ops-api/payments/ledger',
  roles: ['finance'],
  query: dayQuery.extend({ cursor: idCursor, limit }),
  data: page(ledgerRowSchema),
})

export const reconDaySchema = z.object({
  market,
  day: z.string(),
  /** The gateway's report as stored; null before it is fetched. */
  report: z.object({ fetchedAt: isoString, lineCount: z.number().int(), total: centsSchema, feeTotal: centsSchema }).nullable(),
  /** Our payments of the day through the gateway. */
  ours: z.object({ count: z.number().int(), total: centsSchema }),
  reconciledAt: isoString.nullable(),
  closedAt: isoString.nullable(),
  closedByEmail: z.string().nullable(),
  counts: z.object({
    open: z.number().int(),
    resolved: z.number().int(),
    awaitingRefund: z.number().int(),
    cleared: z.number().int(),
    pendingResolutions: z.number().int(),
  }),
  /** The day is over (its report can be fetched), not yet closed, and nothing is open. */
  canClose: z.boolean(),
})
export type ReconDayView = z.infer<typeof reconDaySchema>

/** Finance: the market's day at the desk: its report, our total, what is open, who closed it. */
export const reconDay = defineOpsCall({
  method: 'GET',
  path: '/ops-api/payments/recon-day',
  roles: ['finance'],
  query: dayQuery,
  data: z.object({ day: reconDaySchema }),
})

export const resolutionSchema = z.object({
  id: z.number().int(),
  kind: z.enum(RECON_RESOLUTION_KINDS),
  status: z.enum(RESOLUTION_STATUSES),
  orderNo: z.string().nullable(),
  note: z.string(),
  ...fourEyesFields,
  /** The payment an applied resolution made. */
  paymentId: z.number().int().nullable(),
})
export type ResolutionView = z.infer<typeof resolutionSchema>

export const differenceSchema = z.object({
  id: z.number().int(),
  market,
  day: z.string(),
  kind: z.enum(RECON_DIFFERENCE_KINDS),
  gatewayPaymentId: z.string(),
  accountNo: z.string(),
  orderNo: z.string().nullable(),
  amount: centsSchema,
  /** What our side says (the account's amount, the contract's fee); null when nothing is expected. */
  expected: centsSchema.nullable(),
  /** What arrived, or what the report says. */
  actual: centsSchema.nullable(),
  paidAt: isoString,
  status: z.enum(DIFFERENCE_STATUSES),
  /** The resolutions this kind allows (domain resolutionsFor). */
  allowed: z.array(z.enum(RECON_RESOLUTION_KINDS)),
  /** The latest resolution, pending or decided; null when none. */
  resolution: resolutionSchema.nullable(),
})
export type DifferenceView = z.infer<typeof differenceSchema>

/** Finance: the differences of the market's day, in the order found; `status` open or done (everything else). */
export const reconDifferences = defineOpsCall({
  method: 'GET',
  path: '/ops-api/payments/differences',
  roles: ['finance'],
  query: dayQuery.extend({ status: z.enum(['open', 'done']).optional(), cursor: idCursor, limit }),
  data: page(differenceSchema),
})

/** Finance: fetches the day's report (once) and reconciles the day again; a rerun adds no difference twice. */
export const reconRun = defineOpsCall({
  method: 'POST',
  path: '/ops-api/payments/reconcile',
  roles: ['finance'],
  body: dayQuery,
  data: z.object({ added: z.number().int(), cleared: z.number().int(), day: reconDaySchema }),
})

/** Finance (the maker): proposes how to resolve an open difference; one pending per difference. */
export const resolutionPropose = defineOpsCall({
  method: 'POST',
  path: '/ops-api/payments/resolution-propose',
  permission: 'reconResolution.request',
  body: z
    .object({
      differenceId: recordId,
      kind: z.enum(RECON_RESOLUTION_KINDS),
      /** apply_to_order: the order the money goes to (a missed callback's own order when absent). */
      orderNo: z.string().trim().regex(ORDER_NO).optional(),
      note: z.string().trim().max(MONEY_DESK_LIMITS.noteMax).regex(STORABLE_TEXT).default(''),
    })
    .refine((b) => b.kind !== 'gateway_error' || b.note.length > 0, { path: ['note'], message: 'a note is needed for a gateway error' }),
  data: z.object({ difference: differenceSchema }),
})


/** Finance (the checker, never the maker): carries the resolution out. */
export const resolutionConfirm = defineOpsCall({
  method: 'POST',
  path: '/ops-api/payments/resolution-confirm',
  permission: 'reconResolution.confirm',
  body: fourEyesDecisionBody,
  data: z.object({ difference: differenceSchema }),
})

/** Finance (either member): withdraws a pending resolution. */
export const resolutionCancel = defineOpsCall({
  method: 'POST',
  path: '/ops-api/payments/resolution-cancel',
  permission: 'reconResolution.cancel',
  body: fourEyesDecisionBody,
  data: z.object({ difference: differenceSchema }),
})

/** Finance: closes the day's books, refused while a difference is open. */
export const reconCloseDay = defineOpsCall({
  method: 'POST',
  path: '/ops-api/payments/close-day',
  roles: ['finance'],
  body: dayQuery,
  data: z.object({ day: reconDaySchema }),
})

/** A range of market-local days, at most MONEY_DESK_LIMITS.exportDaysMax long (the server checks the range). */
const exportQuery = z.object({ market: deskMarket, from: day, to: day })

/**
 * Finance: the ledger of a market's date range as CSV (text/csv, streamed; not the JSON envelope
 * unless refused): one line per entry, amounts in integer cents and formatted for the market.
 */
export const exportLedger = defineOpsCall({
  method: 'GET',
  path: '/ops-api/payments/export/ledger',
  roles: ['finance'],
  query: exportQuery,
  data: z.null(),
})

/** Finance: the reconciliation differences of a market's date range as CSV, with their resolutions. */
export const exportReconciliation = defineOpsCall({
  method: 'GET',
  path: '/ops-api/payments/export/reconciliation',
  roles: ['finance'],
  query: exportQuery,
  data: z.null(),
})

/** The money desk's calls, in the console's access matrix (ops-calls.ts). */
export const PAYMENTS_OPS_CALLS = [
  paymentsInbox,
  paymentsCallbacks,
  paymentsLedger,
  reconDay,
  reconDifferences,
  reconRun,
  resolutionPropose,
  resolutionConfirm,
  resolutionCancel,
  reconCloseDay,
  exportLedger,
  exportReconciliation,
] as const
