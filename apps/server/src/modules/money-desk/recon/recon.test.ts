import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ERRORS,
  exportLedger,
  exportReconciliation,
  paymentsCallbacks,
  paymentsInbox,
  paymentsLedger,
  reconCloseDay,
  reconDay,
  reconDifferences,
  reconRun,
  resolutionCancel,
  resolutionConfirm,
  resolutionPropose,
  type DifferenceView,
} from '@kilat/contract'
import { ORDER_STATUS, cents, contractFee, formatMoney, type Cents } from '@kilat/domain'
import { SandboxGateway, queueSandboxPayment, type SandboxCallbackBody } from '../../../adapters/payments/sandbox-gateway.js'
import type { SettlementLine } from '../../../adapters/payments/payment-gateway.js'
import type { Database } from '../../../db/client.js'
import { createOrder, createProduct, createBorrower } from '../../../db/factories.js'
import { buildTestApp, openTestDatabase } from '../../../test/setup-db.js'
import { auditLog } from '../../audit/audit.schema.js'
import { orders, type Order } from '../../orders/orders.schema.js'
import { payoutRequests } from '../payouts.schema.js'
import type { Product } from '../../products/products.schema.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock } from '../../staff/test-helpers.js'
import { issueRepaymentAccount } from '../../repayment/accounts.js'
import { receivePayment } from '../../repayment/payments.js'
import { ledgerEntries, paymentAccounts, payments } from '../../repayment/repayment.schema.js'
import { adjustments } from '../adjustments.schema.js'
import { gatewayCallbacks } from '../../../adapters/payments/sandbox.schema.js'
import { gatewayReportLines, gatewayReports, reconDifferences as differencesTable, unmatchedCallbacks } from '../reconciliation.schema.js'
import { SECRET, postCallback, signedHeaders } from '../../repayment/test-helpers.js'
import { csvField, csvLine, EXPORT_PAGE, exportChunks } from './export.js'
import { runReportJob } from './report-job.js'

/**
 * The money desk (docs/product/operations.md#money-desk) on a real database: the gateway's report,
 * each kind of difference, reruns, four-eyes resolutions, the day's close, the desk's reads and the
 * CSV exports, with their refusals (another market, the wrong role, bad input).
 */

const DAY = '2026-03-01'
/** Jakarta 10:00 on DAY: the money of the day. */
const PAID = new Date('2026-03-01T03:00:00.000Z')
const ISSUED = new Date('2026-03-01T01:00:00.000Z')
const clock = testClock('2026-03-02T08:00:00.000Z')

/** What the sandbox's report leaves out, adds and charges otherwise: each test sets its own. */
const omitted = new Set<string>()
const extraLines: SettlementLine[] = []
/** Lines added to other markets' and days' reports, by `market:day`. */
const extraByDay = new Map<string, SettlementLine[]>()
const feeOverride = new Map<string, Cents>()

let database: Database
let app: FastifyInstance
let gateway: SandboxGateway
let product: Product
let productMx: Product
type Staff = { id: number; cookie: string }
let financeA: Staff
let financeB: Staff
let financeMx: Staff
let financeIn: Staff
let agent: Staff

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  gateway = new SandboxGateway(SECRET, {
    db: database.db,
    report: {
      omit: (line) => omitted.has(line.gatewayPaymentId),
      extra: (market, day) => (market === 'ID' && day === DAY ? extraLines : (extraByDay.get(`${market}:${day}`) ?? [])),
      fee: (line, market) => feeOverride.get(line.gatewayPaymentId) ?? contractFee(market, line.amount),
    },
  })
  app = await buildTestApp(database, { now: clock.now, payments: gateway, env: { JOB_INTERVAL_SECONDS: '0' } })
  await app.ready()
  product = await createProduct(database.db, { termUnit: 'day', termDays: 91 })
  productMx = await createProduct(database.db, { market: 'MX', minAmount: cents(1_000_00), maxAmount: cents(20_000_00), amountStep: cents(500_00) })
  financeA = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  financeB = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  financeMx = await enrolledStaff(app, database, clock, 'finance', ['MX'])
  financeIn = await enrolledStaff(app, database, clock, 'finance', ['IN'])
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const post = (path: string, body: unknown, who: Staff) => opsPost(app, path, body, { cookie: who.cookie })
const read = (path: string, who: Staff, query: Record<string, string>) => opsGet(app, path, { cookie: who.cookie, query })

