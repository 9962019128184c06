import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { demoLastSms, demoOrders } from '@kilat/contract'
import { normalizeMobile } from '@kilat/domain'
import { smsOutbox } from '../../adapters/sms/sms-outbox.schema.js'
import { UNSETTLED_STATUSES, orders } from '../orders/orders.schema.js'
import { products } from '../products/products.schema.js'
import { AppError } from '../../http/errors.js'
import { registerCall } from '../../http/route.js'

/**
 * Demo mode only (app.ts does not register this otherwise): reads the SMS outbox back, so that
 * /testPreview can sign in without a phone and the browser tests can confirm a card repayment.
 */
export async function demoRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, demoLastSms, async ({ req, query }) => {
    const phone = normalizeMobile(query.phone, req.market)
    if (!phone) throw new AppError('phoneInvalid')
    const [message] = await app.db
      .select({ body: smsOutbox.body, createdAt: smsOutbox.createdAt })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.toPhone, phone), eq(smsOutbox.purpose, query.purpose)))
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(1)
    return {
      code: message?.body.match(/\b(\d{6})\b/)?.[1] ?? null,
      sentAt: message ? message.createdAt.toISOString() : null,
    }
  })

  // The borrower's orders by order number, and the first product of ours they could apply for now
  // (active, their market, no unsettled order of theirs), so every /testPreview link works.
  registerCall(app, demoOrders, async ({ borrower }) => {
    const [own, busy, offered] = await Promise.all([
      app.db
        .select({ orderNo: orders.orderNo, productId: orders.productId, productName: products.name, status: orders.status })
        .from(orders)
        .innerJoin(products, eq(products.id, orders.productId))
        .where(eq(orders.borrowerId, borrower.id))
        .orderBy(asc(orders.orderNo)),
      app.db
        .select({ productId: orders.productId })
        .from(orders)
        .where(and(eq(orders.borrowerId, borrower.id), inArray(orders.status, UNSETTLED_STATUSES))),
      app.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.market, borrower.market), eq(products.status, 'active'), eq(products.isPartner, false)))
        .orderBy(asc(products.sort), asc(products.id)),
    ])
    const taken = new Set(busy.map((o) => o.productId))
    return { productId: offered.find((p) => !taken.has(p.id))?.id ?? null, orders: own }
  })
}
