import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ERRORS, opsHealth, type OpsHealth } from '@kilat/contract'
import { HEALTH_LIMITS, ORDER_STATUS, PROVIDER_MIN_CALLS, PROVIDER_WINDOW_MINUTES } from '@kilat/domain'
import { SandboxGateway } from '../../adapters/payments/sandbox-gateway.js'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, createProduct } from '../../db/factories.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { jobIntervalSeconds, jobLastRunTimestamp, jobLastSuccessTimestamp, providerCallDuration, reconUnreconciledDays, smsTotal } from '../../telemetry/metrics.js'
import type { Product } from '../products/products.schema.js'
import { paymentInbox } from '../repayment/repayment.schema.js'
import { issueRepaymentAccount } from '../repayment/repayment.service.js'
import { orderOf, pay, postCallback, SECRET, signedHeaders, type RepaymentTestApp } from '../repayment/test-helpers.js'
import { enrolledStaff, opsGet, testClock } from '../staff/test-helpers.js'
import { forgetProviderSnapshots, refreshOnNextRead, startProviderWindow } from './operations-health.service.js'

let database: Database
let app: FastifyInstance
let product: Product
// the app's clock, near the machine's: the webhook checks a callback's signed time against it
const clock = testClock(new Date().toISOString())
type Staff = { cookie: string }
let adminId: Staff
let admin: Staff
let finance: Staff
let agent: Staff
let risk: Staff

const health = async (who: Staff | null, query: Record<string, string> = {}) => {
  const res = await opsGet(app, opsHealth.path, { cookie: who?.cookie, query })
  return { status: res.statusCode, body: res.json() as { code: number; data: OpsHealth; message: string } }
}

/** A payment of an Indonesian order, stored in the inbox and not yet applied (the inbox worker is off). */
async function pendingPayment(): Promise<string> {
  const order = await orderOf(database.db, product, { status: ORDER_STATUS.due })
  const deps = { db: database.db, gateway: new SandboxGateway(SECRET) }
  const account = await issueRepaymentAccount(deps, { borrowerId: order.borrowerId, orderNo: order.orderNo, methodCode: 'BCA', purpose: 'repay' })
  const t = { app, database, deps, webhookUrl: '', close: async () => {} } satisfies RepaymentTestApp
  const { body, paymentId } = await pay(t, account.accountNo)
  expect((await postCallback(app, body, signedHeaders(body))).json()).toMatchObject({ code: 0 })
  return paymentId
}

/** Calls to a provider, as the provider client counts each attempt. */
function calls(provider: string, outcome: string, n: number) {
  for (let i = 0; i < n; i++) providerCallDuration.observe({ provider, operation: 'POST /v1/disbursements', outcome }, 0.2)
}

