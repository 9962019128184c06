import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { asc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ERRORS, loanDetails, orderApprove, orderScreen, payoutCancel, payoutConfirm, payoutRequest } from '@kilat/contract'
import { ORDER_STATUS, cents, type OrderStatus } from '@kilat/domain'
import { SIGNATURE_HEADER, TIMESTAMP_HEADER, signCallback } from '../../adapters/payments/sandbox-gateway.js'
import { backoffMs } from '../../adapters/payments/callback-deliverer.js'
import { deliverDuePayoutCallbacks } from '../../adapters/payouts/payout-callback-deliverer.js'
import { PayoutUnavailable, type PayoutProvider, type PayoutResult } from '../../adapters/payouts/payout-provider.js'
import { SANDBOX_FAILURE, SandboxPayouts, callbackBodyOf, type SandboxPlan } from '../../adapters/payouts/sandbox-payouts.js'
import { sandboxPayouts } from '../../adapters/payouts/sandbox-payouts.schema.js'
import { ProviderHttp } from '../../adapters/providers/provider-http.js'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { get } from '../../test/inject.js'
import { auditLog } from '../audit/audit.schema.js'
import { verifyChain } from '../audit/audit.service.js'
import type { Product } from '../products/products.schema.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock } from '../staff/test-helpers.js'
import { orderHistory, orders, type Order } from '../orders/orders.schema.js'
import { payoutCallbacks, payoutRequests } from './payouts.schema.js'
import { LEASE_MS, SEND_TIMEOUT_MS, SendTimeout, runAllPayouts, runPayoutPass, type OutboxDeps } from './payouts.outbox.js'
import { PAYOUT_CALLBACK_PATH } from './payouts.routes.js'
import { TEST_PAYOUT_SECRET, injectFetch, paidTwice, sandboxRowsOf, settlePayouts, wrapProvider } from './test-helpers.js'

/**
 * The payout outbox's proofs (docs/product/operations.md#payout-states): a confirmation only
 * writes the instruction; the worker sends it outside any transaction with the request's id as the
 * key; a crash between the provider's acceptance and our record, timeouts and 500s, a slow
 * provider and two workers at once all end in exactly one payout at the provider and the order
 * paid out once, its due dates counted from the completion.
 */

const S = ORDER_STATUS
const DAY_MS = 86_400_000
const STATUS_AFTER_S = 60

