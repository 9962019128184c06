import { and, eq } from 'drizzle-orm'
import {
  ORDER_STATUS,
  cents,
  daysBetween,
  daysOverdue,
  isOverdue,
  lateChargePlan,
  lateChargeTermsOf,
  localDate,
  penaltyForDays,
  sumCents,
  type Cents,
  type Market,
} from '@kilat/domain'
import type { Db, Tx } from '../../db/client.js'
import { orders, type Order } from './orders.schema.js'
import { BATCH, todayIn } from './orders.lifecycle.js'
import { periodsOwed, type PeriodOwedRow } from './orders.owed.js'
import * as repo from './orders.repo.js'

/**
 * Late charges (docs/product/money-rules.md#late-charges), accrued by the order job once per local
 * day of the product's market; a day the job missed is caught up. The charge and the date it
 * covers are written by one UPDATE that re-checks the date it read, on a row this transaction
 * holds: a second process either skips the locked row or finds the day already done.
 *
 * Only our own overdue orders are claimed: a partner's order (partnerRepaying, partnerOverdue) is
 * the partner's to charge (docs/product/money-rules.md#partner-orders).
 */
export async function accrueLateCharges(db: Db, now: Date): Promise<{ claimed: number; accrued: number }> {
  const today = todayIn(now)
  return db.transaction(async (tx) => {
    const claimed = await repo.claimOrders(tx, and(eq(orders.status, ORDER_STATUS.overdue), repo.notAccruedToday(today)), BATCH)
    let accrued = 0
    for (const { order, product } of claimed) {
      const day = today[product.market]
      const added = await chargeFor(tx, order, product.market, product.isPartner, now)
      if (!(await repo.recordAccrual(tx, order, added, day, now))) continue
      await repo.markPeriodsOverdue(tx, order.id, product.market, today)
      if (added > 0) accrued += 1
    }
    return { claimed: claimed.length, accrued }
  })
}

/**
 * The late charges of the days overdue not yet charged, through today. What each installment still
 * owes is read where every amount owed is (orders.owed.ts, the domain's `owedOf`): its interest and
 * principal neither paid nor waived (docs/product/waivers-and-refunds.md#waivers).
 */
async function chargeFor(tx: Tx, order: Order, market: Market, partner: boolean, now: Date): Promise<Cents> {
  const overdue = (await periodsOwed(tx, order.id)).filter((p) => unpaidOf(p) > 0 && isOverdue(p.dueAt, now, market))
  const first = overdue[0]
  if (!first) return cents(0)
  // docs/product/money-rules.md#overdue-boundary: the earliest unpaid installment past due counts.
  const days = daysOverdue(first.dueAt, now, market)
  const done = order.penaltyAccruedThrough === null ? 0 : Math.max(0, daysBetween(localDate(first.dueAt, market), order.penaltyAccruedThrough))
  const { base, rules } = lateChargePlan({
    market,
    // The caps of the signing date hold for the loan's life: the borrower signs when applying.
    signedOn: localDate(order.appliedAt, market),
    partner,
    principal: order.principal,
    cost: cents(order.interest + order.fee),
    unpaid: sumCents(overdue.map(unpaidOf)),
    unpaidPrincipal: sumCents(overdue.map(unpaidPrincipalOf)),
    terms: lateChargeTermsOf(order),
    repeatClient: await repo.settledBefore(tx, order.borrowerId, order.appliedAt),
  })
  return penaltyForDays(done + 1, days, base, order.penalty, rules)
}

/** What is left of an installment: its interest and principal still owed. */
const unpaidOf = (p: PeriodOwedRow): Cents => cents(p.interest + p.principal)

/** The principal still owed of an installment: what the late charges of Indonesia are a share of. */
const unpaidPrincipalOf = (p: PeriodOwedRow): Cents => p.principal
