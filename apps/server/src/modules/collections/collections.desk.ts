import {
  type ContactOutcome,
  type ContactView,
  type DataOf,
  type ParsedBodyOf,
  type collectionBuckets,
  type collectionContacts,
  type collectionQueue,
  type collectionRecordContact,
} from '@kilat/contract'
import {
  BUCKET_DAYS,
  DELINQUENCY_BUCKETS,
  MARKETS,
  addDays,
  bucketOf,
  cents,
  checkContactWindow,
  contactHours,
  formatDateTime,
  localDate,
  maskPhone,
  promiseState,
  type DelinquencyBucket,
  type Market,
  type ReminderStep,
} from '@kilat/domain'
import type { Db, Executor } from '../../db/client.js'
import { keptReads } from '../../db/kept-reads.js'
import { AppError } from '../../http/errors.js'
import type { StaffPrincipal } from '../../http/types.js'
import { record } from '../audit/audit.service.js'
import { collectionOrderByNo, isCollectable, overdueBucketCounts, overdueQueuePage, type BucketCount, type CollectionOrder } from '../orders/orders.service.js'
import { orderPaymentsOf } from '../repayment/repayment.service.js'
import { staffEmailsOf } from '../staff/staff.service.js'
import * as repo from './collections.repo.js'
import type { CollectionContact } from './collections.schema.js'

/**
 * The collections desk (docs/product/collections.md): a collector sees the market's overdue orders
 * by bucket, works the queue largest amount first, and logs each contact attempt with the order.
 * A contact is refused outside the market's window in the borrower's local time and calendar
 * (domain checkContactWindow). The desk shows the borrower's masked phone and nothing of anyone
 * else: no emergency contact or other third party is ever read here.
 */

export interface CollectionsDeps {
  db: Db
  /** The desk's clock: the contact window is checked against it (tests, and demo mode's clock, move it). */
  now: () => Date
}

/** The markets a list covers: the one asked for, if the staff member works in it, else all of theirs. */
function marketsOf(staff: StaffPrincipal, market: Market | undefined): Market[] {
  if (market === undefined) return staff.markets
  if (!staff.markets.includes(market)) throw new AppError('staffForbidden')
  return [market]
}

/** The order by number, only in the staff member's markets: another market's is not found. */
async function orderInMarkets(db: Executor, staff: StaffPrincipal, orderNo: string): Promise<CollectionOrder> {
  const found = await collectionOrderByNo(db, orderNo)
  if (!found || !staff.markets.includes(found.market)) throw new AppError('notFound')
  return found
}

/**
 * How long a market's bucket counts are kept (docs/product/collections.md#buckets): counting them
 * sums every overdue order of the market (tens of milliseconds at a million orders), and they move
 * only when an order falls overdue, is paid or is settled; each queue page is read live.
 */
export const BUCKET_COUNTS_KEPT_MS = 30_000

/** The market's bucket counts for its local day, kept per database for BUCKET_COUNTS_KEPT_MS of real time. */
const keptBucketCounts = keptReads<BucketCount[]>(BUCKET_COUNTS_KEPT_MS)

export async function bucketsOf(deps: CollectionsDeps, staff: StaffPrincipal, market: Market | undefined): Promise<DataOf<typeof collectionBuckets>> {
  const now = deps.now()
  const markets = await Promise.all(
    marketsOf(staff, market).map(async (m) => {
      const counts = await keptBucketCounts(deps.db, `${m}:${localDate(now, m)}`, () => overdueBucketCounts(deps.db, m, now))
      return {
        market: m,
        date: localDate(now, m),
        buckets: DELINQUENCY_BUCKETS.map((bucket) => {
          const found = counts.find((c) => c.minDays === BUCKET_DAYS[bucket].min)
          return { bucket, count: found?.count ?? 0, amount: found?.amount ?? cents(0) }
        }),
      }
    }),
  )
  return { markets }
}