let database: Database
let app: FastifyInstance
const clock = testClock()
/** Plans by order number, for the payouts a test wants to go otherwise. */
const plans = new Map<string, SandboxPlan>()
let sandbox: SandboxPayouts
let product: Product
let risk: { id: number; cookie: string }
let financeA: { id: number; cookie: string }
let financeB: { id: number; cookie: string }

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  sandbox = new SandboxPayouts(database.db, { secret: TEST_PAYOUT_SECRET, now: clock.now, finishAfterMs: 0, timeoutMs: 1, plan: (input) => plans.get(input.orderNo) ?? null })
  app = await buildTestApp(database, { now: clock.now, payouts: sandbox })
  await app.ready()
  product = await createProduct(database.db, { termUnit: 'day', termDays: 91 })
  risk = await enrolledStaff(app, database, clock, 'risk', ['ID'])
  financeA = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  financeB = await enrolledStaff(app, database, clock, 'finance', ['ID'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const deps = (payouts: PayoutProvider = sandbox, extra: Partial<OutboxDeps> = {}): OutboxDeps => ({ db: database.db, secrets: app.secrets, payouts, statusAfterSeconds: STATUS_AFTER_S, ...extra })
const settle = (at = clock.now()) => settlePayouts(app, { db: database.db, payouts: sandbox }, at)
const later = (ms: number) => new Date(clock.now().getTime() + ms)

async function approvedOrder(status: OrderStatus = S.approved, extra: { plan?: SandboxPlan; received?: number } = {}): Promise<Order> {
  const { borrower } = await createBorrowerWithSession(database.db)
  const { order } = await createOrder(database.db, { product, borrowerId: borrower.id, status, now: clock.now(), manualReview: true })
  if (extra.received !== undefined) await database.db.update(orders).set({ received: cents(extra.received) }).where(eq(orders.id, order.id))
  if (extra.plan) plans.set(order.orderNo, extra.plan)
  return order
}

/** A request by A confirmed by B: the instruction sits in the outbox. */
async function confirmed(order: Order): Promise<number> {
  const requested = await opsPost(app, payoutRequest.path, { orderNo: order.orderNo }, { cookie: financeA.cookie })
  expect(requested.statusCode, requested.body).toBe(200)
  const id = requested.json().data.payout.id as number
  const res = await opsPost(app, payoutConfirm.path, { requestId: id }, { cookie: financeB.cookie })
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json().data.payout.status).toBe('confirmed')
  return id
}

const requestOf = async (id: number) => (await database.db.select().from(payoutRequests).where(eq(payoutRequests.id, id)))[0]!
const orderOf = async (order: Pick<Order, 'id'>) => (await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!
const disbursals = async (order: Pick<Order, 'id' | 'orderNo'>) => ({
  history: (await database.db.select().from(orderHistory).where(eq(orderHistory.orderKey, order.id))).filter((h) => h.fromStatus === S.approved).length,
  audit: (await database.db.select().from(auditLog).where(eq(auditLog.recordId, order.orderNo))).filter((a) => a.action === 'orders.disburse').length,
})

/** Exactly one payout at the provider for the request, the order paid out once, due from `paidAt`. */
async function expectPaidOnce(order: Order, requestId: number, paidAt: Date) {
  expect((await sandboxRowsOf(database.db, requestId)).map((r) => r.status)).toEqual(['completed'])
  expect(await paidTwice(database.db)).toEqual([])
  expect(await requestOf(requestId)).toMatchObject({ status: 'completed', completedAt: paidAt })
  expect(await orderOf(order)).toMatchObject({ status: S.due, disbursedAt: paidAt, dueAt: new Date(paidAt.getTime() + 91 * DAY_MS) })
  expect(await disbursals(order)).toEqual({ history: 1, audit: 1 })
}

describe('confirming writes the instruction; the worker sends it', () => {
  it('answers at once without calling the provider, then one pass sends it and the callback completes it', async () => {
    const order = await approvedOrder()
    const id = await confirmed(order)
    expect(await sandboxRowsOf(database.db, id)).toEqual([])
    expect(await requestOf(id)).toMatchObject({ status: 'confirmed', attempts: 0 })
    const at = clock.now()
    expect(await runPayoutPass(deps(), at)).toMatchObject({ claimed: 1, accepted: 1 })
    expect(await requestOf(id)).toMatchObject({ status: 'accepted', attempts: 1, providerRef: expect.stringMatching(/^po_/) })
    expect((await orderOf(order)).status).toBe(S.approved)
    await settle(at)
    await expectPaidOnce(order, id, at)
    expect((await verifyChain(database.db)).broken).toBeNull()
  })
})

describe('a worker that dies between the provider\'s acceptance and our record', () => {
  it('a provider that accepts, then the answer is lost: the retry with the same key gets the first result', async () => {
    const order = await approvedOrder()
    const id = await confirmed(order)
    let lose = true
    const lossy = wrapProvider(sandbox, {
      send: async (input) => {
        const result = await sandbox.send(input)
        if (lose) {
          lose = false
          throw new PayoutUnavailable('connection reset after the provider accepted')
        }
        return result
      },
    })
    const t0 = clock.now()
    expect(await runPayoutPass(deps(lossy), t0)).toMatchObject({ claimed: 1, retried: 1, accepted: 0 })
    expect(await requestOf(id)).toMatchObject({ status: 'sending', lastError: expect.stringContaining('connection reset') })
    // the provider did accept: one payout there already
    expect((await sandboxRowsOf(database.db, id)).map((r) => [r.status, r.sends])).toEqual([['accepted', 1]])
    // not before the backoff
    expect((await runPayoutPass(deps(lossy), new Date(t0.getTime() + 1000))).claimed).toBe(0)
    const t1 = new Date(t0.getTime() + backoffMs(0))
    expect(await runPayoutPass(deps(lossy), t1)).toMatchObject({ claimed: 1, accepted: 1 })
    expect((await sandboxRowsOf(database.db, id)).map((r) => [r.status, r.sends])).toEqual([['accepted', 2]])
    expect(await requestOf(id)).toMatchObject({ status: 'accepted', attempts: 2 })
    await settle(t1)
    // the sandbox completes at its acceptance time, the first send's
    await expectPaidOnce(order, id, t0)
  })

  it('a pass killed after the provider answered: nothing recorded, the next pass after the lease sends again, one payout', async () => {
    const order = await approvedOrder()
    const id = await confirmed(order)
    const t0 = clock.now()
    const crash = new Error('killed -9')
    await expect(runPayoutPass(deps(sandbox, { afterSend: () => Promise.reject(crash) }), t0)).rejects.toBe(crash)
    // the provider accepted; we recorded nothing but the claim
    expect((await sandboxRowsOf(database.db, id)).map((r) => r.status)).toEqual(['accepted'])
    const claimed = await requestOf(id)
    expect(claimed).toMatchObject({ status: 'sending', providerRef: null, attempts: 1, nextAttemptAt: new Date(t0.getTime() + LEASE_MS) })
    // another worker meanwhile leaves it alone: the lease still runs
    expect((await runPayoutPass(deps(), new Date(t0.getTime() + LEASE_MS - 1))).claimed).toBe(0)
    const t1 = new Date(t0.getTime() + LEASE_MS)
    expect(await runPayoutPass(deps(), t1)).toMatchObject({ claimed: 1, accepted: 1 })
    expect((await sandboxRowsOf(database.db, id)).map((r) => r.sends)).toEqual([2])
    await settle(t1)
    await expectPaidOnce(order, id, t0)
  })

  it('the callback arrives before the worker recorded the acceptance: completed once, the late record changes nothing', async () => {
    const order = await approvedOrder()
    const id = await confirmed(order)
    const t0 = clock.now()
    // the provider's callback is delivered while the worker is still "between" answer and record
    const result = await runPayoutPass(
      deps(sandbox, {
        afterSend: async () => {
          await deliverDuePayoutCallbacks({ db: database.db, secret: TEST_PAYOUT_SECRET, url: `http://localhost${PAYOUT_CALLBACK_PATH}`, fetch: injectFetch(app) }, t0)
        },
      }),
      t0,
    )
    expect(result).toMatchObject({ claimed: 1, accepted: 0 })
    await expectPaidOnce(order, id, t0)
  })
})

describe('a provider that does not answer', () => {
  it('times out three times, then accepts: four sends with one key, one payout', async () => {
    const order = await approvedOrder(S.approved, { plan: { outcome: 'complete', faults: 3, fault: 'timeout' } })
    const id = await confirmed(order)
    let at = clock.now()
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await runPayoutPass(deps(), at), `attempt ${attempt + 1}`).toMatchObject({ claimed: 1, retried: 1 })
      expect(await requestOf(id)).toMatchObject({ status: 'sending', attempts: attempt + 1, lastError: expect.stringContaining('did not answer in time') })
      at = new Date(at.getTime() + backoffMs(attempt))
    }
    expect(await runPayoutPass(deps(), at)).toMatchObject({ claimed: 1, accepted: 1 })
    expect((await sandboxRowsOf(database.db, id)).map((r) => [r.status, r.sends])).toEqual([['accepted', 4]])
    await settle(at)
    // the sandbox's clock (the test's) did not move: the money arrived at its now
    await expectPaidOnce(order, id, clock.now())
  })

  it('answers HTTP 500 twice (the sandbox\'s 22-cent rule), or our own timeout cuts a send short: retried, same key', async () => {
    plans.clear()
    const order = await approvedOrder(S.approved, { received: 150_000_022 })
    const id = await confirmed(order)
    let at = clock.now()
    for (let attempt = 0; attempt < 2; attempt++) {
      expect(await runPayoutPass(deps(), at)).toMatchObject({ retried: 1 })
      at = new Date(at.getTime() + backoffMs(attempt))
    }
    expect((await requestOf(id)).lastError).toContain('HTTP 500')
    await settle(at)
    await expectPaidOnce(order, id, clock.now())

    const hung = await approvedOrder()
    const hungId = await confirmed(hung)
    const never = wrapProvider(sandbox, { send: () => new Promise<PayoutResult>(() => undefined) })
    expect(await runPayoutPass(deps(never, { sendTimeoutMs: 20 }), clock.now())).toMatchObject({ retried: 1 })
    expect(await requestOf(hungId)).toMatchObject({ status: 'sending', lastError: expect.stringContaining('SendTimeout') })
    expect(await sandboxRowsOf(database.db, hungId)).toEqual([])
    // the provider back: the retry pays it, once
    await settle(later(backoffMs(0)))
    await expectPaidOnce(hung, hungId, clock.now())
  })

  it('goes silent after accepting: its status, asked PAYOUT_STATUS_AFTER_SECONDS later, completes it', async () => {
    const order = await approvedOrder(S.approved, { plan: { outcome: 'silent' } })
    const id = await confirmed(order)
    const t0 = clock.now()
    await settle(t0)
    expect(await requestOf(id)).toMatchObject({ status: 'accepted', nextAttemptAt: new Date(t0.getTime() + STATUS_AFTER_S * 1000) })
    expect((await sandboxRowsOf(database.db, id))[0]!.callbackNextAt).toBeNull()
    expect((await runPayoutPass(deps(), new Date(t0.getTime() + STATUS_AFTER_S * 1000 - 1))).claimed).toBe(0)
    expect(await runPayoutPass(deps(), new Date(t0.getTime() + STATUS_AFTER_S * 1000))).toMatchObject({ claimed: 1, completed: 1 })
    await expectPaidOnce(order, id, t0)
  })
})

