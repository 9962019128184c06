import { and, asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ORDER_STATUS, applyBasisPoints, cents, daysOverdue, floorBasisPoints, type Cents, type Market } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrower, createOrder, createProduct } from '../../db/factories.js'
import { orderPeriods, orders, type Order } from './orders.schema.js'
import type { Product } from '../products/products.schema.js'
import { openTestDatabase } from '../../test/setup-db.js'
import { AppError } from '../../http/errors.js'
import { demoPayouts } from '../money-desk/money-desk.service.js'
import { completeAllPayouts } from '../money-desk/test-helpers.js'
import { borrowerOrder, borrowerOrderMarket, borrowerOrderPartReader, periodsOf, runOrderJob, unsettledOrderNo, unsettledOrderNos, type JobDeps } from './orders.service.js'

const S = ORDER_STATUS
const DAY_MS = 86_400_000
const HOUR_MS = 3_600_000
/** Noon in Jakarta. */
const T = new Date('2026-03-10T05:00:00Z')
const at = (days: number, ms = 0) => new Date(T.getTime() + days * DAY_MS + ms)

/** Each market's offset from UTC (none of the three keeps summer time). */
const OFFSET: Record<Market, string> = { ID: '+07:00', IN: '+05:30', MX: '-06:00' }
/** A market's wall-clock time, `yyyy-mm-ddThh:mm:ss`, as an instant. */
const local = (market: Market, wallClock: string) => new Date(`${wallClock}${OFFSET[market]}`)

let database: Database
let deps: JobDeps
const product = {} as Record<'single' | 'installments' | 'partner' | 'india' | 'indiaInstallments' | 'mexico', Product>

const INDIA_AMOUNTS = { minAmount: cents(2_000_00), maxAmount: cents(80_000_00), amountStep: cents(1_000_00) }
const MEXICO_AMOUNTS = { minAmount: cents(1_000_00), maxAmount: cents(20_000_00), amountStep: cents(500_00) }

beforeAll(async () => {
  database = await openTestDatabase()
  deps = { db: database.db, config: { DEMO_MODE: true, DECISION_DELAY_SECONDS: 20, DISBURSE_DELAY_SECONDS: 20 }, payouts: demoPayouts }
  product.single = await createProduct(database.db, { termUnit: 'day', termDays: 91, extensionFee: cents(50_000_00) })
  product.installments = await createProduct(database.db, { termUnit: 'period', periods: 4, periodDays: 30 })
  product.partner = await createProduct(database.db, { isPartner: true, partnerUrl: 'https://partner.example.com/loan' })
  product.india = await createProduct(database.db, { market: 'IN', ...INDIA_AMOUNTS })
  product.indiaInstallments = await createProduct(database.db, { market: 'IN', ...INDIA_AMOUNTS, termUnit: 'period', periods: 4, periodDays: 30 })
  product.mexico = await createProduct(database.db, { market: 'MX', ...MEXICO_AMOUNTS })
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
  const periods = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, order.id)).orderBy(asc(orderPeriods.periodNo))
  return { ...row!, schedule: periods }
}

/** An order of a borrower of its own (one running loan per borrower and product), unless one is named. */
async function make(spec: Omit<Parameters<typeof createOrder>[1], 'borrowerId'> & { borrowerId?: number }) {
  const market = spec.product.market as Market
  return (await createOrder(database.db, { borrowerId: spec.borrowerId ?? (await createBorrower(database.db, { market })).id, ...spec })).order
}

/**
 * Moves the order's story: the first installment due at `firstDue`, the next ones `periodDays`
 * apart, paid out one term (or period) before and applied for just before that, so that the loan
 * is signed under the caps of that date.
 */
