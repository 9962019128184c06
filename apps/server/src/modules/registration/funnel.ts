import type { FastifyReply } from 'fastify'
import { sendCsvDownload } from '../../http/csv-download.js'
import { FUNNEL_LIMITS, type DataOf, type FunnelRow, type funnelReport } from '@kilat/contract'
import { addDays, daysBetween, funnelRates, localDate, sumFunnel, type FunnelCounts, type Locale, type Market, type RateBps } from '@kilat/domain'
import type { Db, Executor } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import type { StaffPrincipal } from '../../http/types.js'
import { record } from '../audit/audit.service.js'
import { onOrderPlaced } from '../orders/orders.service.js'
import { csvLine } from '../money-desk/money-desk.service.js'
import { onRepaymentReceived } from '../repayment/repayment.service.js'
import * as repo from './funnel.repo.js'

/**
 * The registration funnel (docs/product/registration-funnel.md): each step adds one to its day's
 * row in the transaction of the step itself; the console reads those rows.
 */

/** Where a visit, a session or a registration came from: the landing page (0: none of the market's) and utm_tag ('' : none). */
export interface FunnelSource {
  templateId: number
  utmTag: string
}

/** A landing page's id as the page passed it, when it is one of the market's; else 0. */
export async function sourceOf(db: Executor, market: Market, pageId: string | number | undefined | null, utmTag: string | undefined | null): Promise<FunnelSource> {
  const text = pageId === undefined || pageId === null ? '' : String(pageId).trim()
  const id = /^[0-9]{1,9}$/.test(text) ? Number(text) : 0
  const known = id > 0 && (await repo.templateMarket(db, id)) === market
  return { templateId: known ? id : 0, utmTag: (utmTag ?? '').trim() }
}

/** Adds one to a step on the market's local day of `at` (docs/product/registration-funnel.md#days). */
export function countStep(db: Executor, market: Market, source: FunnelSource, step: repo.StepColumn, at: Date): Promise<void> {
  return repo.addOne(db, { market, day: localDate(at, market), ...source }, step)
}

/** A stored visit of a landing page. */
export async function countVisit(db: Executor, market: Market, pageId: string | undefined, utmTag: string | undefined, at: Date): Promise<void> {
  await countStep(db, market, await sourceOf(db, market, pageId, utmTag), 'visits', at)
}

/** A new session remembers the landing page and utm_tag of its visit. */
export async function rememberSource(db: Executor, market: Market, sidHash: string, pageId: string | undefined, utmTag: string | undefined): Promise<void> {
  if (pageId === undefined && utmTag === undefined) return
  const source = await sourceOf(db, market, pageId, utmTag)
  await repo.setSidSource(db, sidHash, source.templateId, source.utmTag)
}

interface SidSource {
  templateId: number | null
  utmTag: string | null
}

/** The session's source, or (a session made without one) what the request passed. */
async function sourceOfSession(db: Executor, market: Market, sid: SidSource, pageId: string | number | undefined, utmTag: string | undefined): Promise<FunnelSource> {
  if (sid.templateId !== null) return { templateId: sid.templateId, utmTag: sid.utmTag ?? '' }
  return sourceOf(db, market, pageId, utmTag)
}

/** A registration code sent: counted once per session, on the session's source. */
export async function countSmsSent(tx: Executor, market: Market, sidHash: string, sid: SidSource, utmTag: string | undefined, at: Date): Promise<void> {
  if (!(await repo.takeSmsCount(tx, sidHash))) return
  await countStep(tx, market, await sourceOfSession(tx, market, sid, undefined, utmTag), 'smsSent', at)
}

/** A registration: counted, and the borrower's source kept for their first order and repayment. */
export async function countRegistration(
  tx: Executor,
  borrower: { id: number; market: Market },
  sid: SidSource,
  input: { pageId: string | number | undefined; utmTag: string | undefined },
  at: Date,
): Promise<void> {
  const source = await sourceOfSession(tx, borrower.market, sid, input.pageId, input.utmTag)
  const day = localDate(at, borrower.market)
  await repo.insertFunnelBorrower(tx, { borrowerId: borrower.id, market: borrower.market, registeredDay: day, ...source })
  await repo.addOne(tx, { market: borrower.market, day, ...source }, 'registered')
}

/** First order and first repayment count on the registration's row (a cohort), once each. */
async function countFirst(tx: Executor, borrowerId: number, step: 'firstOrders' | 'firstRepayments', at: Date): Promise<void> {
  const key = await repo.takeFirst(tx, borrowerId, step, at)
  if (key) await repo.addOne(tx, key, step)
}

onOrderPlaced((tx, order) => countFirst(tx, order.borrowerId, 'firstOrders', order.appliedAt))
onRepaymentReceived((tx, payment) => countFirst(tx, payment.borrowerId, 'firstRepayments', payment.at))

// --- the console's reads

export interface FunnelQuery {
  market: Market
  from: string
  to: string
  templateId?: number | undefined
  utmTag?: string | undefined
}

/** The caller's market, a range of at most FUNNEL_LIMITS.daysMax days, a landing page of the market. */
async function checkQuery(db: Db, staff: StaffPrincipal, q: FunnelQuery) {
  if (!staff.markets.includes(q.market)) throw new AppError('staffForbidden')
  if (q.to < q.from || daysBetween(q.from, q.to) >= FUNNEL_LIMITS.daysMax) throw new AppError('funnelRangeInvalid', { data: { fields: ['to'] } })
  if (q.templateId !== undefined && (await repo.templateMarket(db, q.templateId)) !== q.market) throw new AppError('funnelTemplateNotFound')
}

