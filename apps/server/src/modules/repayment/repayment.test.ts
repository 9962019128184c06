import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ORDER_STATUS, cents } from '@kilat/domain'
import { buildApp } from '../../app.js'
import { ConfigError, loadConfig } from '../../config.js'
import { createBorrower, createProduct } from '../../db/factories.js'
import { gatewayCallbacks } from '../../adapters/payments/sandbox.schema.js'
import { orderPeriods, orders, type Order } from '../orders/orders.schema.js'
import type { Product } from '../products/products.schema.js'
import { ledgerEntries, paymentAccounts, paymentInbox, payments } from './repayment.schema.js'
import { AppError } from '../../http/errors.js'
import { postJson } from '../../test/inject.js'
import { buildTestApp } from '../../test/setup-db.js'
import { PAYMENT_CALLBACK_PATH, SANDBOX_PAY_PATH } from './repayment.routes.js'
import { issueRepaymentAccount, type IssueRepaymentInput } from './repayment.service.js'
import { applyDueEvents } from './inbox.js'
import { receivePayment } from './payments.js'
import { applyInbox, deliver, openRepaymentApp, orderOf, pay, postCallback, reload, signedHeaders, sum, type RepaymentTestApp } from './test-helpers.js'

const S = ORDER_STATUS
const DAY_MS = 86_400_000

let t: RepaymentTestApp
let db: RepaymentTestApp['database']['db']
const product = {} as Record<'single' | 'installments' | 'partner' | 'mexico', Product>

beforeAll(async () => {
  t = await openRepaymentApp()
  db = t.database.db
  product.single = await createProduct(db, { termUnit: 'day', termDays: 91, extensionFee: cents(50_000_00) })
  product.installments = await createProduct(db, { termUnit: 'period', periods: 4, periodDays: 30 })
  product.partner = await createProduct(db, { isPartner: true, partnerUrl: 'https://partner.example.com/loan' })
  product.mexico = await createProduct(db, { market: 'MX', minAmount: cents(1_000_00), maxAmount: cents(20_000_00), amountStep: cents(500_00) })
})

afterAll(async () => {
  await t?.close()
})

const issue = (order: Order, input: Partial<IssueRepaymentInput> = {}) =>
  issueRepaymentAccount(t.deps, { borrowerId: order.borrowerId, orderNo: order.orderNo, methodCode: 'BCA', purpose: 'repay', ...input })

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  return error as AppError
}

const reasonOf = (error: AppError) => (error.data as { reason?: string }).reason

/** What the ledger and the money columns look like, to show that a refused callback changed nothing. */
async function snapshot(order: Order) {
  const { order: row, periods, accounts, payments: paid, ledger } = await reload(db, order)
  return { row: { ...row, updatedAt: undefined }, periods, accounts, paid, ledger }
}