async function dueAt(order: Order, firstDue: Date, periodDays = 30): Promise<Order> {
  const { schedule } = await reload(order)
  const due = (periodNo: number) => new Date(firstDue.getTime() + (periodNo - 1) * periodDays * DAY_MS)
  for (const p of schedule) {
    await database.db
      .update(orderPeriods)
      .set({ dueAt: due(p.periodNo), status: p.paid >= p.total ? 'paid' : 'unpaid' })
      .where(and(eq(orderPeriods.orderKey, order.id), eq(orderPeriods.periodNo, p.periodNo)))
  }
  const disbursedAt = new Date(firstDue.getTime() - (order.termUnit === 'day' ? order.termDays : periodDays) * DAY_MS)
  const [row] = await database.db
    .update(orders)
    .set({
      dueAt: due(schedule.length),
      disbursedAt,
      decidedAt: new Date(disbursedAt.getTime() - HOUR_MS),
      appliedAt: new Date(disbursedAt.getTime() - 2 * HOUR_MS),
    })
    .where(eq(orders.id, order.id))
    .returning()
  return row!
}

/** Local midnight starting day `n` overdue of an installment due on `dueDate` (plus `ms`). */
const dayOverdue = (market: Market, dueDate: string, n: number, ms = 0) =>
  new Date(local(market, `${dueDate}T00:00:00`).getTime() + n * DAY_MS + ms)

/** What is unpaid of the order's installments numbered up to `upTo`. */
async function unpaidThrough(order: Order, upTo: number): Promise<Cents> {
  const periods = (await reload(order)).schedule.filter((p) => p.periodNo <= upTo)
  return cents(periods.reduce((sum, p) => sum + p.total - p.paid, 0))
}

describe('demo decision and payout', () => {
  it('approves an amount within the limits and rejects any other, once the delay has passed', async () => {
    const fine = await make({ product: product.single, status: S.submitted, now: at(0), principal: 200_000_000 })
    const tooBig = await make({ product: product.single, status: S.submitted, now: at(0), principal: 600_000_000 })
    const offStep = await make({ product: product.single, status: S.submitted, now: at(0), principal: 120_000_000 })
    const staff = await make({ product: product.single, status: S.submitted, now: at(0), manualReview: true })
    // applied 2 hours before T: not yet 20 seconds old at 10 seconds past
    expect(await runOrderJob(deps, new Date(fine.appliedAt.getTime() + 10_000))).toMatchObject({ approved: 0, rejected: 0 })
    expect(await runOrderJob(deps, at(0))).toMatchObject({ approved: 1, rejected: 2 })
    expect(await reload(fine)).toMatchObject({ status: S.approved, decidedAt: at(0) })
    expect((await reload(tooBig)).status).toBe(S.rejected)
    expect((await reload(offStep)).status).toBe(S.rejected)
    expect((await reload(staff)).status).toBe(S.submitted)
  })

  it('decides and pays out nothing outside demo mode', async () => {
    const order = await make({ product: product.single, status: S.submitted, now: at(0) })
    const approved = await make({ product: product.single, status: S.approved, now: at(0) })
    const off: JobDeps = { ...deps, config: { ...deps.config, DEMO_MODE: false } }
    expect(await runOrderJob(off, at(1))).toEqual({ approved: 0, rejected: 0, payoutsQueued: 0, overdue: 0, accrued: 0 })
    expect((await reload(order)).status).toBe(S.submitted)
    expect((await reload(approved)).status).toBe(S.approved)
  })

  it('pays out a single-payment loan: due dates count from the payout', async () => {
    const order = await make({ product: product.single, status: S.approved, now: at(0) })
    expect((await runOrderJob(deps, at(0))).payoutsQueued).toBe(1)
    // the order stays approved until its payout completes
    expect((await reload(order)).status).toBe(S.approved)
    await completeAllPayouts(database.db, at(0))
    const after = await reload(order)
    expect(after).toMatchObject({ status: S.due, disbursedAt: at(0), dueAt: at(91) })
    expect(after.schedule.map((p) => p.dueAt)).toEqual([at(91)])
  })

  it('pays out an installment loan to repayingInstallments and a partner loan to partnerRepaying', async () => {
    const inst = await make({ product: product.installments, status: S.approved, now: at(0) })
    const part = await make({ product: product.partner, status: S.approved, now: at(0) })
    await runOrderJob(deps, at(0))
    await completeAllPayouts(database.db, at(0))
    const i = await reload(inst)
    expect(i).toMatchObject({ status: S.repayingInstallments, dueAt: at(120) })
    expect(i.schedule.map((p) => p.dueAt)).toEqual([at(30), at(60), at(90), at(120)])
    expect((await reload(part)).status).toBe(S.partnerRepaying)
  })

  it('writes a schedule for an order that reached payout without one, priced from its copied terms', async () => {
    const order = await make({ product: product.installments, status: S.approved, now: at(0), principal: 400_000_000 })
    expect((await reload(order)).schedule).toHaveLength(0)
    await runOrderJob(deps, at(0))
    await completeAllPayouts(database.db, at(0))
    const after = await reload(order)
    expect(after.schedule.map((p) => [p.dueAt, p.principal])).toEqual([
      [at(30), 100_000_000],
      [at(60), 100_000_000],
      [at(90), 100_000_000],
      [at(120), 100_000_000],
    ])
    expect(after.schedule.reduce((sum, p) => sum + p.total, 0)).toBe(after.totalRepay)
  })

  it('takes a pushed order all the way from submitted to due', async () => {
    const order = await make({ product: product.single, status: S.submitted, now: at(0) })
    await runOrderJob(deps, at(0))
    await completeAllPayouts(database.db, at(0))
    await runOrderJob(deps, at(0, 20_000))
    await completeAllPayouts(database.db, at(0, 20_000))
    expect(await reload(order)).toMatchObject({ status: S.due, disbursedAt: at(0, 20_000) })
  })
})

