import type { FastifyReply } from 'fastify'
import { sendCsvDownload } from '../../../http/csv-download.js'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { DIFFERENCE_KIND_TEXTS, MONEY_DESK_LIMITS, RESOLUTION_KIND_TEXTS } from '@kilat/contract'
import { MARKET_INFO, daysBetween, formatMoney, type Market } from '@kilat/domain'
import { rowsOf, type Db } from '../../../db/client.js'
import { AppError } from '../../../http/errors.js'
import type { StaffPrincipal } from '../../../http/types.js'
import { record } from '../../audit/audit.service.js'
import { orderJoin, orderNosOf } from '../../orders/orders.service.js'
import { staffEmailsOf } from '../../staff/staff.service.js'
import { ledgerEntries, paymentAccounts, payments } from '../../repayment/repayment.service.js'
import { reconDifferences, reconResolutions } from '../reconciliation.schema.js'
import { assertMarket } from './desk.js'
import { inLocalDays } from './day.js'

/**
 * The money desk's CSV exports (docs/product/operations.md#exports): the ledger and the
 * reconciliation of a market's date range, streamed page by page from the database by key, so a
 * million rows never sit in memory (the same on PGlite and PostgreSQL). Amounts in integer cents and
 * formatted for the market, text quoted by RFC 4180.
 */

/** Rows read from the database at a time. */
export const EXPORT_PAGE = 2_000

type Cell = string | number | null

