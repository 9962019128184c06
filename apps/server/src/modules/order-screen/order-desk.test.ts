import { and, asc, eq, gt } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  ERRORS,
  loanDetailPush,
  loanDetails,
  orderApprove,
  orderDashboard,
  orderReject,
  orderReviewQueue,
  orderScreen,
  orderSearch,
  payoutCancel,
  payoutConfirm,
  payoutQueue,
  payoutRequest,
} from '@kilat/contract'
import { ORDER_STATUS, cents, formatDate, localDate, maskPhone, owedOf, totalOwed, type Market, type OrderStatus } from '@kilat/domain'
import { SANDBOX_GATEWAY } from '../../adapters/payments/sandbox-gateway.js'
import { SANDBOX_REFUSAL, SandboxPayouts } from '../../adapters/payouts/sandbox-payouts.js'
import type { Database } from '../../db/client.js'
import { createBorrower, createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { get, post as borrowerPost } from '../../test/inject.js'
import { auditLog } from '../audit/audit.schema.js'
import { verifyChain } from '../audit/audit.service.js'
import { complaints } from '../complaints/complaints.schema.js'
import type { Product } from '../products/products.schema.js'
import { paymentAccounts } from '../repayment/repayment.schema.js'
import { receivePayment } from '../repayment/payments.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock, type OpsOptions } from '../staff/test-helpers.js'
import { demoPayouts } from '../money-desk/money-desk.service.js'
import { payoutRequests } from '../money-desk/payouts.schema.js'
import { TEST_PAYOUT_SECRET, sandboxRowsOf, settlePayouts } from '../money-desk/test-helpers.js'
import { orderHistory, orderPeriods, orders, type Order } from '../orders/orders.schema.js'
import { runOrderJob } from '../orders/orders.service.js'
import { COMPLAINT_COUNTS_KEPT_MS } from './order-screen.js'

const S = ORDER_STATUS
const DAY_MS = 86_400_000

let database: Database
let app: FastifyInstance
const clock = testClock()
/** Orders whose next payout the sandbox refuses once (then its own rule applies). */
const refuseOnce = new Set<string>()
let payouts: SandboxPayouts
/** The outbox's worker and the sandbox's callbacks, at the test clock's now. */
const settle = (at = clock.now()) => settlePayouts(app, { db: database.db, payouts }, at)

const product = {} as Record<'single' | 'installments' | 'mexico', Product>
let risk: { id: number; cookie: string }
let riskMx: { id: number; cookie: string }
let financeA: { id: number; cookie: string }
let financeB: { id: number; cookie: string }
let financeC: { id: number; cookie: string }
let agent: { id: number; cookie: string }

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  payouts = new SandboxPayouts(database.db, {
    secret: TEST_PAYOUT_SECRET,
    now: clock.now,
    finishAfterMs: 0,
    plan: (input) => (refuseOnce.delete(input.orderNo) ? { outcome: 'refuse', reason: 'The bank is offline.' } : null),
  })
  app = await buildTestApp(database, { now: clock.now, payouts })
  await app.ready()
  product.single = await createProduct(database.db, { termUnit: 'day', termDays: 91 })
  product.installments = await createProduct(database.db, { termUnit: 'period', periods: 4, periodDays: 30 })
  product.mexico = await createProduct(database.db, { market: 'MX', minAmount: cents(1_000_00), maxAmount: cents(20_000_00), amountStep: cents(500_00) })
  risk = await enrolledStaff(app, database, clock, 'risk', ['ID'])
  riskMx = await enrolledStaff(app, database, clock, 'risk', ['MX'])
  financeA = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  financeB = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  financeC = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID', 'MX'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

/** An order of a borrower of its own unless one is named, dated by the test clock. */
async function make(p: Product, status: OrderStatus, extra: { borrowerId?: number; principal?: number; overdueDays?: number; manualReview?: boolean } = {}): Promise<Order> {
  const borrowerId = extra.borrowerId ?? (await createBorrower(database.db, { market: p.market as Market })).id
  const { order } = await createOrder(database.db, {
    product: p,
    borrowerId,
    status,
    now: clock.now(),
    ...(extra.principal === undefined ? {} : { principal: extra.principal }),
    ...(extra.overdueDays === undefined ? {} : { overdueDays: extra.overdueDays }),
    manualReview: extra.manualReview ?? true,
  })
  return order
}

const reload = async (order: Pick<Order, 'id'>) => (await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!
const historyOf = (order: Pick<Order, 'id'>) => database.db.select().from(orderHistory).where(eq(orderHistory.orderKey, order.id)).orderBy(asc(orderHistory.id))
const auditOf = (order: Pick<Order, 'orderNo'>) => database.db.select().from(auditLog).where(eq(auditLog.recordId, order.orderNo)).orderBy(asc(auditLog.id))
const requestsOf = (order: Pick<Order, 'id'>) => database.db.select().from(payoutRequests).where(eq(payoutRequests.orderKey, order.id)).orderBy(asc(payoutRequests.id))

const post = (path: string, body: unknown, who: { cookie: string }, options: OpsOptions = {}) => opsPost(app, path, body, { ...options, cookie: who.cookie })
const read = (path: string, who: { cookie: string }, query: Record<string, string> = {}) => opsGet(app, path, { cookie: who.cookie, query })

function expectError(res: { statusCode: number; json: () => { code: number; message: string } }, key: keyof typeof ERRORS) {
  expect(res.statusCode).toBe(ERRORS[key].status)
  expect(res.json()).toMatchObject({ code: ERRORS[key].code, message: ERRORS[key].messages.en })
}

describe('demo mode: the order job decides and pays out as the system', () => {
  it('writes the history with actor system and an audit row without a staff id', async () => {
    const order = await make(product.single, S.submitted, { manualReview: false })
    const job = { db: database.db, config: { DEMO_MODE: true, DECISION_DELAY_SECONDS: 0, DISBURSE_DELAY_SECONDS: 0 }, payouts: demoPayouts }
    const at = clock.now()
    expect(await runOrderJob(job, at)).toMatchObject({ approved: 1, payoutsQueued: 1 })
    // through the payout outbox, as staff's payouts go: paid out when the provider completes it
    expect((await reload(order)).status).toBe(S.approved)
    expect((await requestsOf(order)).map((r) => [r.status, r.requestedBy, r.decidedBy])).toEqual([['confirmed', null, null]])
    await settle(at)
    const after = await reload(order)
    expect(after.status).toBe(S.due)
    expect(after.dueAt).toEqual(new Date(at.getTime() + 91 * DAY_MS))
    expect((await historyOf(order)).map((h) => [h.fromStatus, h.toStatus, h.actorKind, h.staffId])).toEqual([
      [S.submitted, S.approved, 'system', null],
      [S.approved, S.due, 'system', null],
    ])
    expect((await auditOf(order)).map((a) => [a.action, a.staffId, a.role])).toEqual([
      ['orders.approve', null, null],
      ['orders.payout-request', null, null],
      ['orders.payout-send', null, null],
      ['orders.payout-accept', null, null],
      ['orders.payout-complete', null, null],
      ['orders.disburse', null, null],
    ])
    // the demo asks once: a second run queues nothing more
    expect((await runOrderJob(job, at)).payoutsQueued).toBe(0)
    // the overdue step writes its change too
    await runOrderJob(job, new Date(at.getTime() + 93 * DAY_MS))
    expect((await historyOf(order)).at(-1)).toMatchObject({ fromStatus: S.due, toStatus: S.overdue, actorKind: 'system', reason: 'dueDatePassed' })
  })

  it('rejects an amount off the product as the system, with its reason', async () => {
    const order = await make(product.single, S.submitted, { manualReview: false, principal: 999_000_000 })
    await runOrderJob({ db: database.db, config: { DEMO_MODE: true, DECISION_DELAY_SECONDS: 0, DISBURSE_DELAY_SECONDS: 0 }, payouts: demoPayouts }, clock.now())
    expect((await reload(order)).status).toBe(S.rejected)
    expect((await historyOf(order))[0]).toMatchObject({ toStatus: S.rejected, actorKind: 'system', reason: 'outside_policy' })
  })
})

describe('the borrower\'s application', () => {
  it('starts the history with the borrower as its actor', async () => {
    const { token } = await createBorrowerWithSession(database.db)
    const res = await borrowerPost(app, loanDetailPush.path, { productId: product.single.id, amount: 200_000_000, periods: 1, termUnit: 'day' }, { tok: token })
    expect(res.statusCode, res.body).toBe(200)
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, res.json().data.orderNo))
    expect(await historyOf(order!)).toMatchObject([{ fromStatus: null, toStatus: S.submitted, actorKind: 'borrower', staffId: null, at: order!.appliedAt }])
  })
})

