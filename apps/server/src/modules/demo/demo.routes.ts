import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { demoLastSms } from '@kilat/contract'
import { normalizeMobile } from '@kilat/domain'
import { smsOutbox } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import { registerCall } from '../../http/route.js'

/**
 * Demo mode only (app.ts does not register this otherwise): reads the SMS outbox back, so that
 * /testPreview can sign in without a phone.
 */
export async function demoRoutes(app: FastifyInstance): Promise<void> {
  registerCall(app, demoLastSms, async ({ req, query }) => {
    const phone = normalizeMobile(query.phone, req.market)
    if (!phone) throw new AppError('phoneInvalid')
    const [message] = await app.db
      .select({ body: smsOutbox.body, createdAt: smsOutbox.createdAt })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.toPhone, phone), eq(smsOutbox.purpose, 'login')))
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(1)
    return {
      code: message?.body.match(/\b(\d{6})\b/)?.[1] ?? null,
      sentAt: message ? message.createdAt.toISOString() : null,
    }
  })
}