describe('the overdue boundary', () => {
  /** Day 1's charge of each market's default terms on a single-payment order. */
  const firstDay: Record<Market, (o: Order) => number> = {
    // 0,1 % of the outstanding principal, no one-time fee
    ID: (o) => floorBasisPoints(o.principal, 10),
    // ₹1,000 once and 5 % of the unpaid amount
    IN: (o) => 1_000_00 + applyBasisPoints(cents(o.totalRepay), 500),
    // $150 once and 0,5 % of the unpaid amount
    MX: (o) => 150_00 + applyBasisPoints(cents(o.totalRepay), 50),
  }
  const productOf = (m: Market) => (m === 'ID' ? product.single : m === 'IN' ? product.india : product.mexico)

  it.each(['ID', 'IN', 'MX'] as const)('in %s: due all of the due date, overdue at the next local midnight with 1 day', async (market) => {
    const principal = market === 'ID' ? 200_000_000 : 10_000_00
    const order = await dueAt(await make({ product: productOf(market), status: S.due, now: at(-10), principal }), local(market, '2026-06-10T09:00:00'))
    const midnight = local(market, '2026-06-11T00:00:00')

    // a day after the due instant would still be the 11th: the boundary is the local midnight, 15 hours after it
    expect(await runOrderJob(deps, new Date(midnight.getTime() - 1000))).toMatchObject({ overdue: 0, accrued: 0 })
    const before = await reload(order)
    expect(before).toMatchObject({ status: S.due, penalty: 0, penaltyAccruedThrough: null })
    expect(before.schedule[0]!.status).toBe('unpaid')

    expect(await runOrderJob(deps, midnight)).toMatchObject({ overdue: 1, accrued: 1 })
    const after = await reload(order)
    expect(daysOverdue(after.schedule[0]!.dueAt, midnight, market)).toBe(1)
    expect(after).toMatchObject({ status: S.overdue, penalty: firstDay[market](order), penaltyAccruedThrough: '2026-06-11' })
    expect(after.schedule[0]!.status).toBe('overdue')
  })

  it('moves installments and partner orders too, and leaves a date not yet passed alone', async () => {
    const inst = await make({ product: product.installments, status: S.repayingInstallments, now: at(-40), paidPeriods: 1 })
    const part = await make({ product: product.partner, status: S.partnerRepaying, now: at(-6) })
    const notYet = await make({ product: product.single, status: S.due, now: at(-4) })
    expect((await runOrderJob(deps, at(0))).overdue).toBe(2)
    const i = await reload(inst)
    expect(i.status).toBe(S.overdue)
    expect(i.schedule.map((p) => p.status)).toEqual(['paid', 'overdue', 'overdue', 'unpaid'])
    expect((await reload(part)).status).toBe(S.partnerOverdue)
    expect((await reload(notYet)).status).toBe(S.due)
  })

  it('leaves settled, rejected and waiting orders alone', async () => {
    const settled = await make({ product: product.single, status: S.settled, now: at(-400) })
    const rejected = await make({ product: product.single, status: S.rejected, now: at(-400) })
    await runOrderJob(deps, at(0))
    expect((await reload(settled)).status).toBe(S.settled)
    expect((await reload(rejected)).status).toBe(S.rejected)
  })
})

