import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import { rowsOf, type Executor } from '../../db/client.js'
import { funnelBorrowers, funnelDays } from './funnel.schema.js'
import { channelTemplates, promotionSids } from './registration.schema.js'

/** A funnel count's key: the market's local day, the landing page (0: none) and the utm_tag ('' : none). */
export interface FunnelKey {
  market: Market
  day: string
  templateId: number
  utmTag: string
}

const STEP_COLUMNS = {
  visits: funnelDays.visits,
  smsSent: funnelDays.smsSent,
  registered: funnelDays.registered,
  firstOrders: funnelDays.firstOrders,
  firstRepayments: funnelDays.firstRepayments,
} as const
export type StepColumn = keyof typeof STEP_COLUMNS

/** Adds one to a step of a day's row, making the row when it is the day's first. */
export async function addOne(db: Executor, key: FunnelKey, step: StepColumn): Promise<void> {
  const column = STEP_COLUMNS[step]
  await db
    .insert(funnelDays)
    .values({ ...key, [step]: 1 })
    .onConflictDoUpdate({
      target: [funnelDays.market, funnelDays.day, funnelDays.templateId, funnelDays.utmTag],
      set: { [step]: sql`${column} + 1` },
    })
}

/** The market of a landing page, any status; undefined for an unknown id. */
export async function templateMarket(db: Executor, id: number): Promise<Market | undefined> {
  const [row] = await db.select({ market: channelTemplates.market }).from(channelTemplates).where(eq(channelTemplates.id, id)).limit(1)
  return row?.market
}

/** The market's landing pages, by id. */
export function templatesOf(db: Executor, market: Market) {
  return db
    .select({ id: channelTemplates.id, appName: channelTemplates.appName, copy: channelTemplates.copy, status: channelTemplates.status })
    .from(channelTemplates)
    .where(eq(channelTemplates.market, market))
    .orderBy(asc(channelTemplates.id))
}

/** The landing page and utm_tag a session carries, set when it is made. */
export async function setSidSource(db: Executor, sidHash: string, templateId: number, utmTag: string): Promise<void> {
  await db.update(promotionSids).set({ templateId, utmTag }).where(eq(promotionSids.sidHash, sidHash))
}

/** True for the session's first counted SMS: of two sends on one session, one is counted. */
export async function takeSmsCount(db: Executor, sidHash: string): Promise<boolean> {
  const rows = await db
    .update(promotionSids)
    .set({ smsCounted: true })
    .where(and(eq(promotionSids.sidHash, sidHash), eq(promotionSids.smsCounted, false)))
    .returning({ sidHash: promotionSids.sidHash })
  return rows.length === 1
}

export async function insertFunnelBorrower(db: Executor, row: { borrowerId: number; market: Market; templateId: number; utmTag: string; registeredDay: string }): Promise<void> {
  await db.insert(funnelBorrowers).values(row).onConflictDoNothing()
}

/**
 * Fills the borrower's first order (or first repayment) time when it is empty: the key of the
 * registration's row to count it in, or undefined when the borrower is not in the funnel or the step
 * is counted already. The row lock makes two orders at once count one.
 */
export async function takeFirst(db: Executor, borrowerId: number, step: 'firstOrders' | 'firstRepayments', at: Date): Promise<FunnelKey | undefined> {
  const column = step === 'firstOrders' ? funnelBorrowers.firstOrderAt : funnelBorrowers.firstRepaymentAt
  const [row] = await db
    .update(funnelBorrowers)
    .set(step === 'firstOrders' ? { firstOrderAt: at } : { firstRepaymentAt: at })
    .where(and(eq(funnelBorrowers.borrowerId, borrowerId), sql`${column} is null`))
    .returning({ market: funnelBorrowers.market, day: funnelBorrowers.registeredDay, templateId: funnelBorrowers.templateId, utmTag: funnelBorrowers.utmTag })
  return row
}

export interface RangeFilter {
  market: Market
  from: string
  to: string
  templateId?: number | undefined
  utmTag?: string | undefined
}

function whereOf(q: RangeFilter, withUtm = true): SQL {
  const parts = [eq(funnelDays.market, q.market), sql`${funnelDays.day} between ${q.from}::date and ${q.to}::date`]
  if (q.templateId !== undefined) parts.push(eq(funnelDays.templateId, q.templateId))
  if (withUtm && q.utmTag !== undefined) parts.push(eq(funnelDays.utmTag, q.utmTag))
  return and(...parts)!
}

export interface CountsRow {
  visits: number
  smsSent: number
  registered: number
  firstOrders: number
  firstRepayments: number
}

const sums = {
  visits: sql<number>`sum(${funnelDays.visits})::int`.mapWith(Number),
  smsSent: sql<number>`sum(${funnelDays.smsSent})::int`.mapWith(Number),
  registered: sql<number>`sum(${funnelDays.registered})::int`.mapWith(Number),
  firstOrders: sql<number>`sum(${funnelDays.firstOrders})::int`.mapWith(Number),
  firstRepayments: sql<number>`sum(${funnelDays.firstRepayments})::int`.mapWith(Number),
}

/** The range's sums by day (days with no row are absent). */
export function daySums(db: Executor, q: RangeFilter) {
  return db
    .select({ day: funnelDays.day, ...sums })
    .from(funnelDays)
    .where(whereOf(q))
    .groupBy(funnelDays.day)
    .orderBy(asc(funnelDays.day))
}

/** The range's rows, newest day first, then landing page and utm_tag; `after` pages by that key. */
export function rowsPage(db: Executor, q: RangeFilter, limit: number, after?: FunnelKey) {
  const where = after
    ? and(whereOf(q), sql`(${funnelDays.day}, ${funnelDays.templateId}, ${funnelDays.utmTag}) < (${after.day}::date, ${after.templateId}, ${after.utmTag})`)
    : whereOf(q)
  return db
    .select()
    .from(funnelDays)
    .where(where)
    .orderBy(desc(funnelDays.day), desc(funnelDays.templateId), desc(funnelDays.utmTag))
    .limit(limit)
}

/** The range's utm_tags (of the chosen landing page), most registering first. */
export async function utmTagsOf(db: Executor, q: RangeFilter, limit: number): Promise<string[]> {
  const rows = await rowsOf<{ utm_tag: string }>(
    db.execute(sql`
      select ${funnelDays.utmTag} as utm_tag from ${funnelDays} where ${whereOf(q, false)} and ${funnelDays.utmTag} <> ''
      group by 1 order by sum(${funnelDays.registered}) desc, sum(${funnelDays.visits}) desc, 1 limit ${limit}`),
  )
  return rows.map((r) => r.utm_tag)
}
