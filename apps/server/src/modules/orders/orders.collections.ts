import { sql, type SQL } from 'drizzle-orm'
import { MARKET_INFO, ORDER_STATUS, type Cents, type Locale, type Market } from '@kilat/domain'
import { rowsOf, type Executor } from '../../db/client.js'
import { lateChargesOwedSql, orderOwedSql, periodOwedSql } from './orders.owed.js'

/**
 * The orders module's reads for the collections desk and the reminders (docs/product/collections.md):
 * overdue orders with the days since their oldest unpaid installment fell due and what they owe,
 * and installments falling due soon. Days are counted in the market's calendar, in SQL, so that a
 * queue of many orders is paged and counted by the database.
 */

/** Our own orders being repaid: partners collect their own (docs/product/operations.md#dashboard). */
const REPAYING_OWN = [ORDER_STATUS.repayingInstallments, ORDER_STATUS.due, ORDER_STATUS.overdue] as const

const zone = (market: Market) => MARKET_INFO[market].timeZone

/**
 * One row per overdue order of the market (status 180): its oldest due date of an installment still
 * owing something, the whole local days since, and what it owes now, as the domain's `owedOf` reads
 * it (orders.owed.ts: every installment's interest and principal neither paid nor waived, plus the
 * late charges neither paid nor waived). Only what the counts and the order need: the order's number
 * and status, the product's name and the borrower's phone are joined to a page's rows
 * (docs/performance/console-at-scale.md).
 */
function overdueSql(market: Market, now: Date): SQL {
  return sql`
    select o.id as order_key, o.product_id, d.due_at,
      ((${now.toISOString()}::timestamptz at time zone ${zone(market)})::date - (d.due_at at time zone ${zone(market)})::date) as days_overdue,
      (d.owed + ${lateChargesOwedSql('o')}) as owed
    from orders o
    join lateral (
      select min(op.due_at) filter (where ${periodOwedSql('op')} > 0) as due_at, coalesce(sum(${periodOwedSql('op')}), 0) as owed
      from order_periods op where op.order_id = o.id
    ) d on d.due_at is not null
    where o.status = ${sql.raw(String(ORDER_STATUS.overdue))} and o.product_id in (select p.id from products p where p.market = ${market})`
}

export interface BucketCount {
  /** The lower end of the bucket's days (1, 31, 61, 91). */
  minDays: number
  count: number
  amount: Cents
}

/** The market's overdue orders counted by bucket, for its local `now`. */
export async function overdueBucketCounts(db: Executor, market: Market, now: Date): Promise<BucketCount[]> {
  const rows = await rowsOf<{ min_days: number | string; n: number | string; amount: number | string | null }>(
    db.execute(sql`
      select case when days_overdue <= 30 then 1 when days_overdue <= 60 then 31 when days_overdue <= 90 then 61 else 91 end as min_days,
        count(*)::int as n, coalesce(sum(owed), 0)::bigint as amount
      from (${overdueSql(market, now)}) q where days_overdue >= 1 group by 1`),
  )
  return rows.map((r) => ({ minDays: Number(r.min_days), count: Number(r.n), amount: Number(r.amount ?? 0) as Cents }))
}

export interface CollectionOrderRow {
  orderKey: number
  orderNo: string
  market: Market
  status: number
  productName: string
  /** E.164: the desk shows it masked. */
  phone: string
  dueAt: Date
  daysOverdue: number
  owed: Cents
}

/**
 * Overdue orders of the market with `minDays`…`maxDays` days overdue (no upper end when null),
 * largest amount owed first, then newest key; a page after `after` (its amount and key), one row
 * more than `limit` to tell a next page.
 */