describe('issueRepaymentAccount', () => {
  it('issues a virtual account in the bank range for everything owed, and the same one when asked again', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const first = await issue(order)
    expect(first.amount).toBe(order.totalRepay)
    expect(first.accountNo).toMatch(/^39358\d{11}$/)
    expect(first).toMatchObject({ orderNo: order.orderNo, purpose: 'repay', periodCount: null, methodCode: 'BCA', accountKind: 'va', market: 'ID', status: 'pending' })
    expect(first.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000)
    expect(first.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3_600_000)
    // asked again, the open account is read with the order: the gateway is not asked for another
    const issueAccount = vi.spyOn(t.deps.gateway, 'issueAccount')
    try {
      expect(await issue(order)).toEqual(first)
      expect(issueAccount).not.toHaveBeenCalled()
    } finally {
      issueAccount.mockRestore()
    }
    // two requests at the same instant still make one account
    const order2 = await orderOf(db, product.single, { status: S.due })
    const both = await Promise.all([issue(order2), issue(order2), issue(order2)])
    expect(new Set(both.map((a) => a.accountId)).size).toBe(1)
    expect((await reload(db, order2)).accounts).toHaveLength(1)
  })

  it('issues a new account for another method, and a mini market payment code for two days', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const va = await issue(order)
    const code = await issue(order, { methodCode: 'ALFAMART' })
    expect(code.accountId).not.toBe(va.accountId)
    expect(code.accountNo).toMatch(/^KLT\d{10}$/)
    expect(code.accountKind).toBe('payment_code')
    expect(code.expiresAt.getTime() - Date.now()).toBeGreaterThan(47.9 * 3_600_000)
  })

  it('replaces an expired account with a new one', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const first = await issue(order)
    const later = new Date(first.expiresAt.getTime() + 60_000)
    const second = await issueRepaymentAccount(t.deps, { borrowerId: order.borrowerId, orderNo: order.orderNo, methodCode: 'BCA', purpose: 'repay' }, later)
    expect(second.accountId).not.toBe(first.accountId)
    const [old] = await db.select().from(paymentAccounts).where(eq(paymentAccounts.id, first.accountId))
    expect(old!.status).toBe('expired')
  })

  it("answers notFound for another borrower's order, as the loan screens do", async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const stranger = await createBorrower(db)
    const error = await refusal(issueRepaymentAccount(t.deps, { borrowerId: stranger.id, orderNo: order.orderNo, methodCode: 'BCA', purpose: 'repay' }))
    expect(error.key).toBe('notFound')
    expect((await reload(db, order)).accounts).toHaveLength(0)
  })

  it('refuses when nothing is owed, for a loan that is not being repaid and for a partner loan', async () => {
    const settled = await orderOf(db, product.single, { status: S.settled })
    expect(await refusal(issue(settled))).toMatchObject({ key: 'nothingOwed', data: { reason: 'notRepaying' } })
    const waiting = await orderOf(db, product.single, { status: S.submitted })
    expect(reasonOf(await refusal(issue(waiting)))).toBe('notRepaying')
    // paid in full but not settled yet: nothing to ask for
    const paidUp = await orderOf(db, product.single, { status: S.due })
    await db.update(orderPeriods).set({ paid: sql`${orderPeriods.total}` }).where(eq(orderPeriods.orderKey, paidUp.id))
    const nothing = await refusal(issue(paidUp))
    expect(nothing.key).toBe('nothingOwed')
    expect(nothing.status).toBe(409)
    expect(reasonOf(nothing)).toBe('nothingOwed')
    // docs/product/money-rules.md#partner-orders: repaid at the partner, never here
    for (const status of [S.partnerRepaying, S.partnerOverdue]) {
      const partner = await orderOf(db, product.partner, { status })
      expect(reasonOf(await refusal(issue(partner)))).toBe('partnerOrder')
    }
  })

  it("refuses a method of another market and an installment count the loan does not have", async () => {
    const order = await orderOf(db, product.installments, { status: S.repayingInstallments, paidPeriods: 1 })
    expect((await refusal(issue(order, { methodCode: 'OXXO' }))).key).toBe('payMethodUnknown')
    expect(await refusal(issue(order, { periodCount: 0 }))).toMatchObject({ key: 'selectionInvalid', data: { reason: 'periodCount' } })
    expect((await refusal(issue(order, { periodCount: 4 }))).key).toBe('selectionInvalid')
    const mexican = await orderOf(db, product.mexico, { status: S.due })
    const clabe = await issue(mexican, { methodCode: 'SPEI' })
    expect(clabe.accountNo).toMatch(/^646180\d{12}$/)
    expect(clabe.amount).toBe(mexican.totalRepay)
  })

  it('asks for the oldest periods chosen and every late charge', async () => {
    const order = await orderOf(db, product.installments, { status: S.repayingInstallments, paidPeriods: 1 })
    const { periods } = await reload(db, order)
    const one = await issue(order, { periodCount: 1 })
    expect(one.amount).toBe(periods[1]!.total)
    expect(one.periodCount).toBe(1)
    const two = await issue(order, { periodCount: 2 })
    expect(two.amount).toBe(periods[1]!.total + periods[2]!.total)
    // all the open periods is everything owed
    const all = await issue(order, { periodCount: 3 })
    expect(all).toMatchObject({ periodCount: null, amount: sum(periods.slice(1).map((p) => p.total)) })
    expect((await issue(order)).accountId).toBe(all.accountId)
    // the page's total is checked, never used
    expect((await refusal(issue(order, { periodCount: 1, expectedAmount: one.amount + 1 }))).key).toBe('amountNotOwed')
    expect((await issue(order, { periodCount: 1, expectedAmount: one.amount })).accountId).toBe(one.accountId)
  })
})

