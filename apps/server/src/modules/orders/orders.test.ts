import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { accruedPenalty, cents, penaltyForDay, penaltyRulesFor } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrower, createOrder, createProduct } from '../../db/factories.js'
import { orderPeriods, orders, type Order, type Product } from '../../db/schema.js'
import { openTestDatabase } from '../../test/setup-db.js'
import { lateChargesOf } from '../products/products.service.js'
import { runOrderJob, type JobDeps } from './orders.service.js'

const DAY_MS = 86_400_000
/** Noon in Jakarta. */
const T = new Date('2026-03-10T05:00:00Z')
const at = (days: number, ms = 0) => new Date(T.getTime() + days * DAY_MS + ms)

let database: Database
let deps: JobDeps
let single: Product
let installments: Product
let partner: Product

beforeAll(async () => {
  database = await openTestDatabase()
  deps = { db: database.db, config: { DEMO_MODE: true, DECISION_DELAY_SECONDS: 20, DISBURSE_DELAY_SECONDS: 20 } }
  single = await createProduct(database.db, { termUnit: 'day', termDays: 91, extensionFee: cents(150_000_00) })
  installments = await createProduct(database.db, { termUnit: 'period', periods: 4, periodDays: 30 })
  partner = await createProduct(database.db, { isPartner: true, partnerUrl: 'https://partner.example.com/loan' })
})

beforeEach(async () => {
  await database.db.delete(orderPeriods)
  await database.db.delete(orders)
})

afterAll(async () => {
  await database?.close()
})

async function reload(order: Order) {
  const [row] = await database.db.select().from(orders).where(eq(orders.id, order.id))
  const periods = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderId, order.id)).orderBy(asc(orderPeriods.periodNo))
  return { ...row!, schedule: periods }
}

/** An order of a borrower of its own (one running loan per borrower and product), unless one is named. */
const make = async (spec: Omit<Parameters<typeof createOrder>[1], 'borrowerId'> & { borrowerId?: number }) =>
  (await createOrder(database.db, { borrowerId: spec.borrowerId ?? (await createBorrower(database.db)).id, ...spec })).order

describe('demo decision and payout', () => {
  it('approves an amount within the limits and rejects any other, once the delay has passed', async () => {
    const fine = await make({ product: single, status: 21, now: at(0), principal: 200_000_000 })
    const tooBig = await make({ product: single, status: 21, now: at(0), principal: 600_000_000 })
    const offStep = await make({ product: single, status: 21, now: at(0), principal: 120_000_000 })
    const staff = await make({ product: single, status: 21, now: at(0), manualReview: true })
    // applied 2 hours before T: not yet 20 seconds old at 10 seconds past
    expect(await runOrderJob(deps, new Date(fine.appliedAt.getTime() + 10_000))).toMatchObject({ approved: 0, rejected: 0 })
    expect(await runOrderJob(deps, at(0))).toMatchObject({ approved: 1, rejected: 2 })
    expect((await reload(fine)).status).toBe(151)
    expect((await reload(fine)).decidedAt).toEqual(at(0))
    expect((await reload(tooBig)).status).toBe(110)
    expect((await reload(offStep)).status).toBe(110)
    expect((await reload(staff)).status).toBe(21)
  })

  it('decides and pays out nothing outside demo mode', async () => {
    const order = await make({ product: single, status: 21, now: at(0) })
    const approved = await make({ product: single, status: 151, now: at(0) })
    const off: JobDeps = { ...deps, config: { ...deps.config, DEMO_MODE: false } }
    expect(await runOrderJob(off, at(1))).toEqual({ approved: 0, rejected: 0, disbursed: 0, overdue: 0, accrued: 0 })
    expect((await reload(order)).status).toBe(21)
    expect((await reload(approved)).status).toBe(151)
  })

  it('pays out a single-payment loan: due dates count from the payout', async () => {
    const order = await make({ product: single, status: 151, now: at(0) })
    expect((await runOrderJob(deps, at(0))).disbursed).toBe(1)
    const after = await reload(order)
    expect(after).toMatchObject({ status: 174, disbursedAt: at(0), dueAt: at(91) })
    expect(after.schedule).toHaveLength(1)
    expect(after.schedule[0]!.dueAt).toEqual(at(91))
  })

  it('pays out an installment loan to 170 and a partner loan to 3', async () => {
    const inst = await make({ product: installments, status: 151, now: at(0) })
    const part = await make({ product: partner, status: 151, now: at(0) })
    await runOrderJob(deps, at(0))
    const i = await reload(inst)
    expect(i).toMatchObject({ status: 170, dueAt: at(120) })
    expect(i.schedule.map((p) => p.dueAt)).toEqual([at(30), at(60), at(90), at(120)])
    expect((await reload(part)).status).toBe(3)
  })

  it('takes a pushed order all the way from submitted to due', async () => {
    const order = await make({ product: single, status: 21, now: at(0) })
    await runOrderJob(deps, at(0))
    await runOrderJob(deps, at(0, 20_000))
    expect(await reload(order)).toMatchObject({ status: 174, disbursedAt: at(0, 20_000) })
  })
})

