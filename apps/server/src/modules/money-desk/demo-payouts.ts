import type { DemoPayouts } from '../orders/orders.service.js'
import { movePayout } from './payouts.move.js'
import { noPayoutYetSql } from './payouts.repo.js'

/**
 * Demo mode's payouts, for the order job (modules/orders, orders.lifecycle.ts disburseOrders): the
 * system asks for and confirms an approved order's payout in one move of the payout table, into the
 * outbox, as a checker's confirmation would (docs/product/operations.md#payout-states). The job is
 * handed this object where it is started (server.ts), so that orders never imports the money desk
 * (docs/decisions/0026-money-desk-module.md).
 */
export const demoPayouts: DemoPayouts = {
  noPayoutYetSql,
  async queue(tx, order, now) {
    const request = await movePayout(
      tx,
      { event: 'queue', create: { orderKey: order.orderKey, amount: order.amount, requestedBy: null, requestedAt: now, decidedAt: now, nextAttemptAt: now } },
      { by: { kind: 'system' }, at: now, order: { orderNo: order.orderNo, market: order.market } },
    )
    return request !== undefined
  },
}