describe('paying through the sandbox', () => {
  it('settles a single-payment loan: 174 → 200, every cent in the ledger', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const account = await issue(order)
    const { paymentId } = await pay(t, account.accountNo)
    expect(await deliver(t)).toEqual({ claimed: 1, delivered: 1, failed: 0 })

    const after = await reload(db, order)
    expect(after.order.status).toBe(S.settled)
    expect(after.order.settledAt).not.toBeNull()
    expect(after.order.paid).toBe(order.totalRepay)
    expect(after.payments).toHaveLength(1)
    expect(after.payments[0]).toMatchObject({ gateway: 'sandbox', gatewayPaymentId: paymentId, amount: account.amount, paymentAccountId: account.accountId })
    expect(after.ledger.map((e) => [e.component, e.periodNo, e.amount])).toEqual([
      ['interest', 1, order.interest],
      ['principal', 1, order.principal],
    ])
    expect(sum(after.ledger.map((e) => e.amount))).toBe(account.amount)
    expect(after.periods[0]).toMatchObject({ status: 'paid', interestPaid: order.interest, principalPaid: order.principal, paid: order.totalRepay })
    expect(after.periods[0]!.paidAt).not.toBeNull()
    expect(after.accounts[0]).toMatchObject({ status: 'paid' })
    const [callback] = await db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.gatewayPaymentId, paymentId))
    expect(callback).toMatchObject({ attempts: 1, lastError: null })
    expect(callback!.deliveredAt).not.toBeNull()
  })

  it('brings an overdue installment loan back: 180 → 170 once its overdue period and late charges are paid', async () => {
    const order = await orderOf(db, product.installments, { status: S.overdue, paidPeriods: 0, penalty: 12_345_00 })
    // only the first installment is past due; the others fall due later
    const now = Date.now()
    for (const [i, days] of [-10, 20, 50, 80].entries()) {
      await db
        .update(orderPeriods)
        .set({ dueAt: new Date(now + days * DAY_MS), status: days < 0 ? 'overdue' : 'unpaid' })
        .where(and(eq(orderPeriods.orderKey, order.id), eq(orderPeriods.periodNo, i + 1)))
    }
    const before = await reload(db, order)
    const first = before.periods[0]!
    const account = await issue(order, { periodCount: 1 })
    expect(account.amount).toBe(12_345_00 + first.total)
    await pay(t, account.accountNo)
    await deliver(t)

    const after = await reload(db, order)
    expect(after.order.status).toBe(S.repayingInstallments)
    expect(after.order).toMatchObject({ penaltyPaid: 12_345_00, paid: account.amount, settledAt: null })
    expect(after.ledger.map((e) => [e.component, e.periodNo, e.amount])).toEqual([
      ['late_charge', null, 12_345_00],
      ['interest', 1, first.interest],
      ['principal', 1, first.principal],
    ])
    expect(after.periods.map((p) => p.status)).toEqual(['paid', 'unpaid', 'unpaid', 'unpaid'])
    expect(after.periods.slice(1).map((p) => p.paid)).toEqual([0, 0, 0])
  })

  it('keeps an overdue loan overdue when a payment leaves something overdue, interest first', async () => {
    const order = await orderOf(db, product.installments, { status: S.overdue, paidPeriods: 0, penalty: 1_000_00 })
    const before = await reload(db, order)
    const account = await issue(order, { periodCount: 1 })
    const part = 1_000_00 + before.periods[0]!.interest + 5
    await pay(t, account.accountNo, part)
    await deliver(t)
    const after = await reload(db, order)
    expect(after.order.status).toBe(S.overdue)
    expect(after.periods[0]).toMatchObject({ interestPaid: before.periods[0]!.interest, principalPaid: 5, paid: before.periods[0]!.interest + 5, status: 'overdue' })
    expect(sum(after.ledger.map((e) => e.amount))).toBe(part)
  })

  it('keeps what is paid beyond the amount owed as an overpayment to refund', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const account = await issue(order)
    await pay(t, account.accountNo, account.amount + 777)
    await deliver(t)
    const after = await reload(db, order)
    expect(after.order.status).toBe(S.settled)
    expect(after.order.paid).toBe(order.totalRepay)
    expect(after.ledger.at(-1)).toMatchObject({ component: 'overpayment', periodNo: null, amount: 777 })
    expect(sum(after.ledger.map((e) => e.amount))).toBe(account.amount + 777)
  })

  it('pays installments that were paid before this ledger existed from where their sum left off', async () => {
    // the factory writes paid periods with their sum only, as rows from before drizzle/0006
    const order = await orderOf(db, product.installments, { status: S.repayingInstallments, paidPeriods: 1 })
    const before = await reload(db, order)
    expect(before.periods[0]).toMatchObject({ paid: before.periods[0]!.total, interestPaid: 0 })
    const account = await issue(order)
    await pay(t, account.accountNo)
    await deliver(t)
    const after = await reload(db, order)
    expect(after.order.status).toBe(S.settled)
    expect(after.order.paid).toBe(order.totalRepay)
    expect(after.ledger.every((e) => e.periodNo !== 1)).toBe(true)
    expect(after.periods.every((p) => p.status === 'paid')).toBe(true)
  })

  it('records two payments of one order delivered at once, the one that finds nothing owed as an overpayment', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const va = await issue(order)
    const code = await issue(order, { methodCode: 'ALFAMART' })
    await pay(t, va.accountNo)
    await pay(t, code.accountNo)
    expect(await deliver(t)).toMatchObject({ delivered: 2 })
    const after = await reload(db, order)
    expect(after.order).toMatchObject({ status: S.settled, paid: order.totalRepay })
    expect(after.payments).toHaveLength(2)
    expect(after.ledger.filter((e) => e.component === 'overpayment').map((e) => e.amount)).toEqual([code.amount])
  })
})