const countsOf = (r: repo.CountsRow): FunnelCounts => ({
  visits: Number(r.visits),
  smsSent: Number(r.smsSent),
  registered: Number(r.registered),
  firstOrders: Number(r.firstOrders),
  firstRepayments: Number(r.firstRepayments),
})
const line = (counts: FunnelCounts) => ({ counts, rates: funnelRates(counts) })
const ZERO: FunnelCounts = { visits: 0, smsSent: 0, registered: 0, firstOrders: 0, firstRepayments: 0 }

/** A landing page's name for staff: its number and title in their language. */
function templateName(t: { id: number; appName: string; copy: Record<Locale, { title: string }> }, locale: Locale): string {
  return `#${t.id} ${t.copy[locale]?.title ?? t.appName}`
}

/** The funnel of a market's date range (docs/product/registration-funnel.md#screen). */
export async function funnelOf(db: Db, staff: StaffPrincipal, q: FunnelQuery): Promise<DataOf<typeof funnelReport>> {
  await checkQuery(db, staff, q)
  const [templates, sums, page, utmTags] = await Promise.all([
    repo.templatesOf(db, q.market),
    repo.daySums(db, q),
    repo.rowsPage(db, q, FUNNEL_LIMITS.rowsMax + 1),
    repo.utmTagsOf(db, q, FUNNEL_LIMITS.utmTagsMax),
  ])
  const byDay = new Map(sums.map((s) => [s.day, countsOf(s)]))
  const days = []
  for (let day = q.from; day <= q.to; day = addDays(day, 1)) days.push({ day, ...line(byDay.get(day) ?? ZERO) })
  const rows: FunnelRow[] = page.slice(0, FUNNEL_LIMITS.rowsMax).map((r) => ({ day: r.day, templateId: r.templateId, utmTag: r.utmTag, ...line(countsOf(r)) }))
  return {
    market: q.market,
    from: q.from,
    to: q.to,
    templates: templates.map((t) => ({ id: t.id, name: templateName(t, staff.language), active: t.status === 'active' })),
    utmTags,
    days,
    rows,
    rowsTruncated: page.length > FUNNEL_LIMITS.rowsMax,
    totals: line(sumFunnel([...byDay.values()])),
  }
}

/** Basis points as a percent with two decimals, without floats: 1234 → "12.34". */
export function percentOf(bps: RateBps): string {
  if (bps === null) return ''
  return `${Math.floor(bps / 100)}.${String(bps % 100).padStart(2, '0')}`
}

const CSV_HEADER = [
  'day', 'market', 'template_id', 'template', 'utm_tag', 'visits', 'sms_sent', 'registered', 'first_orders', 'first_repayments',
  'sms_sent_rate_pct', 'registered_rate_pct', 'first_order_rate_pct', 'first_repayment_rate_pct',
]

/** Rows read from the database at a time by the export. */
export const FUNNEL_EXPORT_PAGE = 1_000

/** The CSV's text, a page of rows a chunk; tests read it with small pages. */
export async function* funnelCsv(db: Db, q: FunnelQuery, names: Map<number, string>, pageSize = FUNNEL_EXPORT_PAGE): AsyncGenerator<string> {
  yield csvLine(CSV_HEADER)
  let after: repo.FunnelKey | undefined
  for (;;) {
    const rows = await repo.rowsPage(db, q, pageSize, after)
    if (rows.length === 0) return
    let chunk = ''
    for (const r of rows) {
      const counts = countsOf(r)
      const rates = funnelRates(counts)
      chunk += csvLine([
        r.day, r.market, r.templateId, names.get(r.templateId) ?? '', r.utmTag,
        counts.visits, counts.smsSent, counts.registered, counts.firstOrders, counts.firstRepayments,
        percentOf(rates.smsSent), percentOf(rates.registered), percentOf(rates.firstOrders), percentOf(rates.firstRepayments),
      ])
    }
    yield chunk
    const last = rows[rows.length - 1]!
    after = { market: last.market, day: last.day, templateId: last.templateId, utmTag: last.utmTag }
    if (rows.length < pageSize) return
  }
}

/**
 * Streams the funnel's CSV, after its audit row (`registration.export-funnel`), as the money desk's
 * exports are recorded (docs/product/operations.md#exports).
 */
export async function streamFunnelExport(db: Db, staff: StaffPrincipal, ip: string, q: FunnelQuery, reply: FastifyReply, now: Date): Promise<void> {
  await checkQuery(db, staff, q)
  const templates = await repo.templatesOf(db, q.market)
  const names = new Map(templates.map((t) => [t.id, templateName(t, 'en')]))
  await db.transaction(async (tx) => {
    await record(tx, {
      staffId: staff.staffId,
      role: staff.role,
      action: 'registration.export-funnel',
      recordType: 'export',
      recordId: `${q.market}:${q.from}..${q.to}`,
      markets: [q.market],
      after: { kind: 'funnel', market: q.market, from: q.from, to: q.to, templateId: q.templateId ?? null, utmTag: q.utmTag ?? null },
      ip,
      at: now,
    })
  })
  await sendCsvDownload(reply, `kilat-funnel-${q.market}-${q.from}-${q.to}.csv`, funnelCsv(db, q, names), { kind: 'funnel' })
}
