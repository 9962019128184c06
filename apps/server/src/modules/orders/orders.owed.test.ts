import { and, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS, cents, owedOf, totalOwed, type Cents, type PeriodFigures } from '@kilat/domain'
import { rowsOf, type Database } from '../../db/client.js'
import { createBorrower, createOrder, createProduct } from '../../db/factories.js'
import { openTestDatabase } from '../../test/setup-db.js'
import { collectionOrderByNo, overdueQueuePage } from './orders.collections.js'
import { lateChargesOwedSql, orderOwedSql, periodsOwed } from './orders.owed.js'
import { orderPeriods, orders, type Order } from './orders.schema.js'

/**
 * What is owed has one home (docs/product/money-rules.md#repayment): the domain's `owedOf`, and its
 * one SQL expression (orders.owed.ts) that collections and the late-charge job read. Generated
 * orders, with payments (stored split or a sum alone), waivers of interest and late charges, and
 * overpayments refunded or not, get the same figures from both, on whichever engine the suite runs
 * (PGlite, or PostgreSQL with DATABASE_URL).
 */

const DAY_MS = 86_400_000
const NOW = new Date()

let database: Database
const made = {} as Record<'single' | 'installments', Order>

beforeAll(async () => {
  database = await openTestDatabase()
  const borrower = await createBorrower(database.db)
  const single = await createProduct(database.db, { termUnit: 'day', termDays: 91 })
  const installments = await createProduct(database.db, { termUnit: 'period', periods: 4, periodDays: 30 })
  made.single = (await createOrder(database.db, { product: single, borrowerId: borrower.id, status: ORDER_STATUS.overdue, now: NOW })).order
  made.installments = (await createOrder(database.db, { product: installments, borrowerId: borrower.id, status: ORDER_STATUS.overdue, now: NOW })).order
})

afterAll(async () => {
  await database?.close()
})

/** One generated period as the database may hold it: its terms, what is paid (split or not) and waived. */
interface GeneratedPeriod {
  interest: number
  principal: number
  paid: number
  interestPaid: number
  principalPaid: number
  interestWaived: number
  status: 'unpaid' | 'paid' | 'overdue'
  daysAgo: number
}

const amount = fc.integer({ min: 0, max: 50_000_000_00 })
const share = fc.integer({ min: 0, max: 1_000 })
const part = (whole: number, perMille: number) => Math.floor((whole * perMille) / 1_000)

/**
 * A period within the schema's checks (paid parts within their terms, interest paid and waived
 * within the interest): payments stored with their split, or as a sum alone as older rows and the
 * factories hold them (then possibly past the period's terms), and any status, since what is owed
 * never reads it.
 */
const periodArb: fc.Arbitrary<GeneratedPeriod> = fc
  .record({
    interest: fc.integer({ min: 0, max: 5_000_000_00 }),
    principal: amount,
    split: fc.boolean(),
    paidShare: share,
    interestShare: share,
    principalShare: share,
    waivedShare: share,
    beyond: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_000_00 })),
    status: fc.constantFrom('unpaid' as const, 'paid' as const, 'overdue' as const),
    daysAgo: fc.integer({ min: -60, max: 400 }),
  })
  .map((g) => {
    if (g.split) {
      const interestPaid = part(g.interest, g.interestShare)
      const principalPaid = part(g.principal, g.principalShare)
      const interestWaived = part(g.interest - interestPaid, g.waivedShare)
      return { interest: g.interest, principal: g.principal, paid: interestPaid + principalPaid, interestPaid, principalPaid, interestWaived, status: g.status, daysAgo: g.daysAgo }
    }
    const paid = part(g.interest + g.principal, g.paidShare) + g.beyond
    return { interest: g.interest, principal: g.principal, paid, interestPaid: 0, principalPaid: 0, interestWaived: part(g.interest, g.waivedShare), status: g.status, daysAgo: g.daysAgo }
  })

const orderArb: fc.Arbitrary<GeneratedOrder> = fc
  .record({
    kind: fc.constantFrom('single' as const, 'installments' as const),
    periods: fc.array(periodArb, { minLength: 4, maxLength: 4 }),
    penalty: fc.integer({ min: 0, max: 5_000_000_00 }),
    penaltyPaidShare: share,
    penaltyWaivedShare: share,
    // money paid beyond what was owed, and the part of it refunded: never owed
    overpaid: fc.integer({ min: 0, max: 1_000_000_00 }),
  })
  .map((g) => {
    const penaltyPaid = part(g.penalty, g.penaltyPaidShare)
    const penaltyWaived = part(g.penalty - penaltyPaid, g.penaltyWaivedShare)
    return { kind: g.kind, periods: g.kind === 'single' ? g.periods.slice(0, 1) : g.periods, penalty: g.penalty, penaltyPaid, penaltyWaived, overpaid: g.overpaid }
  })

interface GeneratedOrder {
  kind: 'single' | 'installments'
  periods: GeneratedPeriod[]
  penalty: number
  penaltyPaid: number
  penaltyWaived: number
  overpaid: number
}