describe('the webhook', () => {
  const inboxOf = (gatewayPaymentId: string) => db.select().from(paymentInbox).where(eq(paymentInbox.gatewayPaymentId, gatewayPaymentId))

  it('acknowledges a callback once it is stored, and the worker applies it afterwards', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const account = await issue(order)
    const { body, paymentId } = await pay(t, account.accountNo)
    const res = await postCallback(t.app, body, signedHeaders(body))
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ code: 0, data: { duplicate: false } })
    const [stored] = await inboxOf(paymentId)
    expect(stored).toMatchObject({ gateway: 'sandbox', paymentAccountId: account.accountId, accountNo: account.accountNo, amount: account.amount, appliedAt: null, attempts: 0 })
    const before = await reload(db, order)
    expect(before.payments).toHaveLength(0)
    expect(before.ledger).toHaveLength(0)
    expect(before.order.status).toBe(S.due)

    expect(await applyInbox(t)).toEqual({ claimed: 1, applied: 1, failed: 0 })
    const after = await reload(db, order)
    expect(after.payments).toHaveLength(1)
    expect(after.order).toMatchObject({ status: S.settled, paid: order.totalRepay })
    expect((await inboxOf(paymentId))[0]).toMatchObject({ attempts: 1, lastError: null, appliedAt: expect.any(Date) })
    expect(await applyInbox(t)).toMatchObject({ claimed: 0 })
    // the sandbox's queued copy is a duplicate
    await deliver(t)
    expect((await reload(db, order)).payments).toHaveLength(1)
  })

  it('keeps a repeated callback as one stored event and one payment, before and after it is applied', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const { body, paymentId } = await pay(t, (await issue(order)).accountNo)
    const post = async () => (await postCallback(t.app, body, signedHeaders(body))).json().data as { duplicate: boolean }
    expect(await post()).toEqual({ duplicate: false })
    expect(await post()).toEqual({ duplicate: true })
    await applyInbox(t)
    expect(await post()).toEqual({ duplicate: true })
    expect(await applyInbox(t)).toMatchObject({ claimed: 0 })
    await deliver(t)
    expect(await inboxOf(paymentId)).toHaveLength(1)
    expect((await reload(db, order)).payments).toHaveLength(1)
  })

  it('records one payment and one set of entries when the same callback arrives 20 times at once', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const account = await issue(order)
    const { body, paymentId } = await pay(t, account.accountNo)
    const headers = signedHeaders(body)
    const answers = await Promise.all(Array.from({ length: 20 }, () => postCallback(t.app, body, headers)))
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200))
    const duplicates = answers.filter((a) => a.json().data.duplicate === true)
    expect(duplicates).toHaveLength(19)
    expect(duplicates[0]!.json()).toMatchObject({ code: 0, data: { duplicate: true } })
    expect(await inboxOf(paymentId)).toHaveLength(1)
    await applyInbox(t)
    const after = await reload(db, order)
    expect(after.payments).toHaveLength(1)
    expect(after.ledger).toHaveLength(2)
    expect(after.order).toMatchObject({ status: S.settled, paid: order.totalRepay })
    // the queued copy, delivered later, is one more duplicate
    expect(await deliver(t)).toMatchObject({ delivered: 1 })
    expect((await reload(db, order)).payments).toHaveLength(1)
  })

  it('stores callbacks arriving together in one go: each new one once, a copy as a duplicate, an unknown account refused', async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => orderOf(db, product.single, { status: S.due })))
    const paid = []
    for (const order of orders) paid.push(await pay(t, (await issue(order)).accountNo))
    const unknown = JSON.stringify({ ...JSON.parse(paid[0]!.body), id: 'sbx_pay_unknown_account', account_no: '0000000000000000' })
    const bodies = [...paid.map((p) => p.body), paid[3]!.body, unknown]
    const answers = await Promise.all(bodies.map((body) => postCallback(t.app, body, signedHeaders(body))))
    expect(answers.slice(0, 8).map((a) => a.json().data)).toEqual(Array(8).fill({ duplicate: false }))
    expect(answers[8]!.json().data).toEqual({ duplicate: true })
    expect(answers[9]!.statusCode).toBe(400)
    for (const p of paid) expect(await inboxOf(p.paymentId)).toHaveLength(1)
    expect(await inboxOf('sbx_pay_unknown_account')).toHaveLength(0)
    await applyInbox(t)
    for (const order of orders) expect((await reload(db, order)).order.status).toBe(S.settled)
    // the sandbox's own copies, delivered later, are duplicates
    expect(await deliver(t)).toMatchObject({ delivered: 8 })
    for (const order of orders) expect((await reload(db, order)).payments).toHaveLength(1)
  })

  it('leaves an event that fails for a later pass, with backoff, and applies the others', async () => {
    const failing = await orderOf(db, product.single, { status: S.due })
    const fine = await orderOf(db, product.single, { status: S.due })
    const bad = await pay(t, (await issue(failing)).accountNo)
    const good = await pay(t, (await issue(fine)).accountNo)
    for (const { body } of [bad, good]) expect((await postCallback(t.app, body, signedHeaders(body))).statusCode).toBe(200)
    const t0 = new Date(Date.now() + 1000)
    const apply: typeof receivePayment = (database, gateway, event, now) =>
      event.gatewayPaymentId === bad.paymentId ? Promise.reject(new Error('database went away')) : receivePayment(database, gateway, event, now)

    expect(await applyDueEvents(db, t0, { apply })).toEqual({ claimed: 2, applied: 1, failed: 1 })
    expect((await reload(db, fine)).order.status).toBe(S.settled)
    expect((await reload(db, failing)).payments).toHaveLength(0)
    expect((await inboxOf(bad.paymentId))[0]).toMatchObject({ attempts: 1, appliedAt: null, lastError: 'Error: database went away', nextAttemptAt: new Date(t0.getTime() + 5_000) })
    // not due again before its time
    expect(await applyInbox(t, new Date(t0.getTime() + 4_000))).toMatchObject({ claimed: 0 })
    expect(await applyInbox(t, new Date(t0.getTime() + 5_000))).toEqual({ claimed: 1, applied: 1, failed: 0 })
    expect((await reload(db, failing)).order.status).toBe(S.settled)
    expect((await inboxOf(bad.paymentId))[0]).toMatchObject({ attempts: 2, lastError: null, appliedAt: expect.any(Date) })
    expect(await deliver(t)).toMatchObject({ delivered: 2 })
  })

  it('applies an event whose payment was already recorded as a duplicate: a pass that died before marking it changes nothing twice', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const { body, paymentId } = await pay(t, (await issue(order)).accountNo)
    await postCallback(t.app, body, signedHeaders(body))
    await applyInbox(t)
    const paid = await reload(db, order)
    // as if the process had died between the payment's transaction and marking the event applied
    await db.update(paymentInbox).set({ appliedAt: null }).where(eq(paymentInbox.gatewayPaymentId, paymentId))
    // taken again once the pass's lease has ended
    expect(await applyInbox(t, new Date(Date.now() + 60_000))).toEqual({ claimed: 1, applied: 1, failed: 0 })
    const again = await reload(db, order)
    expect(again.payments).toEqual(paid.payments)
    expect(again.ledger).toEqual(paid.ledger)
    expect(again.order).toEqual(paid.order)
    await deliver(t)
  })

  it('refuses a missing, wrong or stale signature with 401 and changes nothing', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const account = await issue(order)
    const { body } = await pay(t, account.accountNo)
    const before = await snapshot(order)
    const now = Math.floor(Date.now() / 1000)
    const good = signedHeaders(body)
    const cases: Array<[string, Record<string, string>, string]> = [
      ['no signature', { 'content-type': 'application/json' }, body],
      ['no timestamp', { 'content-type': 'application/json', 'x-callback-signature': good['x-callback-signature']! }, body],
      ['another key', signedHeaders(body, now, 'x'.repeat(40)), body],
      ['a short signature', { ...good, 'x-callback-signature': 'abcd' }, body],
      ['not hex', { ...good, 'x-callback-signature': 'z'.repeat(64) }, body],
      ['a changed body', good, body.replace(/"amount":\d+/, '"amount":1')],
      ['a changed timestamp', { ...good, 'x-callback-timestamp': String(now + 1) }, body],
      ['6 minutes old', signedHeaders(body, now - 6 * 60), body],
      ['6 minutes ahead', signedHeaders(body, now + 6 * 60), body],
    ]
    for (const [name, headers, payload] of cases) {
      const res = await postCallback(t.app, payload, headers)
      expect(res.statusCode, name).toBe(401)
      expect(res.json(), name).toMatchObject({ code: 1001, data: null, message: 'The callback signature is missing, wrong or out of date.' })
    }
    expect(await snapshot(order)).toEqual(before)
    expect(await inboxOf(JSON.parse(body).id as string)).toHaveLength(0)
    // the same body, signed now, goes through
    expect((await postCallback(t.app, body, signedHeaders(body))).statusCode).toBe(200)
    await deliver(t)
  })

  it('refuses a signed callback for an account we never issued, recording nothing', async () => {
    const body = JSON.stringify({ id: 'sbx_pay_unknown', account_no: '3935800000000000', external_id: '999999', amount: 100, paid_at: new Date().toISOString(), method: 'BCA' })
    const res = await postCallback(t.app, body, signedHeaders(body))
    expect(res.statusCode).toBe(400)
    expect(await db.select().from(payments).where(eq(payments.gatewayPaymentId, 'sbx_pay_unknown'))).toHaveLength(0)
    expect(await inboxOf('sbx_pay_unknown')).toHaveLength(0)
    const malformed = '{"id": 1}'
    expect((await postCallback(t.app, malformed, signedHeaders(malformed))).statusCode).toBe(400)
  })

  it('keeps payments and ledger entries append-only', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    await pay(t, (await issue(order)).accountNo)
    await deliver(t)
    const { payments: [payment], ledger: [entry] } = await reload(db, order)
    const refusal = (table: string, op: string) => ({ cause: expect.objectContaining({ message: `${table} is append-only: ${op} is not allowed` }) })
    await expect(db.update(payments).set({ amount: cents(1) }).where(eq(payments.id, payment!.id))).rejects.toMatchObject(refusal('payments', 'UPDATE'))
    await expect(db.delete(payments).where(eq(payments.id, payment!.id))).rejects.toMatchObject(refusal('payments', 'DELETE'))
    await expect(db.update(ledgerEntries).set({ amount: cents(1) }).where(eq(ledgerEntries.id, entry!.id))).rejects.toMatchObject(refusal('ledger_entries', 'UPDATE'))
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry!.id))).rejects.toMatchObject(refusal('ledger_entries', 'DELETE'))
    expect((await reload(db, order)).payments[0]).toEqual(payment)
    expect((await reload(db, order)).ledger[0]).toEqual(entry)
  })
})

