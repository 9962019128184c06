import { and, eq, gte, inArray, ne, sql } from 'drizzle-orm'
import { MARKET_INFO, ORDER_STATUS, daysBetween, localDate, quoteWithinCaps, type Cents, type Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { borrowerJoin, borrowerPhone } from '../auth/auth.service.js'
import { UNSETTLED_STATUSES, orderHistory, orderPeriods, orders, type Order } from './orders.schema.js'
import type { Product } from '../products/products.service.js'

/**
 * What the orders module knows of an application, for the credit policy's input object
 * (docs/product/decisions.md#inputs): the application itself, the borrower's record with us, the
 * velocity of applications around it, and the facts the hard rules read. Counts over the orders
 * tables (the phones through auth's join); the identity's part is its module's.
 */

const DAY_MS = 86_400_000
/** Digits of the national number that make a phone prefix: the operator's range a batch of SIMs shares. */
export const PHONE_PREFIX_DIGITS = 8
/** The staff's and the policy's rejections for fraud: the borrower's other details count as seen on fraud. */
const FRAUD_REASONS = ['fraud_suspected', 'linked_to_fraud']

export interface ApplicationFacts {
  application: { amount: number; termDays: number; product: string; localHour: number }
  record: { loansTaken: number; loansSettled: number; maxDaysOverdueEver: number; maxDaysOverdue180d: number; extensions: number }
  velocity: { phonePrefix24h: number; phonePrefix30d: number }
  links: { fraudOrWrittenOff: boolean }
  hard: {
    asked: Cents
    product: { min: Cents; max: Cents; step: Cents }
    costWithinCaps: boolean
    otherOpenOrderOfProduct: boolean
    daysSinceLastRejection: number | null
  }
}

/** The hour of day (0–23) in the market's zone. */
export function localHour(at: Date, market: Market): number {
  return Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: MARKET_INFO[market].timeZone }).format(at))
}

/** The facts of `order` for its decision at `now`, in four statements. */
export async function applicationFacts(db: Executor, order: Order, product: Product, now: Date): Promise<ApplicationFacts> {
  const market = product.market
  const since180 = new Date(now.getTime() - 180 * DAY_MS)
  const [record] = await db
    .select({
      loansTaken: sql<number>`count(*) filter (where ${orders.disbursedAt} is not null)`.mapWith(Number),
      loansSettled: sql<number>`count(*) filter (where ${orders.status} in (${ORDER_STATUS.settled}, ${ORDER_STATUS.partnerSettled}))`.mapWith(Number),
      extensions: sql<number>`count(*) filter (where ${orders.isDelay})`.mapWith(Number),
      otherOpen: sql<number>`count(*) filter (where ${orders.id} <> ${order.id} and coalesce(${orders.productLineageId}, ${orders.productId}) = ${order.productLineageId ?? order.productId} and ${orders.status} in (${sql.join(
        UNSETTLED_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )}))`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.borrowerId, order.borrowerId))
  // days late of every installment of the borrower's other loans: paid late (paid after due) or still unpaid past due
  const lateDays = sql<number>`greatest(0, extract(epoch from (coalesce(${orderPeriods.paidAt}, ${now}::timestamptz) - ${orderPeriods.dueAt})) / 86400)`
  const [overdue] = await db
    .select({
      ever: sql<number>`coalesce(floor(max(${lateDays})), 0)`.mapWith(Number),
      recent: sql<number>`coalesce(floor(max(${lateDays}) filter (where ${orderPeriods.dueAt} >= ${since180}::timestamptz)), 0)`.mapWith(Number),
    })
    .from(orderPeriods)
    .innerJoin(orders, eq(orders.id, orderPeriods.orderKey))
    .where(and(eq(orders.borrowerId, order.borrowerId), ne(orders.id, order.id), sql`${orders.disbursedAt} is not null`))
  const [rejections] = await db
    .select({
      last: sql<Date | null>`max(${orderHistory.at})`.mapWith((v) => (v === null ? null : new Date(v))),
      fraud: sql<number>`count(*) filter (where ${inArray(orderHistory.reason, FRAUD_REASONS)})`.mapWith(Number),
    })
    .from(orderHistory)
    .innerJoin(orders, eq(orders.id, orderHistory.orderKey))
    .where(and(eq(orders.borrowerId, order.borrowerId), ne(orders.id, order.id), eq(orderHistory.toStatus, ORDER_STATUS.rejected)))
  // applications of the last 24 hours and 30 days from phones of the same prefix (the applicant's others too)
  const [own] = await db.select({ phone: borrowerPhone }).from(orders).innerJoin(...borrowerJoin(orders.borrowerId)).where(eq(orders.id, order.id))
  const prefix = (own?.phone ?? '').slice(0, phonePrefixLength(market))
  const [velocity] = await db
    .select({
      day: sql<number>`count(*) filter (where ${orders.appliedAt} >= ${new Date(now.getTime() - DAY_MS)}::timestamptz)`.mapWith(Number),
      month: sql<number>`count(*)`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(...borrowerJoin(orders.borrowerId))
    .where(and(sql`left(${borrowerPhone}, ${prefix.length}) = ${prefix}`, gte(orders.appliedAt, new Date(now.getTime() - 30 * DAY_MS)), ne(orders.id, order.id)))
  const signedOn = localDate(order.appliedAt, market)
  return {
    application: { amount: order.principal, termDays: order.termDays, product: product.code, localHour: localHour(order.appliedAt, market) },
    record: {
      loansTaken: record?.loansTaken ?? 0,
      loansSettled: record?.loansSettled ?? 0,
      maxDaysOverdueEver: overdue?.ever ?? 0,
      maxDaysOverdue180d: overdue?.recent ?? 0,
      extensions: record?.extensions ?? 0,
    },
    velocity: { phonePrefix24h: velocity?.day ?? 0, phonePrefix30d: velocity?.month ?? 0 },
    links: { fraudOrWrittenOff: (rejections?.fraud ?? 0) > 0 },
    hard: {
      asked: order.principal,
      product: { min: product.minAmount, max: product.maxAmount, step: product.amountStep },
      costWithinCaps: withinCaps(order, market, signedOn),
      otherOpenOrderOfProduct: (record?.otherOpen ?? 0) > 0,
      daysSinceLastRejection: rejections?.last ? daysBetween(localDate(rejections.last, market), localDate(now, market)) : null,
    },
  }
}

/** The stored phone's characters that make its prefix: the calling code's `+` and digits, then the national prefix. */
function phonePrefixLength(market: Market): number {
  return 1 + MARKET_INFO[market].callingCode.length + PHONE_PREFIX_DIGITS
}

/** The order's cost (interest and fee, as priced when it was placed) against the market's caps of the day it was signed. */
function withinCaps(order: Order, market: Market, signedOn: string): boolean {
  const totalCost = (order.interest + order.fee) as Cents
  return quoteWithinCaps({ principal: order.principal, termDays: order.termDays, totalCost } as Parameters<typeof quoteWithinCaps>[0], market, signedOn)
}