describe('the payment webhook', () => {
  it('writes its status change to the history as the gateway; the borrower record counts the payment', async () => {
    const borrower = await createBorrower(database.db)
    const order = await make(product.single, S.due, { borrowerId: borrower.id })
    const owed = order.totalRepay - order.paid
    const [account] = await database.db
      .insert(paymentAccounts)
      .values({
        borrowerId: borrower.id,
        orderKey: order.id,
        purpose: 'repay',
        method: 'BCA',
        accountKind: 'va',
        accountNo: '8800123456789012',
        amount: cents(owed),
        market: 'ID',
        gateway: SANDBOX_GATEWAY,
        gatewayRef: 'sbx_test',
        expiresAt: new Date(clock.now().getTime() + DAY_MS),
      })
      .returning()
    const before = (await read(orderDashboard.path, risk, { market: 'ID' })).json().data.markets[0]
    await receivePayment(
      database.db,
      SANDBOX_GATEWAY,
      { gatewayPaymentId: `pay_${order.id}`, accountNo: account!.accountNo, externalId: String(account!.id), amount: cents(owed), paidAt: clock.now(), method: 'BCA', raw: {} },
      clock.now(),
    )
    expect((await reload(order)).status).toBe(S.settled)
    expect((await historyOf(order)).map((h) => [h.fromStatus, h.toStatus, h.actorKind, h.reason])).toEqual([[S.due, S.settled, 'gateway', 'payment']])

    const next = await make(product.single, S.submitted, { borrowerId: borrower.id })
    const queue = (await read(orderReviewQueue.path, risk)).json().data.orders
    expect(queue.find((o: { orderNo: string }) => o.orderNo === next.orderNo).borrower).toEqual({ earlierOrders: 1, repaymentsCount: 1, repaymentsSum: owed, worstDaysOverdue: 0 })
    const after = (await read(orderDashboard.path, risk, { market: 'ID' })).json().data.markets[0]
    expect(after.repaymentsReceived - before.repaymentsReceived).toBe(owed)
    expect(after.repaymentsCount - before.repaymentsCount).toBe(1)
  })
})

