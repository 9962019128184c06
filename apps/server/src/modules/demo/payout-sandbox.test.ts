import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS } from '@kilat/domain'
import { deliverDuePayoutCallbacks } from '../../adapters/payouts/payout-callback-deliverer.js'
import { SandboxPayouts, sandboxIsSilent } from '../../adapters/payouts/sandbox-payouts.js'
import { sandboxPayouts } from '../../adapters/payouts/sandbox-payouts.schema.js'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { get, postJson } from '../../test/inject.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { demoPayouts } from '../money-desk/demo-payouts.js'
import { runAllPayouts } from '../money-desk/payouts.outbox.js'
import { PAYOUT_CALLBACK_PATH } from '../money-desk/payouts.routes.js'
import { payoutRequests } from '../money-desk/payouts.schema.js'
import { TEST_PAYOUT_SECRET, injectFetch, paidTwice } from '../money-desk/test-helpers.js'
import { orders } from '../orders/orders.schema.js'
import type { Product } from '../products/products.schema.js'
import { testClock } from '../staff/test-helpers.js'
import { DEMO_PAYOUT_SANDBOX_PATH } from './payout-sandbox.routes.js'

/**
 * Demo mode's switch of the payout sandbox (docs/product/operations.md#the-payout-sandbox), end to
 * end through the payout outbox and the webhook: switched silent, the sandbox still takes payouts
 * but no callback goes out and no transfer finishes, so the payouts wait `accepted`; switched
 * back, every held callback is delivered once and completes its payout, each sent once under its
 * request's id. The sandbox's own side: adapters/payouts/sandbox-silence.test.ts.
 */

const FINISH_AFTER_MS = 3_000
const STATUS_AFTER_S = 60

let database: Database
let app: FastifyInstance
let sandbox: SandboxPayouts
let product: Product
const clock = testClock()
/** Every callback the sandbox posted, by its reference. */
const posted: string[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  sandbox = new SandboxPayouts(database.db, { secret: TEST_PAYOUT_SECRET, now: clock.now, finishAfterMs: FINISH_AFTER_MS, timeoutMs: 1 })
  app = await buildTestApp(database, { now: clock.now, payouts: sandbox })
  await app.ready()
  product = await createProduct(database.db, { termUnit: 'day', termDays: 91 })
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

/** The sandbox's deliverer, counting what it posts to our webhook. */
function deliver() {
  const toApp = injectFetch(app)
  const counting = (async (url: string | URL | Request, init?: RequestInit) => {
    posted.push((JSON.parse(String(init?.body)) as { reference: string }).reference)
    return toApp(url, init)
  }) as typeof fetch
  return deliverDuePayoutCallbacks({ db: database.db, secret: TEST_PAYOUT_SECRET, url: `http://localhost${PAYOUT_CALLBACK_PATH}`, fetch: counting }, clock.now())
}

/** The outbox's pass: sends what is confirmed, asks the status of what waits past STATUS_AFTER_S. */
const outbox = () => runAllPayouts({ db: database.db, secrets: app.secrets, payouts: sandbox, statusAfterSeconds: STATUS_AFTER_S }, clock.now())

/** An approved order whose payout demo mode has put in the outbox: answers the request's id. */
async function queuedPayout(): Promise<{ requestId: number; orderId: number }> {
  const { borrower } = await createBorrowerWithSession(database.db)
  const { order } = await createOrder(database.db, { product, borrowerId: borrower.id, status: ORDER_STATUS.approved, now: clock.now(), manualReview: true })
  await database.db.transaction((tx) => demoPayouts.queue(tx, { orderKey: order.id, orderNo: order.orderNo, amount: order.received, market: 'ID' }, clock.now()))
  const [request] = await database.db.select().from(payoutRequests).where(eq(payoutRequests.orderKey, order.id))
  return { requestId: request!.id, orderId: order.id }
}

const switchTo = async (silent: boolean) => {
  const res = await app.inject({ method: 'POST', url: DEMO_PAYOUT_SANDBOX_PATH, payload: { silent }, headers: { 'x-requested-with': 'XMLHttpRequest' } })
  expect(res.statusCode).toBe(200)
  return res.json().data as { silent: boolean; since: string | null; held: number }
}

const requestStates = async (ids: number[]) =>
  (await database.db.select({ id: payoutRequests.id, status: payoutRequests.status }).from(payoutRequests).where(inArray(payoutRequests.id, ids))).map((r) => r.status)

describe('demo mode\'s silent payout sandbox', () => {
  it('holds every callback while silent, and delivers each once when it comes back', async () => {
    // accepted before the silence, its callback due in 3 s
    const before = await queuedPayout()
    expect((await outbox()).accepted).toBe(1)

    expect(await switchTo(true)).toMatchObject({ silent: true, since: expect.any(String), held: 1 })
    expect(await sandboxIsSilent(database.db)).toBe(true)
    // switched silent again: nothing changes
    expect(await switchTo(true)).toMatchObject({ silent: true, held: 1 })

    // taken while silent, as any payout
    const during = await queuedPayout()
    expect((await outbox()).accepted).toBe(1)
    const ids = [before.requestId, during.requestId]

    // long past their finish: no callback goes out, and the outbox's status call finds them on their way
    clock.tick(10 * 60_000)
    expect(await deliver()).toEqual({ claimed: 0, delivered: 0, failed: 0 })
    expect(posted).toEqual([])
    expect(await outbox()).toMatchObject({ claimed: 2, completed: 0, failed: 0 })
    expect(await requestStates(ids)).toEqual(['accepted', 'accepted'])
    expect(await sandbox.status(String(during.requestId))).toMatchObject({ status: 'accepted' })
    expect((await get(app, DEMO_PAYOUT_SANDBOX_PATH)).json().data).toMatchObject({ silent: true, held: 2 })

    // back: each held callback is delivered once, and completes its payout
    expect(await switchTo(false)).toEqual({ silent: false, since: null, held: 2 })
    expect(await deliver()).toEqual({ claimed: 2, delivered: 2, failed: 0 })
    expect(posted.toSorted()).toEqual(ids.map(String).toSorted())
    expect(await requestStates(ids)).toEqual(['completed', 'completed'])
    const paidOut = await database.db.select({ status: orders.status }).from(orders).where(inArray(orders.id, [before.orderId, during.orderId]))
    expect(paidOut.map((o) => o.status)).toEqual([ORDER_STATUS.due, ORDER_STATUS.due])

    clock.tick(10 * 60_000)
    expect(await deliver()).toEqual({ claimed: 0, delivered: 0, failed: 0 })
    await outbox()
    expect(posted).toHaveLength(2)

    // one payout per request at the provider, sent once, under the request's id
    const rows = await database.db.select().from(sandboxPayouts).where(inArray(sandboxPayouts.key, ids.map(String))).orderBy(sandboxPayouts.id)
    expect(rows.map((r) => ({ key: r.key, sends: r.sends, status: r.status }))).toEqual(ids.map((id) => ({ key: String(id), sends: 1, status: 'completed' })))
    expect(await paidTwice(database.db)).toEqual([])
  })

  it('does not exist outside demo mode', async () => {
    const live = await buildTestApp(database, { env: { DEMO_MODE: 'false' } })
    await live.ready()
    try {
      expect((await get(live, DEMO_PAYOUT_SANDBOX_PATH)).statusCode).toBe(404)
      expect((await postJson(live, DEMO_PAYOUT_SANDBOX_PATH, { silent: true })).statusCode).toBe(404)
      expect(await sandboxIsSilent(database.db)).toBe(false)
    } finally {
      await live.close()
    }
  })
})
