import type { FastifyInstance } from 'fastify'
import { adjustmentCancel, adjustmentConfirm, adjustmentQueue, orderAdjustments, refundRequest, waiverRequest } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { adjustmentQueueOf, cancelAdjustment, confirmAdjustment, orderAdjustmentsOf, requestRefund, requestWaiver, type AdjustmentDeps } from './adjustments.js'

/** Waivers and refunds' ops calls (docs/product/waivers-and-refunds.md#calls). */
export async function adjustmentsRoutes(app: FastifyInstance, { now }: { now: () => Date }): Promise<void> {
  const deps: AdjustmentDeps = { db: app.db, now }

  registerCall(app, orderAdjustments, ({ staff, query }) => orderAdjustmentsOf(deps, staff, query.orderNo))
  registerCall(app, adjustmentQueue, ({ staff, query }) => adjustmentQueueOf(deps, staff, query))
  registerCall(app, waiverRequest, ({ req, staff, body }) => requestWaiver(deps, staff, req.ip, body))
  registerCall(app, refundRequest, ({ req, staff, body }) => requestRefund(deps, staff, req.ip, body))
  registerCall(app, adjustmentConfirm, ({ req, staff, body }) => confirmAdjustment(deps, staff, req.ip, body.requestId))
  registerCall(app, adjustmentCancel, ({ req, staff, body }) => cancelAdjustment(deps, staff, req.ip, body.requestId))
}
