import { and, asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, adjustmentCancel, adjustmentConfirm, adjustmentQueue, loanDetails, loanPlayDetail, orderAdjustments, refundRequest, waiverRequest } from '@kilat/contract'
import { ORDER_STATUS, cents, formatMoney, type Market, type OrderStatus } from '@kilat/domain'
import { SANDBOX_GATEWAY } from '../../adapters/payments/sandbox-gateway.js'
import type { Database } from '../../db/client.js'
import { createBorrower, createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { get, post as borrowerPost } from '../../test/inject.js'
import { auditLog } from '../audit/audit.schema.js'
import { verifyChain } from '../audit/audit.service.js'
import { orderHistory, orderPeriods, orders, type Order } from '../orders/orders.schema.js'
import { payoutRequests } from './payouts.schema.js'
import { TEST_PAYOUT_SECRET, sandboxRowsOf, settlePayouts } from './test-helpers.js'
import { SandboxPayouts } from '../../adapters/payouts/sandbox-payouts.js'
import type { Product } from '../products/products.schema.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock } from '../staff/test-helpers.js'
import { receivePayment } from '../repayment/payments.js'
import { ledgerEntries, paymentAccounts } from '../repayment/repayment.schema.js'
import { adjustmentEntries, adjustments } from './adjustments.schema.js'

const S = ORDER_STATUS
const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS

let database: Database
let app: FastifyInstance
const clock = testClock()
const product = {} as Record<'single' | 'installments' | 'mexico' | 'india', Product>
let financeA: { id: number; cookie: string }
let financeB: { id: number; cookie: string }
let financeMx: { id: number; cookie: string }
let agent: { id: number; cookie: string }

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  app = await buildTestApp(database, { now: clock.now })
  await app.ready()
  product.single = await createProduct(database.db, { termUnit: 'day', termDays: 91 })
  product.installments = await createProduct(database.db, { termUnit: 'period', periods: 4, periodDays: 30 })
  product.mexico = await createProduct(database.db, { market: 'MX', minAmount: cents(1_000_00), maxAmount: cents(20_000_00), amountStep: cents(500_00) })
  product.india = await createProduct(database.db, { market: 'IN', termUnit: 'day', termDays: 91, dailyRateBps: 13, minAmount: cents(5_000_00), maxAmount: cents(100_000_00), amountStep: cents(1_000_00) })
  financeA = await enrolledStaff(app, database, clock, 'finance', ['ID', 'IN'])
  financeB = await enrolledStaff(app, database, clock, 'finance', ['ID', 'IN'])
  financeMx = await enrolledStaff(app, database, clock, 'finance', ['MX'])
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

async function make(p: Product, status: OrderStatus, extra: { borrowerId?: number; principal?: number; overdueDays?: number; now?: Date } = {}): Promise<Order> {
  const borrowerId = extra.borrowerId ?? (await createBorrower(database.db, { market: p.market as Market })).id
  const { order } = await createOrder(database.db, {
    product: p,
    borrowerId,
    status,
    now: extra.now ?? clock.now(),
    ...(extra.principal === undefined ? {} : { principal: extra.principal }),
    ...(extra.overdueDays === undefined ? {} : { overdueDays: extra.overdueDays }),
  })
  return order
}

const reload = async (order: Pick<Order, 'id'>) => (await database.db.select().from(orders).where(eq(orders.id, order.id)))[0]!
const periodsOf = (order: Pick<Order, 'id'>) => database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, order.id)).orderBy(asc(orderPeriods.periodNo))
const auditOf = (order: Pick<Order, 'orderNo'>) => database.db.select().from(auditLog).where(eq(auditLog.recordId, order.orderNo)).orderBy(asc(auditLog.id))
const post = (path: string, body: unknown, who: { cookie: string }) => opsPost(app, path, body, { cookie: who.cookie })
const read = (path: string, who: { cookie: string }, query: Record<string, string> = {}) => opsGet(app, path, { cookie: who.cookie, query })

function expectError(res: { statusCode: number; body: string; json: () => { code: number; message: string } }, key: keyof typeof ERRORS) {
  expect(res.statusCode, res.body).toBe(ERRORS[key].status)
  expect(res.json()).toMatchObject({ code: ERRORS[key].code, message: ERRORS[key].messages.en })
}

