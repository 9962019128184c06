import type { DataOf, OpsOrderSummary, PayoutRequestView, payoutQueue } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'
import type { PayoutProvider } from '../../adapters/payouts/payout-provider.js'
import { providerOf, type ByMarket } from '../../adapters/providers/by-market.js'
import type { Db, Tx } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import type { StaffPrincipal } from '../../http/types.js'
import { payoutReadinessOf } from '../kyc/kyc.service.js'
import { deskMarketsOf, deskOrderInMarkets, deskQueuePage, findDeskOrder, iso, lockDeskOrder, orderColumns, pagedDeskOrders, summaryOf, type DeskPageQuery } from '../orders/orders.service.js'
import { checkFourEyes, fourEyesPeople, staffEmailsOf } from '../staff/staff.service.js'
import { movePayout, type PayoutMover } from './payouts.move.js'
import * as payoutsRepo from './payouts.repo.js'
import type { PayoutRequest } from './payouts.schema.js'

/**
 * The payout desk of the ops console (docs/product/operations.md#disbursement): finance pays
 * approved orders out with four eyes, one member asks and another confirms, each step with its audit
 * row in its own transaction; an order of a market the staff member does not work in is not found.
 * Confirming writes the outbox's instruction (payouts.outbox.ts); the provider is not called here.
 */

export interface PayoutDeskDeps {
  db: Db
  now: () => Date
  /** The payout provider of each market (docs/operations/going-live.md#providers-by-market), or one for all. */
  payouts: PayoutProvider | ByMarket<PayoutProvider>
  /** Wakes the payout outbox's worker after a confirmation (a listening server's; tests run passes themselves). */
  kickPayouts?: () => void
}

/** The staff member as a payout's mover (payouts.move.ts). */
const staffMover = (staff: StaffPrincipal, ip: string): PayoutMover => ({ kind: 'staff', staffId: staff.staffId, role: staff.role, ip })

export function payoutView(row: PayoutRequest, orderNo: string, emails: Map<number, string>): PayoutRequestView {
  return {
    id: row.id,
    orderNo,
    status: row.status,
    purpose: row.purpose,
    amount: row.amount,
    ...fourEyesPeople('payout', row, emails),
    providerRef: row.providerRef,
    failureReason: row.failureReason,
    attempts: row.attempts,
    acceptedAt: iso(row.acceptedAt),
    completedAt: iso(row.completedAt),
  }
}

async function payoutViewOf(db: Db, row: PayoutRequest, orderNo: string): Promise<PayoutRequestView> {
  return payoutView(row, orderNo, await staffEmailsOf(db, [row.requestedBy, row.decidedBy]))
}

/** docs/product/operations.md#disbursement: approved orders, oldest decision first, each with its latest request. */
export async function payoutQueueOf(deps: PayoutDeskDeps, staff: StaffPrincipal, q: DeskPageQuery): Promise<DataOf<typeof payoutQueue>> {
  const rows = await deskQueuePage(deps.db, ORDER_STATUS.approved, deskMarketsOf(staff, q.market), orderColumns.decidedAt, q.cursor, q.limit)
  const { page, nextCursor } = pagedDeskOrders(rows, q.limit, (r) => r.order.decidedAt!)
  const requests = await payoutsRepo.payoutRequestsOf(
    deps.db,
    page.map((r) => r.order.id),
  )
  const emails = await staffEmailsOf(
    deps.db,
    requests.flatMap((r) => [r.requestedBy, r.decidedBy]),
  )
  return {
    orders: page.map((r) => {
      const latest = requests.find((p) => p.orderKey === r.order.id)
      return { ...summaryOf(r), payout: latest ? payoutView(latest, r.order.orderNo, emails) : null }
    }),
    nextCursor,
  }
}

