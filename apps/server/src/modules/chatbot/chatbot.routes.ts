import type { FastifyInstance } from 'fastify'
import { getQaList, qaRecord } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { borrowerOrderMarket } from '../orders/orders.service.js'
import { qaList, recordQa } from './chatbot.service.js'

/** The chatbot's knowledge base and what borrowers tell it (docs/product/complaints.md#chatbot). */
export async function chatbotRoutes(app: FastifyInstance): Promise<void> {
  // An order the chatbot is opened from is the borrower's own: anyone else's is not found.
  registerCall(app, getQaList, async ({ req, borrower, query }) => {
    if (query.orderNo) await borrowerOrderMarket(app.db, borrower.id, query.orderNo)
    return qaList(app.db, req.locale, query.pid)
  })

  registerCall(app, qaRecord, async ({ req, borrower, body }) => {
    if (body.orderNo) await borrowerOrderMarket(app.db, borrower.id, body.orderNo)
    return recordQa(app.db, borrower, req.locale, body)
  })
}