/** A payment of `amount` through a fresh account of the order, as the gateway's callback is applied. */
let paymentSeq = 0
async function pay(order: Order, amount: number, paidAt = clock.now()) {
  paymentSeq += 1
  const [account] = await database.db
    .insert(paymentAccounts)
    .values({
      borrowerId: order.borrowerId,
      orderKey: order.id,
      purpose: 'repay',
      method: 'BCA',
      accountKind: 'va',
      accountNo: `88001234${String(paymentSeq).padStart(8, '0')}`,
      amount: cents(amount),
      market: 'ID',
      gateway: SANDBOX_GATEWAY,
      gatewayRef: `sbx_adj_${paymentSeq}`,
      expiresAt: new Date(paidAt.getTime() + DAY_MS),
    })
    .returning()
  return receivePayment(
    database.db,
    SANDBOX_GATEWAY,
    { gatewayPaymentId: `pay_adj_${paymentSeq}`, accountNo: account!.accountNo, externalId: String(account!.id), amount: cents(amount), paidAt, method: 'BCA', raw: {} },
    paidAt,
  )
}

const waive = (order: Order, amount: number, component: 'late_charge' | 'interest' = 'late_charge', who = financeA) =>
  post(waiverRequest.path, { orderNo: order.orderNo, component, amount, note: 'Borrower was in hospital' }, who)

/** Everything the order owes by the console's reading. */
const limitsOf = async (order: Order) => (await read(orderAdjustments.path, financeA, { orderNo: order.orderNo })).json().data.limits

