import { eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS, floorBasisPoints, localDate, type Cents } from '@kilat/domain'
import { SandboxGateway } from '../../adapters/payments/sandbox-gateway.js'
import { gatewayCallbacks } from '../../adapters/payments/sandbox.schema.js'
import { openPostgres, type Database } from '../../db/client.js'
import { createBorrower, createOrder, createProduct } from '../../db/factories.js'
import { orderHistory, orders, type Order } from '../../modules/orders/orders.schema.js'
import { demoPayouts } from '../../modules/money-desk/money-desk.service.js'
import { runOrderJob, type JobDeps, type JobResult } from '../../modules/orders/orders.service.js'
import { completeAllPayouts, paidTwice } from '../../modules/money-desk/test-helpers.js'
import { sandboxPayouts } from '../../adapters/payouts/sandbox-payouts.schema.js'
import type { Product } from '../../modules/products/products.schema.js'
import { applyAllDueEvents, type ApplyOutcome } from '../../modules/repayment/inbox.js'
import { paymentInbox, payments } from '../../modules/repayment/repayment.schema.js'
import { issueRepaymentAccount } from '../../modules/repayment/repayment.service.js'
import { sandboxPay } from '../../modules/repayment/sandbox-pay.js'
import { SECRET, postCallback, signedHeaders } from '../../modules/repayment/test-helpers.js'
import { buildTestApp, openTestDatabase } from '../setup-db.js'

/**
 * Background work run by two server processes at once never does the same thing twice
 * (docs/decisions/0006-order-job.md): on PostgreSQL each runner has its own connection pool, as two
 * processes would; on PGlite both share the one instance (which serializes their statements, so
 * there it checks the bookkeeping rather than the locking). More orders of each kind than one batch
 * claims, so that the runners' batches interleave, and several passes of both per day.
 */
const onPostgres = Boolean(process.env.DATABASE_URL)
const S = ORDER_STATUS
const DAY_MS = 86_400_000
/** Noon in Jakarta. */
const T = new Date('2026-03-10T05:00:00Z')
const at = (days: number) => new Date(T.getTime() + days * DAY_MS)
/** Above the job's batch of 100 (orders.lifecycle.ts BATCH). */
const PER_KIND = 110
const DAYS = 5
const PASSES_PER_DAY = 3

let a: Database
let b: Database
let product: Product

beforeAll(async () => {
  a = await openTestDatabase()
  b = onPostgres ? await openPostgres(process.env.DATABASE_URL!, { max: 5 }) : a
  product = await createProduct(a.db, { termUnit: 'day', termDays: 91 })
})

afterAll(async () => {
  if (b !== a) await b?.close()
  await a?.close()
})

const config: JobDeps['config'] = { DEMO_MODE: true, DECISION_DELAY_SECONDS: 20, DISBURSE_DELAY_SECONDS: 20 }

async function makeOrders(count: number, spec: Omit<Parameters<typeof createOrder>[1], 'borrowerId' | 'product'>): Promise<Order[]> {
  const made: Order[] = []
  // ten at a time: on PostgreSQL the pool's connections work side by side
  for (let i = 0; i < count; i += 10) {
    const chunk = Array.from({ length: Math.min(10, count - i) }, async () => {
      const borrower = await createBorrower(a.db)
      return (await createOrder(a.db, { ...spec, borrowerId: borrower.id, product })).order
    })
    made.push(...(await Promise.all(chunk)))
  }
  return made
}

const sumOf = (results: JobResult[], key: keyof JobResult) => results.reduce((n, r) => n + r[key], 0)

