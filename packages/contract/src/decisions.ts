import { DECISION_BANDS, HARD_RULE_REASONS, type Locale } from '@kilat/domain'
import { z } from 'zod'
import type { RejectReason } from './orders.js'

/**
 * Instant decisions (docs/product/decisions.md): what a market's credit policy is made of, and the
 * reasons a decision gives, in the three languages, in this one place: the borrower's loan details
 * show a rejection's reason, the console shows every reason of a decision, the policy editor offers
 * them. The staff's calls are apart (decisions-ops.ts), so that a borrower screen never ships them.
 */

export { DECISION_BANDS }
export type { DecisionBand } from '@kilat/domain'

/**
 * Why a decision came out as it did. The hard rules' own (the domain's HARD_RULE_REASONS, which no
 * policy can turn off), then those a policy's rules may give.
 */
export const DECISION_REASONS = [
  ...HARD_RULE_REASONS,
  'amount_reduced',
  'identity_unverified',
  'identity_duplicate',
  'payout_account_missing',
  'payout_name_mismatch',
  'overdue_history',
  'recent_overdue',
  'too_many_applications',
  'linked_to_fraud',
  'new_borrower_limit',
  'collection_complaint',
  'outside_policy',
  'manual_check',
  'paused',
] as const
export type DecisionReason = (typeof DECISION_REASONS)[number]

/** The reasons a policy's rule may give: every one but the hard rules' and the switch's, which only the system gives. */
export const POLICY_REASONS = DECISION_REASONS.filter((r) => !(HARD_RULE_REASONS as readonly string[]).includes(r) && r !== 'amount_reduced' && r !== 'paused') as Exclude<
  DecisionReason,
  (typeof HARD_RULE_REASONS)[number] | 'amount_reduced' | 'paused'
>[]

/**
 * Each reason as a borrower reads it (India's Digital Lending Directions ask that a rejection says
 * why) and as staff read it. Plain words, no score, nothing of another person.
 */
export const DECISION_REASON_TEXTS: Readonly<Record<DecisionReason, Record<Locale, string>>> = {
  age_outside_limits: {
    id: 'Usia Anda di luar batas usia peminjam kami.',
    en: 'Your age is outside the ages we lend to.',
    es: 'Tu edad está fuera del rango de edad al que prestamos.',
  },
  identity_missing: {
    id: 'Identitas Anda belum kami terima.',
    en: 'We do not have your identity yet.',
    es: 'Aún no tenemos tu identificación.',
  },
  amount_outside_product: {
    id: 'Jumlah yang diajukan di luar batas produk ini.',
    en: 'The amount asked for is outside this product’s limits.',
    es: 'El monto solicitado está fuera de los límites de este producto.',
  },
  cost_above_cap: {
    id: 'Biaya pinjaman ini melebihi batas yang diizinkan.',
    en: 'The cost of this loan is above the legal limit.',
    es: 'El costo de este préstamo supera el límite legal.',
  },
  open_loan: {
    id: 'Anda masih memiliki pinjaman aktif untuk produk ini.',
    en: 'You still have a running loan of this product.',
    es: 'Todavía tienes un préstamo activo de este producto.',
  },
  cooling_off: {
    id: 'Pengajuan sebelumnya ditolak baru-baru ini. Silakan ajukan lagi setelah 7 hari.',
    en: 'An earlier application was declined recently. Please apply again after 7 days.',
    es: 'Una solicitud anterior fue rechazada hace poco. Vuelve a solicitar después de 7 días.',
  },
  amount_reduced: {
    id: 'Kami hanya dapat menawarkan jumlah yang lebih kecil.',
    en: 'We can only offer a smaller amount.',
    es: 'Solo podemos ofrecer un monto menor.',
  },
  identity_unverified: {
    id: 'Identitas Anda tidak dapat diverifikasi.',
    en: 'Your identity could not be verified.',
    es: 'No se pudo verificar tu identidad.',
  },
  identity_duplicate: {
    id: 'Identitas ini sudah terdaftar di akun lain.',
    en: 'This identity is already registered to another account.',
    es: 'Esta identificación ya está registrada en otra cuenta.',
  },
  payout_account_missing: {
    id: 'Anda belum menambahkan rekening pencairan.',
    en: 'You have not added an account to receive the loan.',
    es: 'No has agregado una cuenta para recibir el préstamo.',
  },
  payout_name_mismatch: {
    id: 'Nama pemilik rekening tidak sesuai dengan identitas Anda.',
    en: 'The account holder’s name does not match your identity.',
    es: 'El nombre del titular de la cuenta no coincide con tu identificación.',
  },
  overdue_history: {
    id: 'Riwayat pembayaran Anda memiliki keterlambatan yang panjang.',
    en: 'Your repayment history has long late payments.',
    es: 'Tu historial de pagos tiene atrasos largos.',
  },
  recent_overdue: {
    id: 'Anda terlambat membayar dalam 6 bulan terakhir.',
    en: 'You paid late in the last 6 months.',
    es: 'Pagaste con atraso en los últimos 6 meses.',
  },
  too_many_applications: {
    id: 'Terlalu banyak pengajuan dalam waktu singkat.',
    en: 'Too many applications in a short time.',
    es: 'Demasiadas solicitudes en poco tiempo.',
  },
  linked_to_fraud: {
    id: 'Data pengajuan ini terkait dengan akun yang kami tutup.',
    en: 'This application’s details are linked to an account we closed.',
    es: 'Los datos de esta solicitud están ligados a una cuenta que cerramos.',
  },
  new_borrower_limit: {
    id: 'Untuk peminjam baru, jumlahnya kami batasi.',
    en: 'For new borrowers we limit the amount.',
    es: 'Para clientes nuevos limitamos el monto.',
  },
  collection_complaint: {
    id: 'Ada pengaduan terbuka tentang penagihan yang sedang kami periksa.',
    en: 'An open complaint about collection is being looked into.',
    es: 'Hay una queja abierta sobre cobranza que estamos revisando.',
  },
  outside_policy: {
    id: 'Pengajuan ini di luar kebijakan pinjaman kami.',
    en: 'This application is outside our lending policy.',
    es: 'Esta solicitud está fuera de nuestra política de préstamos.',
  },
  manual_check: {
    id: 'Pengajuan Anda sedang diperiksa oleh tim kami.',
    en: 'Our team is checking your application.',
    es: 'Nuestro equipo está revisando tu solicitud.',
  },
  paused: {
    id: 'Pengajuan Anda sedang diperiksa oleh tim kami.',
    en: 'Our team is checking your application.',
    es: 'Nuestro equipo está revisando tu solicitud.',
  },
}

