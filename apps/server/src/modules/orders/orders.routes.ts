import type { FastifyInstance } from 'fastify'
import { orderApprove, orderReject, orderSearch } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { approveOrder, rejectOrder, searchOrders, type DeskDeps } from './orders.desk.js'

/**
 * The order desk's ops calls (docs/product/operations.md#loan-decisions): decisions and search. The
 * review queue, the order screen and the dashboard are modules/order-screen's; the payout desk is
 * modules/money-desk's.
 */
export async function ordersRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  const deps: DeskDeps = { db: app.db, now }

  registerCall(app, orderApprove, ({ req, staff, body }) => approveOrder(deps, staff, req.ip, body.orderNo))
  registerCall(app, orderReject, ({ req, staff, body }) => rejectOrder(deps, staff, req.ip, body))
  registerCall(app, orderSearch, ({ staff, query }) => searchOrders(deps, staff, query))
}