beforeAll(async () => {
  database = await openTestDatabase()
  app = await buildTestApp(database, { now: clock.now, env: { JOB_INTERVAL_SECONDS: '0' } })
  await app.ready()
  product = await createProduct(database.db, { market: 'ID', termUnit: 'day', termDays: 91 })
  adminId = await enrolledStaff(app, database, clock, 'admin', ['ID'])
  admin = await enrolledStaff(app, database, clock, 'admin', ['ID', 'IN', 'MX'])
  finance = await enrolledStaff(app, database, clock, 'finance', ['ID', 'MX'])
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID', 'IN', 'MX'])
  risk = await enrolledStaff(app, database, clock, 'risk', ['ID'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

beforeEach(() => {
  // each test's window starts now: the counts of earlier tests are before it
  forgetProviderSnapshots()
  startProviderWindow(Date.now())
})

describe('the health screen', () => {
  it("answers an admin every market's figures, graded by the domain's limits", async () => {
    const { status, body } = await health(admin)
    expect(status).toBe(200)
    expect(body.code).toBe(0)
    expect(body.data.markets.map((m) => m.market)).toEqual(['ID', 'IN', 'MX'])
    expect(new Date(body.data.asOf).getTime()).toBe(clock.now().getTime())
    const id = body.data.markets[0]!
    expect(id).toMatchObject({
      inbox: { pending: 0, oldestSeconds: 0, level: 'ok', limit: HEALTH_LIMITS.inboxOldestSeconds },
      outbox: { confirmed: 0, sending: 0, accepted: 0, oldestSending: { level: 'ok', limit: HEALTH_LIMITS.outboxSendingSeconds }, oldestAccepted: { limit: HEALTH_LIMITS.outboxAcceptedSeconds } },
      reconciliation: { reconciledByHour: 12, limit: HEALTH_LIMITS.unreconciledDays },
    })
    expect(body.data.providerWindow).toMatchObject({ minutes: PROVIDER_WINDOW_MINUTES, minCalls: PROVIDER_MIN_CALLS, limit: HEALTH_LIMITS.providerErrorRatio, sinceStart: true })
  })

  it('shows a payment waiting in the inbox, and grades its age as it grows', async () => {
    const paymentId = await pendingPayment()
    // received three minutes before the app's now: past the 2-minute warning, not the 10-minute alert
    await database.db.update(paymentInbox).set({ receivedAt: new Date(clock.now().getTime() - 180_000) }).where(eq(paymentInbox.gatewayPaymentId, paymentId))
    // the database figures are read again at most every few seconds (REFRESH_KEPT_MS); the test skips the wait
    refreshOnNextRead()
    const warn = (await health(admin)).body.data.markets.find((m) => m.market === 'ID')!
    expect(warn.inbox).toMatchObject({ pending: 1, oldestSeconds: 180, level: 'warn' })
    expect(warn.level).toBe('warn')

    // the gauges stay as that read left them until the next refresh: an unreconciled day moves the level too
    reconUnreconciledDays.set({ market: 'ID' }, 2)
    const alert = (await health(admin)).body
    const id = alert.data.markets.find((m) => m.market === 'ID')!
    expect(id.reconciliation).toMatchObject({ unreconciledDays: 2, level: 'alert' })
    expect(id.level).toBe('alert')
    expect(alert.data.level).toBe('alert')
    expect(alert.data.markets.find((m) => m.market === 'IN')!.level).toBe('ok')

    // applied, it leaves the inbox: the next refresh reads it gone
    await database.db.update(paymentInbox).set({ appliedAt: clock.now() }).where(eq(paymentInbox.gatewayPaymentId, paymentId))
    refreshOnNextRead()
    const after = (await health(admin)).body.data.markets.find((m) => m.market === 'ID')!
    expect(after.inbox).toMatchObject({ pending: 0, oldestSeconds: 0, level: 'ok' })
  })

  it("grades each provider's failed calls over the window, from its minimum of calls", async () => {
    calls('acme-pay', 'accepted', 7)
    calls('acme-pay', 'timeout', 2)
    calls('acme-pay', 'refused', 1)
    const few = (await health(admin)).body.data.providers.find((p) => p.name === 'acme-pay')!
    expect(few).toMatchObject({ calls: 10, failed: 2, ratio: 0.2, level: 'alert', failures: [{ outcome: 'timeout', calls: 2 }] })

    // a definite refusal is an answer, a 4xx about us (a key revoked) a failure; the ratio falls as good calls come
    calls('acme-pay', 'accepted', 54)
    calls('acme-pay', 'refused', 4)
    calls('acme-pay', '4xx', 1)
    calls('acme-pay', '5xx', 1)
    const more = (await health(admin)).body.data.providers.find((p) => p.name === 'acme-pay')!
    expect(more).toMatchObject({ calls: 70, failed: 4, level: 'warn', failures: [{ outcome: 'timeout', calls: 2 }, { outcome: '4xx', calls: 1 }, { outcome: '5xx', calls: 1 }] })
    expect(more.ratio).toBeCloseTo(4 / 70)
    calls('acme-pay', 'accepted', 30)
    expect((await health(admin)).body.data.providers.find((p) => p.name === 'acme-pay')).toMatchObject({ calls: 100, failed: 4, level: 'ok' })

    // below the minimum of calls a provider is not graded
    calls('tiny-sms', 'network', 2)
    const tiny = (await health(admin)).body.data.providers.find((p) => p.name === 'tiny-sms')!
    expect(tiny).toMatchObject({ calls: 2, failed: 2, ratio: 1, level: null })
  })

  it("counts a provider's calls since a snapshot older than the window no more", async () => {
    forgetProviderSnapshots()
    const start = Date.now() - 20 * 60_000
    startProviderWindow(start)
    calls('old-gw', 'accepted', 10)
    // the window's first read: its snapshots do not reach inside the window, so it counts since the start
    expect((await health(admin)).body.data.providers.find((p) => p.name === 'old-gw')).toMatchObject({ calls: 10 })
    calls('old-gw', '5xx', 3)
    const second = (await health(admin)).body.data
    expect(second.providers.find((p) => p.name === 'old-gw')).toMatchObject({ calls: 3, failed: 3, level: null })
    expect(second.providerWindow.sinceStart).toBe(false)
  })

  it('names the markets a provider serves, and leaves out a provider of other markets only', async () => {
    smsTotal.inc({ provider: 'mx-sms', market: 'MX', outcome: 'sent' })
    calls('mx-sms', 'accepted', 3)
    const all = (await health(finance)).body.data
    expect(all.providers.find((p) => p.name === 'mx-sms')).toMatchObject({ markets: ['MX'], calls: 3 })
    expect(all.markets.find((m) => m.market === 'MX')!.providers).toContain('mx-sms')
    expect(all.markets.find((m) => m.market === 'ID')!.providers).not.toContain('mx-sms')
    const idOnly = (await health(adminId)).body.data
    expect(idOnly.markets.map((m) => m.market)).toEqual(['ID'])
    expect(idOnly.providers.map((p) => p.name)).not.toContain('mx-sms')
  })

  it("grades each job by the intervals since its last success", async () => {
    const now = Date.now() / 1000
    jobIntervalSeconds.set({ job: 'health test' }, 10)
    jobLastRunTimestamp.set({ job: 'health test' }, now - 5)
    jobLastSuccessTimestamp.set({ job: 'health test' }, now - 50)
    const late = (await health(admin)).body.data.jobs.find((j) => j.name === 'health test')!
    expect(late).toMatchObject({ intervalSeconds: 10, level: 'warn', limit: HEALTH_LIMITS.jobLateIntervals })
    expect(late.lateIntervals).toBeGreaterThanOrEqual(5)
    expect(late.lastSuccessAt).toBe(new Date((now - 50) * 1000).toISOString())

    jobLastSuccessTimestamp.set({ job: 'health test' }, now - 200)
    expect((await health(admin)).body.data.jobs.find((j) => j.name === 'health test')!.level).toBe('alert')
    jobLastSuccessTimestamp.set({ job: 'health test' }, now)
    expect((await health(admin)).body.data.jobs.find((j) => j.name === 'health test')!.level).toBe('ok')
  })

  it('answers finance too, in its own markets', async () => {
    const { status, body } = await health(finance)
    expect(status).toBe(200)
    expect(body.data.markets.map((m) => m.market)).toEqual(['ID', 'MX'])
  })

  it('shows an admin of one market that market only, and refuses another market by name', async () => {
    const { body } = await health(adminId)
    expect(body.data.markets.map((m) => m.market)).toEqual(['ID'])
    const other = await health(adminId, { market: 'MX' })
    expect(other.status).toBe(403)
    expect(other.body.code).toBe(ERRORS.staffForbidden.code)
  })

  it('refuses the roles that do not watch the service, a borrower and no session', async () => {
    for (const who of [agent, risk]) {
      const refused = await health(who)
      expect(refused.status).toBe(403)
      expect(refused.body.code).toBe(ERRORS.staffForbidden.code)
      expect(refused.body.data).toBeNull()
    }
    const none = await health(null)
    expect(none.status).toBe(401)
    expect(none.body.code).toBe(ERRORS.sessionRequired.code)
    const { token } = await createBorrowerWithSession(database.db)
    expect((await opsGet(app, opsHealth.path, { query: { tok: token } })).statusCode).toBe(401)
  })
})