describe('the order job, two runners at once', () => {
  it('decides, pays out, marks overdue and charges each order once per day', async () => {
    const approvable = await makeOrders(PER_KIND - 20, { status: S.submitted, now: at(0), principal: 200_000_000 })
    const tooBig = await makeOrders(20, { status: S.submitted, now: at(0), principal: 600_000_000 })
    const approved = await makeOrders(PER_KIND, { status: S.approved, now: at(0) })
    // due yesterday: overdue at the first pass
    const lapsing = await makeOrders(PER_KIND, { status: S.due, now: at(-6) })
    const overdue = await makeOrders(PER_KIND, { status: S.overdue, now: at(0), overdueDays: 3 })
    const all = [...approvable, ...tooBig, ...approved, ...lapsing, ...overdue]

    const results: JobResult[] = []
    const penalties = async () =>
      new Map(
        (await a.db.select({ id: orders.id, penalty: orders.penalty, through: orders.penaltyAccruedThrough, status: orders.status }).from(orders).where(inArray(orders.id, all.map((o) => o.id)))).map((r) => [r.id, r]),
      )
    const principalOf = new Map(all.map((o) => [o.id, o.principal as Cents]))
    let before = await penalties()
    const chargedPerDay: number[] = []
    for (let day = 0; day < DAYS; day++) {
      const dayResults: JobResult[] = []
      for (let pass = 0; pass < PASSES_PER_DAY; pass++) {
        dayResults.push(...(await Promise.all([runOrderJob({ db: a.db, config, payouts: demoPayouts }, at(day)), runOrderJob({ db: b.db, config, payouts: demoPayouts }, at(day))])))
        // the payout outbox's workers, one per runner, at once
        await Promise.all([completeAllPayouts(a.db, at(day)), completeAllPayouts(b.db, at(day))])
      }
      results.push(...dayResults)
      const after = await penalties()
      const today = localDate(at(day), 'ID')
      let charged = 0
      for (const [id, row] of after) {
        const rise = row.penalty - before.get(id)!.penalty
        if (row.status === S.overdue) expect(row.through, `order ${id} on ${today}`).toBe(today)
        if (rise === 0) continue
        charged += 1
        // Indonesia's default late charge: 0.1 % of the principal a day, no one-time fee, so one
        // day's charge is exactly this; a day charged twice would rise by twice as much.
        expect(rise, `order ${id} on ${today}`).toBe(floorBasisPoints(principalOf.get(id)!, 10))
      }
      // each charge a runner reports is one order's one day: none reported twice
      expect(sumOf(dayResults, 'accrued'), `day ${today}`).toBe(charged)
      chargedPerDay.push(charged)
      before = after
    }

    expect(sumOf(results, 'approved')).toBe(approvable.length)
    expect(sumOf(results, 'rejected')).toBe(tooBig.length)
    expect(sumOf(results, 'payoutsQueued')).toBe(approved.length + approvable.length)
    // one payout at the provider per order, each sent once: no instruction was taken by both workers
    const sent = await a.db.select({ key: sandboxPayouts.key, sends: sandboxPayouts.sends, status: sandboxPayouts.status }).from(sandboxPayouts)
    expect(sent).toHaveLength(approved.length + approvable.length)
    expect(sent.every((r) => r.sends === 1 && r.status === 'completed')).toBe(true)
    expect(await paidTwice(a.db)).toEqual([])
    expect(sumOf(results, 'overdue')).toBe(lapsing.length)
    // every overdue order is charged every day from the second on (the seeded ones were charged through the first)
    expect(chargedPerDay.slice(1)).toEqual(Array.from({ length: DAYS - 1 }, () => lapsing.length + overdue.length))

    // The history keeps one row per change: no order moved to the same status twice.
    const repeated = await a.db
      .select({ orderId: orderHistory.orderKey, to: orderHistory.toStatus, n: sql<number>`count(*)::int` })
      .from(orderHistory)
      .groupBy(orderHistory.orderKey, orderHistory.toStatus)
      .having(sql`count(*) > 1`)
    expect(repeated).toEqual([])
    const byStatus = await a.db.select({ to: orderHistory.toStatus, n: sql<number>`count(*)::int` }).from(orderHistory).groupBy(orderHistory.toStatus)
    expect(Object.fromEntries(byStatus.map((r) => [r.to, r.n]))).toEqual({
      [S.approved]: approvable.length,
      [S.rejected]: tooBig.length,
      [S.due]: approved.length + approvable.length,
      [S.overdue]: lapsing.length,
    })
  }, 120_000)
})

describe('the payment inbox, two workers at once', () => {
  let app: FastifyInstance
  beforeAll(async () => {
    app = await buildTestApp(a, { env: { JOB_INTERVAL_SECONDS: '0' } })
    await app.ready()
  })
  afterAll(async () => {
    await app?.close()
  })

  it('applies each stored payment once, whichever worker claims it', async () => {
    const WAVES = 3
    const PER_WAVE = 30
    const gateway = new SandboxGateway(SECRET)
    const paidOrders: Order[] = []
    for (let wave = 0; wave < WAVES; wave++) {
      const wavesOrders = await makeOrders(PER_WAVE, { status: S.due })
      for (const order of wavesOrders) {
        const account = await issueRepaymentAccount({ db: a.db, gateway }, { borrowerId: order.borrowerId, orderNo: order.orderNo, methodCode: 'BCA', purpose: 'repay' })
        const paid = await sandboxPay(a.db, account.accountNo)
        if (!paid.ok) throw new Error(`sandbox refused ${account.accountNo}: ${paid.reason}`)
        const [callback] = await a.db.select({ body: gatewayCallbacks.body }).from(gatewayCallbacks).where(eq(gatewayCallbacks.id, paid.callbackId))
        const res = await postCallback(app, callback!.body, signedHeaders(callback!.body))
        expect(res.json()).toMatchObject({ code: 0, data: { duplicate: false } })
      }
      paidOrders.push(...wavesOrders)
      // four passes at once, two on each runner's pool
      const outcomes: ApplyOutcome[] = await Promise.all([applyAllDueEvents(a.db), applyAllDueEvents(b.db), applyAllDueEvents(a.db), applyAllDueEvents(b.db)])
      expect(outcomes.reduce((n, o) => n + o.applied, 0), `wave ${wave}`).toBe(PER_WAVE)
      expect(outcomes.reduce((n, o) => n + o.failed, 0)).toBe(0)
    }

    const ids = paidOrders.map((o) => o.id)
    const recorded = await a.db.select({ orderKey: payments.orderKey }).from(payments).where(inArray(payments.orderKey, ids))
    expect(recorded).toHaveLength(paidOrders.length)
    expect(new Set(recorded.map((p) => p.orderKey)).size).toBe(paidOrders.length)
    const inbox = await a.db.select({ attempts: paymentInbox.attempts, appliedAt: paymentInbox.appliedAt }).from(paymentInbox)
    expect(inbox).toHaveLength(paidOrders.length)
    // one attempt each: no event was taken by a second worker while the first applied it
    expect(inbox.every((e) => e.attempts === 1 && e.appliedAt !== null)).toBe(true)
    const settled = await a.db.select({ status: orders.status, paid: orders.paid, totalRepay: orders.totalRepay }).from(orders).where(inArray(orders.id, ids))
    expect(settled.every((o) => o.status === S.settled && o.paid === o.totalRepay)).toBe(true)
  }, 120_000)
})
