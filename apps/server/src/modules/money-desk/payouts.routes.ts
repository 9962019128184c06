import type { AddressInfo } from 'node:net'
import { callbackPathOf } from '../../adapters/providers/providers.js'
import type { FastifyInstance } from 'fastify'
import { startPayoutCallbackDeliverer } from '../../adapters/payouts/payout-callback-deliverer.js'
import type { PayoutProvider } from '../../adapters/payouts/payout-provider.js'
import { byMarket, type ByMarket } from '../../adapters/providers/by-market.js'
import { SANDBOX_PAYOUTS } from '../../adapters/payouts/sandbox-payouts.js'
import { okEnvelope } from '../../http/envelope.js'
import { AppError } from '../../http/errors.js'
import type { RepeatingPass } from '../../jobs/repeat.js'
import { countCallback } from '../../telemetry/callbacks.js'
import { annotateActiveSpan } from '../../telemetry/tracing.js'
import { receivePayoutCallback, startPayoutWorker } from './payouts.outbox.js'

/** Where the payout provider posts its callbacks: public, no session (docs/product/operations.md#the-payout-webhook). */
export const PAYOUT_CALLBACK_PATH = callbackPathOf('payouts', SANDBOX_PAYOUTS)

/** Each provider's own webhook: the sandbox's at the path above, a live provider's under it by name (`…/callback/xendit`). */
export function payoutCallbackPath(providerName: string): string {
  return callbackPathOf('payouts', providerName)
}

const CALLBACK_BODY_LIMIT = 64 * 1024

/**
 * The payout provider's webhook, and on a listening server the outbox's worker and (with the
 * sandbox) the delivery of the sandbox's callbacks, every JOB_INTERVAL_SECONDS (0: never; tests run
 * their passes themselves). Answers `kick`, which wakes the worker after a confirmation.
 */
export async function payoutRoutes(app: FastifyInstance, { payouts, now }: { payouts: PayoutProvider | ByMarket<PayoutProvider>; now: () => Date }): Promise<{ kick: () => void }> {
  const providers = byMarket(payouts)
  let worker: RepeatingPass | undefined
  let deliverer: RepeatingPass | undefined
  const interval = app.config.JOB_INTERVAL_SECONDS
  if (interval > 0) {
    app.addHook('onListen', async () => {
      worker = startPayoutWorker({ db: app.db, secrets: app.secrets, payouts, statusAfterSeconds: app.config.PAYOUT_STATUS_AFTER_SECONDS }, interval, app.log)
      const secret = app.config.PAYMENT_CALLBACK_SECRET
      if (providers.named(SANDBOX_PAYOUTS) && secret) {
        deliverer = startPayoutCallbackDeliverer({ db: app.db, secret, url: ownWebhookUrl(app) }, interval, app.log)
      }
    })
    app.addHook('preClose', async () => {
      await Promise.all([worker?.stop(), deliverer?.stop()])
    })
  }

  // The signature covers the bytes received: this route alone keeps the body as a Buffer.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT }, (_req, body, done) => done(null, body))
    for (const { provider: payouts } of providers.distinct()) {
      scope.post(payoutCallbackPath(payouts.name), { config: { family: 'code0' }, bodyLimit: CALLBACK_BODY_LIMIT }, async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        const read = payouts.verifyCallback(raw, req.headers)
        // a provider whose callbacks are not signed is asked back, with our own signed call, before anything is stored
        const verified = read.ok && payouts.confirmCallback ? await payouts.confirmCallback(read.event) : read
        if (!verified.ok) {
          countCallback(payouts.name, 'payout', 'refused')
          req.log.warn({ reason: verified.reason }, 'payout callback refused')
          if (verified.reason === 'malformed') throw new AppError('invalidRequest', { message: 'The callback body is not a payout result.' })
          throw new AppError('sessionRequired', { message: 'The callback signature is missing, wrong or out of date.' })
        }
        // the trace names the payout it belongs to (docs/operations/tracing.md)
        annotateActiveSpan({ 'kilat.provider': payouts.name, 'kilat.payout.id': verified.event.reference, 'kilat.payout.event_id': verified.event.eventId })
        // stored and applied in one transaction: answered 200 only once both are done
        const outcome = await receivePayoutCallback(app.db, payouts.name, verified.event, now())
        countCallback(payouts.name, 'payout', outcome.stored ? 'accepted' : 'refused')
        if (!outcome.stored) {
          req.log.error({ reference: verified.event.reference, eventId: verified.event.eventId, reason: outcome.reason }, 'payout callback for no payout of ours')
          throw new AppError('invalidRequest', { message: 'Unknown payout.' })
        }
        if (outcome.duplicate) req.log.info({ eventId: verified.event.eventId }, 'payout callback seen before')
        reply.header('cache-control', 'no-store')
        return okEnvelope('code0', { duplicate: outcome.duplicate })
      })
    }
  })

  return { kick: () => worker?.kick() }
}

/** This server's own payout webhook, at the address it listens on. */
function ownWebhookUrl(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null
  if (!address || typeof address === 'string') throw new Error('the server listens on no TCP address')
  const wildcard = address.address === '0.0.0.0' || address.address === '::'
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}${PAYOUT_CALLBACK_PATH}`
}