export const isDecisionReason = (value: unknown): value is DecisionReason => typeof value === 'string' && (DECISION_REASONS as readonly string[]).includes(value)

/**
 * What a policy's rules can look at: one object the orders and identity modules put together for
 * each application (docs/product/decisions.md#inputs). A field is a path in that object; numbers
 * are whole (amounts in cents), a value not known (no identity yet, no device id) is null.
 */
export const POLICY_INPUTS = [
  { field: 'application.amount', type: 'number' },
  { field: 'application.termDays', type: 'number' },
  { field: 'application.product', type: 'string' },
  { field: 'application.localHour', type: 'number' },
  { field: 'identity.age', type: 'number' },
  { field: 'identity.kycVerified', type: 'boolean' },
  { field: 'identity.duplicate', type: 'boolean' },
  { field: 'payoutAccount.nameCheck', type: 'string' },
  { field: 'record.loansTaken', type: 'number' },
  { field: 'record.loansSettled', type: 'number' },
  { field: 'record.maxDaysOverdueEver', type: 'number' },
  { field: 'record.maxDaysOverdue180d', type: 'number' },
  { field: 'record.extensions', type: 'number' },
  { field: 'record.waivers', type: 'number' },
  { field: 'record.openCollectionComplaints', type: 'number' },
  { field: 'record.waivers', type: 'number' },
  { field: 'record.openCollectionComplaints', type: 'number' },
  { field: 'velocity.phonePrefix24h', type: 'number' },
  { field: 'velocity.phonePrefix30d', type: 'number' },
  { field: 'velocity.account24h', type: 'number' },
  { field: 'velocity.account30d', type: 'number' },
  { field: 'velocity.device24h', type: 'number' },
  { field: 'velocity.device30d', type: 'number' },
  { field: 'links.fraudOrWrittenOff', type: 'boolean' },
] as const
export type PolicyInputField = (typeof POLICY_INPUTS)[number]['field']
export const POLICY_INPUT_FIELDS = POLICY_INPUTS.map((i) => i.field) as PolicyInputField[]

