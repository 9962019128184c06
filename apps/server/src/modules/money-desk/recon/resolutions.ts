import { and, desc, eq } from 'drizzle-orm'
import type { DifferenceView } from '@kilat/contract'
import { cents, resolutionAllowed, type ReconResolutionKind } from '@kilat/domain'
import type { Tx } from '../../../db/client.js'
import { checkFourEyes } from '../../staff/staff.service.js'
import { AppError } from '../../../http/errors.js'
import type { StaffPrincipal } from '../../../http/types.js'
import { record } from '../../audit/audit.service.js'
import { orderRefByKey, orderRefByNo } from '../../orders/orders.service.js'
import { applyPayment, paymentAccounts, payments } from '../../repayment/repayment.service.js'
import { reconDifferences, reconResolutions, unmatchedCallbacks, type ReconDifference, type ReconResolution } from '../reconciliation.schema.js'
import { differenceViews, type MoneyDeskDeps } from './desk.js'
import { requestRefundFromResolution } from './refund-bridge.js'

/**
 * Resolutions of reconciliation differences, with four eyes (docs/product/operations.md#resolutions):
 * one finance member proposes, another confirms, either may withdraw. At most one pending per
 * difference (a partial unique index decides between two at once). Confirming writes new rows only:
 * a payment and its ledger entries through applyPayment (the allocation every payment takes), a
 * refund request, or the resolution's own note; the difference's status follows.
 */

/** The difference, locked, of one of the caller's markets; another market's is not found. */
async function lockDifference(tx: Tx, staff: StaffPrincipal, id: number): Promise<ReconDifference> {
  const [row] = await tx.select().from(reconDifferences).where(eq(reconDifferences.id, id)).for('update')
  if (!row || !staff.markets.includes(row.market)) throw new AppError('notFound')
  return row
}

async function viewOf(tx: Tx, id: number): Promise<DifferenceView> {
  const [row] = await tx.select().from(reconDifferences).where(eq(reconDifferences.id, id))
  return (await differenceViews(tx, [row!]))[0]!
}

function audit(tx: Tx, staff: StaffPrincipal, ip: string, action: string, difference: ReconDifference, after: Record<string, unknown>, at: Date, before?: Record<string, unknown>) {
  return record(tx, {
    staffId: staff.staffId,
    role: staff.role,
    action,
    recordType: 'recon-difference',
    recordId: difference.id,
    markets: [difference.market],
    before,
    after,
    ip,
    at,
  })
}

export interface ProposeInput {
  differenceId: number
  kind: ReconResolutionKind
  orderNo?: string | undefined
  note: string
}

/** The maker's step. */
export async function proposeResolution(deps: MoneyDeskDeps, staff: StaffPrincipal, ip: string, input: ProposeInput): Promise<{ difference: DifferenceView }> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const difference = await lockDifference(tx, staff, input.differenceId)
    if (difference.status !== 'open') throw new AppError('reconDifferenceNotOpen')
    if (!resolutionAllowed(difference.kind, input.kind)) throw new AppError('reconResolutionNotAllowed', { data: { fields: ['kind'] } })
    let orderKey: number | null = null
    if (input.kind === 'apply_to_order') {
      if (input.orderNo) {
        const order = await orderRefByNo(tx, input.orderNo)
        // the money stays in its market: an order of another market is none of this difference's
        if (!order || order.market !== difference.market) throw new AppError('notFound', { data: { fields: ['orderNo'] } })
        orderKey = order.orderKey
      } else if (difference.orderKey !== null) {
        orderKey = difference.orderKey
      } else {
        throw new AppError('invalidRequest', { data: { fields: ['orderNo'] } })
      }
    }
    const [row] = await tx
      .insert(reconResolutions)
      .values({ differenceId: difference.id, kind: input.kind, orderKey, note: input.note, proposedBy: staff.staffId, proposedAt: now })
      .onConflictDoNothing()
      .returning()
    if (!row) throw new AppError('reconResolutionPending')
    await audit(tx, staff, ip, 'payments.resolution-propose', difference, { resolutionId: row.id, kind: row.kind, orderKey, note: row.note, amount: difference.amount }, now)
    return { difference: await viewOf(tx, difference.id) }
  })
}

async function lockPending(tx: Tx, staff: StaffPrincipal, resolutionId: number): Promise<{ resolution: ReconResolution; difference: ReconDifference }> {
  const [resolution] = await tx.select().from(reconResolutions).where(eq(reconResolutions.id, resolutionId)).for('update')
  if (!resolution) throw new AppError('notFound')
  const difference = await lockDifference(tx, staff, resolution.differenceId)
  if (resolution.status !== 'pending') throw new AppError('reconResolutionNotPending')
  return { resolution, difference }
}

/** The method the money came by: the callback's, or the account's for a payment the report alone lists. */
async function methodOf(tx: Tx, difference: ReconDifference): Promise<string> {
  const [callback] = await tx
    .select({ method: unmatchedCallbacks.method })
    .from(unmatchedCallbacks)
    .where(and(eq(unmatchedCallbacks.gateway, difference.gateway), eq(unmatchedCallbacks.gatewayPaymentId, difference.gatewayPaymentId)))
  if (callback) return callback.method
  const [account] = await tx
    .select({ method: paymentAccounts.method })
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.gateway, difference.gateway), eq(paymentAccounts.accountNo, difference.accountNo)))
    .orderBy(desc(paymentAccounts.id))
    .limit(1)
  return account?.method ?? 'RECONCILIATION'
}

