import type { AdjustmentView, DataOf, adjustmentQueue, orderAdjustments } from '@kilat/contract'
import {
  allocateWaiver,
  cents,
  isOrderStatus,
  isRepaying,
  owedOf,
  refundable,
  sumCents,
  totalOwed,
  waivable,
  type Allocation,
  type Cents,
  type Market,
  type WaiverComponent,
} from '@kilat/domain'
import type { Db, Executor, Tx } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import type { StaffPrincipal } from '../../http/types.js'
import { record } from '../audit/audit.service.js'
import { findDeskOrder, lockDeskOrder, periodsOf, writeRelief, type DeskOrder, type OrderPeriod } from '../orders/orders.service.js'
import type { CoolingOffRelease } from '../repayment/repayment.service.js'
import { checkFourEyes, fourEyesPeople, staffEmailsOf } from '../staff/staff.service.js'
import * as repo from './adjustments.repo.js'
import { queueRefundPayout } from './refund-payout.js'
import type { Adjustment, NewAdjustmentEntry } from './adjustments.schema.js'

/**
 * Waivers and refunds (docs/product/waivers-and-refunds.md, docs/decisions/0018-adjustments.md):
 * one finance member asks, another confirms, each step in the audit trail in its own transaction.
 * A waiver is new adjustment entries plus the order's waived figures, which domain owedOf reads, so
 * that what is owed follows at once everywhere; a waiver that leaves nothing owed settles the order
 * by the payment's own rule (domain paymentEvent). A refund pays back an overpayment through the
 * payout outbox (refund-payout.ts).
 */

export interface AdjustmentDeps {
  db: Db
  now: () => Date
}

/** The order by number in the staff member's markets; another market's is not found, as one that does not exist. */
async function orderInMarkets(db: Executor, staff: StaffPrincipal, orderNo: string): Promise<DeskOrder> {
  const found = await findDeskOrder(db, orderNo)
  if (!found || !staff.markets.includes(found.product.market)) throw new AppError('notFound')
  return found
}

/** Only our own orders being repaid owe anything a waiver could lower. */
function repaying(found: DeskOrder): boolean {
  return !found.product.isPartner && isOrderStatus(found.order.status) && isRepaying(found.order.status)
}

const owedOfOrder = (found: DeskOrder, periods: OrderPeriod[]) => owedOf(found.order, periods)

/** What the order allows now: the most each waiver or a refund may be. */
async function limitsOf(db: Executor, found: DeskOrder, periods: OrderPeriod[]): Promise<DataOf<typeof orderAdjustments>['limits']> {
  const owed = owedOfOrder(found, periods)
  const open = repaying(found)
  const { overpaid, refunded } = await repo.overpaidAndRefunded(db, found.order.id)
  return {
    lateChargesOwed: open ? waivable(owed, 'late_charge') : cents(0),
    interestOwed: open ? waivable(owed, 'interest') : cents(0),
    overpaid,
    refunded,
    refundable: refundable(overpaid, refunded),
    totalOwed: found.order.disbursedAt ? totalOwed(owed) : cents(0),
  }
}

function viewOf(row: Adjustment, orderNo: string, market: Market, emails: Map<number, string>): AdjustmentView {
  return {
    id: row.id,
    orderNo,
    market,
    kind: row.kind,
    component: row.component,
    amount: row.amount,
    note: row.note,
    status: row.status,
    ...fourEyesPeople('adjustment', row, emails),
  }
}

async function viewWithEmails(db: Executor, row: Adjustment, orderNo: string, market: Market): Promise<AdjustmentView> {
  return viewOf(row, orderNo, market, await staffEmailsOf(db, [row.requestedBy, row.decidedBy]))
}

/** docs/product/waivers-and-refunds.md#the-console: the order's adjustments, newest first, and its limits now. */
export async function orderAdjustmentsOf(deps: AdjustmentDeps, staff: StaffPrincipal, orderNo: string): Promise<DataOf<typeof orderAdjustments>> {
  const found = await orderInMarkets(deps.db, staff, orderNo)
  const [periods, rows] = await Promise.all([periodsOf(deps.db, found.order.id), repo.adjustmentsOfOrder(deps.db, found.order.id)])
  const emails = await staffEmailsOf(
    deps.db,
    rows.flatMap((r) => [r.requestedBy, r.decidedBy]),
  )
  return {
    orderNo: found.order.orderNo,
    market: found.product.market,
    status: found.order.status,
    productName: found.product.name,
    limits: await limitsOf(deps.db, found, periods),
    adjustments: rows.map((r) => viewOf(r, found.order.orderNo, found.product.market, emails)),
  }
}

