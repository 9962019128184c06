import type { FastifyInstance } from 'fastify'
import { bindCard, cardBanks, repaymentCommit, repaymentConfirm, repaymentHuichao, repaymentWay } from '@kilat/contract'
import type { PaymentGateway } from '../../../adapters/payments/payment-gateway.js'
import { SANDBOX_GATEWAY } from '../../../adapters/payments/sandbox-gateway.js'
import type { ByMarket } from '../../../adapters/providers/by-market.js'
import { registerCall } from '../../../http/route.js'
import * as cards from './cards.service.js'
import { checkoutPage } from './checkout-page.js'

/** Card repay (docs/decisions/0012-payment-gateway.md#cards): the borrower's cards, commit, the SMS code, the hosted page. */
export function cardCalls(app: FastifyInstance, gateway: ByMarket<PaymentGateway>, kick: () => void): void {
  const deps: cards.CardDeps = { db: app.db, gateway, sms: app.sms, kick, secrets: app.secrets }

  registerCall(app, cardBanks, ({ borrower }) => cards.cardBanks(deps, borrower.market))
  registerCall(app, bindCard, ({ borrower, body }) => cards.bind(deps, borrower, body))
  registerCall(app, repaymentWay, ({ borrower, body }) => cards.way(deps, borrower, body.orderId))
  registerCall(app, repaymentCommit, ({ borrower, body }) => cards.commit(deps, borrower, body))
  registerCall(app, repaymentConfirm, ({ borrower, body }) => cards.confirm(deps, borrower, body))
  registerCall(app, repaymentHuichao, ({ borrower, body }) => cards.hosted(deps, borrower, body))

  // the sandbox's own page, as a real gateway serves its checkout on its own site
  if (gateway.named(SANDBOX_GATEWAY) && (app.config.DEMO_MODE || app.config.NODE_ENV === 'test')) checkoutPage(app, kick)
}
