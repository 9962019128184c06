import { randomUUID } from 'node:crypto'
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify'
import cookie from '@fastify/cookie'
import compress from '@fastify/compress'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod'
import type { PaymentGateway } from './adapters/payments/payment-gateway.js'
import type { PayoutProvider } from './adapters/payouts/payout-provider.js'
import type { ByMarket } from './adapters/providers/by-market.js'
import { SandboxPayouts } from './adapters/payouts/sandbox-payouts.js'
import { OutboxSmsSender } from './adapters/sms/outbox-sms-sender.js'
import type { SmsSender } from './adapters/sms/sms-sender.js'
import { defaultStorage } from './adapters/storage/default-storage.js'
import type { FileStorage } from './adapters/storage/file-storage.js'
import { requireSecrets, type Config } from './config.js'
import type { Database } from './db/client.js'
import { BROTLI_PARAMS, COMPRESS_THRESHOLD } from './http/compression.js'
import { installErrorHandlers } from './http/error-handler.js'
import { registerOpenApi } from './http/openapi/openapi.js'
import { loggerOptions, OneLinePerRequest } from './http/logging.js'
import { requestContext } from './http/request-context.js'
import { installSecurityHeaders } from './http/security-headers.js'
import { SESSION_CACHE_MS, SESSION_COOKIE, SessionCache, setSessionCookie } from './http/sessions.js'
import './http/types.js'
import { authRoutes } from './modules/auth/auth.routes.js'
import { sessionStore } from './modules/auth/auth.service.js'
import { chatbotRoutes } from './modules/chatbot/chatbot.routes.js'
import { complaintsRoutes } from './modules/complaints/complaints.routes.js'
import { demoRoutes } from './modules/demo/demo.routes.js'
import { newOrderRoutes } from './modules/demo/new-order.routes.js'
import { healthRoutes } from './modules/health/health.routes.js'
import { lifecyclePlugin } from './modules/health/shutdown.js'
import { loansRoutes } from './modules/loans/loans.routes.js'
import { mediaRoutes } from './modules/media/media.routes.js'
import pagesPlugin from './modules/pages/pages.plugin.js'
import { productsRoutes } from './modules/products/products.routes.js'
import { unsettledOrderNos } from './modules/orders/orders.service.js'
import { lendingFiguresRoutes } from './modules/lending-figures/lending-figures.routes.js'
import { registrationRoutes } from './modules/registration/registration.routes.js'
// registration funnel
import { funnelRoutes } from './modules/registration/funnel.routes.js'
import { paymentGateways, repaymentRoutes } from './modules/repayment/repayment.routes.js'
import { connectMoneyDesk } from './modules/repayment/repayment.service.js'
import { auditRoutes } from './modules/audit/audit.routes.js'
import { staffRoutes } from './modules/staff/staff.routes.js'
import { ordersRoutes } from './modules/orders/orders.routes.js'
import { moneyDeskRoutes } from './modules/money-desk/money-desk.routes.js'
import { borrowerPayoutInFlight, repaymentSide } from './modules/money-desk/money-desk.service.js'
import { kycRoutes } from './modules/kyc/kyc.routes.js'
import { decisionRoutes } from './modules/decisions/decisions.routes.js'
import { creditReportingRoutes } from './modules/credit-reporting/credit-reporting.routes.js'
import { operationsHealthRoutes } from './modules/operations-health/operations-health.routes.js'
import { orderScreenRoutes } from './modules/order-screen/order-screen.routes.js'
import { messagingRoutes, recordingSender } from './modules/messaging/messaging.routes.js'
import { productsDeskRoutes } from './modules/products/products.desk.routes.js'
import { collectionsRoutes } from './modules/collections/collections.routes.js'
// kb and staff administration
import { kbRoutes } from './modules/chatbot/kb.routes.js'
import { staffAdminRoutes } from './modules/staff/staff-admin.routes.js'
import { STAFF_COOKIE, staffSessionsPlugin } from './modules/staff/staff.sessions.js'
import { metricsPlugin } from './telemetry/metrics.plugin.js'
import { fastifyTracingPlugin } from './telemetry/tracing.js'

export interface BuildAppOptions {
  config: Config
  /** From openDatabase (already migrated). */
  db: Database
  /** SMS gateway; the sandbox outbox by default. */
  sms?: SmsSender
  /** Logs go here (at least at info level) instead of the configured destination: tests read them. */
  logStream?: NodeJS.WritableStream
  /** How long a resolved session is kept in the process; 0 turns the cache off (a test that changes sessions in the database). */
  sessionCacheMs?: number
  /** Complaint images; by default the database on PostgreSQL, local disk under DATA_DIR/uploads on PGlite (adapters/storage/default-storage.ts). */
  storage?: FileStorage
  /** The payment gateway of each market, or one for all (docs/operations/going-live.md#providers-by-market); the sandbox by default. */
  payments?: PaymentGateway | ByMarket<PaymentGateway>
  /** The payout provider of each market, or one for all (docs/product/operations.md#disbursement); the sandbox by default. */
  payouts?: PayoutProvider | ByMarket<PayoutProvider>
  /** The staff calls' clock (sign-in lockout, codes, session limits; the order desk's decisions and payouts); tests move it. */
  now?: () => Date
}

export const BODY_LIMIT = 1024 * 1024
export const UPLOAD_LIMITS = { fileSize: 5 * 1024 * 1024, files: 9, fields: 50, parts: 60, fieldSize: 64 * 1024 }