/** docs/product/waivers-and-refunds.md#the-console: pending requests, oldest first, by key (the last row's id). */
export async function adjustmentQueueOf(
  deps: AdjustmentDeps,
  staff: StaffPrincipal,
  q: { market?: Market | undefined; cursor?: string | undefined; limit: number },
): Promise<DataOf<typeof adjustmentQueue>> {
  if (q.market !== undefined && !staff.markets.includes(q.market)) throw new AppError('staffForbidden')
  const markets = q.market === undefined ? staff.markets : [q.market]
  const rows = await repo.pendingPage(deps.db, markets, q.cursor === undefined ? undefined : Number(q.cursor), q.limit)
  const page = rows.slice(0, q.limit)
  const emails = await staffEmailsOf(
    deps.db,
    page.flatMap((r) => [r.adjustment.requestedBy, r.adjustment.decidedBy]),
  )
  const requests = await Promise.all(
    page.map(async (r) => {
      const found = (await findDeskOrder(deps.db, r.orderNo))!
      const limits = await limitsOf(deps.db, found, await periodsOf(deps.db, found.order.id))
      return { ...viewOf(r.adjustment, r.orderNo, r.market, emails), productName: r.productName, limits }
    }),
  )
  const last = page[page.length - 1]
  return { requests, nextCursor: rows.length > q.limit && last ? String(last.adjustment.id) : null }
}

/** The audit row of a step, about the order, in the step's transaction. */
function audit(tx: Tx, staff: StaffPrincipal, ip: string, now: Date, found: DeskOrder, action: string, before: unknown, after: unknown) {
  return record(tx, {
    staffId: staff.staffId,
    role: staff.role,
    action,
    recordType: 'order',
    recordId: found.order.orderNo,
    markets: [found.product.market],
    before,
    after,
    ip,
    at: now,
  })
}

const auditState = (row: Adjustment) => ({ adjustmentId: row.id, kind: row.kind, component: row.component, amount: row.amount, status: row.status })

interface WaiverInput {
  orderNo: string
  component: WaiverComponent
  amount: number
  note: string
}

/** The maker's step of a waiver: the amount within what is still owed of the component; one pending waiver per order. */
export async function requestWaiver(deps: AdjustmentDeps, staff: StaffPrincipal, ip: string, input: WaiverInput): Promise<{ adjustment: AdjustmentView }> {
  const found = await orderInMarkets(deps.db, staff, input.orderNo)
  const now = deps.now()
  const row = await deps.db.transaction(async (tx) => {
    const locked = (await lockDeskOrder(tx, found.order.id))!
    if (!repaying(locked)) throw new AppError('orderNotRepaying')
    const owed = owedOfOrder(locked, await periodsOf(tx, locked.order.id))
    if (input.amount > waivable(owed, input.component)) throw new AppError('waiverTooLarge')
    const row = await repo.insertRequest(tx, {
      orderKey: locked.order.id,
      kind: 'waiver',
      component: input.component,
      amount: cents(input.amount),
      note: input.note,
      requestedBy: staff.staffId,
      requestedAt: now,
    })
    if (!row) throw new AppError('adjustmentAlreadyRequested')
    await audit(tx, staff, ip, now, locked, 'adjustments.waiver-request', null, { ...auditState(row), note: row.note })
    return row
  })
  return { adjustment: await viewWithEmails(deps.db, row, found.order.orderNo, found.product.market) }
}