/** Writes the generated figures over the order's own row and schedule. */
async function store(g: GeneratedOrder): Promise<Order> {
  const order = made[g.kind]
  const periodsPaid = g.periods.reduce((s, p) => s + p.paid, 0)
  await database.db.transaction(async (tx) => {
    await tx
      .update(orders)
      .set({ status: ORDER_STATUS.overdue, penalty: cents(g.penalty), penaltyPaid: cents(g.penaltyPaid), penaltyWaived: cents(g.penaltyWaived), paid: cents(periodsPaid + g.penaltyPaid + g.overpaid) })
      .where(eq(orders.id, order.id))
    for (const [i, p] of g.periods.entries()) {
      await tx
        .update(orderPeriods)
        .set({
          interest: cents(p.interest),
          principal: cents(p.principal),
          total: cents(p.interest + p.principal),
          paid: cents(p.paid),
          interestPaid: cents(p.interestPaid),
          principalPaid: cents(p.principalPaid),
          interestWaived: cents(p.interestWaived),
          status: p.status,
          dueAt: new Date(NOW.getTime() - p.daysAgo * DAY_MS),
        })
        .where(and(eq(orderPeriods.orderKey, order.id), eq(orderPeriods.periodNo, i + 1)))
    }
  })
  return order
}

/** The domain's reading of the generated figures. */
function expected(g: GeneratedOrder) {
  const periods: Array<Pick<PeriodFigures, 'periodNo' | 'paid' | 'interest' | 'principal' | 'interestPaid' | 'principalPaid' | 'interestWaived'>> = g.periods.map((p, i) => ({
    periodNo: i + 1,
    interest: cents(p.interest),
    principal: cents(p.principal),
    paid: cents(p.paid),
    interestPaid: cents(p.interestPaid),
    principalPaid: cents(p.principalPaid),
    interestWaived: cents(p.interestWaived),
  }))
  return owedOf({ penalty: cents(g.penalty), penaltyPaid: cents(g.penaltyPaid), penaltyWaived: cents(g.penaltyWaived) }, periods)
}

async function sqlOwed(order: Order): Promise<{ total: number; late: number }> {
  const [row] = await rowsOf<{ total: number | string; late: number | string }>(
    database.db.execute(sql`select ${orderOwedSql('o')} as total, ${lateChargesOwedSql('o')} as late from orders o where o.id = ${order.id}`),
  )
  return { total: Number(row!.total), late: Number(row!.late) }
}

describe('what is owed, in SQL and in the domain', () => {
  it('agrees with owedOf on generated orders: the late charges, each period, the total', async () => {
    await fc.assert(
      fc.asyncProperty(orderArb, async (g) => {
        const order = await store(g)
        const owed = expected(g)
        const inSql = await sqlOwed(order)
        expect(inSql.late).toBe(owed.lateCharges)
        expect(inSql.total).toBe(totalOwed(owed))
        const periods = await periodsOwed(database.db, order.id)
        expect(periods.map((p) => ({ periodNo: p.periodNo, interest: p.interest, principal: p.principal }))).toEqual(owed.periods)
      }),
      { numRuns: 150 },
    )
  })

  it('gives collections the same amount: the order’s promise limit and the queue', async () => {
    await fc.assert(
      fc.asyncProperty(orderArb, async (g) => {
        const order = await store(g)
        const owed = expected(g)
        const total: Cents = totalOwed(owed)
        expect((await collectionOrderByNo(database.db, order.orderNo))!.owed).toBe(total)
        const queue = await overdueQueuePage(database.db, 'ID', NOW, { minDays: -1_000_000, maxDays: null }, null, 100)
        const row = queue.find((r) => r.orderKey === order.id)
        // an order is in the queue while an installment owes something, from the oldest such due date
        const owing = g.periods.map((p, i) => ({ ...p, owed: owed.periods[i]! })).filter((p) => p.owed.interest + p.owed.principal > 0)
        if (owing.length === 0) {
          expect(row).toBeUndefined()
          return
        }
        expect(row?.owed).toBe(total)
        const oldest = Math.max(...owing.map((p) => p.daysAgo))
        expect(row!.dueAt.getTime()).toBe(NOW.getTime() - oldest * DAY_MS)
      }),
      { numRuns: 60 },
    )
  })

  it('owes an overdue loan’s late charges beside its principal and interest: the total to repay is not what is owed', async () => {
    // Rp 5.000.000 over 150 days at 0,07 % a day (interest Rp 525.000), three days overdue at
    // 0,1 % of the principal a day: to repay Rp 5.525.000 as signed, owed now Rp 5.540.000
    const g: GeneratedOrder = {
      kind: 'single',
      periods: [{ interest: 525_000_00, principal: 5_000_000_00, paid: 0, interestPaid: 0, principalPaid: 0, interestWaived: 0, status: 'overdue', daysAgo: 3 }],
      penalty: 15_000_00,
      penaltyPaid: 0,
      penaltyWaived: 0,
      overpaid: 0,
    }
    const order = await store(g)
    expect(await sqlOwed(order)).toEqual({ total: 5_540_000_00, late: 15_000_00 })
    expect((await collectionOrderByNo(database.db, order.orderNo))!.owed).toBe(5_540_000_00)
    expect(totalOwed(expected(g))).toBe(5_540_000_00)
  })
})
