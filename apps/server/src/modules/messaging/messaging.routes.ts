import type { FastifyInstance } from 'fastify'
import { CALLBACK_ROOTS, callbackPathOf } from '../../adapters/providers/providers.js'
import { MarketSmsSender, marketOfNumber } from '../../adapters/sms/market-sms-sender.js'
import { isTrackedSmsSender, type SmsSender, type TrackedSmsSender } from '../../adapters/sms/sms-sender.js'
import type { Db } from '../../db/client.js'
import { okEnvelope } from '../../http/envelope.js'
import { AppError } from '../../http/errors.js'
import * as repo from './messaging.repo.js'
import { smsTotal } from '../../telemetry/metrics.js'

/** Where a live SMS provider posts each message's delivery status: public, no session, one per provider. */
export const SMS_STATUS_PATH = CALLBACK_ROOTS.sms

const BODY_LIMIT = 16 * 1024

/**
 * Sends through each market's provider, and keeps what a live provider took
 * (docs/operations/going-live.md#sms-delivery): its id of the message, so that its delivery-status
 * callbacks find it. The sandbox's outbox keeps its own messages.
 */
export function recordingSender(sender: SmsSender, db: Db): SmsSender {
  return {
    async send(message) {
      const market = marketOfNumber(message.to)
      const target = market && sender instanceof MarketSmsSender ? sender.senders.of(market) : undefined
      // each message sent or failed, per provider and market (docs/operations/metrics.md#providers)
      const provider = (target ?? (sender as { name?: string })).name ?? 'sandbox'
      const count = (outcome: 'sent' | 'failed') => smsTotal.inc({ provider, market: market ?? 'none', outcome })
      const tracked = market && target && isTrackedSmsSender(target) ? target : undefined
      let sent
      try {
        sent = tracked ? await tracked.sendTracked(message) : await sender.send(message)
      } catch (error) {
        count('failed')
        throw error
      }
      count('sent')
      if (tracked && sent) await repo.recordSent(db, { provider: sent.provider, messageId: sent.messageId, purpose: message.purpose, market: market!, at: new Date() })
    },
  }
}

/** Each live provider's delivery-status webhook: verified from the raw body, refused 401 with nothing stored, 200 once applied. */
export async function messagingRoutes(app: FastifyInstance, { sms }: { sms: SmsSender }): Promise<void> {
  if (!(sms instanceof MarketSmsSender)) return
  const tracked = sms.senders
    .distinct()
    .map((d) => d.provider)
    .filter((p): p is TrackedSmsSender & { readonly name: string } => isTrackedSmsSender(p))
  if (tracked.length === 0) return
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body))
    for (const provider of tracked) {
      const path = callbackPathOf('sms', provider.name)
      if (path === null) continue
      scope.post(path, { config: { family: 'code0' }, bodyLimit: BODY_LIMIT }, async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        const verified = provider.verifyStatusCallback(raw, req.headers)
        if (!verified.ok) {
          req.log.warn({ reason: verified.reason }, 'sms status callback refused')
          if (verified.reason === 'malformed') throw new AppError('invalidRequest', { message: 'The callback body is not a delivery status.' })
          throw new AppError('sessionRequired', { message: 'The callback signature is missing or wrong.' })
        }
        const outcome = await repo.applyStatus(app.db, verified.event, new Date())
        if (!outcome.known) req.log.warn({ provider: provider.name, messageId: verified.event.messageId }, 'sms status for a message we did not send')
        reply.header('cache-control', 'no-store')
        return okEnvelope('code0', { applied: outcome.moved })
      })
    }
  })
}
