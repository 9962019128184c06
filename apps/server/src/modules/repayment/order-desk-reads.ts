import { and, asc, desc, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { MARKET_INFO, type Cents, type Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { ledgerEntries, paymentAccounts, payments } from './repayment.schema.js'

/**
 * What the ops console's order screen reads of repayment (docs/product/operations.md#order-search-and-order-screen):
 * a borrower's repayments, an order's payments and ledger, a market's money received on a day; and
 * what the refunds read of the ledger (an order's overpayments).
 */

export interface RepaymentTotals {
  count: number
  sum: Cents
}

/** Payments received from each borrower, on any of their orders; a borrower without any is absent. */
export async function repaymentTotalsOf(db: Executor, borrowerIds: number[]): Promise<Map<number, RepaymentTotals>> {
  if (borrowerIds.length === 0) return new Map()
  const rows = await db
    .select({ borrowerId: payments.borrowerId, count: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .where(inArray(payments.borrowerId, [...new Set(borrowerIds)]))
    .groupBy(payments.borrowerId)
  return new Map(rows.map((r) => [r.borrowerId, { count: r.count, sum: Number(r.sum) as Cents }]))
}

export interface OrderPayment {
  id: number
  amount: Cents
  /** The repayment method's code ('BCA', 'SPEI', …). */
  method: string
  paidAt: Date
  gatewayPaymentId: string
}

/** The order's payments, newest first. `orderKey` is the order's database key. */
export function orderPaymentsOf(db: Executor, orderKey: number): Promise<OrderPayment[]> {
  return db
    .select({ id: payments.id, amount: payments.amount, method: paymentAccounts.method, paidAt: payments.receivedAt, gatewayPaymentId: payments.gatewayPaymentId })
    .from(payments)
    .innerJoin(paymentAccounts, eq(paymentAccounts.id, payments.paymentAccountId))
    .where(eq(payments.orderKey, orderKey))
    .orderBy(desc(payments.receivedAt), desc(payments.id))
}

export interface OrderLedgerLine {
  id: number
  kind: string
  amount: Cents
  periodNo: number | null
  at: Date
}

/** The order's ledger lines, oldest first: where each payment went. */
export function orderLedgerOf(db: Executor, orderKey: number): Promise<OrderLedgerLine[]> {
  return db
    .select({ id: ledgerEntries.id, kind: ledgerEntries.component, amount: ledgerEntries.amount, periodNo: ledgerEntries.periodNo, at: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.orderKey, orderKey))
    .orderBy(asc(ledgerEntries.id))
}

/** The instants of the market's local day, as bounds the database computes from the zone (an index on the time serves them). */
function inLocalDay(column: SQLWrapper, market: Market, day: string): SQL {
  const zone = MARKET_INFO[market].timeZone
  return sql`(${column} >= (${day}::date::timestamp at time zone ${zone}) and ${column} < ((${day}::date + 1)::timestamp at time zone ${zone}))`
}

/** Money received in the market on its local day `day` (yyyy-mm-dd). */
export async function repaymentsReceivedOn(db: Executor, market: Market, day: string): Promise<RepaymentTotals> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int`, sum: sql<string>`coalesce(sum(${payments.amount}), 0)::text` })
    .from(payments)
    .innerJoin(paymentAccounts, eq(paymentAccounts.id, payments.paymentAccountId))
    .where(and(eq(paymentAccounts.market, market), inLocalDay(payments.receivedAt, market, day)))
  return { count: row?.count ?? 0, sum: Number(row?.sum ?? 0) as Cents }
}

/** What the order's payments overpaid: their `overpayment` entries, kept to refund (docs/product/waivers-and-refunds.md#refunds). */
export async function overpaidOf(db: Executor, orderKey: number): Promise<Cents> {
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)::text` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.orderKey, orderKey), eq(ledgerEntries.component, 'overpayment')))
  return Number(row?.sum ?? 0) as Cents
}
