import { randomInt } from 'node:crypto'
import {
  INDIA_LATE_CHARGES,
  ORDER_STATUS,
  accruedPenalty,
  cents,
  daysOverdue,
  isOverdue,
  isOverdueStatus,
  isSettled,
  lateChargePlan,
  lateChargeTermsOf,
  loanTermsOf,
  localDate,
  minCents,
  productProblem,
  quoteLoan,
  sumCents,
  type LateChargeTerms,
  type Locale,
  type Market,
  type OrderStatus,
  type ProductProblem,
} from '@kilat/domain'
import { hashToken, newSessionToken } from '../http/sessions.js'
import { catalogueChanged } from './catalogue-version.js'
import type { Executor } from './client.js'
import { logoUrl } from './logo-url.js'
import { productFields } from './product-fields.js'
import { borrowers, sessions, type Borrower } from '../modules/auth/auth.schema.js'
import { orderPeriods, orders, type NewOrder, type NewOrderPeriod, type Order, type OrderPeriod, type PeriodStatus } from '../modules/orders/orders.schema.js'
import { products, type NewProduct, type Product } from '../modules/products/products.schema.js'

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

/** A session of the borrower, stored as a sign-in stores it (only the token's SHA-256). */
export async function createSession(db: Executor, borrowerId: number, options: { ttlDays: number; token?: string }): Promise<{ token: string; sessionId: number }> {
  const token = options.token ?? newSessionToken()
  const expiresAt = new Date(Date.now() + options.ttlDays * 86_400_000)
  const [row] = await db.insert(sessions).values({ tokenHash: hashToken(token), borrowerId, expiresAt }).returning({ id: sessions.id })
  if (!row) throw new Error('session insert returned no row')
  return { token, sessionId: row.id }
}

const L = (id: string, en: string, es: string) => ({ id, en, es })

/**
 * Late charges a product of each market starts with (docs/product/money-rules.md#late-charges).
 * India: the lender's terms text. Indonesia: 0,1 % a day of the outstanding principal and no
 * one-time fee, the most the caps of agreements signed from 2026 allow. Mexico: the product's own,
 * a fixed fee once ($150, $120 for a repeat client), then 0,5 % a day moratory interest. Everywhere
 * at most 100 % (of the principal in Indonesia, of the unpaid amount elsewhere).
 */