function expectError(res: { statusCode: number; body: string; json: () => { code: number; message: string } }, key: keyof typeof ERRORS) {
  expect(res.statusCode, res.body).toBe(ERRORS[key].status)
  expect(res.json()).toMatchObject({ code: ERRORS[key].code, message: ERRORS[key].messages.en })
}

async function newOrder(p: Product = product): Promise<Order> {
  const borrower = await createBorrower(database.db, { market: p.market as 'ID' | 'MX' })
  const { order } = await createOrder(database.db, { product: p, borrowerId: borrower.id, status: ORDER_STATUS.due, now: ISSUED })
  return order
}

async function account(order: Order, methodCode = 'BCA', at = ISSUED) {
  const issued = await issueRepaymentAccount({ db: database.db, gateway }, { borrowerId: order.borrowerId, orderNo: order.orderNo, methodCode, purpose: 'repay' }, at)
  const [row] = await database.db.select().from(paymentAccounts).where(eq(paymentAccounts.id, issued.accountId))
  return row!
}

/**
 * The borrower pays the account at `at` (the sandbox queues its callback, which the report lists);
 * unless `missed`, the callback's payment is applied as the inbox worker applies it.
 */
async function pay(acc: Awaited<ReturnType<typeof account>>, options: { amount?: number; at?: Date; missed?: boolean } = {}) {
  const at = options.at ?? PAID
  const queued = await queueSandboxPayment(database.db, acc, { now: at, ...(options.amount === undefined ? {} : { amount: cents(options.amount) }) })
  if (!queued.ok) throw new Error(queued.reason)
  const [row] = await database.db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.id, queued.callbackId))
  const body = JSON.parse(row!.body) as SandboxCallbackBody
  if (!options.missed) {
    await receivePayment(database.db, 'sandbox', { gatewayPaymentId: body.id, accountNo: body.account_no, externalId: body.external_id, amount: cents(body.amount), paidAt: new Date(body.paid_at), method: body.method, raw: body }, at)
  }
  return body.id
}

const differences = async (query: Record<string, string> = {}) => {
  const res = await read(reconDifferences.path, financeA, { market: 'ID', day: DAY, limit: '100', ...query })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.rows as DifferenceView[]
}
const byPayment = async (id: string, kind?: string) => (await differences()).find((d) => d.gatewayPaymentId === id && (!kind || d.kind === kind))!

const ids = {} as Record<'normal' | 'amount' | 'over' | 'expired' | 'missed' | 'unreported' | 'fee' | 'unknown', string>
let target: Order