describe('late charges', () => {
  it('counts whole local days, however late in the due date it fell, and catches up missed days', async () => {
    const order = await dueAt(await make({ product: product.single, status: S.due, now: at(-10) }), local('ID', '2026-06-10T23:00:00'))
    const daily = floorBasisPoints(order.principal, 10)
    // one hour after the due instant is already the first whole day overdue
    await runOrderJob(deps, local('ID', '2026-06-11T00:00:01'))
    expect(await reload(order)).toMatchObject({ status: S.overdue, penalty: daily, penaltyAccruedThrough: '2026-06-11' })
    // 23:59 the same day: nothing more
    await runOrderJob(deps, local('ID', '2026-06-11T23:59:59'))
    expect((await reload(order)).penalty).toBe(daily)
    // the job did not run for two days: days 2, 3 and 4 are caught up at once, never day 5
    await runOrderJob(deps, local('ID', '2026-06-14T00:30:00'))
    expect(await reload(order)).toMatchObject({ penalty: 4 * daily, penaltyAccruedThrough: '2026-06-14' })
  })

  it('charges a partner overdue order nothing, however long it stays overdue', async () => {
    const moved = await make({ product: product.partner, status: S.partnerRepaying, now: at(-6) })
    const seeded = await make({ product: product.partner, status: S.partnerOverdue, now: at(0), overdueDays: 5 })
    expect(seeded).toMatchObject({ penalty: 0, penaltyAccruedThrough: null })
    for (const day of [0, 1, 30, 400]) expect((await runOrderJob(deps, at(day))).accrued).toBe(0)
    expect(await reload(moved)).toMatchObject({ status: S.partnerOverdue, penalty: 0 })
    expect(await reload(seeded)).toMatchObject({ status: S.partnerOverdue, penalty: 0 })
  })

  it('in Indonesia never passes the daily limit, nor interest, fees and late charges together past the principal', async () => {
    const order = await dueAt(await make({ product: product.single, status: S.due, now: at(-10) }), local('ID', '2026-06-10T12:00:00'))
    // terms copied before the caps took today's shape: 0,3 % a day and Rp 50.000 once
    await database.db.update(orders).set({ lateFeeNew: cents(50_000_00), lateTiers: [{ fromDay: 1, dailyBps: 30 }] }).where(eq(orders.id, order.id))
    const dailyLimit = floorBasisPoints(order.principal, 10)
    let previous = 0
    for (let day = 1; day <= 20; day++) {
      await runOrderJob(deps, dayOverdue('ID', '2026-06-10', day))
      const { penalty } = await reload(order)
      expect(penalty - previous, `day ${day}`).toBe(dailyLimit)
      previous = penalty
    }
    // then years of arrears, 60 days at a time
    for (let day = 80; day <= 1200; day += 60) {
      await runOrderJob(deps, dayOverdue('ID', '2026-06-10', day))
      const { penalty } = await reload(order)
      expect(penalty - previous).toBeLessThanOrEqual(60 * dailyLimit)
      expect(order.interest + order.fee + penalty).toBeLessThanOrEqual(order.principal)
      previous = penalty
    }
    // the ceiling is reached, not passed: everything together is the principal
    expect(order.interest + order.fee + previous).toBe(order.principal)
  })

  it('in Indonesia keeps the caps of the date the loan was signed', async () => {
    // signed in 2025, under 0,2 % a day, with terms copied then: 0,3 % a day
    const order = await dueAt(await make({ product: product.single, status: S.due, now: at(-10) }), local('ID', '2025-09-10T12:00:00'))
    await database.db.update(orders).set({ lateTiers: [{ fromDay: 1, dailyBps: 30 }] }).where(eq(orders.id, order.id))
    await runOrderJob(deps, dayOverdue('ID', '2025-09-10', 2))
    expect((await reload(order)).penalty).toBe(2 * floorBasisPoints(order.principal, 20))
  })

  it('in India follows the terms text tier by tier, each overdue installment adding to the base', async () => {
    const order = await dueAt(
      await make({ product: product.indiaInstallments, status: S.repayingInstallments, now: at(-10), paidPeriods: 0, principal: 40_000_00 }),
      local('IN', '2026-06-10T09:00:00'),
    )
    const day = (n: number) => dayOverdue('IN', '2026-06-10', n, HOUR_MS)
    const penaltyOn = async (n: number) => {
      await runOrderJob(deps, day(n))
      return (await reload(order)).penalty
    }
    const [b1, b12, b123, b1234] = await Promise.all([1, 2, 3, 4].map((n) => unpaidThrough(order, n)))
    // day 1: ₹1,000 once and 5 % of the first installment, day 2: 5 % more
    expect(await penaltyOn(1)).toBe(1_000_00 + applyBasisPoints(b1!, 500))
    expect(await penaltyOn(2)).toBe(1_000_00 + 2 * applyBasisPoints(b1!, 500))
    // by day 30 the charges have reached 100 % of what is overdue, and stop there
    expect(await penaltyOn(30)).toBe(b1)
    // day 31: the second installment is overdue too, and the rate is 4 %
    expect(await penaltyOn(31)).toBe(b1! + applyBasisPoints(b12!, 400))
    expect(await penaltyOn(60)).toBe(b12)
    expect(await penaltyOn(61)).toBe(b12! + applyBasisPoints(b123!, 400))
    expect(await penaltyOn(90)).toBe(b123)
    // from day 91, 2 %
    expect(await penaltyOn(91)).toBe(b123! + applyBasisPoints(b1234!, 200))
    expect(await penaltyOn(92)).toBe(b123! + 2 * applyBasisPoints(b1234!, 200))
    const after = await reload(order)
    expect(after.schedule.map((p) => p.status)).toEqual(['overdue', 'overdue', 'overdue', 'overdue'])
    expect(await penaltyOn(400)).toBe(b1234)
  })

  it('charges a repeat client the lower one-time fee', async () => {
    const repeat = await createBorrower(database.db, { market: 'IN' })
    await make({ borrowerId: repeat.id, product: product.indiaInstallments, status: S.settled, now: at(-200) })
    const order = await dueAt(await make({ borrowerId: repeat.id, product: product.india, status: S.due, now: at(-10) }), local('IN', '2026-06-10T09:00:00'))
    await runOrderJob(deps, dayOverdue('IN', '2026-06-10', 1))
    expect((await reload(order)).penalty).toBe(800_00 + applyBasisPoints(cents(order.totalRepay), 500))
  })

  it('uses the charges copied onto the order, within their own cap of the unpaid amount', async () => {
    const order = await dueAt(await make({ product: product.mexico, status: S.due, now: at(-10) }), local('MX', '2026-06-10T09:00:00'))
    await database.db.update(orders).set({ lateTiers: [{ fromDay: 1, dailyBps: 900 }], lateCapBps: 5000 }).where(eq(orders.id, order.id))
    await runOrderJob(deps, dayOverdue('MX', '2026-06-10', 1))
    expect((await reload(order)).penalty).toBe(150_00 + applyBasisPoints(cents(order.totalRepay), 900))
    await runOrderJob(deps, dayOverdue('MX', '2026-06-10', 30))
    expect(await reload(order)).toMatchObject({ penalty: floorBasisPoints(cents(order.totalRepay), 5000), penaltyAccruedThrough: '2026-07-10' })
  })

  it('charges one day once when three jobs run at the same moment', async () => {
    const order = await make({ product: product.single, status: S.overdue, now: at(0), overdueDays: 10 })
    const daily = floorBasisPoints(order.principal, 10)
    expect(order.penalty).toBe(10 * daily)
    const results = await Promise.all([runOrderJob(deps, at(1)), runOrderJob(deps, at(1)), runOrderJob(deps, at(1))])
    expect(results.reduce((n, r) => n + r.accrued, 0)).toBe(1)
    expect(await reload(order)).toMatchObject({ penalty: 11 * daily, penaltyAccruedThrough: '2026-03-11' })
  })

  it('picks up where the factories left an overdue order, as the job would have charged it', async () => {
    const order = await make({ product: product.mexico, status: S.overdue, now: at(0), overdueDays: 3 })
    const daily = applyBasisPoints(cents(order.totalRepay - order.paid), 50)
    expect(order).toMatchObject({ penalty: 150_00 + 3 * daily, penaltyAccruedThrough: '2026-03-09' })
    // T is noon in Jakarta but still the 9th in Mexico City, until 06:00 UTC
    expect((await runOrderJob(deps, at(0, HOUR_MS - 1000))).accrued).toBe(0)
    await runOrderJob(deps, at(1))
    expect((await reload(order)).penalty).toBe(150_00 + 4 * daily)
  })
})

