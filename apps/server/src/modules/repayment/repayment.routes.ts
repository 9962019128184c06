import type { AddressInfo } from 'node:net'
import { callbackPathOf } from '../../adapters/providers/providers.js'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { startCallbackDeliverer } from '../../adapters/payments/callback-deliverer.js'
import { gatewayOffers, type PaymentGateway } from '../../adapters/payments/payment-gateway.js'
import { byMarket, type ByMarket } from '../../adapters/providers/by-market.js'
import { DEMO_REPORT_RULE, SANDBOX_GATEWAY, SandboxGateway } from '../../adapters/payments/sandbox-gateway.js'
import { sandboxPay } from './sandbox-pay.js'
import { ConfigError } from '../../config.js'
import { okEnvelope } from '../../http/envelope.js'
import { AppError } from '../../http/errors.js'
import { countCallback } from '../../telemetry/callbacks.js'
import { annotateActiveSpan } from '../../telemetry/tracing.js'
import { delayDetail, generateVcode, initPayType, loanPlayDetail, payGuide, submitUtr, vcodeStatus } from '@kilat/contract'
import { formatDateTime, formatMoney } from '@kilat/domain'
import { registerCall } from '../../http/route.js'
import { borrowerOrderMarket } from '../orders/orders.service.js'
import { findMethod, methodsOf, payStepsOf } from './methods/methods.js'
import { accountState, submitUtr as saveUtr } from './account-status.js'
import { issueRepaymentAccount } from './accounts.js'
import { extensionDetail } from './extension.js'
import { repaymentGuides } from './guide.js'
import { sandboxPayPage } from './sandbox-page.js'
import type { RepeatingPass } from '../../jobs/repeat.js'
import { InboxWriter, startInboxWorker } from './inbox.js'
import { installmentPlan } from './plan.js'
import { cardCalls } from './cards/cards.routes.js'
import { moneyDesk } from './money-desk-port.js'

/** Where the gateway posts its callbacks: public, no borrower session (docs/decisions/0012-payment-gateway.md). */
export const PAYMENT_CALLBACK_PATH = callbackPathOf('payments', SANDBOX_GATEWAY)

/** Each gateway's own webhook: the sandbox's at the path above, a live gateway's under it by name (`…/callback/xendit`). */
export function paymentCallbackPath(gatewayName: string): string {
  return callbackPathOf('payments', gatewayName)
}
/** Demo mode and tests only: the sandbox's "the borrower paid" button (and its page, sandbox-page.ts). */
export const SANDBOX_PAY_PATH = '/h5-api/v3/sandbox/pay'

/** A callback is a few hundred bytes; this leaves room for a real gateway's longer ones. */
const CALLBACK_BODY_LIMIT = 64 * 1024

export interface RepaymentOptions {
  /**
   * The payment gateway of each market (docs/operations/going-live.md#providers-by-market), or one
   * for all; the sandbox, signing with PAYMENT_CALLBACK_SECRET, by default.
   */
  gateway?: PaymentGateway | ByMarket<PaymentGateway> | undefined
}

/**
 * The payment gateway of each market: the one given (or one per market), else the sandbox signing
 * with PAYMENT_CALLBACK_SECRET, by the documented demo rule in demo mode. app.ts asks once and hands
 * the same to the webhook here and to the money desk's reconciliation.
 */
export function paymentGateways(app: FastifyInstance, gateway?: PaymentGateway | ByMarket<PaymentGateway>): ByMarket<PaymentGateway> {
  const secret = app.config.PAYMENT_CALLBACK_SECRET
  if (!secret) throw new ConfigError('Invalid configuration: PAYMENT_CALLBACK_SECRET is required when DEMO_MODE is off')
  // demo mode's sandbox reports by the documented demo rule (sandbox-gateway.ts DEMO_REPORT_RULE)
  return byMarket(gateway ?? new SandboxGateway(secret, { db: app.db, ...(app.config.DEMO_MODE ? { report: DEMO_REPORT_RULE } : {}) }))
}

/**
 * The gateway's webhook and, in demo mode and tests, the sandbox's pay call. With the sandbox
 * gateway, a listening server also delivers the sandbox's queued callbacks to its own webhook
 * every JOB_INTERVAL_SECONDS (0: never; tests deliver themselves, adapters/payments/callback-deliverer.ts).
 */
