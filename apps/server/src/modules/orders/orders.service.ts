import { and, asc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import {
  MARKETS,
  ORDER_STATUS,
  amountAllowed,
  cents,
  daysBetween,
  isOrderStatus,
  localDate,
  nextStatus,
  penaltyForDays,
  penaltyRulesFor,
  quoteLoan,
  type Cents,
  type Market,
  type OrderEvent,
  type OrderKind,
  type OrderStatus,
} from '@kilat/domain'
import type { Config } from '../../config.js'
import type { Db, Tx } from '../../db/client.js'
import { orderPeriods, orders, products } from '../../db/schema.js'
import { lateChargesOf } from '../products/products.service.js'

/**
 * The order lifecycle of design.md section 5, run by a background job. Statuses change only through
 * domain `nextStatus`. Every step claims its rows with FOR UPDATE SKIP LOCKED inside a transaction
 * and re-checks the status in its UPDATE, so any number of server processes can run the job at once
 * and each change happens exactly once.
 */

const DAY_MS = 86_400_000
/** Rows one transaction claims; a fuller batch makes the step go round again. */
const BATCH = 100

export interface JobDeps {
  db: Db
  config: Pick<Config, 'DEMO_MODE' | 'DECISION_DELAY_SECONDS' | 'DISBURSE_DELAY_SECONDS'>
}

export interface JobResult {
  approved: number
  rejected: number
  disbursed: number
  overdue: number
  /** Orders that were charged late charges in this run. */
  accrued: number
}

const kindOf = (termUnit: 'day' | 'period', isPartner: boolean): OrderKind => ({ installment: termUnit === 'period', partner: isPartner })

function transition(status: number, event: OrderEvent, kind: OrderKind): OrderStatus {
  if (!isOrderStatus(status)) throw new Error(`unknown order status ${status}`)
  return nextStatus(status, event, kind)
}

/** Runs every step once for the instant `now` (tests pass their own). */
export async function runOrderJob(deps: JobDeps, now: Date): Promise<JobResult> {
  const result: JobResult = { approved: 0, rejected: 0, disbursed: 0, overdue: 0, accrued: 0 }
  // Demo mode stands in for the risk team and the payout provider; in production staff decide.
  if (deps.config.DEMO_MODE) {
    await repeat(() => decideOrders(deps, now, result))
    await repeat(() => disburseOrders(deps, now, result))
  }
  await repeat(() => markOverdue(deps.db, now, result))
  await repeat(() => accrueLateCharges(deps.db, now, result))
  return result
}

async function repeat(step: () => Promise<number>): Promise<void> {
  for (let round = 0; round < 1000; round++) if ((await step()) < BATCH) return
}

/** Demo decision: approve an amount within the product's limits, reject any other. */
async function decideOrders(deps: JobDeps, now: Date, result: JobResult): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.DECISION_DELAY_SECONDS * 1000)
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .select({
        id: orders.id,
        status: orders.status,
        principal: orders.principal,
        termUnit: orders.termUnit,
        isPartner: products.isPartner,
        min: products.minAmount,
        max: products.maxAmount,
        step: products.amountStep,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.status, ORDER_STATUS.submitted), eq(orders.manualReview, false), lte(orders.appliedAt, cutoff)))
      .orderBy(asc(orders.id))
      .limit(BATCH)
      .for('update', { of: orders, skipLocked: true })
    for (const o of claimed) {
      const approve = amountAllowed(o.principal, { min: o.min, max: o.max, step: o.step })
      const next = transition(o.status, approve ? 'approve' : 'reject', kindOf(o.termUnit, o.isPartner))
      const updated = await tx
        .update(orders)
        .set({ status: next, decidedAt: now, updatedAt: now })
        .where(and(eq(orders.id, o.id), eq(orders.status, o.status)))
        .returning({ id: orders.id })
      if (updated.length) result[approve ? 'approved' : 'rejected'] += 1
    }
    return claimed.length
  })
}