describe('delivery', () => {
  let failing: Server
  let failingUrl: string
  let hits = 0

  beforeAll(async () => {
    failing = createServer((req, res) => {
      hits += 1
      req.resume()
      res.writeHead(503).end('down')
    })
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve))
    failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/callback`
  })
  afterAll(() => new Promise<void>((resolve) => failing.close(() => resolve())))

  it('retries a failing endpoint with exponential backoff and delivers later', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const account = await issue(order)
    const { paymentId } = await pay(t, account.accountNo)
    const row = async () => (await db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.gatewayPaymentId, paymentId)))[0]!
    const t0 = new Date(Date.now() + 1000)

    expect(await deliver(t, failingUrl, t0)).toEqual({ claimed: 1, delivered: 0, failed: 1 })
    expect(hits).toBe(1)
    expect(await row()).toMatchObject({ attempts: 1, lastError: 'HTTP 503', deliveredAt: null, nextAttemptAt: new Date(t0.getTime() + 5_000) })
    // not due again before its time
    expect(await deliver(t, failingUrl, new Date(t0.getTime() + 4_000))).toMatchObject({ claimed: 0 })
    expect(await deliver(t, failingUrl, new Date(t0.getTime() + 5_000))).toMatchObject({ failed: 1 })
    expect(await row()).toMatchObject({ attempts: 2, nextAttemptAt: new Date(t0.getTime() + 15_000) })
    // nobody listening: a network error is a failure like any other
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}/`
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    expect(await deliver(t, closedUrl, new Date(t0.getTime() + 15_000))).toMatchObject({ failed: 1 })
    const third = await row()
    expect(third).toMatchObject({ attempts: 3, nextAttemptAt: new Date(t0.getTime() + 35_000) })
    expect(third.lastError).toMatch(/fetch failed|ECONNREFUSED/)
    expect((await reload(db, order)).payments).toHaveLength(0)

    expect(await deliver(t, t.webhookUrl, new Date(t0.getTime() + 35_000))).toEqual({ claimed: 1, delivered: 1, failed: 0 })
    expect(await row()).toMatchObject({ attempts: 4, lastError: null })
    expect((await reload(db, order)).order.status).toBe(S.settled)
  })
})