/** A field a spreadsheet would run as a formula, or one that needs quotes. */
const NEEDS_CARE = /^[=+\-@\t\r]|[",\r\n]/

/**
 * One CSV field: quoted when it holds a quote, a comma or a line break (quotes doubled). A text that
 * a spreadsheet would run as a formula (=, +, -, @, a tab or carriage return first) is prefixed with
 * an apostrophe, as OWASP advises for CSV files opened by staff.
 */
export function csvField(value: Cell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  // most fields need neither: one test instead of two
  if (!NEEDS_CARE.test(value)) return value
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`

interface ExportQuery {
  market: Market
  from: string
  to: string
}

/** Payments read at a time by the ledger export; their entries come with them (a few each). */
export const EXPORT_PAYMENTS_PAGE = 250

/**
 * Lines per chunk sent: about 60 KB of text, under V8's largest young object (128 KB). A chunk is
 * garbage once written: a small one dies in the next minor collection, while a page's whole text
 * (about 290 KB for 250 payments) is made in the old generation and waits for a full one.
 */
const CHUNK_LINES = 500

/** A page's lines in chunks of CHUNK_LINES, each joined once into one flat string. */
function* inChunks<T>(rows: readonly T[], line: (row: T) => string): Generator<string> {
  for (let start = 0; start < rows.length; start += CHUNK_LINES) {
    const lines: string[] = []
    const end = Math.min(rows.length, start + CHUNK_LINES)
    for (let i = start; i < end; i++) lines.push(line(rows[i]!))
    yield lines.join('')
  }
}

const LEDGER_HEADER = ['entry_id', 'paid_at', 'local_date', 'order_no', 'payment_id', 'gateway_payment_id', 'method', 'component', 'period_no', 'currency', 'amount_cents', 'amount']

interface LedgerRow {
  id: number | string
  paid_at: string
  local_date: string
  key_at: string
  payment_id: number | string
  gateway_payment_id: string
  method: string
  order_no: string
  component: string
  period_no: number | null
  amount: number | string
}

/** One line of the ledger's file: the fields csvLine would write, without an array per row. */
function ledgerLine(r: LedgerRow, currency: string, market: Market): string {
  const amount = Number(r.amount)
  const period = r.period_no === null ? '' : String(r.period_no)
  return `${Number(r.id)},${csvField(r.paid_at)},${csvField(r.local_date)},${csvField(r.order_no)},${Number(r.payment_id)},${csvField(r.gateway_payment_id)},${csvField(r.method)},${csvField(r.component)},${period},${currency},${amount},${csvField(formatMoney(amount, market))}\r\n`
}

/**
 * One page of the range's ledger: the next payments of the market's days after the key `after`
 * (the payment's time, as text to the microsecond, and its id), walked in the order of the index on
 * that time (no sort), each with its entries. Each payment's account is read once (its market), not
 * once per entry; the times come written out by the database. Each page is its own statement: on
 * PGlite the process's one connection serves other requests between pages, and on PostgreSQL it
 * measured leaner than one cursor over the range (docs/performance/money-desk.md).
 */
function ledgerPage(db: Db, market: Market, q: ExportQuery, after: { at: string; id: number } | null, pageSize: number) {
  const zone = MARKET_INFO[market].timeZone
  return rowsOf<LedgerRow>(
    db.execute(sql`
      with ps as (
        select p.id, p.received_at, p.gateway_payment_id, a.method
        from ${payments} p join ${paymentAccounts} a on a.id = p.payment_account_id
        where ${inLocalDays(sql`p.received_at`, market, q.from, q.to)} and a.market = ${market}
          ${after ? sql`and (p.received_at, p.id) > (${after.at}::timestamptz, ${after.id})` : sql``}
        order by p.received_at, p.id
        limit ${pageSize})
      select e.id, to_char(ps.received_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as paid_at,
        to_char(ps.received_at at time zone ${zone}, 'YYYY-MM-DD') as local_date, ps.received_at::text as key_at,
        ps.id as payment_id, ps.gateway_payment_id, ps.method, o.order_no, e.component, e.period_no, e.amount
      from ps
      join ${ledgerEntries} e on e.payment_id = ps.id
      join ${orderJoin(sql`e.order_id`)[0]} o on o.id = e.order_id
      order by ps.received_at, ps.id, e.id`),
  )
}

/** The ledger's file in chunks of at most CHUNK_LINES lines, read in pages of `pageSize` payments. */
async function* ledgerLines(db: Db, q: ExportQuery, pageSize = EXPORT_PAYMENTS_PAGE): AsyncGenerator<string> {
  const { market } = q
  const currency = csvField(MARKET_INFO[market].currency)
  yield csvLine(LEDGER_HEADER)
  let after: { at: string; id: number } | null = null
  for (;;) {
    const rows = await ledgerPage(db, market, q, after, pageSize)
    if (rows.length === 0) return
    yield* inChunks(rows, (r) => ledgerLine(r, currency, market))
    const last = rows[rows.length - 1]!
    after = { at: last.key_at, id: Number(last.payment_id) }
    // a page of fewer payments than asked was the last; a page's entries are at least its payments
    if (new Set(rows.map((r) => r.payment_id)).size < pageSize) return
  }
}

/**
 * The order a confirmed "apply to an order" put the money on: a difference with no order of its own
 * (a payment to an unknown account) has one once it is resolved so
 * (docs/product/operations.md#resolutions), and the file names it.
 */
function appliedOrderKey(resolution: { kind: string; status: string; order_id: number | string | null } | undefined): number | null {
  if (!resolution || resolution.kind !== 'apply_to_order' || resolution.status !== 'confirmed' || resolution.order_id === null) return null
  return Number(resolution.order_id)
}

const orderNoOf = (key: number | null, orderNos: Map<number, string>) => (key === null ? '' : (orderNos.get(key) ?? ''))

async function* reconciliationLines(db: Db, q: ExportQuery, pageSize = EXPORT_PAGE): AsyncGenerator<string> {
  const { market } = q
  const currency = MARKET_INFO[market].currency
  yield csvLine([
    'difference_id', 'day', 'kind', 'kind_name', 'status', 'gateway_payment_id', 'account_no', 'order_no', 'currency',
    'amount_cents', 'amount', 'expected_cents', 'actual_cents', 'paid_at',
    'resolution', 'resolution_status', 'proposed_by', 'decided_by', 'decided_at', 'payment_id', 'note',
  ])
  let after = 0
  for (;;) {
    const rows = await db
      .select()
      .from(reconDifferences)
      .where(and(eq(reconDifferences.market, market), sql`${reconDifferences.day} between ${q.from}::date and ${q.to}::date`, gt(reconDifferences.id, after)))
      .orderBy(asc(reconDifferences.id))
      .limit(pageSize)
    if (rows.length === 0) return
    // each difference's latest resolution
    const resolutions = await rowsOf<{ difference_id: number | string; kind: string; status: string; order_id: number | string | null; proposed_by: number | string; decided_by: number | string | null; decided_at: string | Date | null; payment_id: number | string | null; note: string }>(
      db.execute(sql`
        select distinct on (difference_id) difference_id, kind, status, order_id, proposed_by, decided_by, decided_at, payment_id, note
        from ${reconResolutions} where difference_id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})
        order by difference_id, id desc`),
    )
    const byDifference = new Map(resolutions.map((r) => [Number(r.difference_id), r]))
    const orderKeyOf = (d: (typeof rows)[number]) => d.orderKey ?? appliedOrderKey(byDifference.get(d.id))
    const [orderNos, emails] = await Promise.all([
      orderNosOf(db, rows.map(orderKeyOf).filter((k): k is number => k !== null)),
      staffEmailsOf(db, resolutions.flatMap((r) => [Number(r.proposed_by), r.decided_by === null ? null : Number(r.decided_by)])),
    ])
    let chunk = ''
    for (const d of rows) {
      const r = byDifference.get(d.id)
      chunk += csvLine([
        d.id,
        d.day,
        d.kind,
        DIFFERENCE_KIND_TEXTS[d.kind].en,
        d.status,
        d.gatewayPaymentId,
        d.accountNo,
        orderNoOf(orderKeyOf(d), orderNos),
        currency,
        d.amount,
        formatMoney(d.amount, market),
        d.expected,
        d.actual,
        d.paidAt.toISOString(),
        r ? RESOLUTION_KIND_TEXTS[r.kind as keyof typeof RESOLUTION_KIND_TEXTS].en : '',
        r?.status ?? '',
        r ? (emails.get(Number(r.proposed_by)) ?? String(r.proposed_by)) : '',
        r?.decided_by ? (emails.get(Number(r.decided_by)) ?? String(r.decided_by)) : '',
        r?.decided_at ? new Date(r.decided_at).toISOString() : '',
        r?.payment_id === null || r?.payment_id === undefined ? null : Number(r.payment_id),
        r?.note ?? '',
      ])
    }
    yield chunk
    after = rows[rows.length - 1]!.id
    if (rows.length < pageSize) return
  }
}

const EXPORTS = { ledger: ledgerLines, reconciliation: reconciliationLines } as const
export type ExportKind = keyof typeof EXPORTS

/** An export's text, chunk by chunk (a page of rows each): what streamExport sends; tests read it with small pages. */
export function exportChunks(db: Db, kind: ExportKind, q: ExportQuery, pageSize?: number): AsyncGenerator<string> {
  return EXPORTS[kind](db, q, pageSize)
}

/**
 * Streams an export to the client. An export of money data is a staff read worth recording, so it
 * writes its audit row (`payments.export-ledger`, `payments.export-reconciliation`) before the first
 * byte; the audit trail otherwise records writes and sign-ins (docs/product/operations.md#exports).
 */
export async function streamExport(db: Db, staff: StaffPrincipal, ip: string, kind: ExportKind, q: ExportQuery, reply: FastifyReply, now: Date): Promise<void> {
  assertMarket(staff, q.market)
  if (q.to < q.from || daysBetween(q.from, q.to) >= MONEY_DESK_LIMITS.exportDaysMax) throw new AppError('invalidRequest', { data: { fields: ['to'] } })
  await db.transaction(async (tx) => {
    await record(tx, {
      staffId: staff.staffId,
      role: staff.role,
      action: `payments.export-${kind}`,
      recordType: 'export',
      recordId: `${q.market}:${q.from}..${q.to}`,
      markets: [q.market],
      after: { kind, market: q.market, from: q.from, to: q.to },
      ip,
      at: now,
    })
  })
  await sendCsvDownload(reply, `kilat-${kind}-${q.market}-${q.from}-${q.to}.csv`, EXPORTS[kind](db, q), { kind })
}