describe('the day, its report and its differences', () => {
  it('finds each kind of difference once, and nothing for a payment that matches', async () => {
    // a payment that matches its account, the report and the contract's fee
    ids.normal = await pay(await account(await newOrder()))
    // another amount than the account asked
    const short = await account(await newOrder())
    ids.amount = await pay(short, { amount: short.amount - 100_00 })
    // two accounts of one order paid in full: the second finds it settled
    const twice = await newOrder()
    const first = await account(twice, 'BCA')
    const second = await account(twice, 'BNI')
    await pay(first)
    ids.over = await pay(second)
    // paid after the account's day ran out (a gateway that still took it)
    const late = await account(await newOrder(), 'BCA', new Date(PAID.getTime() - 30 * 3_600_000))
    ids.expired = await pay(late)
    // collected by the gateway, its callback never reached us
    ids.missed = await pay(await account(await newOrder()), { missed: true })
    // received, left out of the report
    ids.unreported = await pay(await account(await newOrder()))
    omitted.add(ids.unreported)
    // reported with another fee than the contract's
    ids.fee = await pay(await account(await newOrder()))
    feeOverride.set(ids.fee, cents(999_00))
    // a callback for an account we never issued: refused, and kept
    ids.unknown = 'sbx_pay_unknown_account_1'
    const body = JSON.stringify({ id: ids.unknown, account_no: '3935800000000001', external_id: '999999', amount: 250_000_00, paid_at: PAID.toISOString(), method: 'BCA' })
    const refused = await postCallback(app, body, signedHeaders(body))
    expect(refused.statusCode).toBe(400)
    // the gateway retries it: kept once
    expect((await postCallback(app, body, signedHeaders(body))).statusCode).toBe(400)
    expect(await database.db.select().from(unmatchedCallbacks).where(eq(unmatchedCallbacks.gatewayPaymentId, ids.unknown))).toHaveLength(1)
    extraLines.push({ gatewayPaymentId: ids.unknown, accountNo: '3935800000000001', amount: cents(250_000_00), fee: contractFee('ID', cents(250_000_00)), paidAt: PAID })

    const res = await post(reconRun.path, { market: 'ID', day: DAY }, financeA)
    expect(res.statusCode, res.body).toBe(200)
    const found = await differences()
    const kinds = (id: string) => found.filter((d) => d.gatewayPaymentId === id).map((d) => d.kind).sort()
    expect(kinds(ids.normal)).toEqual([])
    expect(kinds(ids.amount)).toEqual(['amount_mismatch'])
    expect(kinds(ids.over)).toEqual(['overpayment'])
    expect(kinds(ids.expired)).toEqual(['expired_account'])
    expect(kinds(ids.missed)).toEqual(['missed_callback'])
    expect(kinds(ids.unreported)).toEqual(['unreported_callback'])
    expect(kinds(ids.fee)).toEqual(['fee_mismatch'])
    expect(kinds(ids.unknown)).toEqual(['unknown_account'])
    expect(res.json().data.added).toBe(found.length)
    const amount = found.find((d) => d.kind === 'amount_mismatch')!
    expect(amount.expected! - amount.actual!).toBe(100_00)
    const fee = found.find((d) => d.kind === 'fee_mismatch')!
    expect(fee).toMatchObject({ expected: contractFee('ID', cents(fee.amount)), actual: 999_00 })
    expect(found.find((d) => d.kind === 'unknown_account')).toMatchObject({ orderNo: null, amount: 250_000_00, allowed: ['apply_to_order', 'refund', 'gateway_error'] })
    // the report was stored once, with its lines
    const [report] = await database.db.select().from(gatewayReports).where(and(eq(gatewayReports.market, 'ID'), eq(gatewayReports.day, DAY)))
    expect(report!.lineCount).toBe(8)
    expect(await database.db.select().from(gatewayReportLines).where(eq(gatewayReportLines.reportId, report!.id))).toHaveLength(8)
  })

  it('adds nothing when the day is reconciled again, by finance or by the job', async () => {
    const before = await database.db.select().from(differencesTable)
    const res = await post(reconRun.path, { market: 'ID', day: DAY }, financeB)
    expect(res.json().data).toMatchObject({ added: 0, cleared: 0 })
    expect(await runReportJob(database.db, gateway, clock.now())).toMatchObject({ differences: 0 })
    expect(await database.db.select().from(differencesTable)).toHaveLength(before.length)
    expect(await database.db.select().from(gatewayReports).where(and(eq(gatewayReports.market, 'ID'), eq(gatewayReports.day, DAY)))).toHaveLength(1)
  })

  it('the job fetches each market’s day before once, and only once that day is over', async () => {
    const first = await runReportJob(database.db, gateway, new Date('2026-03-04T08:00:00.000Z'))
    expect(first.fetched).toBe(3)
    expect(await runReportJob(database.db, gateway, new Date('2026-03-04T08:00:00.000Z'))).toEqual({ fetched: 0, differences: 0 })
    const today = await post(reconRun.path, { market: 'ID', day: '2026-03-02' }, financeA)
    expectError(today, 'reconDayNotOver')
  })

  it('clears a missed callback whose payment arrives later', async () => {
    const order = await newOrder()
    const id = await pay(await account(order), { missed: true, at: new Date('2026-02-27T03:00:00.000Z') })
    await post(reconRun.path, { market: 'ID', day: '2026-02-27' }, financeA)
    const [missed] = await database.db.select().from(differencesTable).where(eq(differencesTable.gatewayPaymentId, id))
    expect(missed!.status).toBe('open')
    const [cb] = await database.db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.gatewayPaymentId, id))
    const body = JSON.parse(cb!.body) as SandboxCallbackBody
    await receivePayment(database.db, 'sandbox', { gatewayPaymentId: body.id, accountNo: body.account_no, externalId: body.external_id, amount: cents(body.amount), paidAt: new Date(body.paid_at), method: body.method, raw: body })
    const again = await post(reconRun.path, { market: 'ID', day: '2026-02-27' }, financeA)
    expect(again.json().data).toMatchObject({ added: 0, cleared: 1 })
  })
})