/**
 * Every market's overdue loans per bucket, for the metrics (docs/operations/metrics.md#business):
 * the same kept counts the desk shows, so a refresh adds no count of its own.
 */
export async function overdueBucketsOf(db: Db, now: Date): Promise<Array<{ market: Market; bucket: DelinquencyBucket; count: number }>> {
  const markets = await Promise.all(
    MARKETS.map(async (m) => {
      const counts = await keptBucketCounts(db, `${m}:${localDate(now, m)}`, () => overdueBucketCounts(db, m, now))
      return DELINQUENCY_BUCKETS.map((bucket) => ({ market: m, bucket, count: counts.find((c) => c.minDays === BUCKET_DAYS[bucket].min)?.count ?? 0 }))
    }),
  )
  return markets.flat()
}

type PromiseView = NonNullable<ContactView['promise']>

/** A promise's state: what the borrower paid from when it was made through its local date. */
async function promiseViews(db: Executor, rows: CollectionContact[], settledOrders: Set<number>, now: Date): Promise<Map<number, PromiseView>> {
  const withPromise = rows.filter((r) => r.promiseDate !== null && r.promiseAmount !== null)
  const orderKeys = [...new Set(withPromise.map((r) => r.orderKey))]
  const payments = new Map(await Promise.all(orderKeys.map(async (k) => [k, await orderPaymentsOf(db, k)] as const)))
  const views = new Map<number, PromiseView>()
  for (const row of withPromise) {
    const market = row.market
    const date = row.promiseDate!
    const amount = cents(row.promiseAmount!)
    let paid = 0
    for (const p of payments.get(row.orderKey) ?? []) {
      if (p.paidAt >= row.at && localDate(p.paidAt, market) <= date) paid += p.amount
    }
    const paidSince = cents(paid)
    views.set(row.id, { date, amount, paidSince, state: promiseState({ date, amount }, paidSince, settledOrders.has(row.orderKey), localDate(now, market)) })
  }
  return views
}

function contactView(row: CollectionContact, emails: Map<number, string>, promises: Map<number, PromiseView>): ContactView {
  return {
    id: row.id,
    channel: row.channel as ContactView['channel'],
    outcome: row.outcome as ContactView['outcome'],
    note: row.note,
    staffEmail: row.staffId === null ? null : (emails.get(row.staffId) ?? null),
    reminderStep: row.reminderStep as ReminderStep | null,
    at: row.at.toISOString(),
    localAt: formatDateTime(row.at, row.market).slice(0, 16),
    promise: promises.get(row.id) ?? null,
  }
}

/** Key-set paging down the queue: `<amount owed>.<order key>` of the last row. */
function parseCursor(cursor: string | undefined): { owed: number; orderKey: number } | null {
  if (!cursor) return null
  const [owed, orderKey] = cursor.split('.').map(Number) as [number, number]
  return { owed, orderKey }
}

export async function queueOf(deps: CollectionsDeps, staff: StaffPrincipal, query: { market?: Market | undefined; bucket?: DelinquencyBucket | undefined; cursor?: string | undefined; limit: number }): Promise<DataOf<typeof collectionQueue>> {
  const markets = marketsOf(staff, query.market)
  // one market at a time: a queue is worked per market (the console always names one)
  const market = markets[0]!
  const now = deps.now()
  const range = query.bucket ? BUCKET_DAYS[query.bucket] : { min: 1, max: null }
  const rows = await overdueQueuePage(deps.db, market, now, { minDays: range.min, maxDays: range.max }, parseCursor(query.cursor), query.limit)
  const page = rows.slice(0, query.limit)
  const { last, promise } = await repo.latestOf(
    deps.db,
    page.map((r) => r.orderKey),
  )
  const promises = await promiseViews(deps.db, [...promise.values()], new Set(), now)
  const orders = page.map((r) => {
    const latest = last.get(r.orderKey)
    const promised = promise.get(r.orderKey)
    return {
      orderNo: r.orderNo,
      market: r.market,
      status: r.status,
      productName: r.productName,
      phoneMasked: maskPhone(r.phone),
      dueAt: r.dueAt.toISOString(),
      daysOverdue: r.daysOverdue,
      bucket: bucketOf(r.daysOverdue)!,
      owed: r.owed,
      lastContactAt: latest ? latest.at.toISOString() : null,
      lastOutcome: latest ? (latest.outcome as ContactView['outcome']) : null,
      promise: promised ? (promises.get(promised.id) ?? null) : null,
    }
  })
  const lastRow = page.at(-1)
  return { orders, nextCursor: rows.length > query.limit && lastRow ? `${lastRow.owed}.${lastRow.orderKey}` : null }
}