describe('extension', () => {
  const FEE = 50_000_00
  const entriesOf = (ledger: Awaited<ReturnType<typeof reload>>['ledger']) => ledger.map((e) => [e.component, e.periodNo, e.amount])

  it('takes the interest and the fee in one payment: the due date moves by the term, principal untouched', async () => {
    const order = await orderOf(db, product.single, { status: S.due, isDelay: true })
    const before = await reload(db, order)
    const account = await issue(order, { purpose: 'extension' })
    expect(account.amount).toBe(FEE + order.interest)
    // asked again with the same amount: the same account
    expect((await issue(order, { purpose: 'extension' })).accountId).toBe(account.accountId)
    await pay(t, account.accountNo)
    await deliver(t)
    const after = await reload(db, order)
    expect(after.order.status).toBe(S.due)
    expect(after.order.dueAt!.getTime() - before.order.dueAt!.getTime()).toBe(91 * DAY_MS)
    expect(after.periods[0]!.dueAt.getTime() - before.periods[0]!.dueAt.getTime()).toBe(91 * DAY_MS)
    expect(entriesOf(after.ledger)).toEqual([
      ['interest', 1, order.interest],
      ['extension_fee', null, FEE],
    ])
    expect(sum(after.ledger.map((e) => e.amount))).toBe(account.amount)
    // the interest counts toward the loan, the fee pays for time
    expect(after.order.paid).toBe(order.interest)
    expect(after.periods[0]).toMatchObject({ interestPaid: order.interest, principalPaid: 0, paid: order.interest, status: 'unpaid', paidAt: null })
    expect(after.accounts[0]!.status).toBe('paid')
    // the next extension costs the fee alone
    expect((await issue(order, { purpose: 'extension', methodCode: 'BRI' })).amount).toBe(FEE)
  })

  it('returns an overdue loan to due with its late charges and interest paid first', async () => {
    const order = await orderOf(db, product.single, { status: S.overdue, isDelay: true, penalty: 10_000 })
    const before = await reload(db, order)
    expect(before.periods[0]!.status).toBe('overdue')
    const account = await issue(order, { purpose: 'extension' })
    expect(account.amount).toBe(FEE + order.interest + 10_000)
    await pay(t, account.accountNo, account.amount + 99)
    await deliver(t)
    const after = await reload(db, order)
    expect(after.order).toMatchObject({ status: S.due, penaltyPaid: 10_000, paid: 10_000 + order.interest })
    expect(after.order.dueAt!.getTime() - before.order.dueAt!.getTime()).toBe(91 * DAY_MS)
    expect(after.periods[0]).toMatchObject({ status: 'unpaid', interestPaid: order.interest, principalPaid: 0 })
    expect(entriesOf(after.ledger)).toEqual([
      ['late_charge', null, 10_000],
      ['interest', 1, order.interest],
      ['extension_fee', null, FEE],
      ['overpayment', null, 99],
    ])
  })

  it('takes the fee alone once the interest is paid', async () => {
    const order = await orderOf(db, product.single, { status: S.due, isDelay: true })
    await db.update(orderPeriods).set({ paid: order.interest, interestPaid: order.interest }).where(eq(orderPeriods.orderKey, order.id))
    await db.update(orders).set({ paid: order.interest }).where(eq(orders.id, order.id))
    const account = await issue(order, { purpose: 'extension' })
    expect(account.amount).toBe(FEE)
    await pay(t, account.accountNo)
    await deliver(t)
    const after = await reload(db, order)
    expect(after.order).toMatchObject({ status: S.due, paid: order.interest })
    expect(entriesOf(after.ledger)).toEqual([['extension_fee', null, FEE]])
  })

  it('refuses to issue one for an installment loan and without the option', async () => {
    const installments = await orderOf(db, product.installments, { status: S.repayingInstallments, isDelay: true })
    expect(reasonOf(await refusal(issue(installments, { purpose: 'extension' })))).toBe('extensionUnavailable')
    const noOption = await orderOf(db, product.single, { status: S.due, isDelay: false })
    expect(reasonOf(await refusal(issue(noOption, { purpose: 'extension' })))).toBe('extensionUnavailable')
  })

  it('applies a short payment as an ordinary repayment: interest, then principal, the due date unchanged', async () => {
    const order = await orderOf(db, product.single, { status: S.due, isDelay: true })
    const account = await issue(order, { purpose: 'extension' })
    await pay(t, account.accountNo, account.amount - 1)
    await deliver(t)
    const after = await reload(db, order)
    expect(after.order).toMatchObject({ status: S.due, dueAt: order.dueAt, paid: account.amount - 1 })
    expect(entriesOf(after.ledger)).toEqual([
      ['interest', 1, order.interest],
      ['principal', 1, FEE - 1],
    ])
  })

  it('applies the money as a repayment when late charges fell due before it arrived, and a new amount gets a new account', async () => {
    const order = await orderOf(db, product.single, { status: S.due, isDelay: true })
    const account = await issue(order, { purpose: 'extension' })
    // overdue meanwhile (the due date passed), with a late charge unpaid
    const past = new Date(Date.now() - 3 * DAY_MS)
    await db.update(orders).set({ status: S.overdue, penalty: cents(2_500), dueAt: past }).where(eq(orders.id, order.id))
    await db.update(orderPeriods).set({ status: 'overdue', dueAt: past }).where(eq(orderPeriods.orderKey, order.id))
    const again = await issue(order, { purpose: 'extension' })
    expect(again.accountId).not.toBe(account.accountId)
    expect(again.amount).toBe(account.amount + 2_500)
    await pay(t, account.accountNo)
    await deliver(t)
    const after = await reload(db, order)
    expect(after.order).toMatchObject({ status: S.overdue, dueAt: past, paid: account.amount, penaltyPaid: 2_500 })
    expect(entriesOf(after.ledger)).toEqual([
      ['late_charge', null, 2_500],
      ['interest', 1, order.interest],
      ['principal', 1, FEE - 2_500],
    ])
  })

  it('keeps the money of an order settled meanwhile as an overpayment, to refund', async () => {
    const order = await orderOf(db, product.single, { status: S.due, isDelay: true })
    const extension = await issue(order, { purpose: 'extension' })
    await pay(t, (await issue(order)).accountNo)
    await deliver(t)
    await pay(t, extension.accountNo)
    await deliver(t)
    const after = await reload(db, order)
    expect(after.order.status).toBe(S.settled)
    expect(entriesOf(after.ledger).at(-1)).toEqual(['overpayment', null, extension.amount])
  })
})