// docs/product/waivers-and-refunds.md#waivers
describe('waivers', () => {
  it('a finance pair waives part of the late charges: what is owed drops at once, entries and audit rows are written', async () => {
    const { borrower, token } = await createBorrowerWithSession(database.db)
    const order = await make(product.single, S.overdue, { borrowerId: borrower.id, overdueDays: 5 })
    const before = await reload(order)
    expect(before.penalty).toBeGreaterThan(1_000)
    const owedBefore = (await limitsOf(order)).totalOwed
    const detailsBefore = (await get(app, loanDetails.path, { tok: token, orderId: order.orderNo })).json().data

    const requested = await waive(order, 1_000)
    expect(requested.statusCode, requested.body).toBe(200)
    const request = requested.json().data.adjustment
    expect(request).toMatchObject({ kind: 'waiver', component: 'late_charge', amount: 1_000, status: 'pending', requestedBy: financeA.id })
    // a request changes nothing owed
    expect((await limitsOf(order)).totalOwed).toBe(owedBefore)
    const queue = (await read(adjustmentQueue.path, financeB, { market: 'ID' })).json().data.requests
    expect(queue.map((r: { id: number }) => r.id)).toContain(request.id)

    const confirmed = await post(adjustmentConfirm.path, { requestId: request.id }, financeB)
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().data.adjustment).toMatchObject({ status: 'confirmed', decidedBy: financeB.id })
    expect((await reload(order)).penaltyWaived).toBe(1_000)
    expect((await reload(order)).penalty).toBe(before.penalty)
    expect((await limitsOf(order)).totalOwed).toBe(owedBefore - 1_000)
    const entries = await database.db.select().from(adjustmentEntries).where(eq(adjustmentEntries.adjustmentId, request.id))
    expect(entries.map((e) => [e.component, e.amount])).toEqual([['late_charge', 1_000]])

    // the borrower's loan details follow at once, with the waiver as its own line
    const details = (await get(app, loanDetails.path, { tok: token, orderId: order.orderNo })).json().data
    expect(details.amountDue).toBe(detailsBefore.amountDue - 1_000)
    expect(details.userOrderDetail.detail).toContainEqual({ text: 'Keringanan denda keterlambatan', value: `−${formatMoney(1_000, 'ID')}` })
    const english = (await get(app, loanDetails.path, { tok: token, orderId: order.orderNo, lang: 'en' })).json().data
    expect(english.userOrderDetail.detail).toContainEqual({ text: 'Late charges waived', value: `−${formatMoney(1_000, 'ID')}` })

    expect((await auditOf(order)).map((a) => [a.action, a.staffId])).toEqual([
      ['adjustments.waiver-request', financeA.id],
      ['adjustments.waiver-confirm', financeB.id],
    ])
    expect((await verifyChain(database.db)).broken).toBeNull()
  })

  it('waives interest oldest installment first, and the installment plan shows it', async () => {
    const { borrower, token } = await createBorrowerWithSession(database.db)
    const order = await make(product.installments, S.repayingInstallments, { borrowerId: borrower.id })
    const periods = await periodsOf(order)
    const open = periods.filter((p) => p.paid < p.total)
    const amount = open[0]!.interest + 5
    const request = (await waive(order, amount, 'interest')).json().data.adjustment
    expect((await post(adjustmentConfirm.path, { requestId: request.id }, financeB)).statusCode).toBe(200)
    const after = await periodsOf(order)
    expect(after.find((p) => p.periodNo === open[0]!.periodNo)!.interestWaived).toBe(open[0]!.interest)
    expect(after.find((p) => p.periodNo === open[1]!.periodNo)!.interestWaived).toBe(5)
    const plan = (await borrowerPost(app, loanPlayDetail.path, { orderId: order.orderNo }, { tok: token, lang: 'en' })).json().data
    expect(plan.adjustments).toEqual([{ text: 'Interest waived', value: `−${formatMoney(amount, 'ID')}` }])
    expect(plan.repayPlanDetail.repayWaitDetail[0].totalAmount).toBe(open[0]!.principal)
  })

  it('a waiver of everything still owed settles the order by the payment rule', async () => {
    const order = await make(product.single, S.overdue, { overdueDays: 3 })
    const [period] = await periodsOf(order)
    // everything but the late charges was paid
    await database.db.update(orderPeriods).set({ paid: period!.total, interestPaid: period!.interest, principalPaid: period!.principal, status: 'paid', paidAt: clock.now() }).where(eq(orderPeriods.orderKey, order.id))
    await database.db.update(orders).set({ paid: period!.total }).where(eq(orders.id, order.id))
    const penalty = (await reload(order)).penalty
    const request = (await waive(order, penalty)).json().data.adjustment
    expect((await post(adjustmentConfirm.path, { requestId: request.id }, financeB)).statusCode).toBe(200)
    const after = await reload(order)
    expect(after.status).toBe(S.settled)
    expect(after.settledAt).not.toBeNull()
    const history = await database.db.select().from(orderHistory).where(eq(orderHistory.orderKey, order.id)).orderBy(asc(orderHistory.id))
    expect(history.at(-1)).toMatchObject({ fromStatus: S.overdue, toStatus: S.settled, actorKind: 'staff', staffId: financeB.id, reason: 'waiver' })
  })

  it('checks the limit again at confirmation: a payment in between leaves less to waive', async () => {
    const order = await make(product.single, S.overdue, { overdueDays: 4 })
    const penalty = (await reload(order)).penalty
    const request = (await waive(order, penalty)).json().data.adjustment
    await pay(order, 500)
    expectError(await post(adjustmentConfirm.path, { requestId: request.id }, financeB), 'waiverTooLarge')
    expect((await reload(order)).penaltyWaived).toBe(0)
    // the request stays pending: it can be cancelled and asked again for what is left
    expect((await post(adjustmentCancel.path, { requestId: request.id }, financeB)).json().data.adjustment.status).toBe('cancelled')
    expect((await waive(order, penalty - 500)).statusCode).toBe(200)
  })

  it('refuses more than is owed of the component, a second pending request, the maker confirming, an order not being repaid', async () => {
    const order = await make(product.single, S.overdue, { overdueDays: 2 })
    const { penalty } = await reload(order)
    expectError(await waive(order, penalty + 1), 'waiverTooLarge')
    const request = (await waive(order, 100)).json().data.adjustment
    expectError(await waive(order, 100, 'late_charge', financeB), 'adjustmentAlreadyRequested')
    expectError(await post(adjustmentConfirm.path, { requestId: request.id }, financeA), 'fourEyesSameMember')
    expect((await post(adjustmentConfirm.path, { requestId: request.id }, financeB)).statusCode).toBe(200)
    expectError(await post(adjustmentConfirm.path, { requestId: request.id }, financeB), 'adjustmentNotPending')
    expectError(await post(adjustmentCancel.path, { requestId: request.id }, financeA), 'adjustmentNotPending')
    const settled = await make(product.single, S.settled)
    expectError(await waive(settled, 100), 'orderNotRepaying')
    const approved = await make(product.single, S.approved)
    expectError(await waive(approved, 100, 'interest'), 'orderNotRepaying')
  })

  it('of two confirmations at once, exactly one applies the waiver', async () => {
    const order = await make(product.single, S.overdue, { overdueDays: 3 })
    const request = (await waive(order, 700)).json().data.adjustment
    const other = await enrolledStaff(app, database, clock, 'finance', ['ID'])
    const answers = await Promise.all([post(adjustmentConfirm.path, { requestId: request.id }, financeB), post(adjustmentConfirm.path, { requestId: request.id }, other)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    expect(answers.find((a) => a.statusCode === 409)!.json().code).toBe(ERRORS.adjustmentNotPending.code)
    expect((await reload(order)).penaltyWaived).toBe(700)
    expect(await database.db.select().from(adjustmentEntries).where(eq(adjustmentEntries.orderKey, order.id))).toHaveLength(1)
  })

  it('the database refuses to change an adjustment\'s amount or an entry', async () => {
    const order = await make(product.single, S.overdue, { overdueDays: 2 })
    const request = (await waive(order, 100)).json().data.adjustment
    await expect(database.db.update(adjustments).set({ amount: cents(1) }).where(eq(adjustments.id, request.id))).rejects.toThrow()
    await post(adjustmentConfirm.path, { requestId: request.id }, financeB)
    await expect(database.db.update(adjustmentEntries).set({ amount: cents(1) }).where(eq(adjustmentEntries.adjustmentId, request.id))).rejects.toThrow()
    await expect(database.db.delete(adjustments).where(eq(adjustments.id, request.id))).rejects.toThrow()
  })
})

// docs/product/waivers-and-refunds.md#refunds
describe('refunds', () => {
  it('refunds at most what was overpaid and not yet refunded, with four eyes, handed to the payout outbox', async () => {
    const order = await make(product.single, S.due)
    const { totalOwed } = await limitsOf(order)
    await pay(order, totalOwed + 2_500)
    expect((await reload(order)).status).toBe(S.settled)
    const overpaid = await database.db.select().from(ledgerEntries).where(and(eq(ledgerEntries.orderKey, order.id), eq(ledgerEntries.component, 'overpayment')))
    expect(overpaid.map((e) => e.amount)).toEqual([2_500])
    expect(await limitsOf(order)).toMatchObject({ overpaid: 2_500, refunded: 0, refundable: 2_500 })

    expectError(await post(refundRequest.path, { orderNo: order.orderNo, amount: 2_501, note: 'Paid twice' }, financeA), 'refundTooLarge')
    const request = (await post(refundRequest.path, { orderNo: order.orderNo, amount: 2_000, note: 'Paid twice' }, financeA)).json().data.adjustment
    expect(request).toMatchObject({ kind: 'refund', component: null, amount: 2_000, status: 'pending' })
    expectError(await post(adjustmentConfirm.path, { requestId: request.id }, financeA), 'fourEyesSameMember')
    const confirmed = await post(adjustmentConfirm.path, { requestId: request.id }, financeB)
    expect(confirmed.json().data.adjustment.status).toBe('confirmed')
    expect(await limitsOf(order)).toMatchObject({ overpaid: 2_500, refunded: 2_000, refundable: 500 })
    expectError(await post(refundRequest.path, { orderNo: order.orderNo, amount: 501, note: 'Rest' }, financeA), 'refundTooLarge')
    const entries = await database.db.select().from(adjustmentEntries).where(eq(adjustmentEntries.adjustmentId, request.id))
    expect(entries.map((e) => [e.component, e.amount])).toEqual([['refund', 2_000]])
    expect((await auditOf(order)).map((a) => a.action)).toEqual(['adjustments.refund-request', 'adjustments.refund-confirm'])

    // the confirmation queued one instruction in the payout outbox, in its own transaction; the
    // worker sends it once, with its id as the key, and the provider's completion closes it
    const [instruction, ...more] = await database.db.select().from(payoutRequests).where(and(eq(payoutRequests.orderKey, order.id), eq(payoutRequests.purpose, 'refund')))
    expect(more).toEqual([])
    expect(instruction).toMatchObject({ status: 'confirmed', amount: 2_000, requestedBy: financeA.id, decidedBy: financeB.id })
    const payouts = new SandboxPayouts(database.db, { secret: TEST_PAYOUT_SECRET, finishAfterMs: 0, now: clock.now })
    await settlePayouts(app, { db: database.db, payouts }, clock.now())
    await settlePayouts(app, { db: database.db, payouts }, clock.now())
    const [sent] = await database.db.select().from(payoutRequests).where(eq(payoutRequests.id, instruction!.id))
    expect(sent).toMatchObject({ status: 'completed', amount: 2_000 })
    expect((await sandboxRowsOf(database.db, instruction!.id)).map((r) => r.amount)).toEqual([2_000])
    expect((await reload(order)).status).toBe(S.settled)
  })

  // docs/product/waivers-and-refunds.md#a-refund-that-fails
  it('gives back a refund whose payout fails, so that it can be refunded again', async () => {
    const { borrower, token } = await createBorrowerWithSession(database.db)
    const order = await make(product.single, S.due, { borrowerId: borrower.id })
    await pay(order, (await limitsOf(order)).totalOwed + 3_014)
    // the sandbox accepts an amount ending in 14 cents, then fails it by its callback
    const failing = (await post(refundRequest.path, { orderNo: order.orderNo, amount: 3_014, note: 'Paid twice' }, financeA)).json().data.adjustment
    expect((await post(adjustmentConfirm.path, { requestId: failing.id }, financeB)).statusCode).toBe(200)
    expect(await limitsOf(order)).toMatchObject({ overpaid: 3_014, refunded: 3_014, refundable: 0 })
    const payouts = new SandboxPayouts(database.db, { secret: TEST_PAYOUT_SECRET, finishAfterMs: 0, now: clock.now })
    await settlePayouts(app, { db: database.db, payouts }, clock.now())
    await settlePayouts(app, { db: database.db, payouts }, clock.now())
    const [failed] = await database.db.select().from(payoutRequests).where(and(eq(payoutRequests.orderKey, order.id), eq(payoutRequests.purpose, 'refund')))
    expect(failed).toMatchObject({ status: 'failed', adjustmentId: failing.id })

    // the refund's entry stands; a return of the same amount undoes it, written by the system
    const rows = await database.db.select().from(adjustments).where(eq(adjustments.orderKey, order.id)).orderBy(asc(adjustments.id))
    expect(rows.map((r) => [r.kind, r.amount, r.status, r.reversesId, r.requestedBy])).toEqual([
      ['refund', 3_014, 'confirmed', null, financeA.id],
      ['refund_returned', 3_014, 'confirmed', failing.id, null],
    ])
    const returned = rows[1]!
    const entries = await database.db.select().from(adjustmentEntries).where(eq(adjustmentEntries.orderKey, order.id)).orderBy(asc(adjustmentEntries.id))
    expect(entries.map((e) => [e.component, e.amount])).toEqual([['refund', 3_014], ['refund_returned', 3_014]])
    expect(returned.note).toContain('closed')
    expect(await limitsOf(order)).toMatchObject({ overpaid: 3_014, refunded: 0, refundable: 3_014 })
    expect((await auditOf(order)).map((a) => [a.action, a.staffId]).slice(-2)).toEqual([
      ['orders.payout-fail', null],
      ['adjustments.refund-returned', null],
    ])
    // nobody confirms or withdraws a return: it is not a request
    expectError(await post(adjustmentConfirm.path, { requestId: returned.id }, financeB), 'notFound')

    // the borrower reads both lines, in their language
    const details = (await get(app, loanDetails.path, { tok: token, orderId: order.orderNo, lang: 'en' })).json().data
    expect(details.userOrderDetail.detail).toContainEqual({ text: 'Overpayment refunded', value: formatMoney(3_014, 'ID') })
    expect(details.userOrderDetail.detail).toContainEqual({ text: 'Refund not delivered: the transfer failed', value: `−${formatMoney(3_014, 'ID')}` })
    const indonesian = (await get(app, loanDetails.path, { tok: token, orderId: order.orderNo })).json().data
    expect(indonesian.userOrderDetail.detail).toContainEqual({ text: 'Pengembalian gagal dikirim, dana belum diterima', value: `−${formatMoney(3_014, 'ID')}` })

    // refunded anew, with four eyes, and this time the money arrives
    const again = (await post(refundRequest.path, { orderNo: order.orderNo, amount: 3_000, note: 'Again, to the new account' }, financeA)).json().data.adjustment
    expect((await post(adjustmentConfirm.path, { requestId: again.id }, financeB)).statusCode).toBe(200)
    await settlePayouts(app, { db: database.db, payouts }, clock.now())
    await settlePayouts(app, { db: database.db, payouts }, clock.now())
    const instructions = await database.db.select().from(payoutRequests).where(and(eq(payoutRequests.orderKey, order.id), eq(payoutRequests.purpose, 'refund'))).orderBy(asc(payoutRequests.id))
    expect(instructions.map((r) => [r.status, r.amount, r.adjustmentId])).toEqual([['failed', 3_014, failing.id], ['completed', 3_000, again.id]])
    expect(await limitsOf(order)).toMatchObject({ overpaid: 3_014, refunded: 3_000, refundable: 14 })
    // a return can be written once per refund: the database refuses a second
    await expect(database.db.insert(adjustments).values({ orderKey: order.id, kind: 'refund_returned', amount: cents(3_014), status: 'confirmed', decidedAt: clock.now(), reversesId: failing.id })).rejects.toThrow()
    expect((await verifyChain(database.db)).broken).toBeNull()
  })

  it('checks the refundable amount again at confirmation', async () => {
    const order = await make(product.single, S.due)
    await pay(order, (await limitsOf(order)).totalOwed + 1_000)
    const first = (await post(refundRequest.path, { orderNo: order.orderNo, amount: 1_000, note: 'one' }, financeA)).json().data.adjustment
    // an order with no overpayment has nothing to refund
    const plain = await make(product.single, S.due)
    expectError(await post(refundRequest.path, { orderNo: plain.orderNo, amount: 1, note: 'none' }, financeA), 'refundTooLarge')
    expect((await post(adjustmentConfirm.path, { requestId: first.id }, financeB)).statusCode).toBe(200)
    const second = await post(refundRequest.path, { orderNo: order.orderNo, amount: 1, note: 'two' }, financeA)
    expectError(second, 'refundTooLarge')
  })
})

describe('access and input', () => {
  it('answers another market\'s order and request not found, the wrong role 403, bad input 400', async () => {
    const mexican = await make(product.mexico, S.overdue, { overdueDays: 3 })
    expectError(await waive(mexican, 100), 'notFound')
    expectError(await read(orderAdjustments.path, financeA, { orderNo: mexican.orderNo }), 'notFound')
    const mxRequest = (await waive(mexican, 100, 'late_charge', financeMx)).json().data.adjustment
    expectError(await post(adjustmentConfirm.path, { requestId: mxRequest.id }, financeA), 'notFound')
    expectError(await post(adjustmentCancel.path, { requestId: mxRequest.id }, financeA), 'notFound')
    expectError(await read(adjustmentQueue.path, financeA, { market: 'MX' }), 'staffForbidden')
    expect((await read(adjustmentQueue.path, financeA)).json().data.requests.map((r: { id: number }) => r.id)).not.toContain(mxRequest.id)

    const order = await make(product.single, S.overdue, { overdueDays: 3 })
    expectError(await waive(order, 100, 'late_charge', agent), 'staffForbidden')
    expectError(await post(refundRequest.path, { orderNo: order.orderNo, amount: 1, note: 'x' }, agent), 'staffForbidden')
    expectError(await read(adjustmentQueue.path, agent), 'staffForbidden')
    // every role of the market reads an order's adjustments on the order screen
    expect((await read(orderAdjustments.path, agent, { orderNo: order.orderNo })).statusCode).toBe(200)

    const bad = [
      {},
      { orderNo: order.orderNo, component: 'late_charge', note: 'x' },
      { orderNo: order.orderNo, component: 'principal', amount: 1, note: 'x' },
      { orderNo: order.orderNo, component: 'late_charge', amount: 1.5, note: 'x' },
      { orderNo: order.orderNo, component: 'late_charge', amount: -1, note: 'x' },
      { orderNo: order.orderNo, component: 'late_charge', amount: 'ten', note: 'x' },
      { orderNo: order.orderNo, component: 'late_charge', amount: 1, note: '' },
      { orderNo: order.orderNo, component: 'late_charge', amount: 1, note: 'x'.repeat(501) },
      { orderNo: order.orderNo, component: 'late_charge', amount: 1, note: '<script>alert(1)</script>' },
      { orderNo: "K1' or 1=1 --", component: 'late_charge', amount: 1, note: 'x' },
    ]
    for (const body of bad) expectError(await post(waiverRequest.path, body, financeA), 'invalidRequest')
    expectError(await post(adjustmentConfirm.path, { requestId: 'abc' }, financeB), 'invalidRequest')
    expectError(await post(adjustmentConfirm.path, { requestId: 999_999_999 }, financeB), 'notFound')
    expect(await database.db.select().from(adjustments).where(eq(adjustments.orderKey, order.id))).toHaveLength(0)
  })
})

// docs/product/money-rules.md#cooling-off
describe('India: the cooling-off exit', () => {
  async function indianOrder(disbursedHoursAgo: number) {
    const { borrower, token } = await createBorrowerWithSession(database.db, { market: 'IN' })
    const now = new Date()
    const order = await make(product.india, S.due, { borrowerId: borrower.id, principal: 80_000_00, now })
    const disbursedAt = new Date(now.getTime() - disbursedHoursAgo * HOUR_MS)
    await database.db.update(orders).set({ disbursedAt }).where(eq(orders.id, order.id))
    return { order: await reload(order), token }
  }

  it('offers the exit on loan details with its amount and last day, and a payment of it settles the order', async () => {
    const { order, token } = await indianOrder(1)
    const details = (await get(app, loanDetails.path, { tok: token, orderId: order.orderNo, lang: 'en' })).json().data
    expect(details.coolingOff).not.toBeNull()
    const { amount, lastDay, text } = details.coolingOff
    expect(amount).toBeGreaterThan(80_000_00)
    expect(amount).toBeLessThan(80_000_00 + 4 * 104_00 + 1)
    expect(text).toContain(lastDay)
    expect(text).toContain(formatMoney(amount, 'IN'))
    // the repay button asks the same amount
    expect(details.amountDue).toBe(amount)

    // a smaller payment is an ordinary part payment
    await pay(order, 50_00, new Date())
    expect((await reload(order)).status).toBe(S.due)
    const after = (await get(app, loanDetails.path, { tok: token, orderId: order.orderNo })).json().data
    expect(after.coolingOff.amount).toBe(amount - 50_00)

    const outcome = await pay(order, after.coolingOff.amount, new Date())
    expect(outcome).toMatchObject({ duplicate: false, orderStatus: S.settled })
    const settled = await reload(order)
    expect(settled.status).toBe(S.settled)
    expect(settled.penalty).toBe(0)
    const released = await database.db.select().from(adjustments).where(eq(adjustments.orderKey, order.id))
    expect(released).toHaveLength(1)
    expect(released[0]).toMatchObject({ kind: 'cooling_off', status: 'confirmed' })
    expect(released[0]!.amount).toBe(order.interest - (amount - 80_000_00))
    const [period] = await periodsOf(order)
    expect(period!.status).toBe('paid')
    expect(period!.interestPaid + period!.interestWaived).toBe(period!.interest)
    expect(period!.principalPaid).toBe(period!.principal)
  })

  it('is gone after the period: no offer, and the same amount is an ordinary part payment', async () => {
    const { order, token } = await indianOrder(5 * 24)
    const details = (await get(app, loanDetails.path, { tok: token, orderId: order.orderNo })).json().data
    expect(details.coolingOff ?? null).toBeNull()
    await pay(order, 80_104_00, new Date())
    expect((await reload(order)).status).toBe(S.due)
    expect(await database.db.select().from(adjustments).where(eq(adjustments.orderKey, order.id))).toHaveLength(0)
  })

  it('is never offered in Indonesia', async () => {
    const { borrower, token } = await createBorrowerWithSession(database.db)
    const now = new Date()
    const order = await make(product.single, S.due, { borrowerId: borrower.id, now })
    await database.db.update(orders).set({ disbursedAt: new Date(now.getTime() - HOUR_MS) }).where(eq(orders.id, order.id))
    expect((await get(app, loanDetails.path, { tok: token, orderId: order.orderNo })).json().data.coolingOff ?? null).toBeNull()
  })
})