describe('review queue and decisions (risk)', () => {
  it('lists submitted orders of the staff member\'s markets, oldest first, a page at a time, with the borrower\'s record', async () => {
    const borrower = await createBorrower(database.db)
    await make(product.installments, S.overdue, { borrowerId: borrower.id, overdueDays: 6 })
    const first = await make(product.single, S.submitted, { borrowerId: borrower.id })
    clock.tick(1000)
    const second = await make(product.single, S.submitted)
    const mexican = await make(product.mexico, S.submitted, { principal: 5_000_00 })
    const seen: Array<{ orderNo: string; market: string; borrower: unknown; appliedAt: string }> = []
    let cursor: string | null = null
    do {
      const res = await read(orderReviewQueue.path, risk, { limit: '2', ...(cursor ? { cursor } : {}) })
      expect(res.statusCode, res.body).toBe(200)
      seen.push(...res.json().data.orders)
      cursor = res.json().data.nextCursor
    } while (cursor)
    const numbers = seen.map((o) => o.orderNo)
    expect(new Set(numbers).size).toBe(numbers.length)
    expect(numbers).toContain(first.orderNo)
    expect(numbers.indexOf(first.orderNo)).toBeLessThan(numbers.indexOf(second.orderNo))
    expect(numbers).not.toContain(mexican.orderNo)
    expect(seen.every((o) => o.market === 'ID')).toBe(true)
    expect([...seen.map((o) => o.appliedAt)].sort()).toEqual(seen.map((o) => o.appliedAt))
    const row = seen.find((o) => o.orderNo === first.orderNo)!
    expect(row.borrower).toMatchObject({ earlierOrders: 1, repaymentsCount: 0 })
    expect((row.borrower as { worstDaysOverdue: number }).worstDaysOverdue).toBeGreaterThanOrEqual(6)
    // another market's queue, asked by name, is refused
    expect((await read(orderReviewQueue.path, risk, { market: 'MX' })).statusCode).toBe(403)
    expect((await read(orderReviewQueue.path, riskMx, { market: 'mx' })).json().data.orders.map((o: { orderNo: string }) => o.orderNo)).toContain(mexican.orderNo)
  })

  it('approves: 21 → 151 with a history row, an audit row, and the borrower\'s loan details say so', async () => {
    const { borrower, token } = await createBorrowerWithSession(database.db)
    const order = await make(product.single, S.submitted, { borrowerId: borrower.id })
    const res = await post(orderApprove.path, { orderNo: order.orderNo }, risk)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.order).toMatchObject({ orderNo: order.orderNo, status: S.approved, market: 'ID' })
    expect((await reload(order)).decidedAt).toEqual(clock.now())
    expect(await historyOf(order)).toMatchObject([{ fromStatus: S.submitted, toStatus: S.approved, actorKind: 'staff', staffId: risk.id }])
    expect(await auditOf(order)).toMatchObject([{ action: 'orders.approve', staffId: risk.id, role: 'risk', before: { status: S.submitted }, after: { status: S.approved } }])
    const details = await get(app, loanDetails.path, { tok: token, orderId: order.orderNo })
    expect(details.json().data.orderStatus).toBe(S.approved)
    // decided once
    expectError(await post(orderApprove.path, { orderNo: order.orderNo }, risk), 'orderAlreadyDecided')
    expectError(await post(orderReject.path, { orderNo: order.orderNo, reason: 'credit_history' }, risk), 'orderAlreadyDecided')
  })

  it('rejects with a reason and a text: 21 → 110', async () => {
    const { borrower, token } = await createBorrowerWithSession(database.db)
    const order = await make(product.single, S.submitted, { borrowerId: borrower.id })
    const res = await post(orderReject.path, { orderNo: order.orderNo, reason: 'income_insufficient', note: '  Payslip shows less than the instalment.  ' }, risk)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.order.status).toBe(S.rejected)
    expect(await historyOf(order)).toMatchObject([
      { fromStatus: S.submitted, toStatus: S.rejected, actorKind: 'staff', staffId: risk.id, reason: 'income_insufficient', note: 'Payslip shows less than the instalment.' },
    ])
    expect((await auditOf(order))[0]).toMatchObject({ action: 'orders.reject', after: { status: S.rejected, reason: 'income_insufficient' } })
    expect((await get(app, loanDetails.path, { tok: token, orderId: order.orderNo })).json().data.orderStatus).toBe(S.rejected)
  })

  it('lets exactly one of two deciders at once win; the other is told it was decided', async () => {
    for (const [a, b] of [
      [{ path: orderApprove.path, body: {} }, { path: orderApprove.path, body: {} }],
      [{ path: orderApprove.path, body: {} }, { path: orderReject.path, body: { reason: 'fraud_suspected' } }],
    ]) {
      const order = await make(product.single, S.submitted)
      const results = await Promise.all([a!, b!].map((c) => post(c.path, { orderNo: order.orderNo, ...c.body }, risk)))
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
      expect(results.find((r) => r.statusCode === 409)!.json().code).toBe(ERRORS.orderAlreadyDecided.code)
      expect(await historyOf(order)).toHaveLength(1)
      expect(await auditOf(order)).toHaveLength(1)
    }
  })

  it('does not find another market\'s order, and changes nothing', async () => {
    const order = await make(product.mexico, S.submitted, { principal: 5_000_00 })
    const auditBefore = (await database.db.select().from(auditLog)).length
    expectError(await post(orderApprove.path, { orderNo: order.orderNo }, risk), 'notFound')
    expectError(await post(orderReject.path, { orderNo: order.orderNo, reason: 'other', note: 'x' }, risk), 'notFound')
    expectError(await read(orderScreen.path, risk, { orderNo: order.orderNo }), 'notFound')
    expect((await reload(order)).status).toBe(S.submitted)
    expect(await historyOf(order)).toHaveLength(0)
    expect((await database.db.select().from(auditLog)).length).toBe(auditBefore)
    expectError(await post(orderApprove.path, { orderNo: 'T0000000000000000' }, risk), 'notFound')
  })

  it('refuses bad input with 400, the fields at fault and the message in the staff member\'s language', async () => {
    const cases: Array<[string, unknown, string[]]> = [
      ['nothing', {}, ['orderNo']],
      ['a number', { orderNo: 12345 }, ['orderNo']],
      ['an array', { orderNo: ['K1'] }, ['orderNo']],
      ['too long', { orderNo: 'K'.repeat(33) }, ['orderNo']],
      ['markup', { orderNo: '<script>alert(1)</script>' }, ['orderNo']],
      ['SQL', { orderNo: "' or 1=1 --" }, ['orderNo']],
    ]
    for (const [name, body, fields] of cases) {
      const res = await post(orderApprove.path, body, risk)
      expect(res.statusCode, name).toBe(400)
      expect(res.json(), name).toMatchObject({ code: ERRORS.invalidRequest.code, message: ERRORS.invalidRequest.messages.en, data: { fields } })
    }
    const order = await make(product.single, S.submitted)
    const rejects: Array<[unknown, string[]]> = [
      [{ orderNo: order.orderNo }, ['reason']],
      [{ orderNo: order.orderNo, reason: 'bored' }, ['reason']],
      [{ orderNo: order.orderNo, reason: 'other' }, ['note']],
      [{ orderNo: order.orderNo, reason: 'other', note: '   ' }, ['note']],
      [{ orderNo: order.orderNo, reason: 'credit_history', note: 'x'.repeat(501) }, ['note']],
      [{ orderNo: order.orderNo, reason: 'credit_history', note: { $ne: '' } }, ['note']],
    ]
    for (const [body, fields] of rejects) {
      const res = await post(orderReject.path, body, risk, { query: { lang: 'id' } })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json()).toMatchObject({ message: ERRORS.invalidRequest.messages.id, data: { fields } })
    }
    expect((await read(orderReviewQueue.path, risk, { limit: '0' })).statusCode).toBe(400)
    expect((await read(orderReviewQueue.path, risk, { cursor: "1' or 1=1" })).statusCode).toBe(400)
    expect((await read(orderReviewQueue.path, risk, { market: 'XX' })).statusCode).toBe(400)
    expect((await reload(order)).status).toBe(S.submitted)
    // a note of exactly the limit is taken
    expect((await post(orderReject.path, { orderNo: order.orderNo, reason: 'other', note: 'y'.repeat(500) }, risk)).statusCode).toBe(200)
  })

  it('answers 403 to a role that may not decide', async () => {
    const order = await make(product.single, S.submitted)
    expectError(await post(orderApprove.path, { orderNo: order.orderNo }, financeA), 'staffForbidden')
    expectError(await post(orderApprove.path, { orderNo: order.orderNo }, agent), 'staffForbidden')
    expect((await reload(order)).status).toBe(S.submitted)
  })
})