export async function repaymentRoutes(app: FastifyInstance, options: RepaymentOptions): Promise<void> {
  const gateways = paymentGateways(app, options.gateway)
  const secret = app.config.PAYMENT_CALLBACK_SECRET!

  // A listening server applies the webhook's inbox every JOB_INTERVAL_SECONDS and after each new
  // event (0: never; tests apply it themselves, inbox.ts), whatever the gateway.
  let inbox: RepeatingPass | undefined
  const inboxWriter = new InboxWriter(app.db)
  // callbacks being stored right now: the worker lets them answer first (inbox.ts giveWay)
  let storing = 0
  const interval = app.config.JOB_INTERVAL_SECONDS
  if (interval > 0) {
    app.addHook('onListen', async () => {
      inbox = startInboxWorker(app.db, interval, app.log, () => storing > 0)
    })
    app.addHook('preClose', async () => {
      await inbox?.stop()
    })
  }

  // The signature covers the bytes received, so this route alone keeps the body as a Buffer
  // (content-type parsers are scoped to the plugin that adds them).
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers()
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: CALLBACK_BODY_LIMIT }, (_req, body, done) => done(null, body))
    for (const { provider: gateway } of gateways.distinct()) {
      scope.post(paymentCallbackPath(gateway.name), { config: { family: 'code0' }, bodyLimit: CALLBACK_BODY_LIMIT }, async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
        const verified = gateway.verifyCallback(raw, req.headers)
        if (!verified.ok) {
          countCallback(gateway.name, 'payment', 'refused')
          req.log.warn({ reason: verified.reason }, 'payment callback refused')
          if (verified.reason === 'malformed') throw new AppError('invalidRequest', { message: 'The callback body is not a payment.' })
          throw new AppError('sessionRequired', { message: 'The callback signature is missing, wrong or out of date.' })
        }
        // the trace names the payment it belongs to (docs/operations/tracing.md)
        annotateActiveSpan({ 'kilat.provider': gateway.name, 'kilat.payment.reference': verified.event.externalId, 'kilat.payment.gateway_id': verified.event.gatewayPaymentId })
        // Stored, then acknowledged: the inbox worker applies it (inbox.ts), so the gateway's wait
        // is one read and one insert (docs/decisions/0012-payment-gateway.md#acknowledging-callbacks).
        storing += 1
        const outcome = await inboxWriter.store(gateway.name, verified.event).finally(() => {
          storing -= 1
        })
        countCallback(gateway.name, 'payment', outcome.stored ? 'accepted' : 'refused')
        if (!outcome.stored) {
          // Money for an account we never asked for: refused, so that the gateway keeps it in its own
          // retries, and kept once for finance to resolve (docs/product/operations.md#reconciliation):
          // the money desk keeps it (money-desk-port.ts).
          await moneyDesk().keepUnmatchedCallback(app.db, gateway.name, verified.event)
          req.log.error({ gatewayPaymentId: verified.event.gatewayPaymentId, externalId: verified.event.externalId }, 'payment for an unknown account')
          throw new AppError('invalidRequest', { message: 'Unknown payment account.' })
        }
        if (outcome.duplicate) req.log.info({ gatewayPaymentId: verified.event.gatewayPaymentId }, 'payment callback seen before')
        else inbox?.kick()
        reply.header('cache-control', 'no-store')
        return okEnvelope('code0', { duplicate: outcome.duplicate })
      })
    }
  })

  let deliverer: RepeatingPass | undefined
  // the demo's borrower sees a payment at once rather than at the deliverer's next pass
  const kick = () => deliverer?.kick()
  borrowerCalls(app, gateways)
  cardCalls(app, gateways, kick)

  // the sandbox's own deliverer and pay button, where the sandbox serves a market
  if (!gateways.named(SANDBOX_GATEWAY)) return

  if (interval > 0) {
    app.addHook('onListen', async () => {
      deliverer = startCallbackDeliverer({ db: app.db, secret, url: app.config.PAYMENT_CALLBACK_URL ?? ownWebhookUrl(app) }, interval, app.log)
    })
    // before the server stops taking requests: a pass in progress can still reach the webhook
    app.addHook('preClose', async () => {
      await deliverer?.stop()
    })
  }

  if (!app.config.DEMO_MODE && app.config.NODE_ENV !== 'test') return
  const payNow = async (accountNo: string) => {
    const paid = await sandboxPay(app.db, accountNo)
    if (paid.ok) kick()
    return paid
  }
  const payBody = z.object({ accountNo: z.string().trim().min(1).max(64) })
  app.post(SANDBOX_PAY_PATH, { schema: { body: payBody }, config: { family: 'code0' } }, async (req, reply) => {
    const { accountNo } = payBody.parse(req.body)
    const paid = await payNow(accountNo)
    if (!paid.ok) {
      if (paid.reason === 'unknownAccount') throw new AppError('notFound', { message: 'No pending account with this number.' })
      throw new AppError('invalidRequest', { message: 'This account has already been paid.' })
    }
    reply.header('cache-control', 'no-store')
    return okEnvelope('code0', { paymentId: paid.paymentId })
  })
  sandboxPayPage(app, payNow)
}