/** Demo payout: the due dates count from today, the day the money leaves. */
async function disburseOrders(deps: JobDeps, now: Date, result: JobResult): Promise<number> {
  const cutoff = new Date(now.getTime() - deps.config.DISBURSE_DELAY_SECONDS * 1000)
  return deps.db.transaction(async (tx) => {
    const claimed = await tx
      .select({
        id: orders.id,
        status: orders.status,
        termUnit: orders.termUnit,
        termDays: orders.termDays,
        periods: orders.periods,
        principal: orders.principal,
        dailyRateBps: orders.dailyRateBps,
        market: products.market,
        isPartner: products.isPartner,
      })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(eq(orders.status, ORDER_STATUS.approved), eq(orders.manualReview, false), lte(orders.decidedAt, cutoff)))
      .orderBy(asc(orders.id))
      .limit(BATCH)
      .for('update', { of: orders, skipLocked: true })
    for (const o of claimed) {
      const next = transition(o.status, 'disburse', kindOf(o.termUnit, o.isPartner))
      const lastDue = await scheduleFrom(tx, o, now)
      const updated = await tx
        .update(orders)
        .set({ status: next, disbursedAt: now, dueAt: lastDue, updatedAt: now })
        .where(and(eq(orders.id, o.id), eq(orders.status, o.status)))
        .returning({ id: orders.id })
      if (updated.length) result.disbursed += 1
    }
    return claimed.length
  })
}

interface PayoutRow {
  id: number
  termUnit: 'day' | 'period'
  termDays: number
  periods: number
  principal: Cents
  dailyRateBps: number
  market: Market
}

/**
 * Fixes the schedule at payout: each due date counts from `now`. An order submitted without a
 * schedule (one made by staff or an older version) gets one priced from its own copied terms.
 * Returns the last due date.
 */
async function scheduleFrom(tx: Tx, o: PayoutRow, now: Date): Promise<Date> {
  const periodCount = o.termUnit === 'day' ? 1 : Math.max(1, o.periods)
  const periodDays = Math.round(o.termDays / periodCount)
  const dueAt = (periodNo: number) => new Date(now.getTime() + (periodNo === periodCount ? o.termDays : periodNo * periodDays) * DAY_MS)
  const existing = await tx.select({ periodNo: orderPeriods.periodNo }).from(orderPeriods).where(eq(orderPeriods.orderId, o.id))
  if (existing.length === 0) {
    const quote = quoteLoan(o.principal, {
      market: o.market, termUnit: o.termUnit, termDays: o.termDays, periods: periodCount, periodDays, dailyRateBps: o.dailyRateBps, adminFeeBps: 0,
    })
    await tx.insert(orderPeriods).values(
      quote.installments.map((p) => ({
        orderId: o.id, periodNo: p.periodNo, dueAt: dueAt(p.periodNo), principal: p.principal, interest: p.interest, total: p.total,
      })),
    )
  } else {
    for (const p of existing) {
      await tx.update(orderPeriods).set({ dueAt: dueAt(p.periodNo) }).where(and(eq(orderPeriods.orderId, o.id), eq(orderPeriods.periodNo, p.periodNo)))
    }
  }
  return dueAt(periodCount)
}

const REPAYING: OrderStatus[] = [ORDER_STATUS.repayingInstallments, ORDER_STATUS.due, ORDER_STATUS.partnerRepaying]
const OVERDUE: OrderStatus[] = [ORDER_STATUS.overdue, ORDER_STATUS.partnerOverdue]

/** An unpaid period whose due date has passed. */
const pastDuePeriod = (now: Date): SQL =>
  sql`exists (select 1 from ${orderPeriods} where ${orderPeriods.orderId} = ${orders.id} and ${orderPeriods.paid} < ${orderPeriods.total} and ${orderPeriods.dueAt} < ${now.toISOString()}::timestamptz)`

async function markPeriodsOverdue(tx: Tx, orderId: number, now: Date): Promise<void> {
  await tx
    .update(orderPeriods)
    .set({ status: 'overdue' })
    .where(
      and(
        eq(orderPeriods.orderId, orderId),
        eq(orderPeriods.status, 'unpaid'),
        lt(orderPeriods.paid, orderPeriods.total),
        lt(orderPeriods.dueAt, now),
      ),
    )
}