describe('the contract fee in the reconciliation statement', () => {
  it('agrees with domain contractFee for every market, whatever the amount', async () => {
    // the statement writes contractFee in SQL so the day is one statement: each market's fixed part
    // and share (half-up) must give the domain's figure, or every line would be a fee difference
    const amounts = [1, 49, 50, 99, 150, 3_333, 10_001, 1_234_567, 99_999_999, 987_654_321_099]
    const days = { ID: '2026-02-10', IN: '2026-02-11', MX: '2026-02-12' } as const
    for (const [market, day] of Object.entries(days) as Array<[keyof typeof days, string]>) {
      const lines = amounts.map((amount, i) => ({
        gatewayPaymentId: `fee_${market}_${i}`,
        accountNo: `fee_${i}`,
        amount: cents(amount),
        fee: contractFee(market, cents(amount)),
        paidAt: new Date(`${day}T05:00:00.000Z`),
      }))
      // one line with one cent more than the contract: the only fee difference
      lines.push({ ...lines[3]!, gatewayPaymentId: `fee_${market}_off`, fee: cents(lines[3]!.fee + 1) })
      extraByDay.set(`${market}:${day}`, lines)
      const member = market === 'MX' ? financeMx : market === 'IN' ? financeIn : financeA
      const res = await post(reconRun.path, { market, day }, member)
      expect(res.statusCode, res.body).toBe(200)
      const found = await database.db.select().from(differencesTable).where(and(eq(differencesTable.market, market), eq(differencesTable.day, day), eq(differencesTable.kind, 'fee_mismatch')))
      expect(found.map((d) => d.gatewayPaymentId), market).toEqual([`fee_${market}_off`])
    }
  })
})