describe('failures', () => {
  it('fails by the provider\'s callback (the 14-cent rule): the reason is kept, the order stays approved, finance may ask again', async () => {
    plans.clear()
    const order = await approvedOrder(S.approved, { received: 150_000_014 })
    const id = await confirmed(order)
    await settle()
    expect(await requestOf(id)).toMatchObject({ status: 'failed', failureReason: SANDBOX_FAILURE })
    expect((await orderOf(order)).status).toBe(S.approved)
    const screen = (await opsGet(app, orderScreen.path, { cookie: financeA.cookie, query: { orderNo: order.orderNo } })).json().data
    expect(screen.payoutEvents.at(-1)).toMatchObject({ from: 'accepted', to: 'failed', actor: 'provider', reason: SANDBOX_FAILURE })
    const again = await opsPost(app, payoutRequest.path, { orderNo: order.orderNo }, { cookie: financeB.cookie })
    expect(again.statusCode, again.body).toBe(200)
    // a pending request may still be withdrawn
    expect((await opsPost(app, payoutCancel.path, { requestId: again.json().data.payout.id }, { cookie: financeA.cookie })).statusCode).toBe(200)
  })
})

describe('a slow provider holds no lock', () => {
  it('while a send takes its time, other finance pairs approve, request and confirm other orders at once', async () => {
    const order = await approvedOrder()
    const id = await confirmed(order)
    let release!: (result: PayoutResult) => void
    let called!: () => void
    const inFlight = new Promise<void>((resolve) => (called = resolve))
    const slow = wrapProvider(sandbox, {
      send: async (input) => {
        const first = await sandbox.send(input)
        called()
        // stands for a provider that takes 30 s: this test decides when it answers
        return new Promise<PayoutResult>((resolve) => (release = () => resolve(first)))
      },
    })
    const t0 = clock.now()
    const pass = runPayoutPass(deps(slow, { sendTimeoutMs: 60_000 }), t0)
    await inFlight

    const timed = async <T>(call: () => Promise<T>) => {
      const started = performance.now()
      const result = await call()
      expect(performance.now() - started).toBeLessThan(2_000)
      return result
    }
    // the in-flight request's row is not locked: a NOWAIT lock of it is granted at once
    await timed(() => database.db.transaction((tx) => tx.select().from(payoutRequests).where(eq(payoutRequests.id, id)).for('update', { noWait: true })))
    const other = await approvedOrder(S.submitted)
    expect((await timed(() => opsPost(app, orderApprove.path, { orderNo: other.orderNo }, { cookie: risk.cookie }))).statusCode).toBe(200)
    const otherId = await timed(() => confirmed(other))
    // and the same order: asking again while its payout is on its way is refused, promptly
    const refused = await timed(() => opsPost(app, payoutRequest.path, { orderNo: order.orderNo }, { cookie: financeA.cookie }))
    expect(refused.json().code).toBe(ERRORS.payoutInFlight.code)
    expect((await requestOf(id)).status).toBe('sending')

    release({ ok: true, providerRef: 'ignored' })
    expect(await pass).toMatchObject({ claimed: 1, accepted: 1 })
    await settle(t0)
    await expectPaidOnce(order, id, t0)
    expect((await requestOf(otherId)).status).toBe('completed')
  })
})