describe('disbursement with four eyes (finance)', () => {
  it('one requests, another confirms into the outbox: the order is due from the completion, the borrower sees each step', async () => {
    const { borrower, token } = await createBorrowerWithSession(database.db)
    const order = await make(product.single, S.approved, { borrowerId: borrower.id })
    const queued = (await read(payoutQueue.path, financeA)).json().data.orders.find((o: { orderNo: string }) => o.orderNo === order.orderNo)
    expect(queued).toMatchObject({ status: S.approved, payout: null })

    const requested = await post(payoutRequest.path, { orderNo: order.orderNo }, financeA)
    expect(requested.statusCode, requested.body).toBe(200)
    const payout = requested.json().data.payout
    expect(payout).toMatchObject({ orderNo: order.orderNo, status: 'pending', purpose: 'disbursement', amount: order.received, requestedBy: financeA.id, decidedBy: null, attempts: 0 })
    expect(payout.requestedByEmail).toMatch(/@staff\.test$/)
    // a second pending request is refused, whoever asks
    expectError(await post(payoutRequest.path, { orderNo: order.orderNo }, financeA), 'payoutAlreadyRequested')
    expectError(await post(payoutRequest.path, { orderNo: order.orderNo }, financeB), 'payoutAlreadyRequested')
    // the maker cannot check
    expectError(await post(payoutConfirm.path, { requestId: payout.id }, financeA), 'fourEyesSameMember')
    expect((await reload(order)).status).toBe(S.approved)
    expect((await read(payoutQueue.path, financeB)).json().data.orders.find((o: { orderNo: string }) => o.orderNo === order.orderNo).payout).toMatchObject({ id: payout.id, status: 'pending' })

    // confirmed: written to the outbox and answered at once; nothing sent yet, the order still approved
    const confirmed = await post(payoutConfirm.path, { requestId: payout.id }, financeB)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().data.payout).toMatchObject({ status: 'confirmed', decidedBy: financeB.id, failureReason: null, providerRef: null })
    expect(confirmed.json().data.order).toMatchObject({ status: S.approved, disbursedAt: null, dueAt: null })
    expect(await sandboxRowsOf(database.db, payout.id)).toEqual([])
    const paying = (await get(app, loanDetails.path, { tok: token, orderId: order.orderNo, lang: 'en' })).json().data
    expect(paying).toMatchObject({ orderStatus: S.approved, payoutInProgress: true, noticeStatusText: 'Being paid out' })
    // on its way: no new request
    expectError(await post(payoutRequest.path, { orderNo: order.orderNo }, financeC), 'payoutInFlight')

    clock.tick(60_000)
    const paidAt = clock.now()
    await settle(paidAt)
    const [done] = await requestsOf(order)
    expect(done).toMatchObject({ status: 'completed', attempts: 1, completedAt: paidAt, provider: 'sandbox', providerRef: expect.stringMatching(/^po_/) })
    const dueAt = new Date(paidAt.getTime() + 91 * DAY_MS)
    expect(await reload(order)).toMatchObject({ status: S.due, disbursedAt: paidAt, dueAt })
    const periods = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, order.id))
    expect(periods.map((p) => p.dueAt)).toEqual([dueAt])
    expect((await historyOf(order)).map((h) => [h.fromStatus, h.toStatus, h.actorKind, h.staffId, h.reason])).toEqual([[S.approved, S.due, 'system', null, `payout ${payout.id}`]])
    expect((await auditOf(order)).map((a) => [a.action, a.staffId])).toEqual([
      ['orders.payout-request', financeA.id],
      ['orders.payout-confirm', financeB.id],
      ['orders.payout-send', null],
      ['orders.payout-accept', null],
      ['orders.payout-complete', null],
      ['orders.disburse', null],
    ])
    const screen = (await read(orderScreen.path, financeA, { orderNo: order.orderNo })).json().data
    expect(screen.payoutEvents.map((e: { from: string | null; to: string; actor: string }) => [e.from, e.to, e.actor])).toEqual([
      [null, 'pending', 'staff'],
      ['pending', 'confirmed', 'staff'],
      ['confirmed', 'sending', 'system'],
      ['sending', 'accepted', 'system'],
      ['accepted', 'completed', 'provider'],
    ])
    const details = (await get(app, loanDetails.path, { tok: token, orderId: order.orderNo })).json().data
    expect(details).toMatchObject({ orderStatus: S.due, payoutInProgress: false })
    expect(details.userOrderDetail.detail.map((l: { value: string }) => l.value)).toContain(formatDate(dueAt, 'ID'))
    // one payout at the provider, handled once
    expect((await sandboxRowsOf(database.db, payout.id)).map((r) => [r.status, r.sends])).toEqual([['completed', 1]])
    expectError(await post(payoutConfirm.path, { requestId: payout.id }, financeC), 'payoutNotPending')
    expectError(await post(payoutRequest.path, { orderNo: order.orderNo }, financeA), 'orderNotApproved')
  })

  it('pays an installment loan out to 170, each due date counted from the completion', async () => {
    const order = await make(product.installments, S.approved)
    const { payout } = (await post(payoutRequest.path, { orderNo: order.orderNo }, financeB)).json().data
    const res = await post(payoutConfirm.path, { requestId: payout.id }, financeA)
    expect(res.json().data.order.status).toBe(S.approved)
    clock.tick(120_000)
    const at = clock.now()
    await settle(at)
    expect((await reload(order)).status).toBe(S.repayingInstallments)
    const periods = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, order.id)).orderBy(asc(orderPeriods.periodNo))
    expect(periods.map((p) => p.dueAt.getTime())).toEqual([1, 2, 3, 4].map((n) => at.getTime() + n * 30 * DAY_MS))
  })

  it('lets exactly one of two confirmations at once write the payout', async () => {
    const order = await make(product.single, S.approved)
    const { payout } = (await post(payoutRequest.path, { orderNo: order.orderNo }, financeA)).json().data
    const results = await Promise.all([financeB, financeC].map((who) => post(payoutConfirm.path, { requestId: payout.id }, who)))
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe(ERRORS.payoutNotPending.code)
    await settle()
    expect(await historyOf(order)).toHaveLength(1)
    expect((await auditOf(order)).filter((a) => a.action === 'orders.disburse')).toHaveLength(1)
    expect(await sandboxRowsOf(database.db, payout.id)).toHaveLength(1)
  })

  it('refuses two requests at once for one order but one', async () => {
    const order = await make(product.single, S.approved)
    const results = await Promise.all([financeA, financeB].map((who) => post(payoutRequest.path, { orderNo: order.orderNo }, who)))
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(await requestsOf(order)).toHaveLength(1)
  })

  it('keeps a refused payout\'s order approved with the reason; a new request may follow', async () => {
    const order = await make(product.single, S.approved)
    // the sandbox refuses an amount ending in 13 cents
    await database.db.update(orders).set({ received: cents(195_000_013) }).where(eq(orders.id, order.id))
    const first = (await post(payoutRequest.path, { orderNo: order.orderNo }, financeA)).json().data.payout
    expect(first.amount).toBe(195_000_013)
    const confirmed = await post(payoutConfirm.path, { requestId: first.id }, financeB)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    await settle()
    const failed = (await read(orderScreen.path, financeA, { orderNo: order.orderNo })).json().data
    expect(failed.payouts).toMatchObject([{ id: first.id, status: 'failed', failureReason: SANDBOX_REFUSAL, decidedBy: financeB.id, providerRef: null }])
    expect(failed.order.status).toBe(S.approved)
    expect(await historyOf(order)).toHaveLength(0)
    expect((await auditOf(order)).map((a) => a.action)).toEqual(['orders.payout-request', 'orders.payout-confirm', 'orders.payout-send', 'orders.payout-fail'])
    const again = await post(payoutRequest.path, { orderNo: order.orderNo }, financeB)
    expect(again.statusCode, again.body).toBe(200)
    expect((await requestsOf(order)).map((r) => r.status)).toEqual(['failed', 'pending'])
  })

  it('pays on a new request once the provider takes it', async () => {
    const order = await make(product.single, S.approved)
    refuseOnce.add(order.orderNo)
    const first = (await post(payoutRequest.path, { orderNo: order.orderNo }, financeA)).json().data.payout
    await post(payoutConfirm.path, { requestId: first.id }, financeB)
    await settle()
    expect((await reload(order)).status).toBe(S.approved)
    const screen = (await read(orderScreen.path, financeA, { orderNo: order.orderNo })).json().data
    expect(screen.payouts).toMatchObject([{ id: first.id, status: 'failed', failureReason: 'The bank is offline.' }])
    const second = (await post(payoutRequest.path, { orderNo: order.orderNo }, financeB)).json().data.payout
    expect((await post(payoutConfirm.path, { requestId: second.id }, financeA)).statusCode).toBe(200)
    await settle()
    expect((await reload(order)).status).toBe(S.due)
    expect((await requestsOf(order)).map((r) => r.status)).toEqual(['failed', 'completed'])
  })

  it('cancels a pending request; a new one may follow', async () => {
    const order = await make(product.single, S.approved)
    const { payout } = (await post(payoutRequest.path, { orderNo: order.orderNo }, financeA)).json().data
    const res = await post(payoutCancel.path, { requestId: payout.id }, financeA)
    expect(res.json().data.payout).toMatchObject({ status: 'cancelled', decidedBy: financeA.id })
    expectError(await post(payoutCancel.path, { requestId: payout.id }, financeB), 'payoutNotPending')
    expectError(await post(payoutConfirm.path, { requestId: payout.id }, financeB), 'payoutNotPending')
    expect((await post(payoutRequest.path, { orderNo: order.orderNo }, financeA)).statusCode).toBe(200)
    expect((await auditOf(order)).map((a) => a.action)).toEqual(['orders.payout-request', 'orders.payout-cancel', 'orders.payout-request'])
  })

  it('refuses a payout request waiting past three days, and lets it be withdrawn and asked again', async () => {
    const order = await make(product.single, S.approved)
    const payout = (await post(payoutRequest.path, { orderNo: order.orderNo }, financeA)).json().data.payout
    expect(Date.parse(payout.expiresAt) - Date.parse(payout.requestedAt)).toBe(3 * DAY_MS)
    await database.db.update(payoutRequests).set({ requestedAt: new Date(clock.now().getTime() - 3 * DAY_MS) }).where(eq(payoutRequests.id, payout.id))
    expectError(await post(payoutConfirm.path, { requestId: payout.id }, financeB), 'fourEyesExpired')
    expect((await reload(order)).status).toBe(S.approved)
    expect((await post(payoutCancel.path, { requestId: payout.id }, financeB)).json().data.payout).toMatchObject({ status: 'cancelled' })
    const again = (await post(payoutRequest.path, { orderNo: order.orderNo }, financeA)).json().data.payout
    expect((await post(payoutConfirm.path, { requestId: again.id }, financeB)).json().data.payout).toMatchObject({ status: 'confirmed' })
  })

  it('refuses an order not approved, another market\'s order and request, and bad input', async () => {
    const submitted = await make(product.single, S.submitted)
    expectError(await post(payoutRequest.path, { orderNo: submitted.orderNo }, financeA), 'orderNotApproved')
    const mexican = await make(product.mexico, S.approved, { principal: 5_000_00 })
    expectError(await post(payoutRequest.path, { orderNo: mexican.orderNo }, financeA), 'notFound')
    const financeMx = await enrolledStaff(app, database, clock, 'finance', ['MX'])
    const { payout } = (await post(payoutRequest.path, { orderNo: mexican.orderNo }, financeMx)).json().data
    expectError(await post(payoutConfirm.path, { requestId: payout.id }, financeA), 'notFound')
    expectError(await post(payoutCancel.path, { requestId: payout.id }, financeA), 'notFound')
    expect((await requestsOf(mexican)).map((r) => r.status)).toEqual(['pending'])
    expect((await reload(mexican)).status).toBe(S.approved)
    expectError(await post(payoutConfirm.path, { requestId: 2_000_000_000 }, financeA), 'notFound')
    for (const body of [{}, { requestId: 'abc' }, { requestId: -1 }, { requestId: 1.5 }, { requestId: 99_999_999_999 }]) {
      const res = await post(payoutConfirm.path, body, financeA, { query: { lang: 'es' } })
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json()).toMatchObject({ message: ERRORS.invalidRequest.messages.es, data: { fields: ['requestId'] } })
    }
    expectError(await post(payoutRequest.path, { orderNo: submitted.orderNo }, risk), 'staffForbidden')
  })
})