describe('resolutions, four eyes', () => {
  it('applies an unknown account’s money to the right order through the allocation, once the checker confirms', async () => {
    target = await newOrder()
    const diff = await byPayment(ids.unknown)
    const proposed = await post(resolutionPropose.path, { differenceId: diff.id, kind: 'apply_to_order', orderNo: target.orderNo, note: 'borrower sent the receipt' }, financeA)
    expect(proposed.statusCode, proposed.body).toBe(200)
    const resolution = proposed.json().data.difference.resolution
    expect(resolution).toMatchObject({ kind: 'apply_to_order', status: 'pending', orderNo: target.orderNo })
    // one pending per difference
    expectError(await post(resolutionPropose.path, { differenceId: diff.id, kind: 'refund', note: '' }, financeB), 'reconResolutionPending')
    // the maker cannot confirm
    expectError(await post(resolutionConfirm.path, { requestId: resolution.id }, financeA), 'fourEyesSameMember')
    const confirmed = await post(resolutionConfirm.path, { requestId: resolution.id }, financeB)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().data.difference).toMatchObject({ status: 'resolved', resolution: { status: 'confirmed', decidedBy: financeB.id } })
    // a new payment with the callback's id, its ledger entries summing to it, the order paid
    const [payment] = await database.db.select().from(payments).where(eq(payments.gatewayPaymentId, ids.unknown))
    expect(payment).toMatchObject({ orderKey: target.id, amount: 250_000_00 })
    const entries = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.paymentId, payment!.id))
    expect(entries.reduce((s, e) => s + e.amount, 0)).toBe(250_000_00)
    const [after] = await database.db.select().from(orders).where(eq(orders.id, target.id))
    expect(after!.paid - target.paid).toBe(entries.filter((e) => e.component !== 'overpayment').reduce((s, e) => s + e.amount, 0))
    // confirmed once: a second confirmation is refused, and a rerun finds nothing new about it
    expectError(await post(resolutionConfirm.path, { requestId: resolution.id }, financeB), 'reconResolutionNotPending')
    expect((await post(reconRun.path, { market: 'ID', day: DAY }, financeA)).json().data.added).toBe(0)
    // the audit trail has both steps, about the difference and its market
    // the trail is never emptied (a shared PostgreSQL keeps earlier runs' rows): this run's staff only
    const rows = (await database.db.select().from(auditLog).where(and(eq(auditLog.recordType, 'recon-difference'), eq(auditLog.recordId, String(diff.id)))).orderBy(asc(auditLog.id))).filter(
      (r) => r.staffId === financeA.id || r.staffId === financeB.id,
    )
    expect(rows.map((r) => [r.action, r.staffId])).toEqual([
      ['payments.resolution-propose', financeA.id],
      ['payments.resolution-confirm', financeB.id],
    ])
    expect(rows[1]!.markets).toEqual(['ID'])
  })

  it('applies a missed callback to its own order when no order is named', async () => {
    const diff = await byPayment(ids.missed)
    expect(diff.orderNo).not.toBeNull()
    const proposed = await post(resolutionPropose.path, { differenceId: diff.id, kind: 'apply_to_order', note: '' }, financeB)
    expect(proposed.json().data.difference.resolution.orderNo).toBe(diff.orderNo)
    const confirmed = await post(resolutionConfirm.path, { requestId: proposed.json().data.difference.resolution.id }, financeA)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    const [payment] = await database.db.select().from(payments).where(eq(payments.gatewayPaymentId, ids.missed))
    expect(payment).toBeDefined()
    // the order is settled by it: the same allocation as a callback's
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, diff.orderNo!))
    expect(order!.status).toBe(ORDER_STATUS.settled)
  })

  it('refuses a resolution the kind does not allow, and a gateway error without a note', async () => {
    const fee = await byPayment(ids.fee)
    expectError(await post(resolutionPropose.path, { differenceId: fee.id, kind: 'apply_to_order', orderNo: target.orderNo, note: 'x' }, financeA), 'reconResolutionNotAllowed')
    const noNote = await post(resolutionPropose.path, { differenceId: fee.id, kind: 'gateway_error', note: '  ' }, financeA)
    expectError(noNote, 'invalidRequest')
    expect(noNote.json().data.fields).toContain('note')
  })

  it('refunds an overpayment as any refund is: confirmed, its entry, its payout in the outbox', async () => {
    const over = await byPayment(ids.over)
    const proposed = await post(resolutionPropose.path, { differenceId: over.id, kind: 'refund', note: 'paid twice' }, financeA)
    const confirmed = await post(resolutionConfirm.path, { requestId: proposed.json().data.difference.resolution.id }, financeB)
    expect(confirmed.json().data.difference).toMatchObject({ status: 'resolved', resolution: { kind: 'refund', status: 'confirmed' } })
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, over.orderNo!))
    const refunds = await database.db.select().from(adjustments).where(and(eq(adjustments.orderKey, order!.id), eq(adjustments.kind, 'refund')))
    expect(refunds.map((r) => [r.status, r.amount, r.requestedBy, r.decidedBy])).toEqual([['confirmed', over.amount, financeA.id, financeB.id]])
    const instructions = await database.db.select().from(payoutRequests).where(and(eq(payoutRequests.orderKey, order!.id), eq(payoutRequests.purpose, 'refund')))
    expect(instructions.map((r) => [r.status, r.amount])).toEqual([['confirmed', over.amount]])
    expectError(await post(resolutionPropose.path, { differenceId: over.id, kind: 'gateway_error', note: 'x' }, financeA), 'reconDifferenceNotOpen')
  })

  it('lets either member withdraw a pending resolution, the difference staying open', async () => {
    const amount = await byPayment(ids.amount)
    const proposed = await post(resolutionPropose.path, { differenceId: amount.id, kind: 'gateway_error', note: 'their rounding' }, financeA)
    const cancelled = await post(resolutionCancel.path, { requestId: proposed.json().data.difference.resolution.id }, financeB)
    expect(cancelled.json().data.difference).toMatchObject({ status: 'open', resolution: { status: 'cancelled' } })
  })
})