export function defaultLateCharges(market: Market): LateChargeTerms {
  if (market === 'IN') return INDIA_LATE_CHARGES
  if (market === 'MX') return { feeNew: cents(150_00), feeRepeat: cents(120_00), tiers: [{ fromDay: 1, dailyBps: 50 }], capBps: 10_000 }
  return { feeNew: cents(0), feeRepeat: cents(0), tiers: [{ fromDay: 1, dailyBps: 10 }], capBps: 10_000 }
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
    periodOptions: [],
    periodDays,
    // within Indonesia's 0,1 % a day all-in over a 91-day term: 7 × 91 + 150 = 787 bp ≤ 910 bp
    dailyRateBps: 7,
    adminFeeBps: 150,
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

/** A product the domain would refuse (docs/product/money-rules.md#caps): the seed and tests never store one. */
export class ProductProblemError extends Error {
  override name = 'ProductProblemError'
  constructor(
    readonly code: string,
    readonly problem: ProductProblem,
  ) {
    super(`product ${code}: ${problem.kind === 'invalid' ? problem.message : `above the caps: ${JSON.stringify(problem.breaches)}`}`)
  }
}

/** Throws unless the product could be offered on `now`'s date in its market (domain productProblem). */
export function assertProductFits(values: NewProduct, now: Date): void {
  const problem = productProblem(productFields(values), localDate(now, values.market))
  if (problem) throw new ProductProblemError(values.code, problem)
}

let productSeq = 0

/**
 * A product checked as the catalogue checks one (domain productProblem on today's caps), then
 * inserted: tests never run on a product the server would refuse.
 */
export async function createProduct(db: Executor, overrides: Partial<NewProduct> = {}, now = new Date()): Promise<Product> {
  productSeq += 1
  const code = overrides.code ?? `test-${Date.now().toString(36)}-${productSeq}-${randomInt(0, 1e6)}`
  const values = buildProduct({ name: `Produk Uji ${productSeq}`, ...overrides, code })
  assertProductFits(values, now)
  const [row] = await db.insert(products).values(values).returning()
  if (!row) throw new Error('product insert returned no row')
  catalogueChanged()
  return row
}

export interface OrderSpec {
  orderNo: string
  borrowerId: number
  product: Pick<
    Product,
    | 'id' | 'market' | 'termUnit' | 'termDays' | 'periods' | 'periodDays' | 'dailyRateBps' | 'adminFeeBps'
    | 'lateFeeNew' | 'lateFeeRepeat' | 'lateTiers' | 'lateCapBps' | 'isPartner'
  > & { lineageId?: number | null }
  status: OrderStatus
  principal: number
  /** Installment products: the count the borrower chose (the product's own by default). */
  periods?: number
  /** Reference time the other dates are relative to. */
  now?: Date
  isDelay?: boolean
  /** Installment loans: how many periods are paid (defaults to those already due). */
  paidPeriods?: number
  /** Overdue orders: whole local days past the (last) due date. */
  overdueDays?: number
  /** Overdue orders: penalty in cents (defaults to what the order job would have charged by now). */
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

/** An order and its schedule with amounts and dates that agree with its status. */
export function buildOrder(spec: OrderSpec): { order: NewOrder; periods: Array<Omit<NewOrderPeriod, 'orderKey'>> } {
  const product = spec.product
  const market = product.market
  const terms = loanTermsOf(product, spec.periods)
  const quote = quoteLoan(cents(spec.principal), terms)
  const t = timeline(spec, quote.termDays)
  const now = spec.now ?? new Date()
  const late = lateChargeTermsOf(product)
  const status = spec.status
  const base: NewOrder = {
    orderNo: spec.orderNo,
    borrowerId: spec.borrowerId,
    productId: product.id,
    productLineageId: product.lineageId ?? null,
    status,
    principal: quote.principal,
    fee: quote.fee,
    received: quote.received,
    interest: quote.interest,
    totalRepay: quote.totalRepay,
    paid: cents(0),
    penalty: cents(0),
    termUnit: terms.termUnit,
    termDays: quote.termDays,
    periods: terms.periods,
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
  const settled = isSettled(status)
  const overdue = isOverdueStatus(status)
  // By default a repaying borrower is up to date; an overdue one has paid nothing yet.
  const paidCount = settled
    ? planned.length
    : (spec.paidPeriods ?? (overdue ? 0 : planned.filter((p) => p.dueAt.getTime() <= now.getTime()).length))
  const periods = planned.map((p, i) => {
    const paid = i < paidCount
    const periodStatus: PeriodStatus = paid ? 'paid' : isOverdue(p.dueAt, now, market) ? 'overdue' : 'unpaid'
    return {
      periodNo: p.periodNo,
      dueAt: p.dueAt,
      principal: p.principal,
      interest: p.interest,
      total: p.total,
      paid: paid ? p.total : cents(0),
      status: periodStatus,
      paidAt: paid ? new Date(Math.min(p.dueAt.getTime() - 2 * DAY_MS, now.getTime())) : null,
    }
  })
  const paid = sumCents(periods.map((p) => p.paid))
  const lastDue = planned[planned.length - 1]!.dueAt
  // What the order job would have charged by now: our overdue orders only, every whole local day.
  const charged = status === ORDER_STATUS.overdue
  let penalty = cents(0)
  if (charged) {
    const pastDue = periods.filter((p) => p.paid < p.total && isOverdue(p.dueAt, now, market))
    const { base: chargedOn, rules } = lateChargePlan({
      market,
      signedOn: localDate(t.applied, market),
      partner: product.isPartner,
      principal: quote.principal,
      cost: quote.totalCost,
      unpaid: sumCents(pastDue.map((p) => cents(p.total - p.paid))),
      unpaidPrincipal: sumCents(pastDue.map((p) => minCents(p.principal, cents(p.total - p.paid)))),
      terms: late,
      repeatClient: spec.repeatClient ?? false,
    })
    const days = pastDue[0] ? daysOverdue(pastDue[0].dueAt, now, market) : 0
    penalty = spec.penalty !== undefined ? cents(spec.penalty) : accruedPenalty(days, chargedOn, rules)
  }
  return {
    order: {
      ...base,
      paid,
      penalty,
      penaltyAccruedThrough: charged ? localDate(now, market) : null,
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
        .values(built.periods.map((p) => ({ ...p, orderKey: order!.id })))
        .returning()
    : []
  return { order: order!, periods }
}