/** The maker's step of a refund: at most what was overpaid and not yet refunded; one pending refund per order. */
export async function requestRefund(deps: AdjustmentDeps, staff: StaffPrincipal, ip: string, input: { orderNo: string; amount: number; note: string }): Promise<{ adjustment: AdjustmentView }> {
  const found = await orderInMarkets(deps.db, staff, input.orderNo)
  const now = deps.now()
  const row = await deps.db.transaction(async (tx) => {
    const locked = (await lockDeskOrder(tx, found.order.id))!
    const { overpaid, refunded } = await repo.overpaidAndRefunded(tx, locked.order.id)
    if (input.amount > refundable(overpaid, refunded)) throw new AppError('refundTooLarge')
    const row = await repo.insertRequest(tx, {
      orderKey: locked.order.id,
      kind: 'refund',
      component: null,
      amount: cents(input.amount),
      note: input.note,
      requestedBy: staff.staffId,
      requestedAt: now,
    })
    if (!row) throw new AppError('adjustmentAlreadyRequested')
    await audit(tx, staff, ip, now, locked, 'adjustments.refund-request', null, { ...auditState(row), note: row.note })
    return row
  })
  return { adjustment: await viewWithEmails(deps.db, row, found.order.orderNo, found.product.market) }
}

/**
 * The request and its order, locked, in the staff member's markets (another market's is not
 * found). The order is locked first, as a payment locks it, so that a confirmation and a payment of
 * one order run one after the other on the figures the other left, and never deadlock.
 */
async function lockPending(tx: Tx, staff: StaffPrincipal, requestId: number): Promise<{ request: Adjustment; found: DeskOrder }> {
  const seen = await repo.adjustmentRow(tx, requestId)
  if (!seen || seen.adjustment.kind === 'cooling_off' || seen.adjustment.kind === 'refund_returned' || !staff.markets.includes(seen.market)) throw new AppError('notFound')
  const found = (await lockDeskOrder(tx, seen.adjustment.orderKey))!
  const request = (await repo.lockRequest(tx, requestId))!
  if (request.status !== 'pending') throw new AppError('adjustmentNotPending')
  return { request, found }
}

/**
 * A waiver's effect, with the order locked: checked again against what is owed now (a payment may
 * have come in since the request), shared over what is owed by domain allocateWaiver, written as
 * entries and as the order's and periods' waived figures; a period left owing nothing is paid, and
 * the order settles (or returns from overdue) by the payment's own rule.
 */
async function applyWaiver(tx: Tx, found: DeskOrder, request: Adjustment, staff: StaffPrincipal, now: Date): Promise<NewAdjustmentEntry[]> {
  if (!repaying(found)) throw new AppError('orderNotRepaying')
  const { order } = found
  const periods = await periodsOf(tx, order.id)
  const owed = owedOfOrder(found, periods)
  const allocation = allocateWaiver(owed, request.component!, request.amount)
  if (!allocation) throw new AppError('waiverTooLarge')
  await writeRelief(tx, found, periods, owed, allocation, now, { kind: 'staff', staffId: staff.staffId, reason: 'waiver' })
  return entriesOf(request.id, order.id, allocation)
}

/** Adjustment entries of a relief (a waiver or a cooling-off release): one per component that received something. */
export function entriesOf(adjustmentId: number, orderKey: number, relief: Allocation): NewAdjustmentEntry[] {
  const entries: NewAdjustmentEntry[] = [
    { adjustmentId, orderKey, component: 'late_charge', periodNo: null, amount: relief.lateCharges },
    { adjustmentId, orderKey, component: 'fee', periodNo: null, amount: relief.fees },
    ...relief.periods.map((p): NewAdjustmentEntry => ({ adjustmentId, orderKey, component: 'interest', periodNo: p.periodNo, amount: p.interest })),
  ]
  return entries.filter((e) => (e.amount ?? 0) > 0)
}

/**
 * India's cooling-off release (docs/product/money-rules.md#cooling-off), recorded for the payment
 * that ended the loan, in its transaction: a confirmed `cooling_off` adjustment with its entries.
 * Repayment applies the payment and lowers the order's figures; it hands the record here through
 * its port (modules/repayment/money-desk-port.ts), connected in app.ts.
 */
export async function recordCoolingOffRelease(tx: Tx, release: CoolingOffRelease): Promise<void> {
  await repo.insertConfirmed(
    tx,
    { orderKey: release.orderKey, kind: 'cooling_off', component: null, amount: release.amount, note: '', status: 'confirmed', requestedAt: release.at, decidedAt: release.at, paymentId: release.paymentId },
    entriesOf(0, release.orderKey, release.released).map(({ adjustmentId: _id, ...entry }) => entry),
  )
}

/**
 * The checker's step: another finance member confirms. The limit is checked again with the order
 * locked (two confirmations of two requests, or a payment in between, can never take it past
 * what is owed or refundable). Of two confirmations of one request, the second waits for the lock
 * and finds it handled.
 */