describe('closing the day', () => {
  it('is refused while a difference is open, then closes once, with who closed it', async () => {
    expectError(await post(reconCloseDay.path, { market: 'ID', day: DAY }, financeA), 'reconDayOpen')
    expectError(await post(reconCloseDay.path, { market: 'ID', day: '2026-01-15' }, financeA), 'reconDayNotReconciled')
    for (const d of await differences({ status: 'open' })) {
      const proposed = await post(resolutionPropose.path, { differenceId: d.id, kind: 'gateway_error', note: `checked ${d.kind}` }, financeA)
      expect(proposed.statusCode, proposed.body).toBe(200)
      expect((await post(resolutionConfirm.path, { requestId: proposed.json().data.difference.resolution.id }, financeB)).statusCode).toBe(200)
    }
    const day = await read(reconDay.path, financeA, { market: 'ID', day: DAY })
    expect(day.json().data.day).toMatchObject({ canClose: true, counts: { open: 0, pendingResolutions: 0 } })
    const closed = await post(reconCloseDay.path, { market: 'ID', day: DAY }, financeB)
    expect(closed.statusCode, closed.body).toBe(200)
    expect(closed.json().data.day).toMatchObject({ closedByEmail: expect.stringContaining('finance'), canClose: false })
    expectError(await post(reconCloseDay.path, { market: 'ID', day: DAY }, financeA), 'reconDayClosed')
    expectError(await post(reconRun.path, { market: 'ID', day: DAY }, financeA), 'reconDayClosed')
  })
})

