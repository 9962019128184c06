import { randomInt } from 'node:crypto'
import {
  ORDER_STATUS,
  accruedPenalty,
  cents,
  localDate,
  penaltyRulesFor,
  quoteLoan,
  termsPenaltyRules,
  type LateChargeTerms,
  type LoanTerms,
  type Locale,
  type Market,
  type OrderStatus,
} from '@kilat/domain'
import { createSession } from '../http/sessions.js'
import { logoUrl } from '../modules/media/media.routes.js'
import { createProduct as createCheckedProduct, lateChargesOf } from '../modules/products/products.service.js'
import type { Executor } from './client.js'
import {
  borrowers,
  orderPeriods,
  orders,
  type Borrower,
  type NewOrder,
  type NewProduct,
  type Order,
  type OrderPeriod,
  type PeriodStatus,
  type Product,
} from './schema.js'

/**
 * Rows for tests and the demo seed. `build*` functions are pure (the seed inserts their rows
 * idempotently); `create*` functions insert and return what they inserted.
 */

const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000

const MARKET_LOCALE: Record<Market, Locale> = { ID: 'id', IN: 'en', MX: 'es' }

/** A valid Indonesian mobile number nobody else in the test database has (with high probability). */
export function randomPhone(market: Market = 'ID'): string {
  const digits = (n: number) => Array.from({ length: n }, () => randomInt(0, 10)).join('')
  if (market === 'IN') return `+919${digits(9)}`
  if (market === 'MX') return `+5255${digits(8)}`
  return `+62812${digits(8)}`
}

export async function createBorrower(
  db: Executor,
  values: { phone?: string; market?: Market; name?: string | null; locale?: Locale } = {},
): Promise<Borrower> {
  const market = values.market ?? 'ID'
  const [row] = await db
    .insert(borrowers)
    .values({
      phone: values.phone ?? randomPhone(market),
      market,
      name: values.name ?? null,
      locale: values.locale ?? MARKET_LOCALE[market],
    })
    .returning()
  return row!
}

/** A borrower with a live session; `token` is what a client sends as `tok`. */
export async function createBorrowerWithSession(
  db: Executor,
  values: Parameters<typeof createBorrower>[1] & { ttlDays?: number } = {},
): Promise<{ borrower: Borrower; token: string; sessionId: number }> {
  const borrower = await createBorrower(db, values)
  const { token, sessionId } = await createSession(db, borrower.id, { ttlDays: values.ttlDays ?? 30 })
  return { borrower, token, sessionId }
}

export { createSession }

const L = (id: string, en: string, es: string) => ({ id, en, es })

/**
 * Late charges a product of each market starts with. India: the terms text (spec.md section 9:
 * Rs.1,000 / Rs.800 once, then 5 % / 4 % / 2 % a day). Indonesia: Rp 50.000 / Rp 40.000 once, then
 * 0,3 % a day, the ceiling Indonesian lenders work to; Mexico: $150 / $120 once, then 0,5 % a day.
 * Everywhere the charges stop at 100 % of the unpaid amount.
 */
export function defaultLateCharges(market: Market): LateChargeTerms {
  if (market === 'IN') {
    const terms = termsPenaltyRules(false)
    return { feeNew: terms.oneTimeFee, feeRepeat: termsPenaltyRules(true).oneTimeFee, tiers: terms.tiers, capBps: terms.capBps }
  }
  if (market === 'MX') return { feeNew: cents(150_00), feeRepeat: cents(120_00), tiers: [{ fromDay: 1, dailyBps: 50 }], capBps: 10_000 }
  return { feeNew: cents(50_000_00), feeRepeat: cents(40_000_00), tiers: [{ fromDay: 1, dailyBps: 30 }], capBps: 10_000 }
}