export async function confirmAdjustment(deps: AdjustmentDeps, staff: StaffPrincipal, ip: string, requestId: number): Promise<{ adjustment: AdjustmentView }> {
  const now = deps.now()
  const { closed, found } = await deps.db.transaction(async (tx) => {
    const { request, found } = await lockPending(tx, staff, requestId)
    checkFourEyes('adjustment', request, staff, 'confirm', now)
    let entries: NewAdjustmentEntry[]
    if (request.kind === 'waiver') {
      entries = await applyWaiver(tx, found, request, staff, now)
    } else {
      const { overpaid, refunded } = await repo.overpaidAndRefunded(tx, found.order.id)
      if (request.amount > refundable(overpaid, refunded)) throw new AppError('refundTooLarge')
      entries = [{ adjustmentId: request.id, orderKey: found.order.id, component: 'refund', periodNo: null, amount: request.amount }]
    }
    const closed = await repo.closeRequest(tx, request.id, { status: 'confirmed', decidedBy: staff.staffId, decidedAt: now })
    if (!closed) throw new AppError('adjustmentNotPending')
    await repo.insertEntries(tx, entries)
    if (sumCents(entries.map((e) => e.amount as Cents)) !== closed.amount) throw new Error(`adjustment ${closed.id}: entries do not sum to its amount`)
    if (closed.kind === 'refund') await queueRefundPayout(tx, { refundId: closed.id, orderKey: found.order.id, amount: closed.amount, market: found.product.market, requestedBy: closed.requestedBy!, confirmedBy: staff.staffId, at: now })
    await audit(tx, staff, ip, now, found, closed.kind === 'waiver' ? 'adjustments.waiver-confirm' : 'adjustments.refund-confirm', auditState(request), auditState(closed))
    return { closed, found }
  })
  return { adjustment: await viewWithEmails(deps.db, closed, found.order.orderNo, found.product.market) }
}

/**
 * A refund that a confirmed reconciliation resolution decided (docs/product/waivers-and-refunds.md#refunds):
 * the resolution's own four eyes stand for the refund's, so it is written confirmed at once, under
 * the same limit as any refund (what the order overpaid and has not had back, with the order
 * locked), with its entry, and handed to the payout outbox in the same transaction. Returns the
 * refund's id.
 */
export async function refundFromResolution(tx: Tx, input: { orderKey: number; amount: Cents; note: string; requestedBy: number; confirmedBy: number; at: Date }): Promise<number> {
  const found = await lockDeskOrder(tx, input.orderKey)
  if (!found) throw new AppError('notFound')
  const { overpaid, refunded } = await repo.overpaidAndRefunded(tx, input.orderKey)
  if (input.amount > refundable(overpaid, refunded)) throw new AppError('refundTooLarge')
  const row = await repo.insertConfirmed(
    tx,
    {
      orderKey: input.orderKey,
      kind: 'refund',
      component: null,
      amount: input.amount,
      note: input.note,
      requestedBy: input.requestedBy,
      requestedAt: input.at,
      status: 'confirmed',
      decidedBy: input.confirmedBy,
      decidedAt: input.at,
    },
    [{ orderKey: input.orderKey, component: 'refund', periodNo: null, amount: input.amount }],
  )
  await queueRefundPayout(tx, { refundId: row.id, orderKey: input.orderKey, amount: input.amount, market: found.product.market, requestedBy: input.requestedBy, confirmedBy: input.confirmedBy, at: input.at })
  return row.id
}

/** Either finance member withdraws a pending request; nothing else changes. */
export async function cancelAdjustment(deps: AdjustmentDeps, staff: StaffPrincipal, ip: string, requestId: number): Promise<{ adjustment: AdjustmentView }> {
  const now = deps.now()
  const { closed, found } = await deps.db.transaction(async (tx) => {
    const { request, found } = await lockPending(tx, staff, requestId)
    const closed = await repo.closeRequest(tx, request.id, { status: 'cancelled', decidedBy: staff.staffId, decidedAt: now })
    if (!closed) throw new AppError('adjustmentNotPending')
    await audit(tx, staff, ip, now, found, 'adjustments.cancel', auditState(request), auditState(closed))
    return { closed, found }
  })
  return { adjustment: await viewWithEmails(deps.db, closed, found.order.orderNo, found.product.market) }
}