describe('the payments desk', () => {
  it('lists the day’s callbacks with those for unknown accounts, and the ledger, by key', async () => {
    const callbacks = await read(paymentsCallbacks.path, financeA, { market: 'ID', day: DAY, matched: 'no' })
    expect(callbacks.statusCode, callbacks.body).toBe(200)
    expect(callbacks.json().data.rows).toMatchObject([{ source: 'unmatched', gatewayPaymentId: ids.unknown, orderNo: null }])
    const ledger1 = await read(paymentsLedger.path, financeA, { market: 'ID', day: DAY, limit: '2' })
    expect(ledger1.statusCode, ledger1.body).toBe(200)
    expect(ledger1.json().data.rows).toHaveLength(2)
    const ledger2 = await read(paymentsLedger.path, financeA, { market: 'ID', day: DAY, limit: '2', cursor: ledger1.json().data.nextCursor })
    const seen = [...ledger1.json().data.rows, ...ledger2.json().data.rows].map((r: { id: number }) => r.id)
    expect(new Set(seen).size).toBe(seen.length)
    const inbox = await read(paymentsInbox.path, financeA, { market: 'ID', day: DAY, state: 'failed' })
    expect(inbox.statusCode, inbox.body).toBe(200)
  })

  it('answers another market’s difference as not found and another market by name 403', async () => {
    const d = (await differences())[0]!
    expectError(await post(resolutionPropose.path, { differenceId: d.id, kind: 'gateway_error', note: 'x' }, financeMx), 'notFound')
    expectError(await read(reconDifferences.path, financeMx, { market: 'ID', day: DAY }), 'staffForbidden')
    expectError(await post(reconCloseDay.path, { market: 'ID', day: DAY }, financeMx), 'staffForbidden')
    // the Mexican member's own market works
    expect((await read(reconDay.path, financeMx, { market: 'MX', day: DAY })).statusCode).toBe(200)
    void productMx
  })

  it('answers a market the server does not know 400, naming the field, in the member’s language', async () => {
    const answers = [
      await read(reconDay.path, financeA, { market: 'XX', day: DAY }),
      await read(reconDifferences.path, financeA, { market: 'xx', day: DAY }),
      await read(paymentsInbox.path, financeA, { market: 'ZZ', day: DAY }),
      await read(exportReconciliation.path, financeA, { market: 'XX', from: DAY, to: DAY }),
      await post(reconRun.path, { market: 'XX', day: DAY }, financeA),
      await opsPost(app, resolutionCancel.path, { requestId: 1 }, { cookie: financeA.cookie, query: { market: 'XX' } }),
    ]
    for (const res of answers) {
      expectError(res, 'invalidRequest')
      expect(res.json().data).toEqual({ fields: ['market'] })
    }
    const spanish = await read(reconDay.path, financeA, { market: 'XX', day: DAY, lang: 'es' })
    expect(spanish.statusCode).toBe(400)
    expect(spanish.json().message).toBe(ERRORS.invalidRequest.messages.es)
    // a market the server knows but the member does not work in stays 403, the wrong role too
    expectError(await read(reconDay.path, financeA, { market: 'MX', day: DAY }), 'staffForbidden')
    expectError(await read(reconDay.path, agent, { market: 'XX', day: DAY }), 'staffForbidden')
  })

  it('refuses the wrong role', async () => {
    expectError(await read(paymentsInbox.path, agent, { market: 'ID', day: DAY }), 'staffForbidden')
    expectError(await post(reconRun.path, { market: 'ID', day: DAY }, agent), 'staffForbidden')
    expectError(await read(exportLedger.path, agent, { market: 'ID', from: DAY, to: DAY }), 'staffForbidden')
  })

  it.each([
    ['a day that is no date', reconDay.path, { market: 'ID', day: '2026-02-30' }, 'day'],
    ['no market', reconDay.path, { day: DAY }, 'market'],
    ['an unknown state', paymentsInbox.path, { market: 'ID', day: DAY, state: 'lost' }, 'state'],
    ['a range that ends before it starts', exportLedger.path, { market: 'ID', from: DAY, to: '2026-02-01' }, 'to'],
    ['a range too long', exportLedger.path, { market: 'ID', from: '2026-01-01', to: '2026-06-01' }, 'to'],
  ])('refuses %s', async (_name, path, query, field) => {
    const res = await read(path, financeA, query)
    expectError(res, 'invalidRequest')
    expect(res.json().data.fields).toContain(field)
  })

  it.each([
    ['a note too long', { differenceId: 1, kind: 'gateway_error', note: 'x'.repeat(501) }, 'note'],
    ['a null character', { differenceId: 1, kind: 'gateway_error', note: 'a\u0000b' }, 'note'],
    ['an unknown kind', { differenceId: 1, kind: 'forgive', note: 'x' }, 'kind'],
    ['an id of the wrong type', { differenceId: 'one', kind: 'refund', note: '' }, 'differenceId'],
    ['an order number with markup', { differenceId: 1, kind: 'apply_to_order', orderNo: '<script>', note: '' }, 'orderNo'],
  ])('refuses a proposal with %s', async (_name, body, field) => {
    const res = await post(resolutionPropose.path, body, financeA)
    expectError(res, 'invalidRequest')
    expect(res.json().data.fields).toContain(field)
  })
})

