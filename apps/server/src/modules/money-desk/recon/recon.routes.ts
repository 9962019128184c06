import type { FastifyInstance } from 'fastify'
import {
  exportLedger,
  exportReconciliation,
  paymentsCallbacks,
  paymentsInbox,
  paymentsLedger,
  reconCloseDay,
  reconDay,
  reconDifferences,
  reconRun,
  resolutionCancel,
  resolutionConfirm,
  resolutionPropose,
} from '@kilat/contract'
import type { PaymentGateway } from '../../../adapters/payments/payment-gateway.js'
import type { ByMarket } from '../../../adapters/providers/by-market.js'
import { registerCall } from '../../../http/route.js'
import { callbacksOf, closeDay, differencesOf, inboxOf, ledgerOf, reconDayOf, runReconciliation, type MoneyDeskDeps } from './desk.js'
import { streamExport } from './export.js'
import { cancelResolution, confirmResolution, proposeResolution } from './resolutions.js'

/** The money desk's ops calls (docs/product/operations.md#money-desk). */
export function moneyDeskCalls(app: FastifyInstance, gateway: ByMarket<PaymentGateway>, now: () => Date): void {
  const deps: MoneyDeskDeps = { db: app.db, now, gateway }

  registerCall(app, paymentsInbox, ({ staff, query }) => inboxOf(deps, staff, query))
  registerCall(app, paymentsCallbacks, ({ staff, query }) => callbacksOf(deps, staff, query))
  registerCall(app, paymentsLedger, ({ staff, query }) => ledgerOf(deps, staff, query))
  registerCall(app, reconDay, ({ staff, query }) => reconDayOf(deps, staff, query))
  registerCall(app, reconDifferences, ({ staff, query }) => differencesOf(deps, staff, query))
  registerCall(app, reconRun, ({ req, staff, body }) => runReconciliation(deps, staff, req.ip, body))
  registerCall(app, resolutionPropose, ({ req, staff, body }) => proposeResolution(deps, staff, req.ip, body))
  registerCall(app, resolutionConfirm, ({ req, staff, body }) => confirmResolution(deps, staff, req.ip, body.requestId))
  registerCall(app, resolutionCancel, ({ req, staff, body }) => cancelResolution(deps, staff, req.ip, body.requestId))
  registerCall(app, reconCloseDay, ({ req, staff, body }) => closeDay(deps, staff, req.ip, body))
  registerCall(app, exportLedger, async ({ req, reply, staff, query }) => {
    await streamExport(app.db, staff, req.ip, 'ledger', query, reply, now())
    return null
  })
  registerCall(app, exportReconciliation, async ({ req, reply, staff, query }) => {
    await streamExport(app.db, staff, req.ip, 'reconciliation', query, reply, now())
    return null
  })
}
