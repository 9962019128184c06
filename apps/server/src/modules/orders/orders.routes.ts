import type { FastifyInstance } from 'fastify'
import { orderApprove, orderDashboard, orderReject, orderReviewQueue, orderScreen, orderSearch, payoutCancel, payoutConfirm, payoutQueue, payoutRequest } from '@kilat/contract'
import type { PayoutProvider } from '../../adapters/payouts/payout-provider.js'
import type { ByMarket } from '../../adapters/providers/by-market.js'
import { registerCall } from '../../http/route.js'
import { payoutRoutes } from './payouts.routes.js'
import {
  approveOrder,
  cancelPayout,
  confirmPayout,
  dashboardOf,
  orderScreenOf,
  payoutQueueOf,
  rejectOrder,
  requestPayout,
  reviewQueue,
  searchOrders,
  type DeskDeps,
} from './orders.desk.js'

/** The order desk's ops calls (docs/product/operations.md#loan-decisions). */
export async function ordersRoutes(app: FastifyInstance, { now, payouts }: { now: () => Date; payouts: PayoutProvider | ByMarket<PayoutProvider> }): Promise<void> {
  const outbox = await payoutRoutes(app, { payouts, now })
  const deps: DeskDeps = { db: app.db, now, payouts, kickPayouts: outbox.kick }

  registerCall(app, orderReviewQueue, ({ staff, query }) => reviewQueue(deps, staff, query))
  registerCall(app, orderApprove, ({ req, staff, body }) => approveOrder(deps, staff, req.ip, body.orderNo))
  registerCall(app, orderReject, ({ req, staff, body }) => rejectOrder(deps, staff, req.ip, body))
  registerCall(app, payoutQueue, ({ staff, query }) => payoutQueueOf(deps, staff, query))
  registerCall(app, payoutRequest, ({ req, staff, body }) => requestPayout(deps, staff, req.ip, body.orderNo))
  registerCall(app, payoutConfirm, ({ req, staff, body }) => confirmPayout(deps, staff, req.ip, body.requestId))
  registerCall(app, payoutCancel, ({ req, staff, body }) => cancelPayout(deps, staff, req.ip, body.requestId))
  registerCall(app, orderSearch, ({ staff, query }) => searchOrders(deps, staff, query))
  registerCall(app, orderScreen, ({ staff, query }) => orderScreenOf(deps, staff, query.orderNo))
  registerCall(app, orderDashboard, ({ staff, query }) => dashboardOf(deps, staff, query.market))
}