/** The fields of one CSV line as RFC 4180 writes them (quoted fields may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  const cells: string[] = []
  let i = 0
  while (i <= line.length) {
    if (line[i] === '"') {
      let text = ''
      i += 1
      while (i < line.length && !(line[i] === '"' && line[i + 1] !== '"')) {
        text += line[i]
        i += line[i] === '"' ? 2 : 1
      }
      cells.push(text)
      i += 2
    } else {
      const end = line.indexOf(',', i) === -1 ? line.length : line.indexOf(',', i)
      cells.push(line.slice(i, end))
      i = end + 1
    }
  }
  return cells
}

describe('CSV exports', () => {
  it('quotes fields as RFC 4180 says and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain')
    expect(csvField('a,b')).toBe('"a,b"')
    expect(csvField('say "hi"')).toBe('"say ""hi"""')
    expect(csvField('two\nlines')).toBe('"two\nlines"')
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)")
    expect(csvField(null)).toBe('')
    expect(csvLine([1, 'x', null])).toBe('1,x,\r\n')
  })

  it('streams the ledger of a range with a header, cents and formatted amounts, and records the export', async () => {
    const res = await read(exportLedger.path, financeA, { market: 'ID', from: '2026-02-01', to: '2026-03-31' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="kilat-ledger-ID-2026-02-01-2026-03-31.csv"')
    const lines = res.body.trimEnd().split('\r\n')
    expect(lines[0]).toBe('entry_id,paid_at,local_date,order_no,payment_id,gateway_payment_id,method,component,period_no,currency,amount_cents,amount')
    const entries = await database.db.select().from(ledgerEntries)
    expect(lines).toHaveLength(entries.length + 1)
    const unknown = lines.find((l) => l.includes(ids.unknown))!
    const cells = unknown.split(',')
    expect(cells[3]).toBe(target.orderNo)
    expect(cells[9]).toBe('IDR')
    const amount = Number(cells[10])
    expect(Number.isInteger(amount)).toBe(true)
    expect(unknown).toContain(`"${formatMoney(amount, 'ID')}"`.includes(',') ? `"${formatMoney(amount, 'ID')}"` : formatMoney(amount, 'ID'))
    const [audit] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'payments.export-ledger'), eq(auditLog.staffId, financeA.id)))
    expect(audit).toMatchObject({ staffId: financeA.id, recordType: 'export', recordId: 'ID:2026-02-01..2026-03-31', markets: ['ID'] })
    expect(EXPORT_PAGE).toBeGreaterThan(1)
  })

  it('pages by key without losing or repeating a row: the same file in small pages as in one', async () => {
    for (const kind of ['ledger', 'reconciliation'] as const) {
      const range = { market: 'ID' as const, from: '2026-02-01', to: '2026-03-31' }
      const whole: string[] = []
      for await (const chunk of exportChunks(database.db, kind, range)) whole.push(chunk)
      const paged: string[] = []
      for await (const chunk of exportChunks(database.db, kind, range, 2)) paged.push(chunk)
      expect(paged.length, kind).toBeGreaterThan(whole.length + 2)
      expect(paged.join(''), kind).toBe(whole.join(''))
    }
  })

  it('streams the reconciliation with each difference’s resolution', async () => {
    const res = await read(exportReconciliation.path, financeB, { market: 'ID', from: DAY, to: DAY })
    expect(res.statusCode, res.body).toBe(200)
    const lines = res.body.trimEnd().split('\r\n')
    expect(lines[0]!.startsWith('difference_id,day,kind,kind_name,status')).toBe(true)
    const found = await differences()
    expect(lines).toHaveLength(found.length + 1)
    const unknown = lines.find((l) => l.includes(ids.unknown))!
    expect(unknown).toContain('unknown_account,Payment to an unknown account,resolved')
    expect(unknown).toContain('Apply to an order,confirmed')
    expect(unknown).toContain('borrower sent the receipt')
    // the money went to an order: the file names it, though the difference itself had none
    const orderNoAt = csvCells(lines[0]!).indexOf('order_no')
    expect(csvCells(unknown)[orderNoAt]).toBe(target.orderNo)
    // a difference about an order of its own names that order
    const missed = (await differences()).find((d) => d.gatewayPaymentId === ids.missed)!
    expect(missed.orderNo).not.toBeNull()
    expect(csvCells(lines.find((l) => l.includes(ids.missed))!)[orderNoAt]).toBe(missed.orderNo)
  })
})