export async function contactsOfOrder(deps: CollectionsDeps, staff: StaffPrincipal, orderNo: string): Promise<DataOf<typeof collectionContacts>> {
  const order = await orderInMarkets(deps.db, staff, orderNo)
  const now = deps.now()
  const rows = await repo.contactsOf(deps.db, order.orderKey)
  const [emails, promises] = await Promise.all([
    staffEmailsOf(
      deps.db,
      rows.map((r) => r.staffId),
    ),
    promiseViews(deps.db, rows, order.settled ? new Set([order.orderKey]) : new Set(), now),
  ])
  const window = checkContactWindow(now, order.market)
  return {
    orderNo: order.orderNo,
    market: order.market,
    localNow: `${window.local.date} ${window.local.time}`,
    windowHours: contactHours(order.market),
    windowOpen: window.allowed,
    contacts: rows.map((r) => contactView(r, emails, promises)),
  }
}

type RecordBody = ParsedBodyOf<typeof collectionRecordContact>

/**
 * A collector's contact attempt, with its audit row in the same transaction. Refused outside the
 * window (the borrower's local time and calendar, at the desk's clock), for an order not being
 * repaid, and for a promise dated before the borrower's today, more than 30 days on, or above what
 * is owed.
 */
export async function recordContact(deps: CollectionsDeps, staff: StaffPrincipal, ip: string, body: RecordBody): Promise<DataOf<typeof collectionRecordContact>> {
  const order = await orderInMarkets(deps.db, staff, body.orderNo)
  if (!isCollectable(order.status)) throw new AppError('orderNotInCollections')
  const now = deps.now()
  const window = checkContactWindow(now, order.market)
  if (!window.allowed) throw new AppError('contactOutsideWindow')
  const outcome: ContactOutcome = body.outcome
  if (outcome === 'promise_to_pay') {
    const today = window.local.date
    const date = body.promiseDate!
    const amount = body.promiseAmount!
    if (date < today || date > addDays(today, 30) || amount > order.owed) throw new AppError('promiseInvalid')
  }
  const row = await deps.db.transaction(async (tx) => {
    const inserted = await repo.insertContact(tx, {
      orderKey: order.orderKey,
      borrowerId: order.borrowerId,
      market: order.market,
      staffId: staff.staffId,
      channel: body.channel,
      outcome,
      note: body.note,
      promiseDate: outcome === 'promise_to_pay' ? body.promiseDate! : null,
      promiseAmount: outcome === 'promise_to_pay' ? body.promiseAmount! : null,
      localDate: window.local.date,
      at: now,
    })
    await record(tx, {
      staffId: staff.staffId,
      role: staff.role,
      action: 'collections.contact',
      recordType: 'order',
      recordId: order.orderNo,
      markets: [order.market],
      after: {
        contactId: inserted.id,
        channel: inserted.channel,
        outcome: inserted.outcome,
        localAt: `${window.local.date} ${window.local.time}`,
        ...(inserted.promiseDate ? { promiseDate: inserted.promiseDate, promiseAmount: inserted.promiseAmount } : {}),
      },
      ip,
      at: now,
    })
    return inserted
  })
  const promises = await promiseViews(deps.db, [row], new Set(), now)
  return { contact: contactView(row, new Map([[staff.staffId, staff.email]]), promises) }
}