describe('one deadline from the outbox down to the HTTP call', () => {
  const until = async (done: () => boolean) => {
    for (let waited = 0; !done(); waited += 5) {
      if (waited > 5_000) throw new Error('waited 5 s')
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }

  it('the lease is longer than the deadline', () => {
    expect(LEASE_MS).toBeGreaterThan(SEND_TIMEOUT_MS)
  })

  it('a provider that hangs: its HTTP request is cancelled at the deadline, nothing is sent again meanwhile, and no worker claims it before the lease ends', async () => {
    const order = await approvedOrder()
    const id = await confirmed(order)
    // the provider's API: takes the request and never answers
    const received: Array<{ key: string | undefined; cutAt?: number }> = []
    const api = createServer((req, res) => {
      const entry: { key: string | undefined; cutAt?: number } = { key: req.headers['idempotency-key'] as string | undefined }
      received.push(entry)
      res.on('close', () => {
        if (!res.writableFinished) entry.cutAt = performance.now()
      })
      req.resume()
    })
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve))
    // its adapter: our key on every attempt, each attempt allowed 10 s, two retries: ~30 s on its own
    const http = new ProviderHttp({ provider: sandbox.name, baseUrl: `http://127.0.0.1:${(api.address() as AddressInfo).port}`, headers: () => ({}), timeoutMs: 10_000, retries: 2, backoffMs: 5 })
    const hanging = wrapProvider(sandbox, {
      send: async (input, signal) => {
        const answer = await http.request({ method: 'POST', path: '/payouts', json: { reference: input.reference, amount: input.amount }, idempotency: { header: 'Idempotency-Key', key: input.reference }, schema: z.object({ id: z.string() }), signal })
        return answer.ok ? { ok: true, providerRef: answer.body.id } : { ok: false, reason: answer.message }
      },
    })
    try {
      const t0 = clock.now()
      const started = performance.now()
      const pass = runPayoutPass(deps(hanging, { sendTimeoutMs: 300, leaseMs: LEASE_MS }), t0)
      await until(() => received.length === 1)
      // while the send is in the air, another worker does not take the request, up to the lease's last instant
      expect((await runPayoutPass(deps(), new Date(t0.getTime() + LEASE_MS - 1))).claimed).toBe(0)
      expect(await sandboxRowsOf(database.db, id)).toEqual([])
      expect(await pass).toMatchObject({ claimed: 1, retried: 1, accepted: 0 })
      const gaveUp = performance.now() - started
      expect(gaveUp).toBeGreaterThanOrEqual(290)
      expect(gaveUp).toBeLessThan(5_000)
      // the provider saw the connection closed at the deadline, not after the HTTP layer's own 30 s
      await until(() => received[0]!.cutAt !== undefined)
      expect(received[0]!.cutAt! - started).toBeLessThan(5_000)
      expect(received[0]!.key).toBe(String(id))
      // and nothing goes on in the background: no retry of the HTTP layer after the deadline
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(received).toHaveLength(1)
      expect(await requestOf(id)).toMatchObject({ status: 'sending', attempts: 1, lastError: expect.stringContaining('SendTimeout'), nextAttemptAt: new Date(t0.getTime() + backoffMs(0)) })
    } finally {
      api.closeAllConnections()
      await new Promise<void>((resolve) => api.close(() => resolve()))
    }
    // the provider back: the retry pays it, once
    await settle(later(backoffMs(0)))
    await expectPaidOnce(order, id, clock.now())
  })

  it('each send of a batch runs under a lease that outlasts its deadline, renewed for those whose turn comes late', async () => {
    const made = [await approvedOrder(), await approvedOrder()]
    const ids = [await confirmed(made[0]!), await confirmed(made[1]!)]
    const DEADLINE = 100
    const t0 = clock.now()
    let started = 0
    const sends: Array<{ id: number; leaseLeftMs: number; aborted: unknown }> = []
    // hangs until the deadline aborts it
    const hanging = wrapProvider(sandbox, {
      send: async (input, signal) => {
        // the pass's clock at this instant, at the latest: the fake time it started at plus the real time gone
        const now = t0.getTime() + (performance.now() - started)
        const entry = { id: Number(input.reference), leaseLeftMs: Number.NaN, aborted: undefined as unknown }
        sends.push(entry)
        entry.leaseLeftMs = (await requestOf(entry.id)).nextAttemptAt!.getTime() - now
        return new Promise<PayoutResult>((_, reject) => {
          const abort = () => reject((entry.aborted = signal!.reason))
          if (signal!.aborted) abort()
          else signal!.addEventListener('abort', abort, { once: true })
        })
      },
    })
    started = performance.now()
    // a lease of 1.5 deadlines: the second request's turn comes after the first one's deadline
    expect(await runPayoutPass(deps(hanging, { sendTimeoutMs: DEADLINE, leaseMs: 150 }), t0)).toMatchObject({ claimed: 2, retried: 2 })
    expect(sends.map((s) => s.id)).toEqual(ids)
    for (const send of sends) {
      expect(send.leaseLeftMs, `payout ${send.id}`).toBeGreaterThanOrEqual(DEADLINE)
      expect(send.aborted).toBeInstanceOf(SendTimeout)
    }
    await settle(later(backoffMs(0)))
    for (const [i, order] of made.entries()) await expectPaidOnce(order, ids[i]!, clock.now())
  })
})