/** Builds the server: plugins, then modules, then the web pages (server.ts only listens). */
export async function buildApp({ config, db, sms, logStream, sessionCacheMs = SESSION_CACHE_MS, storage, payments, payouts, now = () => new Date() }: BuildAppOptions): Promise<FastifyInstance> {
  // without its keys (demo mode off and SECRETS_KEYS unset) the server does not start
  const secrets = requireSecrets(config)
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    logController: new OneLinePerRequest(),
    genReqId: () => randomUUID(),
    bodyLimit: BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
  })
  // OpenTelemetry first, so that it sees every route (docs/operations/tracing.md); none when tracing is off
  const tracing = fastifyTracingPlugin()
  if (tracing) await app.register(tracing)
  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)

  app.decorate('config', config)
  app.decorate('database', db)
  app.decorate('db', db.db)
  const smsSender = sms ?? new OutboxSmsSender(db.db, app.log)
  app.decorate('sms', recordingSender(smsSender, db.db))
  app.decorate('secrets', secrets)
  app.decorate('sessionCache', new SessionCache(sessionCacheMs))

  await app.register(lifecyclePlugin)
  // every answer timed by its route template; /metrics only with METRICS_TOKEN (docs/operations/metrics.md)
  await app.register(metricsPlugin, { config, database: db })
  await app.register(cookie)
  await app.register(requestContext, { sessions: app.sessionCache, store: sessionStore })
  await app.register(staffSessionsPlugin, { now })
  installSecurityHeaders(app)
  // Calls are form-encoded, JSON or multipart (docs/product/envelopes-and-errors.md#request-formats-and-limits); plain text is none of them.
  app.removeContentTypeParser('text/plain')
  // Borrowers are often on slow mobile networks: pages and answers travel compressed (built assets
  // are precompressed and served as they are). The API's answers are compressed by registerCall
  // itself (http/compression.ts), the plugin does the rest.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: { params: BROTLI_PARAMS },
  })
  await app.register(formbody, { bodyLimit: BODY_LIMIT })
  await app.register(multipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true })
  installErrorHandlers(app)

  // docs/product/shell-and-sessions.md#session-cookie-and-the-address-bar: a page opened with its token in the address also gets the cookie, so
  // reloads, images and server rendering keep working after the page drops the token.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.sharedParams.tok && !request.sharedParams.sessionId) return
    try {
      const session = await request.resolveSession()
      // A session's expiry never moves, so a request already carrying this token's cookie (every
      // call of the web app after its first page) needs no new Set-Cookie: it cost each API answer
      // about 5 % of its time (docs/decisions/0008-api-performance.md#fourth-round-repayment-reads).
      if (session?.via === 'query' && request.cookies[SESSION_COOKIE] !== session.token) setSessionCookie(request, reply, session.token, session.expiresAt)
    } catch (error) {
      // The route that needs the session reports the failure; a page without one still renders.
      request.log.warn({ err: error }, 'session lookup failed')
    }
  })

  // before the modules: it collects each call's schemas as the call is registered
  await registerOpenApi(app, { staffCookie: STAFF_COOKIE })
  await app.register(healthRoutes)
  await app.register(mediaRoutes)
  await app.register(authRoutes)
  await app.register(productsRoutes, { unsettledOrderNos })
  await app.register(loansRoutes)
  await app.register(complaintsRoutes, { storage: storage ?? defaultStorage(db, config.DATA_DIR), now })
  await app.register(chatbotRoutes)
  await app.register(registrationRoutes)
  await app.register(lendingFiguresRoutes)
  // repayment never imports the money desk, which builds on it: its side is handed in here
  // (docs/decisions/0026-money-desk-module.md)
  connectMoneyDesk(repaymentSide)
  const gateways = paymentGateways(app, payments)
  await app.register(repaymentRoutes, { gateway: gateways })
  await app.register(staffRoutes, { now })
  await app.register(auditRoutes)
  await app.register(ordersRoutes, { now })
  // the payout sandbox signs its callbacks with the payment sandbox's key (docs/product/operations.md#the-payout-sandbox)
  const payoutProviders = payouts ?? new SandboxPayouts(db.db, { secret: config.PAYMENT_CALLBACK_SECRET ?? '' })
  await app.register(moneyDeskRoutes, { now, gateways, payouts: payoutProviders })
  // who the borrower is and where the loan goes; the money desk says when a payout is on its way
  await app.register(kycRoutes, { now, payouts: payoutProviders, payoutInFlight: borrowerPayoutInFlight })
  await app.register(decisionRoutes, { now })
  await app.register(creditReportingRoutes, { now })
  await app.register(operationsHealthRoutes, { now })
  await app.register(orderScreenRoutes, { now })
  await app.register(messagingRoutes, { sms: smsSender })
  await app.register(productsDeskRoutes, { now })
  await app.register(collectionsRoutes, { now })
  // kb and staff administration
  await app.register(kbRoutes, { now })
  await app.register(staffAdminRoutes, { now })
  // registration funnel
  await app.register(funnelRoutes, { now })
  if (config.DEMO_MODE) await app.register(demoRoutes)
  if (config.DEMO_MODE) await app.register(newOrderRoutes)

  // The pages plugin's own options type may lag behind; what it receives is fixed here.
  await app.register(pagesPlugin as FastifyPluginAsync<{ config: Config }>, { config })
  return app
}
