import { ORDER_DESK_LIMITS, type OpsOrderSummary, type RejectReason } from '@kilat/contract'
import { ORDER_STATUS, maskPhone, normalizeMobile, type Market } from '@kilat/domain'
import type { Db, Executor } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import type { StaffPrincipal } from '../../http/types.js'
import * as desk from './orders.desk.repo.js'
import type { DeskOrder } from './orders.desk.repo.js'
import { decideOrder, type OrderActor } from './orders.lifecycle.js'

/**
 * The order desk of the ops console (docs/product/operations.md#loan-decisions): risk decides
 * submitted orders, every role finds an order. Every write records its audit row in its own
 * transaction; an order of a market the staff member does not work in is not found, as if it did
 * not exist. The desk's reads that gather other areas (the review queue's borrower records, the
 * order screen, the dashboard) are modules/order-screen's; the payout desk is modules/money-desk's
 * (docs/decisions/0026-money-desk-module.md).
 */

export interface DeskDeps {
  db: Db
  now: () => Date
}

/** Who acts, for the history and the audit trail. */
export const staffActor = (staff: StaffPrincipal, ip: string): OrderActor & { kind: 'staff' } => ({ kind: 'staff', staffId: staff.staffId, role: staff.role, ip })

/** The markets a list covers: the one asked for, if the staff member works in it, else all of theirs. */
export function marketsOf(staff: StaffPrincipal, market: Market | undefined): Market[] {
  if (market === undefined) return staff.markets
  if (!staff.markets.includes(market)) throw new AppError('staffForbidden')
  return [market]
}

/** The order by number, only in the staff member's markets: another market's is not found. */
export async function orderInMarkets(db: Executor, staff: StaffPrincipal, orderNo: string): Promise<DeskOrder> {
  const found = await desk.findDeskOrder(db, orderNo)
  if (!found || !staff.markets.includes(found.product.market)) throw new AppError('notFound')
  return found
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null)

export function summaryOf({ order, product, phone }: DeskOrder): OpsOrderSummary {
  return {
    orderNo: order.orderNo,
    market: product.market,
    status: order.status,
    productId: product.id,
    productName: product.name,
    amount: order.principal,
    received: order.received,
    totalRepay: order.totalRepay,
    termUnit: order.termUnit,
    termDays: order.termDays,
    periods: order.periods,
    phoneMasked: maskPhone(phone),
    appliedAt: order.appliedAt.toISOString(),
    decidedAt: iso(order.decidedAt),
    disbursedAt: iso(order.disbursedAt),
    dueAt: iso(order.dueAt),
  }
}

export interface PageQuery {
  market?: Market | undefined
  cursor?: string | undefined
  limit: number
}

/** One page of a queue and the cursor of the next (null on the last). */
export function paged(rows: DeskOrder[], limit: number, keyOf: (row: DeskOrder) => Date): { page: DeskOrder[]; nextCursor: string | null } {
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  return { page, nextCursor: rows.length > limit && last ? desk.cursorOf(keyOf(last), last.order.id) : null }
}

async function decide(deps: DeskDeps, staff: StaffPrincipal, ip: string, orderNo: string, decision: Parameters<typeof decideOrder>[2]): Promise<{ order: OpsOrderSummary }> {
  const found = await orderInMarkets(deps.db, staff, orderNo)
  // 21 is the only status a decision starts from: anything else was decided already
  if (found.order.status !== ORDER_STATUS.submitted) throw new AppError('orderAlreadyDecided')
  await deps.db.transaction(async (tx) => {
    // the guarded update: of two deciders at once, the second finds the order no longer submitted
    if (!(await decideOrder(tx, found, decision, deps.now(), staffActor(staff, ip)))) throw new AppError('orderAlreadyDecided')
  })
  return { order: summaryOf((await desk.findDeskOrder(deps.db, orderNo))!) }
}

/** docs/product/operations.md#loan-decisions: 21 → 151. */
export function approveOrder(deps: DeskDeps, staff: StaffPrincipal, ip: string, orderNo: string) {
  return decide(deps, staff, ip, orderNo, { event: 'approve' })
}

/** docs/product/operations.md#loan-decisions: 21 → 110, the reason and the text kept in the history and the audit row. */
export function rejectOrder(deps: DeskDeps, staff: StaffPrincipal, ip: string, input: { orderNo: string; reason: RejectReason; note: string }) {
  return decide(deps, staff, ip, input.orderNo, { event: 'reject', reason: input.reason, note: input.note || null })
}

const SEARCH_LIMIT = 50

/**
 * docs/product/operations.md#order-search-and-order-screen: the text is an order number, or a phone
 * read by the phone rules of each market searched (a local number means one thing in Indonesia and
 * another in Mexico); exact matches only.
 */
export async function searchOrders(deps: DeskDeps, staff: StaffPrincipal, q: { q: string; market?: Market | undefined }): Promise<{ orders: OpsOrderSummary[] }> {
  const markets = marketsOf(staff, q.market)
  const text = q.q.trim().slice(0, ORDER_DESK_LIMITS.searchMax)
  const phones = [...new Set(markets.map((m) => normalizeMobile(text, m)).filter((p): p is string => p !== null))]
  const orderNo = /^[A-Za-z0-9-]{1,32}$/.test(text) ? text : null
  const rows = await desk.searchOrders(deps.db, markets, orderNo, phones, SEARCH_LIMIT)
  return { orders: rows.map(summaryOf) }
}
