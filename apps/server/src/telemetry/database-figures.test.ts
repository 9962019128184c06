import { randomInt } from 'node:crypto'
import { desc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payoutConfirm, payoutRequest } from '@kilat/contract'
import { DELINQUENCY_BUCKETS, MARKETS, ORDER_STATUS, addDays, cents, localDate, type Market } from '@kilat/domain'
import { SANDBOX_GATEWAY, SIGNATURE_HEADER, SandboxGateway, TIMESTAMP_HEADER, signCallback } from '../adapters/payments/sandbox-gateway.js'
import { PayoutUnavailable, type PayoutProvider } from '../adapters/payouts/payout-provider.js'
import { SANDBOX_FAILURE, SANDBOX_PAYOUTS, SandboxPayouts, callbackBodyOf, type SandboxPlan } from '../adapters/payouts/sandbox-payouts.js'
import type { Database } from '../db/client.js'
import { createBorrowerWithSession, createOrder, createProduct } from '../db/factories.js'
import { adjustments } from '../modules/money-desk/adjustments.schema.js'
import { payoutCallbacks, payoutRequests } from '../modules/money-desk/payouts.schema.js'
import { runPayoutPass, type OutboxDeps } from '../modules/money-desk/payouts.outbox.js'
import { PAYOUT_CALLBACK_PATH } from '../modules/money-desk/payouts.routes.js'
import { gatewayReports, reconDays, reconDifferences } from '../modules/money-desk/reconciliation.schema.js'
import { TEST_PAYOUT_SECRET, sandboxRowsOf, wrapProvider } from '../modules/money-desk/test-helpers.js'
import type { Order } from '../modules/orders/orders.schema.js'
import type { Product } from '../modules/products/products.schema.js'
import { PAYMENT_CALLBACK_PATH } from '../modules/repayment/repayment.routes.js'
import { paymentInbox } from '../modules/repayment/repayment.schema.js'
import { issueRepaymentAccount } from '../modules/repayment/repayment.service.js'
import { SECRET, applyInbox, orderOf, pay, postCallback, signedHeaders, type RepaymentTestApp } from '../modules/repayment/test-helpers.js'
import { emptyStaff, enrolledStaff, opsPost, testClock, type TestStaff } from '../modules/staff/test-helpers.js'
import { buildTestApp, openTestDatabase } from '../test/setup-db.js'
import { refreshDatabaseFigures } from './database-figures.js'
import {
  adjustmentsPendingSecond,
  httpRequestDuration,
  loansOverdue,
  metricsRegistry,
  paymentInboxOldestPendingSeconds,
  paymentInboxPending,
  payoutOutboxOldestSeconds,
  payoutOutboxRequests,
  payoutsAmountCents,
  payoutsTotal,
  providerCallbacks,
  providerLastCallbackTimestamp,
  reconOpenDifferences,
  reconUnreconciledDays,
} from './metrics.js'
import { deltaOf, seriesOf, sumOf, valueOf } from './test-helpers.js'

/**
 * The money flows' metrics (docs/operations/metrics.md#money-flows): the providers' callbacks
 * accepted and refused, the payouts that reached a final state with their amounts, and the figures
 * the refresh reads from the database: the payment inbox, the payout outbox, each provider's last
 * callback, the adjustments waiting for a second member, the open reconciliation differences and
 * the overdue buckets. The registry is shared by the files of a worker: counters are measured as a
 * change across their event; the gauges are the refresh's reading of this file's own database.
 */

const SECOND = 1_000
const clock = testClock(new Date().toISOString())
const plans = new Map<string, SandboxPlan>()

