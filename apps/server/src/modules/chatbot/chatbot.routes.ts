import type { FastifyInstance } from 'fastify'
import { getQaList, qaRecord } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { qaList, recordQa } from './chatbot.service.js'

/** The chatbot's knowledge base and what borrowers tell it (docs/product/complaints.md#chatbot). */
export async function chatbotRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, getQaList, ({ req, query }) => qaList(app.db, req.locale, query.pid))

  registerCall(app, qaRecord, ({ req, borrower, body }) => recordQa(app.db, borrower, req.locale, body))
}