describe('the sandbox pay call', () => {
  it('pays an account and queues its callback', async () => {
    const order = await orderOf(db, product.single, { status: S.due })
    const account = await issue(order)
    const res = await postJson(t.app, SANDBOX_PAY_PATH, { accountNo: account.accountNo })
    expect(res.statusCode, res.body).toBe(200)
    const paymentId = res.json().data.paymentId as string
    expect(res.json()).toMatchObject({ code: 0, data: { paymentId: expect.stringMatching(/^sbx_pay_[0-9a-f]{24}$/) } })
    const [callback] = await db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.gatewayPaymentId, paymentId))
    expect(JSON.parse(callback!.body)).toEqual({
      id: paymentId,
      account_no: account.accountNo,
      external_id: String(account.accountId),
      amount: account.amount,
      paid_at: expect.any(String),
      method: 'BCA',
    })
    // one payment per account
    expect((await postJson(t.app, SANDBOX_PAY_PATH, { accountNo: account.accountNo })).statusCode).toBe(400)
    expect((await postJson(t.app, SANDBOX_PAY_PATH, { accountNo: '0000' })).statusCode).toBe(404)
    await deliver(t)
    expect((await reload(db, order)).order.status).toBe(S.settled)
  })

  it('is not there outside demo mode and tests, and the webhook needs a key there', async () => {
    // production without a built web app: its pages answer 503, nothing else is started
    const base = { NODE_ENV: 'production', DATA_DIR: 'unused-in-tests', WEB_DIST: 'no-web-app-in-tests', LOG_LEVEL: 'silent', JOB_INTERVAL_SECONDS: '0', SECRETS_KEYS: `live:${'k'.repeat(43)}=` }
    const app = await buildApp({ config: loadConfig({ ...base, PAYMENT_CALLBACK_SECRET: 'k'.repeat(32) }), db: t.database })
    try {
      expect((await postJson(app, SANDBOX_PAY_PATH, { accountNo: '1' })).statusCode).toBe(404)
      expect((await app.inject({ method: 'POST', url: PAYMENT_CALLBACK_PATH, payload: '{}' })).statusCode).toBe(401)
    } finally {
      await app.close()
    }
    await expect(buildApp({ config: loadConfig(base), db: t.database })).rejects.toThrow(ConfigError)
  })

  it('is delivered by a listening server on its own, at once after the sandbox pays', async () => {
    const app = await buildTestApp(t.database, { env: { JOB_INTERVAL_SECONDS: '1' } })
    await app.listen({ port: 0, host: '127.0.0.1' })
    try {
      const order = await orderOf(db, product.single, { status: S.due })
      const account = await issue(order)
      expect((await postJson(app, SANDBOX_PAY_PATH, { accountNo: account.accountNo })).statusCode).toBe(200)
      let status: number | undefined
      for (let i = 0; i < 50 && status !== S.settled; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100))
        status = (await reload(db, order)).order.status
      }
      expect(status).toBe(S.settled)
    } finally {
      await app.close()
    }
  })
})
