import type { AddressInfo } from 'node:net'
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { cents, type Cents, type Market } from '@kilat/domain'
import { deliverDueCallbacks, type DeliveryOutcome } from '../../adapters/payments/callback-deliverer.js'
import { SIGNATURE_HEADER, SandboxGateway, TIMESTAMP_HEADER, signCallback } from '../../adapters/payments/sandbox-gateway.js'
import { sandboxPay } from './sandbox-pay.js'
import { DEMO_PAYMENT_CALLBACK_SECRET } from '../../config.js'
import type { Database } from '../../db/client.js'
import { createBorrower, createOrder } from '../../db/factories.js'
import { gatewayCallbacks } from '../../adapters/payments/sandbox.schema.js'
import { orderPeriods, orders } from '../orders/orders.schema.js'
import type { Order } from '../orders/orders.service.js'
import type { Product } from '../products/products.service.js'
import { ledgerEntries, paymentAccounts, payments } from './repayment.schema.js'
import { seedDemo } from '../../db/seed.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import type { RepaymentDeps } from './repayment.service.js'
import { applyAllDueEvents, type ApplyOutcome } from './inbox.js'
import { PAYMENT_CALLBACK_PATH } from './repayment.routes.js'

export const SECRET = DEMO_PAYMENT_CALLBACK_SECRET

export interface RepaymentTestApp {
  app: FastifyInstance
  database: Database
  deps: RepaymentDeps & { gateway: SandboxGateway }
  /** The listening server's webhook, reached over HTTP as a gateway reaches it. */
  webhookUrl: string
  close: () => Promise<void>
}

/**
 * A test database and an app listening on a free loopback port, its own deliverer off
 * (JOB_INTERVAL_SECONDS 0): each test delivers the sandbox's callbacks itself, over HTTP.
 */
export async function openRepaymentApp(env: Record<string, string> = {}): Promise<RepaymentTestApp> {
  const database = await openTestDatabase()
  const app = await buildTestApp(database, { env: { JOB_INTERVAL_SECONDS: '0', ...env } })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  return {
    app,
    database,
    deps: { db: database.db, gateway: new SandboxGateway(SECRET) },
    webhookUrl: `http://127.0.0.1:${port}${PAYMENT_CALLBACK_PATH}`,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

/**
 * A file's app with the demo borrowers and their orders (openRepaymentApp, then the demo seed),
 * opened before its tests and closed after them; `use` receives it.
 */
export function withSeededRepaymentApp(use: (t: RepaymentTestApp) => void): void {
  let opened: RepaymentTestApp | undefined
  beforeAll(async () => {
    opened = await openRepaymentApp()
    await seedDemo(opened.database.db, { sessionTtlDays: 30 })
    use(opened)
  })
  afterAll(async () => {
    await opened?.close()
  })
}

/** Headers of a callback signed as the sandbox signs, at `timestamp` (now by default). */
export function signedHeaders(body: string, timestamp = Math.floor(Date.now() / 1000), secret = SECRET): Record<string, string> {
  return { 'content-type': 'application/json', [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signCallback(secret, timestamp, body) }
}

export function postCallback(app: FastifyInstance, body: string, headers: Record<string, string>): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: PAYMENT_CALLBACK_PATH, payload: body, headers })
}

/** The sandbox pays the account (its amount, unless another is given); the callback is queued, not sent. */
export async function pay(t: RepaymentTestApp, accountNo: string, amount?: number): Promise<{ paymentId: string; body: string }> {
  const paid = await sandboxPay(t.database.db, accountNo, amount === undefined ? {} : { amount: cents(amount) })
  if (!paid.ok) throw new Error(`sandbox refused to pay ${accountNo}: ${paid.reason}`)
  const [row] = await t.database.db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.id, paid.callbackId))
  return { paymentId: paid.paymentId, body: row!.body }
}

/**
 * Delivers the sandbox's due callbacks to the webhook, then applies what the webhook stored (the
 * inbox worker's pass, with the real clock), so that a test reads the payment's effects after it.
 */
export async function deliver(t: RepaymentTestApp, url = t.webhookUrl, now?: Date): Promise<DeliveryOutcome> {
  const outcome = await deliverDueCallbacks({ db: t.database.db, secret: SECRET, url }, now)
  await applyInbox(t)
  return outcome
}

/** The inbox worker's passes until nothing stored is due (inbox.ts); the real clock unless `now` is given. */
export function applyInbox(t: Pick<RepaymentTestApp, 'database'>, now?: Date): Promise<ApplyOutcome> {
  return applyAllDueEvents(t.database.db, now)
}

/** An order of a borrower of its own, with its schedule. */
export async function orderOf(
  db: Database['db'],
  product: Product,
  spec: Omit<Parameters<typeof createOrder>[1], 'borrowerId' | 'product'> & { borrowerId?: number },
) {
  const borrowerId = spec.borrowerId ?? (await createBorrower(db, { market: product.market as Market })).id
  const { order } = await createOrder(db, { ...spec, borrowerId, product })
  return order
}

export async function reload(db: Database['db'], order: Pick<Order, 'id'>) {
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
  const periods = await db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, order.id)).orderBy(asc(orderPeriods.periodNo))
  const accounts = await db.select().from(paymentAccounts).where(eq(paymentAccounts.orderKey, order.id))
  const paid = await db.select().from(payments).where(eq(payments.orderKey, order.id))
  const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.orderKey, order.id)).orderBy(asc(ledgerEntries.id))
  return { order: row!, periods, accounts, payments: paid, ledger }
}

export const sum = (amounts: readonly number[]): Cents => cents(amounts.reduce((a, b) => a + b, 0))

/** A fresh paid-out order of the demo borrower `tok` (the demo's new-order call), by its number. */
export async function demoOrder(app: FastifyInstance, tok: string, body: Record<string, string | number>): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: `/h5-api/v3/demo/new-order?tok=${encodeURIComponent(tok)}`,
    payload: new URLSearchParams(Object.entries(body).map(([k, v]): [string, string] => [k, String(v)])).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  const json = res.json() as { code: number; data: { orderNo: string } | null; message: string }
  if (json.code !== 0 || !json.data) throw new Error(`new-order refused: ${res.body}`)
  return json.data.orderNo
}