export async function overdueQueuePage(
  db: Executor,
  market: Market,
  now: Date,
  range: { minDays: number; maxDays: number | null },
  after: { owed: number; orderKey: number } | null,
  limit: number,
): Promise<CollectionOrderRow[]> {
  const rows = await rowsOf<Record<string, unknown>>(
    db.execute(sql`
      select q.*, o.order_no, o.status, p.name as product_name, b.phone from (
        select * from (${overdueSql(market, now)}) q
        where days_overdue >= ${range.minDays} ${range.maxDays === null ? sql`` : sql`and days_overdue <= ${range.maxDays}`}
        ${after ? sql`and (owed, order_key) < (${after.owed}, ${after.orderKey})` : sql``}
        order by owed desc, order_key desc
        limit ${limit + 1}) q
      join orders o on o.id = q.order_key
      join products p on p.id = q.product_id
      join borrowers b on b.id = o.borrower_id
      order by q.owed desc, q.order_key desc`),
  )
  return rows.map((r) => ({
    orderKey: Number(r.order_key),
    orderNo: String(r.order_no),
    market,
    status: Number(r.status),
    productName: String(r.product_name),
    phone: String(r.phone),
    dueAt: new Date(r.due_at as string | Date),
    daysOverdue: Number(r.days_overdue),
    owed: Number(r.owed) as Cents,
  }))
}

export interface CollectionOrder {
  orderKey: number
  orderNo: string
  borrowerId: number
  market: Market
  status: number
  /** What the order owes now, cents (0 once settled). */
  owed: Cents
  settled: boolean
}

/** An order by its number, whatever its status and market (the caller checks the staff member's), with what it owes. */
export async function collectionOrderByNo(db: Executor, orderNo: string): Promise<CollectionOrder | undefined> {
  const [row] = await rowsOf<Record<string, unknown>>(
    db.execute(sql`
      select o.id as order_key, o.order_no, o.borrower_id, o.status, p.market, o.settled_at, ${orderOwedSql('o')} as owed
      from orders o join products p on p.id = o.product_id
      where o.order_no = ${orderNo}`),
  )
  if (!row) return undefined
  const status = Number(row.status)
  return {
    orderKey: Number(row.order_key),
    orderNo: String(row.order_no),
    borrowerId: Number(row.borrower_id),
    market: row.market as Market,
    status,
    owed: Number(row.owed) as Cents,
    settled: status === ORDER_STATUS.settled || status === ORDER_STATUS.partnerSettled,
  }
}

/** True while the order is one of ours being repaid (170, 174, 180): a collector may log contacts about it. */
export function isCollectable(status: number): boolean {
  return (REPAYING_OWN as readonly number[]).includes(status)
}

export interface DueInstallment {
  orderKey: number
  orderNo: string
  borrowerId: number
  phone: string
  locale: Locale
  periodNo: number
  /** The installment's local due date (yyyy-mm-dd). */
  dueDate: string
  /** What the installment still owes, cents. */
  owed: Cents
}

/**
 * Unpaid installments of our orders being repaid in the market whose local due date is one of
 * `dates`, earliest due first: what the reminders go through. A settled order has none.
 */
export async function installmentsDueOn(db: Executor, market: Market, dates: readonly string[]): Promise<DueInstallment[]> {
  if (dates.length === 0) return []
  const rows = await rowsOf<Record<string, unknown>>(
    db.execute(sql`
      select o.id as order_key, o.order_no, o.borrower_id, b.phone, b.locale, op.period_no,
        to_char(op.due_at at time zone ${zone(market)}, 'YYYY-MM-DD') as due_date,
        ${periodOwedSql('op')} as owed
      from order_periods op
      join orders o on o.id = op.order_id
      join products p on p.id = o.product_id
      join borrowers b on b.id = o.borrower_id
      where p.market = ${market} and o.status in (${sql.join(REPAYING_OWN.map((s) => sql`${s}`), sql`, `)}) and ${periodOwedSql('op')} > 0
        and (op.due_at at time zone ${zone(market)})::date in (${sql.join(dates.map((d) => sql`${d}::date`), sql`, `)})
      order by op.due_at, o.id, op.period_no`),
  )
  return rows.map((r) => ({
    orderKey: Number(r.order_key),
    orderNo: String(r.order_no),
    borrowerId: Number(r.borrower_id),
    phone: String(r.phone),
    locale: r.locale as Locale,
    periodNo: Number(r.period_no),
    dueDate: String(r.due_date),
    owed: Number(r.owed) as Cents,
  }))
}