/** A due date passing unpaid: 174/170 → 180 and 3 → 5. */
async function markOverdue(db: Db, now: Date, result: JobResult): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({ id: orders.id, status: orders.status, termUnit: orders.termUnit, isPartner: products.isPartner })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(inArray(orders.status, REPAYING), pastDuePeriod(now)))
      .orderBy(asc(orders.id))
      .limit(BATCH)
      .for('update', { of: orders, skipLocked: true })
    for (const o of claimed) {
      const next = transition(o.status, 'dueDatePassed', kindOf(o.termUnit, o.isPartner))
      const updated = await tx
        .update(orders)
        .set({ status: next, updatedAt: now })
        .where(and(eq(orders.id, o.id), eq(orders.status, o.status)))
        .returning({ id: orders.id })
      if (!updated.length) continue
      await markPeriodsOverdue(tx, o.id, now)
      result.overdue += 1
    }
    return claimed.length
  })
}

/**
 * Late charges, once per market-local calendar day (a missed day is caught up). The charge and the
 * date it covers are written by one UPDATE that also checks the date it read, on a row this
 * transaction holds: a second process either skips the locked row or finds the day already done.
 */
async function accrueLateCharges(db: Db, now: Date, result: JobResult): Promise<number> {
  const today = Object.fromEntries(MARKETS.map((m) => [m, localDate(now, m)])) as Record<(typeof MARKETS)[number], string>
  const notToday = or(
    ...MARKETS.map((m) =>
      and(eq(products.market, m), or(isNull(orders.penaltyAccruedThrough), lt(orders.penaltyAccruedThrough, today[m]))),
    ),
  )
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({ order: orders, market: products.market })
      .from(orders)
      .innerJoin(products, eq(products.id, orders.productId))
      .where(and(inArray(orders.status, OVERDUE), notToday))
      .orderBy(asc(orders.id))
      .limit(BATCH)
      .for('update', { of: orders, skipLocked: true })
    for (const { order, market } of claimed) {
      const day = today[market]
      const overdue = (await tx.select().from(orderPeriods).where(eq(orderPeriods.orderId, order.id)).orderBy(asc(orderPeriods.periodNo))).filter(
        (p) => p.paid < p.total && p.dueAt.getTime() < now.getTime(),
      )
      let added = 0
      if (overdue.length) {
        const dueDate = localDate(overdue[0]!.dueAt, market)
        const daysOverdue = daysBetween(dueDate, day)
        const daysDone = order.penaltyAccruedThrough ? Math.max(0, daysBetween(dueDate, order.penaltyAccruedThrough)) : 0
        const unpaid = cents(overdue.reduce((sum, p) => sum + p.total - p.paid, 0))
        const rules = penaltyRulesFor(lateChargesOf(order), await isRepeatClient(tx, order.borrowerId, order.appliedAt))
        added = penaltyForDays(daysDone + 1, daysOverdue, unpaid, order.penalty, rules)
      }
      const updated = await tx
        .update(orders)
        .set({ penalty: sql`${orders.penalty} + ${added}`, penaltyAccruedThrough: day, updatedAt: now })
        .where(
          and(
            eq(orders.id, order.id),
            order.penaltyAccruedThrough === null ? isNull(orders.penaltyAccruedThrough) : eq(orders.penaltyAccruedThrough, order.penaltyAccruedThrough),
          ),
        )
        .returning({ id: orders.id })
      if (!updated.length) continue
      await markPeriodsOverdue(tx, order.id, now)
      if (added > 0) result.accrued += 1
    }
    return claimed.length
  })
}

/** The terms text's repeat client: one who had settled a loan before applying for this one. */
async function isRepeatClient(tx: Tx, borrowerId: number, appliedAt: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.borrowerId, borrowerId),
        inArray(orders.status, [ORDER_STATUS.settled, ORDER_STATUS.partnerSettled]),
        lt(orders.settledAt, appliedAt),
      ),
    )
    .limit(1)
  return row !== undefined
}