describe('order search, order screen and dashboard (every role)', () => {
  it('says what the borrower owes now, late charges included, apart from the total signed for', async () => {
    const overdue = await make(product.installments, S.overdue, { overdueDays: 6 })
    const [row] = await database.db.select().from(orders).where(eq(orders.id, overdue.id))
    const periods = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, overdue.id))
    // the domain's owedOf on the stored figures: late charges and every period's interest and principal still owed
    const expected = totalOwed(owedOf(row!, periods))
    const screen = (await read(orderScreen.path, risk, { orderNo: overdue.orderNo })).json().data
    expect(row!.penalty).toBeGreaterThan(0)
    expect(screen.order.owedNow).toBe(expected)
    // more than the contract's total less what was paid: the late charges are in it
    expect(screen.order.owedNow).toBeGreaterThan(screen.order.totalRepay - screen.order.paid)
  })

  it('finds an order by its number or its borrower\'s phone, in the staff member\'s markets only', async () => {
    const phone = '+6281299887766'
    const borrower = await createBorrower(database.db, { phone })
    const order = await make(product.single, S.submitted, { borrowerId: borrower.id })
    const mexican = await make(product.mexico, S.submitted, { principal: 5_000_00 })
    const numbers = async (q: string, who = agent) => (await read(orderSearch.path, who, { q })).json().data.orders.map((o: { orderNo: string }) => o.orderNo)
    expect(await numbers(order.orderNo)).toEqual([order.orderNo])
    expect(await numbers(` ${order.orderNo} `)).toEqual([order.orderNo])
    expect(await numbers('081299887766')).toEqual([order.orderNo])
    expect(await numbers('+62 812-9988-7766')).toEqual([order.orderNo])
    expect(await numbers(order.orderNo.slice(0, -1))).toEqual([])
    expect(await numbers(mexican.orderNo)).toEqual([mexican.orderNo])
    expect(await numbers(mexican.orderNo, risk)).toEqual([])
    const found = (await read(orderSearch.path, risk, { q: order.orderNo })).json().data.orders[0]
    expect(found.phoneMasked).toBe(maskPhone(phone))
    for (const q of ['', 'x'.repeat(33)]) expect((await read(orderSearch.path, agent, { q })).statusCode).toBe(400)
    expect(await numbers("' or 1=1 --")).toEqual([])
  })

  it('shows the order screen: timeline, schedule, payouts, complaints, late charges', async () => {
    const order = await make(product.single, S.submitted)
    await post(orderApprove.path, { orderNo: order.orderNo }, risk)
    const { payout } = (await post(payoutRequest.path, { orderNo: order.orderNo }, financeA)).json().data
    await post(payoutConfirm.path, { requestId: payout.id }, financeB)
    await settle()
    const [complaint] = await database.db
      .insert(complaints)
      .values({ borrowerId: order.borrowerId, orderKey: order.id, problemType: 2, detail: 'Where is my money?', replyDue: '2026-03-05' })
      .returning({ id: complaints.id })
    const res = await read(orderScreen.path, agent, { orderNo: order.orderNo })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.order).toMatchObject({ orderNo: order.orderNo, status: S.due, productName: product.single.name })
    expect(data.timeline.map((t: { from: number; to: number; actor: string }) => [t.from, t.to, t.actor])).toEqual([
      [S.submitted, S.approved, 'staff'],
      [S.approved, S.due, 'system'],
    ])
    expect(data.timeline[0].staffEmail).toMatch(/^risk\./)
    expect(data.schedule).toHaveLength(1)
    expect(data.payouts).toMatchObject([{ id: payout.id, status: 'completed' }])
    expect(data.complaints).toMatchObject([{ id: complaint!.id, detail: 'Where is my money?', status: 'processing' }])
    expect(data).toMatchObject({ payments: [], ledger: [], lateCharges: { charged: 0, paid: 0 } })
    for (const orderNo of ['', '<b>', 'K'.repeat(40)]) expect((await read(orderScreen.path, agent, { orderNo })).statusCode).toBe(400)
  })

  it('counts a market\'s day: applications, decisions, payouts, overdue orders, complaints due and late', async () => {
    const today = localDate(clock.now(), 'MX')
    const before = (await read(orderDashboard.path, agent, { market: 'MX' })).json().data.markets[0]
    expect(before).toMatchObject({ market: 'MX', date: today })
    const approve = await make(product.mexico, S.submitted, { principal: 5_000_00 })
    const reject = await make(product.mexico, S.submitted, { principal: 5_000_00 })
    const overdue = await make(product.mexico, S.overdue, { principal: 5_000_00 })
    await post(orderApprove.path, { orderNo: approve.orderNo }, riskMx)
    await post(orderReject.path, { orderNo: reject.orderNo, reason: 'credit_history' }, riskMx)
    const financeMx = await enrolledStaff(app, database, clock, 'finance', ['MX'])
    const financeMx2 = await enrolledStaff(app, database, clock, 'finance', ['MX'])
    const { payout } = (await post(payoutRequest.path, { orderNo: approve.orderNo }, financeMx)).json().data
    await post(payoutConfirm.path, { requestId: payout.id }, financeMx2)
    await settle()
    const yesterday = new Date(clock.now().getTime() - DAY_MS)
    await database.db.insert(complaints).values([
      { borrowerId: overdue.borrowerId, orderKey: overdue.id, problemType: 2, detail: 'due today', replyDue: today },
      { borrowerId: overdue.borrowerId, orderKey: overdue.id, problemType: 2, detail: 'late', replyDue: localDate(yesterday, 'MX') },
      { borrowerId: overdue.borrowerId, orderKey: overdue.id, problemType: 2, detail: 'answered', replyDue: localDate(yesterday, 'MX'), status: 'replied', replyText: 'ok', repliedAt: clock.now() },
    ])
    // the complaint counts are kept for a moment; the day's orders are read live
    const kept = (await read(orderDashboard.path, agent, { market: 'MX' })).json().data.markets[0]
    expect([kept.applications - before.applications, kept.complaintsDueToday, kept.complaintsOverdue]).toEqual([2, before.complaintsDueToday, before.complaintsOverdue])
    const later = Date.now() + COMPLAINT_COUNTS_KEPT_MS + 1_000
    const clockSpy = vi.spyOn(Date, 'now').mockImplementation(() => later)
    const after = await read(orderDashboard.path, agent, { market: 'MX' })
      .then((res) => res.json().data.markets[0])
      .finally(() => clockSpy.mockRestore())
    const delta = (key: string) => after[key] - before[key]
    expect(['applications', 'approvals', 'rejections', 'ordersOverdue', 'complaintsDueToday', 'complaintsOverdue'].map((k) => [k, delta(k)])).toEqual([
      ['applications', 2],
      ['approvals', 1],
      ['rejections', 1],
      ['ordersOverdue', 1],
      ['complaintsDueToday', 1],
      ['complaintsOverdue', 1],
    ])
    expect(delta('disbursed')).toBe(approve.received)
    // every market of the staff member without a filter; another market by name is refused
    expect((await read(orderDashboard.path, agent)).json().data.markets.map((m: { market: string }) => m.market)).toEqual(['ID', 'MX'])
    expect((await read(orderDashboard.path, risk, { market: 'MX' })).statusCode).toBe(403)
  })
})

describe('the audit trail after all of it', () => {
  it('still verifies', async () => {
    const rows = await database.db.select().from(auditLog).where(and(gt(auditLog.id, 0), eq(auditLog.recordType, 'order')))
    expect(rows.length).toBeGreaterThan(10)
    expect((await verifyChain(database.db)).broken).toBeNull()
  })
})