describe('due dates passing', () => {
  it('moves 174 to 180, 170 to 180 and 3 to 5 when a due date passes unpaid', async () => {
    // factories date a 174 order 5 days before its due date, a 170 one half-way through
    const due = await make({ product: single, status: 174, now: at(-6) })
    const notYet = await make({ product: single, status: 174, now: at(-4) })
    const inst = await make({ product: installments, status: 170, now: at(-40), paidPeriods: 1 })
    const part = await make({ product: partner, status: 3, now: at(-6) })
    const result = await runOrderJob(deps, at(0))
    expect(result.overdue).toBe(3)
    const d = await reload(due)
    expect(d.status).toBe(180)
    expect(d.schedule[0]!.status).toBe('overdue')
    expect((await reload(notYet)).status).toBe(174)
    const i = await reload(inst)
    expect(i.status).toBe(180)
    expect(i.schedule.map((p) => p.status)).toEqual(['paid', 'overdue', 'overdue', 'unpaid'])
    expect((await reload(part)).status).toBe(5)
  })

  it('leaves settled, rejected and waiting orders alone', async () => {
    const settled = await make({ product: single, status: 200, now: at(-400) })
    const rejected = await make({ product: single, status: 110, now: at(-400) })
    await runOrderJob(deps, at(0))
    expect((await reload(settled)).status).toBe(200)
    expect((await reload(rejected)).status).toBe(110)
  })
})

describe('late charges', () => {
  const unpaidOf = (o: Order) => cents(o.totalRepay - o.paid)

  it('charges the days since the due date, with the new client’s one-time fee', async () => {
    const order = await make({ product: single, status: 174, now: at(-6) })
    await runOrderJob(deps, at(0))
    const after = await reload(order)
    // due on day -1 (Jakarta): day 1 overdue is T
    const rules = penaltyRulesFor(lateChargesOf(single), false)
    expect(after.penalty).toBe(accruedPenalty(1, unpaidOf(order), rules))
    expect(after.penalty).toBeGreaterThan(single.lateFeeNew)
    expect(after.penaltyAccruedThrough).toBe('2026-03-10')
  })

  it('accrues once per calendar day of the market, catching up missed days', async () => {
    const order = await make({ product: single, status: 180, now: at(0), overdueDays: 3 })
    const rules = penaltyRulesFor(lateChargesOf(single), false)
    const unpaid = unpaidOf(order)
    expect(order.penalty).toBe(accruedPenalty(3, unpaid, rules))
    expect(order.penaltyAccruedThrough).toBe('2026-03-10')

    expect((await runOrderJob(deps, at(0, 3_600_000))).accrued).toBe(0)
    expect((await reload(order)).penalty).toBe(order.penalty)

    // 23:30 in Jakarta is still the same day; 00:30 the next day is day 4
    await runOrderJob(deps, at(0, 11.5 * 3_600_000))
    expect((await reload(order)).penalty).toBe(order.penalty)
    await runOrderJob(deps, at(0, 12.5 * 3_600_000))
    const day4 = await reload(order)
    expect(day4.penalty).toBe(order.penalty + penaltyForDay(4, unpaid, order.penalty, rules))
    expect(day4.penaltyAccruedThrough).toBe('2026-03-11')
    await runOrderJob(deps, at(1, 3_600_000))
    expect((await reload(order)).penalty).toBe(day4.penalty)

    await runOrderJob(deps, at(4))
    const day7 = await reload(order)
    expect(day7.penalty).toBe(accruedPenalty(7, unpaid, rules))
    expect(day7.penaltyAccruedThrough).toBe('2026-03-14')
  })

  it('charges a single day when two jobs run at the same moment', async () => {
    const order = await make({ product: single, status: 180, now: at(0), overdueDays: 10 })
    const rules = penaltyRulesFor(lateChargesOf(single), false)
    const results = await Promise.all([runOrderJob(deps, at(1)), runOrderJob(deps, at(1)), runOrderJob(deps, at(1))])
    expect(results.reduce((n, r) => n + r.accrued, 0)).toBe(1)
    const after = await reload(order)
    expect(after.penalty).toBe(order.penalty + penaltyForDay(11, unpaidOf(order), order.penalty, rules))
    expect(after.penalty).toBe(accruedPenalty(11, unpaidOf(order), rules))
  })

  it('charges a repeat client’s lower one-time fee', async () => {
    const repeat = await createBorrower(database.db)
    await make({ borrowerId: repeat.id, product: installments, status: 200, now: at(-200) })
    const order = await make({ borrowerId: repeat.id, product: single, status: 174, now: at(-6) })
    await runOrderJob(deps, at(0))
    const rules = penaltyRulesFor(lateChargesOf(single), true)
    expect((await reload(order)).penalty).toBe(accruedPenalty(1, unpaidOf(order), rules))
    expect(rules.oneTimeFee).toBe(single.lateFeeRepeat)
  })

  it('uses the charges copied onto the order, and never passes the cap', async () => {
    const order = await make({ product: single, status: 180, now: at(0), overdueDays: 1, penalty: 0 })
    await database.db
      .update(orders)
      .set({ lateTiers: [{ fromDay: 1, dailyBps: 900 }], lateCapBps: 5000, penaltyAccruedThrough: null })
      .where(eq(orders.id, order.id))
    await runOrderJob(deps, at(30))
    const after = await reload(order)
    expect(after.penalty).toBe(Math.round(unpaidOf(order) / 2))
    expect(after.penaltyAccruedThrough).toBe('2026-04-09')
  })
})