/**
 * The money of an unknown account or a missed callback becomes a payment on the chosen order: the
 * order's own account with that number when it has one, else an account recorded for the purpose
 * (already paid: it takes no other money), then applyPayment, exactly as the inbox applies a callback.
 */
async function applyToOrder(tx: Tx, difference: ReconDifference, resolution: ReconResolution, now: Date): Promise<number> {
  const orderKey = resolution.orderKey!
  const [existing] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.gateway, difference.gateway), eq(payments.gatewayPaymentId, difference.gatewayPaymentId)))
  if (existing) throw new AppError('reconPaymentExists')
  const [own] = await tx
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.gateway, difference.gateway), eq(paymentAccounts.accountNo, difference.accountNo), eq(paymentAccounts.orderKey, orderKey)))
    .orderBy(desc(paymentAccounts.id))
    .limit(1)
  let account = own
  if (!account) {
    const order = await orderRefByKey(tx, orderKey)
    if (!order) throw new AppError('notFound')
    ;[account] = await tx
      .insert(paymentAccounts)
      .values({
        borrowerId: order.borrowerId,
        orderKey,
        purpose: 'repay',
        method: await methodOf(tx, difference),
        accountKind: 'reconciliation',
        accountNo: difference.accountNo,
        amount: difference.amount,
        market: difference.market,
        gateway: difference.gateway,
        gatewayRef: `recon_${resolution.id}`,
        expiresAt: difference.paidAt,
        status: 'paid',
        paidAt: difference.paidAt,
      })
      .returning()
  }
  const outcome = await applyPayment(
    tx,
    difference.gateway,
    {
      gatewayPaymentId: difference.gatewayPaymentId,
      accountNo: account!.accountNo,
      externalId: String(account!.id),
      amount: cents(difference.amount),
      paidAt: difference.paidAt,
      method: account!.method,
      raw: { reconciliation: { differenceId: difference.id, resolutionId: resolution.id } },
    },
    now,
  )
  if (outcome.duplicate) throw new AppError('reconPaymentExists')
  return outcome.paymentId
}

/** The checker's step: carries the resolution out. */
export async function confirmResolution(deps: MoneyDeskDeps, staff: StaffPrincipal, ip: string, resolutionId: number): Promise<{ difference: DifferenceView }> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const { resolution, difference } = await lockPending(tx, staff, resolutionId)
    checkFourEyes('reconResolution', { requestedBy: resolution.proposedBy, requestedAt: resolution.proposedAt }, staff, 'confirm', now)
    let paymentId: number | null = null
    let status: 'confirmed' | 'awaiting_refund' = 'confirmed'
    if (resolution.kind === 'apply_to_order') {
      paymentId = await applyToOrder(tx, difference, resolution, now)
    } else if (resolution.kind === 'refund') {
      const queued = await requestRefundFromResolution(tx, {
        resolutionId: resolution.id,
        differenceId: difference.id,
        market: difference.market,
        orderKey: difference.orderKey,
        paymentId: difference.paymentId,
        gateway: difference.gateway,
        gatewayPaymentId: difference.gatewayPaymentId,
        accountNo: difference.accountNo,
        amount: cents(difference.amount),
        confirmedBy: staff.staffId,
        proposedBy: resolution.proposedBy,
        note: resolution.note,
        at: now,
      })
      if (!queued) status = 'awaiting_refund'
    }
    await tx
      .update(reconResolutions)
      .set({ status, decidedBy: staff.staffId, decidedAt: now, paymentId })
      .where(and(eq(reconResolutions.id, resolution.id), eq(reconResolutions.status, 'pending')))
    await tx
      .update(reconDifferences)
      .set({ status: status === 'awaiting_refund' ? 'awaiting_refund' : 'resolved' })
      .where(eq(reconDifferences.id, difference.id))
    await audit(
      tx,
      staff,
      ip,
      'payments.resolution-confirm',
      difference,
      { resolutionId: resolution.id, kind: resolution.kind, status, paymentId, orderKey: resolution.orderKey, amount: difference.amount },
      now,
      { resolutionId: resolution.id, status: resolution.status, differenceStatus: difference.status },
    )
    return { difference: await viewOf(tx, difference.id) }
  })
}

/** Either member withdraws a pending resolution; the difference stays open for another. */
export async function cancelResolution(deps: MoneyDeskDeps, staff: StaffPrincipal, ip: string, resolutionId: number): Promise<{ difference: DifferenceView }> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const { resolution, difference } = await lockPending(tx, staff, resolutionId)
    await tx.update(reconResolutions).set({ status: 'cancelled', decidedBy: staff.staffId, decidedAt: now }).where(eq(reconResolutions.id, resolution.id))
    await audit(tx, staff, ip, 'payments.resolution-cancel', difference, { resolutionId: resolution.id, status: 'cancelled' }, now, { resolutionId: resolution.id, status: resolution.status })
    return { difference: await viewOf(tx, difference.id) }
  })
}