let database: Database
let app: FastifyInstance
let sandbox: SandboxPayouts
let product: Product
let financeA: TestStaff & { cookie: string }
let financeB: TestStaff & { cookie: string }
/** The repayment helpers' view of this file's app: its callbacks are posted in-process. */
let t: RepaymentTestApp
/** What a label must never hold. */
const secrets: string[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  sandbox = new SandboxPayouts(database.db, { secret: TEST_PAYOUT_SECRET, now: clock.now, finishAfterMs: 0, timeoutMs: 1, plan: (input) => plans.get(input.orderNo) ?? null })
  app = await buildTestApp(database, { env: { JOB_INTERVAL_SECONDS: '0' }, now: clock.now, payouts: sandbox })
  await app.ready()
  product = await createProduct(database.db, { market: 'ID', termUnit: 'day', termDays: 91 })
  financeA = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  financeB = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  secrets.push(financeA.cookie, financeB.cookie)
  t = { app, database, deps: { db: database.db, gateway: new SandboxGateway(SECRET) }, webhookUrl: `http://localhost${PAYMENT_CALLBACK_PATH}`, close: async () => {} }
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const deps = (payouts: PayoutProvider = sandbox): OutboxDeps => ({ db: database.db, secrets: app.secrets, payouts, statusAfterSeconds: 60 })
const requestOf = async (id: number) => (await database.db.select().from(payoutRequests).where(eq(payoutRequests.id, id)))[0]!
const refresh = (now: Date) => refreshDatabaseFigures(database.db, now)
const later = (from: Date, ms: number) => new Date(from.getTime() + ms)

// ---- payments: a callback stored, not yet applied (repayment/inbox.test.ts) ----

/** A due order whose whole amount the sandbox gateway reports paid: the signed callback and its body. */
async function paidCallback(): Promise<{ order: Order; body: string; paymentId: string }> {
  const order = await orderOf(database.db, product, { status: ORDER_STATUS.due })
  const account = await issueRepaymentAccount(t.deps, { borrowerId: order.borrowerId, orderNo: order.orderNo, methodCode: 'BCA', purpose: 'repay' })
  const { body, paymentId } = await pay(t, account.accountNo)
  secrets.push(order.orderNo, account.accountNo, paymentId)
  return { order, body, paymentId }
}

async function storedPayment(): Promise<{ order: Order; receivedAt: Date }> {
  const { order, body, paymentId } = await paidCallback()
  const res = await postCallback(app, body, signedHeaders(body))
  expect(res.json(), res.body).toMatchObject({ code: 0, data: { duplicate: false } })
  const [row] = await database.db.select().from(paymentInbox).where(eq(paymentInbox.gatewayPaymentId, paymentId))
  expect(row!.appliedAt).toBeNull()
  return { order, receivedAt: row!.receivedAt }
}

// ---- payouts: requested, confirmed, sent (money-desk/payouts.outbox.test.ts) ----

async function approvedOrder(plan?: SandboxPlan): Promise<Order> {
  const { borrower } = await createBorrowerWithSession(database.db, { market: 'ID' })
  const { order } = await createOrder(database.db, { product, borrowerId: borrower.id, status: ORDER_STATUS.approved, now: clock.now(), manualReview: true })
  if (plan) plans.set(order.orderNo, plan)
  secrets.push(order.orderNo, borrower.phone)
  return order
}

/** Requested by one member, confirmed by another: the instruction waits in the outbox. */
async function confirmed(order: Order): Promise<number> {
  const requested = await opsPost(app, payoutRequest.path, { orderNo: order.orderNo }, { cookie: financeA.cookie })
  expect(requested.statusCode, requested.body).toBe(200)
  const id = requested.json().data.payout.id as number
  const res = await opsPost(app, payoutConfirm.path, { requestId: id }, { cookie: financeB.cookie })
  expect(res.json().data.payout.status, res.body).toBe('confirmed')
  return id
}

/** A payout the provider accepted and has not reported on yet. */
async function acceptedPayout(): Promise<{ id: number; amount: number }> {
  const order = await approvedOrder({ outcome: 'silent' })
  const id = await confirmed(order)
  expect(await runPayoutPass(deps(), clock.now())).toMatchObject({ claimed: 1, accepted: 1 })
  const request = await requestOf(id)
  expect(request.status).toBe('accepted')
  return { id, amount: request.amount }
}

const signedPayout = (body: string, timestamp = Math.floor(Date.now() / 1000)) => ({
  'content-type': 'application/json',
  [TIMESTAMP_HEADER]: String(timestamp),
  [SIGNATURE_HEADER]: signCallback(TEST_PAYOUT_SECRET, timestamp, body),
})
const postPayoutCallback = (body: string, headers: Record<string, string>) => app.inject({ method: 'POST', url: PAYOUT_CALLBACK_PATH, payload: body, headers })

/** The provider's callback reporting the payout finished as `status`. */
async function payoutCallbackBody(id: number, status: 'completed' | 'failed'): Promise<string> {
  const [row] = await sandboxRowsOf(database.db, id)
  return JSON.stringify(callbackBodyOf({ ...row!, status, reason: status === 'failed' ? SANDBOX_FAILURE : null, finishedAt: clock.now() }))
}

describe('payment callbacks', () => {
  it('counts one accepted, answered on the callback surface', async () => {
    const { body } = await paidCallback()
    const refused = await sumOf(providerCallbacks, { provider: SANDBOX_GATEWAY, kind: 'payment', outcome: 'refused' })
    let status = 0
    const moved = await deltaOf(providerCallbacks, { provider: SANDBOX_GATEWAY, kind: 'payment', outcome: 'accepted' }, async () => {
      const answered = await deltaOf(httpRequestDuration, { method: 'POST', route: PAYMENT_CALLBACK_PATH, status_code: 200, surface: 'callback' }, async () => {
        status = (await postCallback(app, body, signedHeaders(body))).statusCode
      })
      expect(answered).toBe(1)
    })
    expect(status).toBe(200)
    expect(moved).toBe(1)
    expect(await sumOf(providerCallbacks, { provider: SANDBOX_GATEWAY, kind: 'payment', outcome: 'refused' })).toBe(refused)
  })

  it('counts a badly signed one as refused, and not as accepted', async () => {
    const { body } = await paidCallback()
    const accepted = await sumOf(providerCallbacks, { kind: 'payment', outcome: 'accepted' })
    const moved = await deltaOf(providerCallbacks, { provider: SANDBOX_GATEWAY, kind: 'payment', outcome: 'refused' }, async () => {
      expect((await postCallback(app, body, signedHeaders(body, Math.floor(Date.now() / 1000), 'w'.repeat(48)))).statusCode).toBe(401)
      expect((await postCallback(app, body, { 'content-type': 'application/json' })).statusCode).toBe(401)
    })
    expect(moved).toBe(2)
    expect(await sumOf(providerCallbacks, { kind: 'payment', outcome: 'accepted' })).toBe(accepted)
  })
})

describe('payout callbacks and final payouts', () => {
  it('counts a completion: the callback accepted, the payout completed with its amount in its market', async () => {
    const { id, amount } = await acceptedPayout()
    expect(amount).toBeGreaterThan(0)
    const body = await payoutCallbackBody(id, 'completed')
    const before = {
      accepted: await sumOf(providerCallbacks, { provider: SANDBOX_PAYOUTS, kind: 'payout', outcome: 'accepted' }),
      completed: await sumOf(payoutsTotal, { market: 'ID', outcome: 'completed' }),
      cents: await sumOf(payoutsAmountCents, { market: 'ID', outcome: 'completed' }),
      failed: await sumOf(payoutsTotal, { outcome: 'failed' }),
    }
    const res = await postPayoutCallback(body, signedPayout(body))
    expect(res.statusCode, res.body).toBe(200)
    expect((await requestOf(id)).status).toBe('completed')
    expect(await sumOf(providerCallbacks, { provider: SANDBOX_PAYOUTS, kind: 'payout', outcome: 'accepted' })).toBe(before.accepted + 1)
    expect(await sumOf(payoutsTotal, { market: 'ID', outcome: 'completed' })).toBe(before.completed + 1)
    expect(await sumOf(payoutsAmountCents, { market: 'ID', outcome: 'completed' })).toBe(before.cents + amount)
    expect(await sumOf(payoutsTotal, { outcome: 'failed' })).toBe(before.failed)

    // the same callback again: accepted (a repeat of one stored), the payout not counted twice
    const again = await postPayoutCallback(body, signedPayout(body))
    expect(again.json()).toMatchObject({ data: { duplicate: true } })
    expect(await sumOf(providerCallbacks, { provider: SANDBOX_PAYOUTS, kind: 'payout', outcome: 'accepted' })).toBe(before.accepted + 2)
    expect(await sumOf(payoutsTotal, { market: 'ID', outcome: 'completed' })).toBe(before.completed + 1)
    expect(await sumOf(payoutsAmountCents, { market: 'ID', outcome: 'completed' })).toBe(before.cents + amount)
  })

  it('counts a failure with its amount', async () => {
    const { id, amount } = await acceptedPayout()
    const body = await payoutCallbackBody(id, 'failed')
    const before = {
      failed: await sumOf(payoutsTotal, { market: 'ID', outcome: 'failed' }),
      cents: await sumOf(payoutsAmountCents, { market: 'ID', outcome: 'failed' }),
      completed: await sumOf(payoutsTotal, { outcome: 'completed' }),
    }
    const moved = await deltaOf(providerCallbacks, { provider: SANDBOX_PAYOUTS, kind: 'payout', outcome: 'accepted' }, async () => {
      expect((await postPayoutCallback(body, signedPayout(body))).statusCode).toBe(200)
    })
    expect(moved).toBe(1)
    expect((await requestOf(id)).status).toBe('failed')
    expect(await sumOf(payoutsTotal, { market: 'ID', outcome: 'failed' })).toBe(before.failed + 1)
    expect(await sumOf(payoutsAmountCents, { market: 'ID', outcome: 'failed' })).toBe(before.cents + amount)
    expect(await sumOf(payoutsTotal, { outcome: 'completed' })).toBe(before.completed)
  })

  it('counts a badly signed callback as refused, and moves no payout', async () => {
    const { id } = await acceptedPayout()
    const body = await payoutCallbackBody(id, 'completed')
    const finals = await sumOf(payoutsTotal)
    const accepted = await sumOf(providerCallbacks, { kind: 'payout', outcome: 'accepted' })
    const moved = await deltaOf(providerCallbacks, { provider: SANDBOX_PAYOUTS, kind: 'payout', outcome: 'refused' }, async () => {
      for (const headers of [{ 'content-type': 'application/json' }, { 'content-type': 'application/json', [TIMESTAMP_HEADER]: '1', [SIGNATURE_HEADER]: 'abc' }, signedPayout(`${body} `)]) {
        expect((await postPayoutCallback(body, headers)).statusCode).toBe(401)
      }
    })
    expect(moved).toBe(3)
    expect((await requestOf(id)).status).toBe('accepted')
    expect(await sumOf(payoutsTotal)).toBe(finals)
    expect(await sumOf(providerCallbacks, { kind: 'payout', outcome: 'accepted' })).toBe(accepted)
    // left accepted for the outbox's figures below: the provider reports it now
    expect((await postPayoutCallback(body, signedPayout(body))).statusCode).toBe(200)
  })
})

describe('the figures read from the database', () => {
  it('counts the payment callbacks waiting in the inbox and the age of the oldest, 0 once applied', async () => {
    await applyInbox(t)
    await refresh(new Date())
    for (const market of MARKETS) {
      expect(await valueOf(paymentInboxPending, { market }), market).toBe(0)
      expect(await valueOf(paymentInboxOldestPendingSeconds, { market }), market).toBe(0)
    }

    const first = await storedPayment()
    await storedPayment()
    await refresh(later(first.receivedAt, 120 * SECOND))
    expect(await valueOf(paymentInboxPending, { market: 'ID' })).toBe(2)
    expect(await valueOf(paymentInboxOldestPendingSeconds, { market: 'ID' })).toBe(120)
    for (const market of ['IN', 'MX'] as const) {
      expect(await valueOf(paymentInboxPending, { market })).toBe(0)
      expect(await valueOf(paymentInboxOldestPendingSeconds, { market })).toBe(0)
    }
    // the gateway's last callback in the market: the newest stored
    const [newest] = await database.db.select({ at: paymentInbox.receivedAt }).from(paymentInbox).orderBy(desc(paymentInbox.receivedAt)).limit(1)
    expect(await valueOf(providerLastCallbackTimestamp, { provider: SANDBOX_GATEWAY, kind: 'payment', market: 'ID' })).toBe(newest!.at.getTime() / 1000)

    // applied: the state is empty and the gauges read 0 again, not their last values
    expect((await applyInbox(t)).applied).toBeGreaterThanOrEqual(2)
    await refresh(later(first.receivedAt, 180 * SECOND))
    expect(await valueOf(paymentInboxPending, { market: 'ID' })).toBe(0)
    expect(await valueOf(paymentInboxOldestPendingSeconds, { market: 'ID' })).toBe(0)
  })

  it('counts the payouts in the outbox by state, the age of the oldest sending and accepted, and each provider\'s last callback', async () => {
    const base = new Date(clock.now().getTime() + SECOND)
    await refresh(base)
    const before = Object.fromEntries(await Promise.all((['confirmed', 'sending', 'accepted'] as const).map(async (state) => [state, (await valueOf(payoutOutboxRequests, { market: 'ID', state }))!])))
    expect(before).toEqual({ confirmed: expect.any(Number), sending: expect.any(Number), accepted: expect.any(Number) })
    expect(await seriesOf(payoutOutboxOldestSeconds, { market: 'ID' })).toEqual([])

    // one the provider could not be reached for: still sending, to be tried again
    const unreachable = wrapProvider(sandbox, { send: () => Promise.reject(new PayoutUnavailable('connection refused')) })
    const sendingId = await confirmed(await approvedOrder())
    expect(await runPayoutPass(deps(unreachable), clock.now())).toMatchObject({ claimed: 1, retried: 1 })
    // one the provider took (the pass at the same time leaves the other to its backoff), and one confirmed and not sent yet
    const { id: acceptedId } = await acceptedPayout()
    clock.tick(60 * SECOND)
    const confirmedId = await confirmed(await approvedOrder())
    const [sending, accepted, waiting] = await Promise.all([requestOf(sendingId), requestOf(acceptedId), requestOf(confirmedId)])
    expect([sending.status, accepted.status, waiting.status]).toEqual(['sending', 'accepted', 'confirmed'])

    const now = later(clock.now(), 300 * SECOND)
    await refresh(now)
    expect(await valueOf(payoutOutboxRequests, { market: 'ID', state: 'confirmed' })).toBe(before.confirmed + 1)
    expect(await valueOf(payoutOutboxRequests, { market: 'ID', state: 'sending' })).toBe(before.sending + 1)
    expect(await valueOf(payoutOutboxRequests, { market: 'ID', state: 'accepted' })).toBe(before.accepted + 1)
    for (const market of ['IN', 'MX'] as const) {
      for (const state of ['confirmed', 'sending', 'accepted']) expect(await valueOf(payoutOutboxRequests, { market, state })).toBe(0)
    }
    // sending: since it was confirmed; accepted: since the provider took it; a confirmed one has no age
    expect(await valueOf(payoutOutboxOldestSeconds, { market: 'ID', provider: sending.provider ?? 'none', state: 'sending' })).toBe((now.getTime() - sending.decidedAt!.getTime()) / 1000)
    expect(await valueOf(payoutOutboxOldestSeconds, { market: 'ID', provider: SANDBOX_PAYOUTS, state: 'accepted' })).toBe((now.getTime() - accepted.acceptedAt!.getTime()) / 1000)
    expect(await seriesOf(payoutOutboxOldestSeconds, { state: 'confirmed' })).toEqual([])

    // the provider reports the accepted one: it leaves the outbox, and its callback is the provider's last
    clock.tick(30 * SECOND)
    const reportedAt = clock.now()
    const body = await payoutCallbackBody(acceptedId, 'completed')
    expect((await postPayoutCallback(body, signedPayout(body))).statusCode).toBe(200)
    const [last] = await database.db.select({ at: payoutCallbacks.receivedAt }).from(payoutCallbacks).orderBy(desc(payoutCallbacks.receivedAt)).limit(1)
    expect(last!.at).toEqual(reportedAt)
    await refresh(later(reportedAt, 10 * SECOND))
    expect(await valueOf(providerLastCallbackTimestamp, { provider: SANDBOX_PAYOUTS, kind: 'payout', market: 'ID' })).toBe(reportedAt.getTime() / 1000)
    expect(await valueOf(payoutOutboxRequests, { market: 'ID', state: 'accepted' })).toBe(before.accepted)
    // no accepted payout waits: the age reads 0 (the series is gone, not left at its last value)
    expect((await valueOf(payoutOutboxOldestSeconds, { market: 'ID', provider: SANDBOX_PAYOUTS, state: 'accepted' })) ?? 0).toBe(0)
    expect(await valueOf(payoutOutboxRequests, { market: 'ID', state: 'sending' })).toBe(before.sending + 1)
  })

  it('counts the adjustments waiting for a second member and the open reconciliation differences', async () => {
    const now = new Date()
    await refresh(now)
    const waivers = await sumOf(adjustmentsPendingSecond, { market: 'ID', kind: 'waiver' })
    const mismatches = await sumOf(reconOpenDifferences, { market: 'ID', kind: 'amount_mismatch' })

    const order = await orderOf(database.db, product, { status: ORDER_STATUS.due })
    const [adjustment] = await database.db
      .insert(adjustments)
      .values({ orderKey: order.id, kind: 'waiver', component: 'late_charge', amount: cents(5_000_00), note: 'metrics', requestedBy: financeA.id, requestedAt: now })
      .returning()
    const gatewayPaymentId = `gp_${randomInt(1e8, 1e9)}`
    secrets.push(order.orderNo, gatewayPaymentId)
    const [difference] = await database.db
      .insert(reconDifferences)
      .values({ market: 'ID', day: '2026-11-30', kind: 'amount_mismatch', gateway: SANDBOX_GATEWAY, gatewayPaymentId, accountNo: `8808${randomInt(1e8, 1e9)}`, orderKey: order.id, amount: cents(12_345_00), expected: 12_345_00, actual: 12_000_00, paidAt: now })
      .returning()
    await refresh(now)
    expect(await sumOf(adjustmentsPendingSecond, { market: 'ID', kind: 'waiver' })).toBe(waivers + 1)
    expect(await sumOf(reconOpenDifferences, { market: 'ID', kind: 'amount_mismatch' })).toBe(mismatches + 1)

    // decided and resolved: both leave the figures
    await database.db.update(adjustments).set({ status: 'cancelled', decidedBy: financeB.id, decidedAt: now }).where(eq(adjustments.id, adjustment!.id))
    await database.db.update(reconDifferences).set({ status: 'resolved' }).where(inArray(reconDifferences.id, [difference!.id]))
    await refresh(now)
    expect(await sumOf(adjustmentsPendingSecond, { market: 'ID', kind: 'waiver' })).toBe(waivers)
    expect(await sumOf(reconOpenDifferences, { market: 'ID', kind: 'amount_mismatch' })).toBe(mismatches)
  })

  it('counts the days not closed by reconciliation, from the first report through yesterday', async () => {
    const now = new Date()
    const today = localDate(now, 'MX')
    await refresh(now)
    // a market that never took a report has nothing to reconcile
    expect(await valueOf(reconUnreconciledDays, { market: 'MX' })).toBe(0)
    await database.db.insert(gatewayReports).values({ gateway: SANDBOX_GATEWAY, market: 'MX', day: addDays(today, -5), lineCount: 0 })
    await refresh(now)
    expect(await valueOf(reconUnreconciledDays, { market: 'MX' })).toBe(5)
    // the days closed through the day before yesterday: one left
    await database.db.insert(reconDays).values({ market: 'MX', day: addDays(today, -2), reconciledAt: now, closedBy: financeA.id, closedAt: now })
    await refresh(now)
    expect(await valueOf(reconUnreconciledDays, { market: 'MX' })).toBe(1)
    await database.db.insert(reconDays).values({ market: 'MX', day: addDays(today, -1), reconciledAt: now, closedBy: financeA.id, closedAt: now })
    await refresh(now)
    expect(await valueOf(reconUnreconciledDays, { market: 'MX' })).toBe(0)
  })

  it('counts the overdue loans per market and bucket', async () => {
    // days no refresh has read yet: the desk keeps each day's counts for a few seconds
    const dayOne = new Date(Date.now() + (200 + randomInt(0, 100)) * 86_400_000)
    const dayTwo = new Date(dayOne.getTime() + 86_400_000)
    await refresh(dayOne)
    const counts = async () => Object.fromEntries(await Promise.all(MARKETS.flatMap((market: Market) => DELINQUENCY_BUCKETS.map(async (bucket) => [`${market}:${bucket}`, await valueOf(loansOverdue, { market, bucket })]))))
    const before = await counts()
    // every market and bucket is reported, 0 where none is overdue
    expect(Object.values(before).every((n) => typeof n === 'number')).toBe(true)

    const { borrower } = await createBorrowerWithSession(database.db, { market: 'ID' })
    await createOrder(database.db, { product, borrowerId: borrower.id, status: ORDER_STATUS.overdue, now: dayTwo, overdueDays: 10 })
    await refresh(dayTwo)
    const after = await counts()
    expect(after['ID:d1_30']).toBe(before['ID:d1_30']! + 1)
    for (const key of Object.keys(before).filter((k) => k !== 'ID:d1_30')) expect(after[key], key).toBe(before[key])
  })
})

// last: the flows above have put their labels in the registry
describe('labels', () => {
  it('never hold an id, a phone, an amount or a token', async () => {
    const values = new Set<string>()
    for (const metric of await metricsRegistry.getMetricsAsJSON()) {
      for (const v of metric.values) for (const [name, value] of Object.entries(v.labels)) if (name !== 'le') values.add(String(value))
    }
    expect(values.size).toBeGreaterThan(20)
    const leaks = [...values].filter((value) => /\d{6,}/.test(value) || /\+\d/.test(value) || value.includes('?') || secrets.some((s) => s.length > 0 && value.includes(s)))
    expect(leaks).toEqual([])
    expect(secrets.length).toBeGreaterThan(10)
  })
})
