import type { FastifyInstance } from 'fastify'
import { demoLastSms, demoOrders } from '@kilat/contract'
import { normalizeMobile } from '@kilat/domain'
import { latestOutboxMessage } from '../../adapters/sms/outbox-sms-sender.js'
import { borrowerOrderList, unsettledOrderNos } from '../orders/orders.service.js'
import { ownActiveProducts } from '../products/products.service.js'
import { AppError } from '../../http/errors.js'
import { registerCall } from '../../http/route.js'
import { payoutSandboxRoutes } from './payout-sandbox.routes.js'

/**
 * Demo mode only (app.ts does not register this otherwise): reads the SMS outbox back, so that
 * /testPreview can sign in without a phone and the browser tests can confirm a card repayment; and
 * switches the payout sandbox silent and back (payout-sandbox.routes.ts).
 */
export async function demoRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, demoLastSms, async ({ req, query }) => {
    const phone = normalizeMobile(query.phone, req.market)
    if (!phone) throw new AppError('phoneInvalid')
    const message = await latestOutboxMessage(app.db, phone, query.purpose)
    return {
      code: message?.body.match(/\b(\d{6})\b/)?.[1] ?? null,
      sentAt: message ? message.createdAt.toISOString() : null,
    }
  })

  // The borrower's orders by order number, and the first product of ours they could apply for now
  // (active, their market, no unsettled order of theirs), so every /testPreview link works.
  registerCall(app, demoOrders, async ({ borrower }) => {
    const [own, busy, offered] = await Promise.all([
      borrowerOrderList(app.db, borrower.id),
      unsettledOrderNos(app.db, borrower.id),
      ownActiveProducts(app.db, borrower.market),
    ])
    return { productId: offered.find((p) => !busy.has(p.id))?.id ?? null, orders: own }
  })

  await payoutSandboxRoutes(app)
}