describe('two workers at once', () => {
  it('never send the same instruction twice', async () => {
    plans.clear()
    const made = await Promise.all(Array.from({ length: 30 }, () => approvedOrder()))
    const ids: number[] = []
    for (const order of made) ids.push(await confirmed(order))
    const sends = new Map<string, number>()
    const counting = wrapProvider(sandbox, {
      send: async (input) => {
        sends.set(input.reference, (sends.get(input.reference) ?? 0) + 1)
        await new Promise((resolve) => setTimeout(resolve, 5))
        return sandbox.send(input)
      },
    })
    const at = clock.now()
    const outcomes = await Promise.all([runAllPayouts(deps(counting), at), runAllPayouts(deps(counting), at), runAllPayouts(deps(counting), at)])
    expect(outcomes.reduce((n, o) => n + o.accepted, 0)).toBe(30)
    expect(ids.every((id) => sends.get(String(id)) === 1)).toBe(true)
    const rows = await database.db.select({ key: sandboxPayouts.key, sends: sandboxPayouts.sends }).from(sandboxPayouts).where(sql`${sandboxPayouts.key} in (${sql.join(ids.map((i) => sql`${String(i)}`), sql`, `)})`)
    expect(rows.every((r) => r.sends === 1)).toBe(true)
    expect(rows).toHaveLength(30)
    await settle(at)
    for (const order of made) expect((await orderOf(order)).status).toBe(S.due)
  })
})