/** This server's own webhook, at the address it listens on (a wildcard address is reached on loopback). */
function ownWebhookUrl(app: FastifyInstance): string {
  const address = app.server.address() as AddressInfo | null
  if (!address || typeof address === 'string') throw new Error('the server listens on no TCP address')
  const wildcard = address.address === '0.0.0.0' || address.address === '::'
  const host = wildcard ? '127.0.0.1' : address.family === 'IPv6' ? `[${address.address}]` : address.address
  return `http://${host}:${address.port}${PAYMENT_CALLBACK_PATH}`
}

/**
 * The borrower's repayment calls (docs/product/money-rules.md#repayment): the methods of the
 * order's market, and the account to pay, whose amount is always the server's own figure.
 */
function borrowerCalls(app: FastifyInstance, gateway: ByMarket<PaymentGateway>): void {
  registerCall(app, initPayType, async ({ borrower, body }) => {
    // another borrower's order, or none: notFound
    const market = await borrowerOrderMarket(app.db, borrower.id, body.orderId)
    const list = methodsOf(market, body.pay_type)
      .filter((m) => gatewayOffers(gateway.of(market), m.code))
      .map((m) => ({ payCode: m.code, bankName: m.name, method: m.methods ?? [] }))
    return { payType: body.pay_type, list }
  })

  registerCall(app, vcodeStatus, ({ borrower, query }) => accountState(app.db, borrower.id, query.accountId))

  registerCall(app, delayDetail, ({ req, borrower, body }) => extensionDetail(app.db, app.config, borrower.id, body.orderId, req.locale))

  registerCall(app, submitUtr, ({ borrower, body }) => saveUtr(app.db, borrower.id, { orderNo: body.orderId, accountId: body.accountId, utr: body.utr }))

  const guideOf = repaymentGuides(app.config)
  registerCall(app, payGuide, ({ req, borrower }) => guideOf(borrower.market, req.locale))

  registerCall(app, loanPlayDetail, ({ req, borrower, body }) => installmentPlan(app.db, app.config, borrower.id, body.orderId, req.locale))

  registerCall(app, generateVcode, async ({ req, borrower, body }) => {
    // docs/product/screens.md#individual: a fresh repayment uses the market's default method of the chosen type
    const code = body.payCode ?? (body.is_default === 1 ? { defaultOf: body.pay_type } : undefined)
    if (!code) throw new AppError('payMethodUnknown', { data: { fields: ['payCode'] } })
    const account = await issueRepaymentAccount(
      { db: app.db, gateway },
      {
        borrowerId: borrower.id,
        orderNo: body.orderId,
        methodCode: code,
        purpose: body.purpose,
        periodCount: body.specific_num > 0 ? body.specific_num : undefined,
        expectedAmount: body.amount,
      },
    )
    const method = findMethod(account.market, account.methodCode)
    if (!method) throw new AppError('payMethodUnknown', { data: { fields: ['payCode'] } })
    return {
      amount: account.amount,
      vcode: account.accountNo,
      cardNo: account.orderNo,
      payType: method.payType,
      payCode: method.code,
      payName: method.name,
      payStep: payStepsOf(method, req.locale, { account: account.accountNo, amount: formatMoney(account.amount, account.market) }),
      specificNum: account.periodCount ?? 0,
      telephone: app.config.SERVICE_PHONES[account.market],
      expiresAt: formatDateTime(account.expiresAt, account.market),
      status: account.status,
      accountId: account.accountId,
      market: account.market,
    }
  })
}