/** The maker's step: a pending request for an approved order; one pending request per order. */
export async function requestPayout(deps: PayoutDeskDeps, staff: StaffPrincipal, ip: string, orderNo: string): Promise<{ payout: PayoutRequestView }> {
  const found = await deskOrderInMarkets(deps.db, staff, orderNo)
  const now = deps.now()
  const created = await deps.db.transaction(async (tx) => {
    const locked = await lockDeskOrder(tx, found.order.id)
    if (!locked || locked.order.status !== ORDER_STATUS.approved) throw new AppError('orderNotApproved')
    // a loan goes only to the borrower's own account: one whose holder's name did not pass is refused
    // here (none at all: a live provider refuses it, and finance reads why)
    const account = await payoutReadinessOf(tx, locked.order.borrowerId)
    if (account && !account.payable) throw new AppError('payoutAccountNotPayable')
    const row = await movePayout(
      tx,
      { event: 'request', create: { orderKey: locked.order.id, amount: locked.order.received, requestedBy: staff.staffId, requestedAt: now } },
      { by: staffMover(staff, ip), at: now, order: { orderNo, market: found.product.market } },
    )
    if (!row) {
      // one open request per order: waiting for its checker, or on its way to the borrower
      const open = await payoutsRepo.openPayoutOf(tx, locked.order.id)
      throw new AppError(open && open.status !== 'pending' ? 'payoutInFlight' : 'payoutAlreadyRequested')
    }
    return row
  })
  return { payout: await payoutViewOf(deps.db, created, orderNo) }
}

/** A request and its order, both locked, in the staff member's markets; another market's is not found. */
async function lockRequest(tx: Tx, staff: StaffPrincipal, requestId: number) {
  const request = await payoutsRepo.lockPayout(tx, requestId)
  const found = request ? await lockDeskOrder(tx, request.orderKey) : undefined
  if (!request || !found || !staff.markets.includes(found.product.market)) throw new AppError('notFound')
  if (request.status !== 'pending') throw new AppError('payoutNotPending')
  return { request, found }
}

/**
 * The checker's step (docs/product/operations.md#disbursement): another finance member confirms,
 * which writes the payout's instruction to the outbox (`confirmed`, due now) in the same
 * transaction as the decision and answers at once; the provider is not called here. The worker
 * (payouts.outbox.ts) sends it; the order is paid out, its due dates counted from then, when the
 * provider reports the payout completed.
 */
export async function confirmPayout(
  deps: PayoutDeskDeps,
  staff: StaffPrincipal,
  ip: string,
  requestId: number,
): Promise<{ payout: PayoutRequestView; order: OpsOrderSummary }> {
  const now = deps.now()
  const { closed, orderNo } = await deps.db.transaction(async (tx) => {
    const { request, found } = await lockRequest(tx, staff, requestId)
    checkFourEyes('payout', request, staff, 'confirm', now)
    if (found.order.status !== ORDER_STATUS.approved) throw new AppError('orderNotApproved')
    const closed = await movePayout(
      tx,
      { event: 'confirm', id: request.id, changes: { decidedBy: staff.staffId, decidedAt: now, provider: providerOf(deps.payouts, found.product.market).name, nextAttemptAt: now } },
      { by: staffMover(staff, ip), at: now, order: { orderNo: found.order.orderNo, market: found.product.market } },
    )
    if (!closed) throw new AppError('payoutNotPending')
    return { closed, orderNo: found.order.orderNo }
  })
  deps.kickPayouts?.()
  return { payout: await payoutViewOf(deps.db, closed, orderNo), order: summaryOf((await findDeskOrder(deps.db, orderNo))!) }
}

/** Either finance member withdraws a pending request. */
export async function cancelPayout(deps: PayoutDeskDeps, staff: StaffPrincipal, ip: string, requestId: number): Promise<{ payout: PayoutRequestView }> {
  const now = deps.now()
  const { closed, orderNo } = await deps.db.transaction(async (tx) => {
    const { request, found } = await lockRequest(tx, staff, requestId)
    const closed = await movePayout(
      tx,
      { event: 'cancel', id: request.id, changes: { decidedBy: staff.staffId, decidedAt: now } },
      { by: staffMover(staff, ip), at: now, order: { orderNo: found.order.orderNo, market: found.product.market } },
    )
    if (!closed) throw new AppError('payoutNotPending')
    return { closed, orderNo: found.order.orderNo }
  })
  return { payout: await payoutViewOf(deps.db, closed, orderNo) }
}
