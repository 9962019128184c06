import type { FastifyInstance } from 'fastify'
import { payoutCancel, payoutConfirm, payoutQueue, payoutRequest } from '@kilat/contract'
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.js'
import type { PayoutProvider } from '../../adapters/payouts/payout-provider.js'
import type { ByMarket } from '../../adapters/providers/by-market.js'
import { registerCall } from '../../http/route.js'
import type { RepeatingPass } from '../../jobs/repeat.js'
import { adjustmentsRoutes } from './adjustments.routes.js'
import { cancelPayout, confirmPayout, payoutQueueOf, requestPayout, type PayoutDeskDeps } from './payouts.desk.js'
import { payoutRoutes } from './payouts.routes.js'
import { moneyDeskCalls } from './recon/recon.routes.js'
import { startReportJob } from './recon/report-job.js'

export interface MoneyDeskOptions {
  /** The money desk's clock (its days, resolutions, closes and four-eyes steps); tests move it. */
  now: () => Date
  /** The payment gateway of each market, the same the webhook takes callbacks from (repayment.routes.ts paymentGateways). */
  gateways: ByMarket<PaymentGateway>
  /** The payout provider of each market (docs/operations/going-live.md#providers-by-market), or one for all. */
  payouts: PayoutProvider | ByMarket<PayoutProvider>
}

/**
 * The money desk's calls and workers (docs/product/operations.md#money-desk, #disbursement,
 * docs/product/waivers-and-refunds.md#calls): the payout provider's webhook and the outbox's worker,
 * the payout desk, reconciliation with each market's daily report job, waivers and refunds.
 */
export async function moneyDeskRoutes(app: FastifyInstance, { now, gateways, payouts }: MoneyDeskOptions): Promise<void> {
  const outbox = await payoutRoutes(app, { payouts, now })
  const deps: PayoutDeskDeps = { db: app.db, now, payouts, kickPayouts: outbox.kick }
  registerCall(app, payoutQueue, ({ staff, query }) => payoutQueueOf(deps, staff, query))
  registerCall(app, payoutRequest, ({ req, staff, body }) => requestPayout(deps, staff, req.ip, body.orderNo))
  registerCall(app, payoutConfirm, ({ req, staff, body }) => confirmPayout(deps, staff, req.ip, body.requestId))
  registerCall(app, payoutCancel, ({ req, staff, body }) => cancelPayout(deps, staff, req.ip, body.requestId))

  moneyDeskCalls(app, gateways, now)
  // each market's report of its day before, once that day is over, and its reconciliation, on a
  // listening server every JOB_INTERVAL_SECONDS (0: never; tests run it themselves)
  const interval = app.config.JOB_INTERVAL_SECONDS
  if (interval > 0) {
    let reports: RepeatingPass | undefined
    app.addHook('onListen', async () => {
      reports = startReportJob(app.db, gateways, interval, app.log)
    })
    app.addHook('preClose', async () => {
      await reports?.stop()
    })
  }

  await adjustmentsRoutes(app, { now })
}