describe('the payout webhook', () => {
  const post = (body: string, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: PAYOUT_CALLBACK_PATH, payload: body, headers: { 'content-type': 'application/json', ...headers } })
  const signed = (body: string, timestamp = Math.floor(Date.now() / 1000)) => ({ [TIMESTAMP_HEADER]: String(timestamp), [SIGNATURE_HEADER]: signCallback(TEST_PAYOUT_SECRET, timestamp, body) })

  async function acceptedRequest(): Promise<{ order: Order; id: number; body: string }> {
    const order = await approvedOrder(S.approved, { plan: { outcome: 'silent' } })
    const id = await confirmed(order)
    await runPayoutPass(deps(), clock.now())
    const [row] = await sandboxRowsOf(database.db, id)
    const body = JSON.stringify(callbackBodyOf({ ...row!, status: 'completed', finishedAt: clock.now() }))
    return { order, id, body }
  }

  it('refuses a missing or wrong signature and a stale one with 401, a body that is no payout result with 400: nothing stored', async () => {
    const { id, body } = await acceptedRequest()
    const before = await database.db.select().from(payoutCallbacks)
    for (const headers of [{}, { [TIMESTAMP_HEADER]: '1', [SIGNATURE_HEADER]: 'abc' }, signed(`${body} `), signed(body, Math.floor(Date.now() / 1000) - 3600)]) {
      const res = await post(body, headers)
      expect(res.statusCode, JSON.stringify(headers)).toBe(401)
      expect(res.json()).toMatchObject({ code: ERRORS.sessionRequired.code })
    }
    for (const hostile of ['{', '{"id":"x"}', JSON.stringify({ ...JSON.parse(body), reference: "1' or 1=1" }), JSON.stringify({ ...JSON.parse(body), status: 'paid' }), 'x'.repeat(70_000)]) {
      const res = await post(hostile, signed(hostile))
      expect([400, 413], hostile.slice(0, 40)).toContain(res.statusCode)
    }
    expect(await database.db.select().from(payoutCallbacks)).toEqual(before)
    expect((await requestOf(id)).status).toBe('accepted')
  })

  it('refuses a payout that is not ours, or another transfer than the one accepted, with 400', async () => {
    const { body } = await acceptedRequest()
    const unknown = JSON.stringify({ ...JSON.parse(body), reference: '999999999' })
    expect((await post(unknown, signed(unknown))).statusCode).toBe(400)
    const other = JSON.stringify({ ...JSON.parse(body), provider_ref: 'po_someone_else' })
    expect((await post(other, signed(other))).statusCode).toBe(400)
  })

  it('answers 200 once stored and applied; a duplicate is harmless', async () => {
    const { order, id, body } = await acceptedRequest()
    const first = await post(body, signed(body))
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json()).toMatchObject({ code: 0, data: { duplicate: false } })
    const copies = await Promise.all(Array.from({ length: 5 }, () => post(body, signed(body))))
    expect(copies.map((r) => r.json().data.duplicate)).toEqual([true, true, true, true, true])
    expect(await database.db.select().from(payoutCallbacks).where(eq(payoutCallbacks.requestId, id))).toHaveLength(1)
    expect(await requestOf(id)).toMatchObject({ status: 'completed' })
    expect(await disbursals(order)).toEqual({ history: 1, audit: 1 })
    // the borrower's loan is due now, no longer "being paid out"
    const events = await database.db.select().from(auditLog).where(eq(auditLog.recordId, order.orderNo)).orderBy(asc(auditLog.id))
    expect(events.map((e) => [e.action, e.staffId])).toEqual([
      ['orders.payout-request', financeA.id],
      ['orders.payout-confirm', financeB.id],
      ['orders.payout-send', null],
      ['orders.payout-accept', null],
      ['orders.payout-complete', null],
      ['orders.disburse', null],
    ])
  })
})

describe('the borrower while the payout is on its way', () => {
  it('says "being paid out" in each language, then shows the due date', async () => {
    const { borrower, token } = await createBorrowerWithSession(database.db)
    const { order } = await createOrder(database.db, { product, borrowerId: borrower.id, status: S.approved, now: clock.now(), manualReview: true })
    const detail = async (lang: string) => (await get(app, loanDetails.path, { tok: token, orderId: order.orderNo, lang })).json().data
    expect(await detail('en')).toMatchObject({ payoutInProgress: false, noticeStatusText: 'Approved' })
    const id = await confirmed(order)
    expect(await detail('en')).toMatchObject({ payoutInProgress: true, noticeStatusText: 'Being paid out' })
    expect(await detail('id')).toMatchObject({ payoutInProgress: true, noticeStatusText: 'Sedang dicairkan' })
    expect(await detail('es')).toMatchObject({ payoutInProgress: true, noticeStatusText: 'En desembolso' })
    await settle()
    expect(await requestOf(id)).toMatchObject({ status: 'completed' })
    expect(await detail('en')).toMatchObject({ orderStatus: S.due, payoutInProgress: false })
  })
})
