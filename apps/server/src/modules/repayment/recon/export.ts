import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { FastifyReply } from 'fastify'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { DIFFERENCE_KIND_TEXTS, MONEY_DESK_LIMITS, RESOLUTION_KIND_TEXTS } from '@kilat/contract'
import { MARKET_INFO, daysBetween, formatMoney, localDate, type Market } from '@kilat/domain'
import { rowsOf, type Db } from '../../../db/client.js'
import { AppError } from '../../../http/errors.js'
import type { StaffPrincipal } from '../../../http/types.js'
import { record } from '../../audit/audit.service.js'
import { orderColumns, orderJoin, orderNosOf } from '../../orders/orders.service.js'
import { staffEmailsOf } from '../../staff/staff.service.js'
import { ledgerEntries, paymentAccounts, payments } from '../repayment.schema.js'
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

/**
 * One CSV field: quoted when it holds a quote, a comma or a line break (quotes doubled). A text that
 * a spreadsheet would run as a formula (=, +, -, @, a tab or carriage return first) is prefixed with
 * an apostrophe, as OWASP advises for CSV files opened by staff.
 */
export function csvField(value: Cell): string {
  if (value === null) return ''
  if (typeof value === 'number') return String(value)
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvField).join(',')}\r\n`

interface ExportQuery {
  market: Market
  from: string
  to: string
}

/**
 * One page of the range's ledger entries after the entry `after`, by the entry's id (the order
 * they were written in): the primary key serves the walk, so every page costs the same however
 * deep, where a key on the payment's time made each page sort the whole join. An entry belongs to
 * the day its payment was received, as reconciliation counts it.
 */
function ledgerPage(db: Db, market: Market, q: ExportQuery, after: number) {
  return db
    .select({
      id: ledgerEntries.id,
      receivedAt: payments.receivedAt,
      orderNo: orderColumns.orderNo,
      paymentId: ledgerEntries.paymentId,
      gatewayPaymentId: payments.gatewayPaymentId,
      method: paymentAccounts.method,
      component: ledgerEntries.component,
      periodNo: ledgerEntries.periodNo,
      amount: ledgerEntries.amount,
    })
    .from(ledgerEntries)
    .innerJoin(payments, eq(payments.id, ledgerEntries.paymentId))
    .innerJoin(paymentAccounts, eq(paymentAccounts.id, payments.paymentAccountId))
    .innerJoin(...orderJoin(ledgerEntries.orderKey))
    .where(and(gt(ledgerEntries.id, after), inLocalDays(payments.receivedAt, market, q.from, q.to), eq(paymentAccounts.market, market)))
    .orderBy(asc(ledgerEntries.id))
    .limit(EXPORT_PAGE)
}

async function* ledgerLines(db: Db, q: ExportQuery): AsyncGenerator<string> {
  const { market } = q
  const currency = MARKET_INFO[market].currency
  yield csvLine(['entry_id', 'paid_at', 'local_date', 'order_no', 'payment_id', 'gateway_payment_id', 'method', 'component', 'period_no', 'currency', 'amount_cents', 'amount'])
  let after = 0
  for (;;) {
    const rows = await ledgerPage(db, market, q, after)
    if (rows.length === 0) return
    let chunk = ''
    for (const r of rows) {
      chunk += csvLine([
        r.id,
        r.receivedAt.toISOString(),
        localDate(r.receivedAt, market),
        r.orderNo,
        r.paymentId,
        r.gatewayPaymentId,
        r.method,
        r.component,
        r.periodNo,
        currency,
        r.amount,
        formatMoney(r.amount, market),
      ])
    }
    yield chunk
    after = rows[rows.length - 1]!.id
    if (rows.length < EXPORT_PAGE) return
  }
}

async function* reconciliationLines(db: Db, q: ExportQuery): AsyncGenerator<string> {
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
      .limit(EXPORT_PAGE)
    if (rows.length === 0) return
    // each difference's latest resolution
    const resolutions = await rowsOf<{ difference_id: number | string; kind: string; status: string; proposed_by: number | string; decided_by: number | string | null; decided_at: string | Date | null; payment_id: number | string | null; note: string }>(
      db.execute(sql`
        select distinct on (difference_id) difference_id, kind, status, proposed_by, decided_by, decided_at, payment_id, note
        from ${reconResolutions} where difference_id in (${sql.join(rows.map((r) => sql`${r.id}`), sql`, `)})
        order by difference_id, id desc`),
    )
    const byDifference = new Map(resolutions.map((r) => [Number(r.difference_id), r]))
    const [orderNos, emails] = await Promise.all([
      orderNosOf(db, rows.map((r) => r.orderKey).filter((k): k is number => k !== null)),
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
        d.orderKey === null ? '' : (orderNos.get(d.orderKey) ?? ''),
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
    if (rows.length < EXPORT_PAGE) return
  }
}

const EXPORTS = { ledger: ledgerLines, reconciliation: reconciliationLines } as const
export type ExportKind = keyof typeof EXPORTS

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
  const name = `kilat-${kind}-${q.market}-${q.from}-${q.to}.csv`
  reply.hijack()
  reply.raw.writeHead(200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${name}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  })
  try {
    await pipeline(Readable.from(EXPORTS[kind](db, q)), reply.raw)
  } catch (error) {
    // the header is sent: the client sees a cut file, the log says why
    reply.log.error({ err: error, kind }, 'export cut short')
    reply.raw.destroy()
  }
}