/** The payout account's name check as a rule sees it: `none` before any account. */
export const POLICY_NAME_CHECKS = ['none', 'pending', 'match', 'mismatch', 'unknownAccount', 'accepted', 'notAvailable'] as const

export const POLICY_LIMITS = {
  rules: 200,
  /** One condition: the engine's unary expression, `< 21`, `[1..3]`, `"match", "pending"`. */
  condition: 200,
  ruleId: 40,
  note: 500,
  /** The most a rule's maximum amount may be (cents). */
  amountMax: 100_000_000_000,
} as const

/** A condition: `<` and `>` are the engine's comparisons; control characters are never part of one. */
const ruleText = (max: number) => z.string().max(max).regex(/^\P{Cc}*$/u, 'no control characters')

/**
 * One row of a policy's decision table: a condition per input (empty or absent: any value), and
 * what the row answers when every condition holds. Every row that holds counts: the decision takes
 * the strictest band, the lowest amount and every reason.
 */
export const policyRuleSchema = z
  .object({
    id: z.string().min(1).max(POLICY_LIMITS.ruleId).regex(/^[A-Za-z0-9_-]+$/),
    /** Absent or empty: the row holds for every application. */
    when: z.partialRecord(z.enum(POLICY_INPUT_FIELDS as [PolicyInputField, ...PolicyInputField[]]), ruleText(POLICY_LIMITS.condition)).default({}),
    band: z.enum(DECISION_BANDS),
    reason: z.enum(POLICY_REASONS as [string, ...string[]]),
    /** The most this row lets be lent (cents); null when it does not limit the amount. */
    maxAmount: z.number().int().min(0).max(POLICY_LIMITS.amountMax).nullable(),
  })
  .strict()
export type PolicyRule = z.infer<typeof policyRuleSchema>

export const policyRulesSchema = z.array(policyRuleSchema).max(POLICY_LIMITS.rules)

/** Why a draft was refused (`policyInvalid`'s data): the row (from 0), the column, and the engine's words. */
export interface PolicyProblem {
  ruleIndex: number
  /** An input field, or `id` (two rows with one id). */
  field: string
  message: string
}

/**
 * What a borrower is told for each of the staff's rejection reasons (contract REJECT_REASONS, which
 * the order history keeps when a staff member rejects): one of the decision reasons, whose texts are
 * written for borrowers. The staff's words are for staff: a borrower is never told that fraud is
 * suspected (the general `outside_policy` instead), nor a judgement of their income or debts that no
 * rule of ours states; a duplicate application reads as too many applications, not as someone
 * else's identity. `import type` only: this module ships to borrower screens, orders.ts carries the
 * staff's calls (and never imports this module).
 */
export const BORROWER_REJECT_REASONS: Readonly<Record<RejectReason, DecisionReason>> = {
  identity_unverified: 'identity_unverified',
  income_insufficient: 'outside_policy',
  credit_history: 'overdue_history',
  existing_debt: 'outside_policy',
  fraud_suspected: 'outside_policy',
  duplicate_application: 'too_many_applications',
  outside_policy: 'outside_policy',
  other: 'outside_policy',
}

/** Decision reasons that never reject (a smaller amount, the team's check, the paused switch): no reason to show for a rejection. */
const NOT_REJECTING: ReadonlySet<DecisionReason> = new Set<DecisionReason>(['amount_reduced', 'manual_check', 'paused'])

/**
 * The reason a borrower reads for a rejected order (India's Digital Lending Directions: a rejection
 * says why), from the key its order history kept: a decision reason stays itself, a staff reason
 * maps (BORROWER_REJECT_REASONS). Anything else — no key (an order rejected before reasons were
 * kept), a key of neither list, or a decision reason that never rejects — is `outside_policy`, the
 * general reason that is true of every rejection: a rejected order always has a reason to show. Call
 * it only for a rejected order; any other order has none (null in loan details).
 */
export function borrowerRejectReason(key: string | null): DecisionReason {
  if (isDecisionReason(key)) return NOT_REJECTING.has(key) ? 'outside_policy' : key
  if (key !== null && Object.hasOwn(BORROWER_REJECT_REASONS, key)) return BORROWER_REJECT_REASONS[key as RejectReason]
  return 'outside_policy'
}