export function buildProduct(overrides: Partial<NewProduct> & { code: string; name: string }): NewProduct {
  const termUnit = overrides.termUnit ?? 'day'
  const periods = overrides.periods ?? (termUnit === 'day' ? 1 : 4)
  const periodDays = overrides.periodDays ?? (termUnit === 'day' ? (overrides.termDays ?? 91) : 30)
  const late = defaultLateCharges(overrides.market ?? 'ID')
  return {
    market: 'ID',
    logoUrl: logoUrl(overrides.code),
    minAmount: cents(100_000_000),
    maxAmount: cents(500_000_000),
    amountStep: cents(50_000_000),
    termUnit,
    termDays: termUnit === 'day' ? periodDays : periods * periodDays,
    periods,
    periodDays,
    dailyRateBps: 10,
    adminFeeBps: 300,
    extensionFee: cents(0),
    tags: { id: ['Cepat cair'], en: ['Fast payout'], es: ['Pago rápido'] },
    buttonText: L('Ajukan', 'Apply', 'Solicitar'),
    description: L('Pinjaman tunai cepat.', 'Quick cash loan.', 'Préstamo rápido en efectivo.'),
    status: 'active',
    isPartner: false,
    partnerUrl: null,
    sort: 0,
    lateFeeNew: late.feeNew,
    lateFeeRepeat: late.feeRepeat,
    lateTiers: [...late.tiers],
    lateCapBps: late.capBps,
    ...overrides,
  }
}

let productSeq = 0

/** A product through the products service, so its checks (the Indonesian cost cap) apply to tests too. */
export async function createProduct(db: Executor, overrides: Partial<NewProduct> = {}): Promise<Product> {
  productSeq += 1
  const code = overrides.code ?? `test-${Date.now().toString(36)}-${productSeq}-${randomInt(0, 1e6)}`
  return createCheckedProduct(db, buildProduct({ name: `Produk Uji ${productSeq}`, ...overrides, code }))
}

export interface OrderSpec {
  orderNo: string
  borrowerId: number
  product: Pick<
    Product,
    | 'id' | 'market' | 'termUnit' | 'termDays' | 'periods' | 'periodDays' | 'dailyRateBps' | 'adminFeeBps'
    | 'lateFeeNew' | 'lateFeeRepeat' | 'lateTiers' | 'lateCapBps'
  >
  status: OrderStatus
  principal: number
  /** Reference time the other dates are relative to. */
  now?: Date
  isDelay?: boolean
  /** Installment loans: how many periods are paid (defaults to those already due). */
  paidPeriods?: number
  /** Overdue orders: days past the due date. */
  overdueDays?: number
  /** Overdue orders: penalty in cents (defaults to the product's late charges for the days overdue). */
  penalty?: number
  /** Whose one-time late fee applies (the terms text's repeat client had settled a loan before). */
  repeatClient?: boolean
  /** Left to staff: the automatic decision and payout skip it. */
  manualReview?: boolean
}

/** A status's story in dates: when the order was applied for, decided, disbursed and due. */
function timeline(spec: OrderSpec, termDays: number) {
  const now = (spec.now ?? new Date()).getTime()
  const at = (ms: number) => new Date(ms)
  switch (spec.status) {
    case ORDER_STATUS.submitted:
      return { applied: at(now - 2 * HOUR_MS) }
    case ORDER_STATUS.approved:
      return { applied: at(now - 26 * HOUR_MS), decided: at(now - 20 * HOUR_MS) }
    case ORDER_STATUS.rejected:
      return { applied: at(now - 12 * DAY_MS), decided: at(now - 12 * DAY_MS + 3 * HOUR_MS) }
    case ORDER_STATUS.repayingInstallments:
      // far enough into the schedule that some periods are due and paid
      return disbursedAgo(now, Math.floor(termDays / 2) + 5)
    case ORDER_STATUS.due:
    case ORDER_STATUS.partnerRepaying:
      return disbursedAgo(now, termDays - 5)
    case ORDER_STATUS.overdue:
    case ORDER_STATUS.partnerOverdue:
      return disbursedAgo(now, termDays + (spec.overdueDays ?? 3))
    case ORDER_STATUS.settled:
    case ORDER_STATUS.partnerSettled:
      return disbursedAgo(now, termDays + 30)
  }
}

function disbursedAgo(now: number, days: number) {
  const disbursed = now - days * DAY_MS
  return { applied: new Date(disbursed - 26 * HOUR_MS), decided: new Date(disbursed - 22 * HOUR_MS), disbursed: new Date(disbursed) }
}

const isSettled = (s: OrderStatus) => s === ORDER_STATUS.settled || s === ORDER_STATUS.partnerSettled
const isOverdue = (s: OrderStatus) => s === ORDER_STATUS.overdue || s === ORDER_STATUS.partnerOverdue

