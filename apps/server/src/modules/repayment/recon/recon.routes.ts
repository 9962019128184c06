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
import { registerCall, type CallOptions } from '../../../http/route.js'
import { callbacksOf, closeDay, differencesOf, inboxOf, ledgerOf, reconDayOf, runReconciliation, type MoneyDeskDeps } from './desk.js'
import { streamExport } from './export.js'
import { cancelResolution, confirmResolution, proposeResolution } from './resolutions.js'

/** The money desk's ops calls (docs/product/operations.md#money-desk). */
export function moneyDeskCalls(app: FastifyInstance, gateway: ByMarket<PaymentGateway>, now: () => Date): void {
  const deps: MoneyDeskDeps = { db: app.db, now, gateway }
  // a market the server does not know is bad input, 400 with the field (docs/product/operations.md#calls)
  const desk: CallOptions = { unknownMarket: 'invalid' }

  registerCall(app, paymentsInbox, ({ staff, query }) => inboxOf(deps, staff, query), desk)
  registerCall(app, paymentsCallbacks, ({ staff, query }) => callbacksOf(deps, staff, query), desk)
  registerCall(app, paymentsLedger, ({ staff, query }) => ledgerOf(deps, staff, query), desk)
  registerCall(app, reconDay, ({ staff, query }) => reconDayOf(deps, staff, query), desk)
  registerCall(app, reconDifferences, ({ staff, query }) => differencesOf(deps, staff, query), desk)
  registerCall(app, reconRun, ({ req, staff, body }) => runReconciliation(deps, staff, req.ip, body), desk)
  registerCall(app, resolutionPropose, ({ req, staff, body }) => proposeResolution(deps, staff, req.ip, body), desk)
  registerCall(app, resolutionConfirm, ({ req, staff, body }) => confirmResolution(deps, staff, req.ip, body.resolutionId), desk)
  registerCall(app, resolutionCancel, ({ req, staff, body }) => cancelResolution(deps, staff, req.ip, body.resolutionId), desk)
  registerCall(app, reconCloseDay, ({ req, staff, body }) => closeDay(deps, staff, req.ip, body), desk)
  registerCall(app, exportLedger, async ({ req, reply, staff, query }) => {
    await streamExport(app.db, staff, req.ip, 'ledger', query, reply, now())
    return null
  }, desk)
  registerCall(app, exportReconciliation, async ({ req, reply, staff, query }) => {
    await streamExport(app.db, staff, req.ip, 'reconciliation', query, reply, now())
    return null
  }, desk)
}