describe('the module’s public calls', () => {
  it('finds a borrower’s own order by its number, and no one else’s', async () => {
    const mine = await make({ product: product.installments, status: S.repayingInstallments, now: at(0) })
    const found = await borrowerOrder(database.db, mine.borrowerId, mine.orderNo)
    expect(found.order.id).toBe(mine.id)
    expect(found.product.id).toBe(product.installments.id)
    expect((await periodsOf(database.db, mine.id)).map((p) => p.periodNo)).toEqual([1, 2, 3, 4])
    const other = await createBorrower(database.db)
    await expect(borrowerOrder(database.db, other.id, mine.orderNo)).rejects.toBeInstanceOf(AppError)
    await expect(borrowerOrder(database.db, mine.borrowerId, 'K2099000000')).rejects.toMatchObject({ key: 'notFound' })
  })

  it('reads only the columns a screen names, with the schedule, the market alone, and no one else’s order', async () => {
    const mine = await make({ product: product.indiaInstallments, status: S.repayingInstallments, now: at(0) })
    const read = borrowerOrderPartReader('test_order_part', ['orderNo', 'penalty'], ['market', 'isPartner'])
    const found = await read(database.db, mine.borrowerId, mine.orderNo)
    expect(found.order).toEqual({ orderNo: mine.orderNo, penalty: mine.penalty })
    expect(found.product).toEqual({ market: 'IN', isPartner: false })
    expect(found.periods).toEqual(await periodsOf(database.db, mine.id))
    expect(await borrowerOrderMarket(database.db, mine.borrowerId, mine.orderNo)).toBe('IN')
    const other = await createBorrower(database.db)
    await expect(read(database.db, other.id, mine.orderNo)).rejects.toMatchObject({ key: 'notFound' })
    await expect(borrowerOrderMarket(database.db, other.id, mine.orderNo)).rejects.toMatchObject({ key: 'notFound' })
    // a column name that does not exist fails where the reader is made, when its module loads
    expect(() => borrowerOrderPartReader('test_order_unknown', ['orderNo', 'noSuchColumn' as 'orderNo'], [])).toThrow(/no column noSuchColumn/)
  })

  it('names the borrower’s unsettled orders by product', async () => {
    const running = await make({ product: product.single, status: S.due, now: at(0) })
    await make({ borrowerId: running.borrowerId, product: product.installments, status: S.settled, now: at(0) })
    expect(await unsettledOrderNo(database.db, running.borrowerId, product.single.id)).toBe(running.orderNo)
    expect(await unsettledOrderNo(database.db, running.borrowerId, product.installments.id)).toBeUndefined()
    expect(await unsettledOrderNos(database.db, running.borrowerId)).toEqual(new Map([[product.single.id, running.orderNo]]))
  })
})