/** An order and its schedule with amounts and dates that agree with its status. */
export function buildOrder(spec: OrderSpec): { order: NewOrder; periods: Array<Omit<OrderPeriod, 'orderId'>> } {
  const terms: LoanTerms = spec.product
  const quote = quoteLoan(cents(spec.principal), terms)
  const t = timeline(spec, quote.termDays)
  const now = spec.now ?? new Date()
  const late = lateChargesOf(spec.product)
  const base: NewOrder = {
    orderNo: spec.orderNo,
    borrowerId: spec.borrowerId,
    productId: spec.product.id,
    status: spec.status,
    principal: quote.principal,
    fee: quote.fee,
    received: quote.received,
    interest: quote.interest,
    totalRepay: quote.totalRepay,
    paid: cents(0),
    penalty: cents(0),
    termUnit: terms.termUnit,
    termDays: quote.termDays,
    periods: terms.termUnit === 'day' ? 1 : terms.periods,
    dailyRateBps: terms.dailyRateBps,
    isDelay: spec.isDelay ?? false,
    lateFeeNew: late.feeNew,
    lateFeeRepeat: late.feeRepeat,
    lateTiers: [...late.tiers],
    lateCapBps: late.capBps,
    manualReview: spec.manualReview ?? false,
    appliedAt: t.applied,
    decidedAt: 'decided' in t ? t.decided : null,
    disbursedAt: null,
    dueAt: null,
    settledAt: null,
    createdAt: t.applied,
    updatedAt: now,
  }
  if (!('disbursed' in t)) return { order: base, periods: [] }

  const disbursed = t.disbursed.getTime()
  const planned = quote.installments.map((p) => ({ ...p, dueAt: new Date(disbursed + p.dueDay * DAY_MS) }))
  const settled = isSettled(spec.status)
  // By default a repaying borrower is up to date; an overdue one has paid nothing yet.
  const paidCount = settled
    ? planned.length
    : (spec.paidPeriods ??
      (isOverdue(spec.status) ? 0 : planned.filter((p) => p.dueAt.getTime() <= now.getTime()).length))
  const periods = planned.map((p, i) => {
    const paid = i < paidCount
    const status: PeriodStatus = paid ? 'paid' : p.dueAt.getTime() < now.getTime() ? 'overdue' : 'unpaid'
    return {
      periodNo: p.periodNo,
      dueAt: p.dueAt,
      principal: p.principal,
      interest: p.interest,
      total: p.total,
      paid: paid ? p.total : cents(0),
      status,
      paidAt: paid ? new Date(Math.min(p.dueAt.getTime() - 2 * DAY_MS, now.getTime())) : null,
    }
  })
  const paid = cents(periods.reduce((sum, p) => sum + p.paid, 0))
  // As the order job would have charged them: one day's charge per calendar day overdue, through today.
  const overdue = isOverdue(spec.status)
  const rules = penaltyRulesFor(late, spec.repeatClient ?? false)
  const penalty = overdue
    ? (spec.penalty !== undefined ? cents(spec.penalty) : accruedPenalty(spec.overdueDays ?? 3, cents(quote.totalRepay - paid), rules))
    : cents(0)
  const lastDue = planned[planned.length - 1]!.dueAt
  return {
    order: {
      ...base,
      paid,
      penalty,
      penaltyAccruedThrough: overdue ? localDate(now, terms.market) : null,
      disbursedAt: t.disbursed,
      dueAt: lastDue,
      settledAt: settled ? new Date(lastDue.getTime() - 2 * DAY_MS) : null,
    },
    periods,
  }
}

let orderSeq = 0

/** Order numbers of test orders: `T` and digits, so they never meet the demo's `K` numbers. */
export function nextTestOrderNo(): string {
  orderSeq += 1
  return `T${Date.now()}${String(orderSeq).padStart(4, '0')}${randomInt(0, 100)}`
}

export async function createOrder(
  db: Executor,
  spec: Omit<OrderSpec, 'orderNo' | 'principal'> & { orderNo?: string; principal?: number },
): Promise<{ order: Order; periods: OrderPeriod[] }> {
  const built = buildOrder({ ...spec, orderNo: spec.orderNo ?? nextTestOrderNo(), principal: spec.principal ?? 200_000_000 })
  const [order] = await db.insert(orders).values(built.order).returning()
  const periods = built.periods.length
    ? await db
        .insert(orderPeriods)
        .values(built.periods.map((p) => ({ ...p, orderId: order!.id })))
        .returning()
    : []
  return { order: order!, periods }
}
