import type { FastifyInstance } from 'fastify'
import { orderDashboard, orderReviewQueue, orderScreen } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { dashboardOf, orderScreenOf, reviewQueue, type OrderScreenDeps } from './order-screen.js'

/** The console's reads of orders across areas (docs/product/operations.md#review-queue, #order-search-and-order-screen, #dashboard). */
export async function orderScreenRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  const deps: OrderScreenDeps = { db: app.db, now }

  registerCall(app, orderReviewQueue, ({ staff, query }) => reviewQueue(deps, staff, query))
  registerCall(app, orderScreen, ({ staff, query }) => orderScreenOf(deps, staff, query.orderNo))
  registerCall(app, orderDashboard, ({ staff, query }) => dashboardOf(deps, staff, query.market))
}
