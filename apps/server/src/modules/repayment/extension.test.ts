import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES, delayDetail, generateVcode, loanDetails } from '@kilat/contract'
import { ORDER_STATUS, formatDate } from '@kilat/domain'
import { seedDemo } from '../../db/seed.js'
import { orders } from '../../db/schema.js'
import { get, post } from '../../test/inject.js'
import { SANDBOX_PAY_PATH } from './repayment.routes.js'
import { deliver, demoOrder, openRepaymentApp, type RepaymentTestApp } from './test-helpers.js'

// The extension detail and an extension paid end to end (docs/product/loans.md#extension).
const DAY_MS = 86_400_000
const as = (tok: string) => ({ tok })
const me = as('demo-borrower')

let t: RepaymentTestApp
beforeAll(async () => {
  t = await openRepaymentApp()
  await seedDemo(t.database.db, { sessionTtlDays: 30 })
})
afterAll(async () => {
  await t?.close()
})

const orderRow = async (orderNo: string) => (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!

describe('delay-detail', () => {
  it('shows the fee, the expiry, both due dates and the order lines; blocked while the interest is unpaid', async () => {
    const res = (await post(t.app, delayDetail.path, { orderId: 'K2026000005' }, me)).json()
    expect(res.code).toBe(0)
    const order = await orderRow('K2026000005')
    const d = res.data
    // kilat-tunai: Rp 75.000 for 91 days more
    expect(d).toMatchObject({ orderNo: 'K2026000005', productName: 'Kilat Tunai', delayShouldPayAmount: 7_500_000, delayShouldPayText: 'Rp 75.000,00', canPay: 0 })
    expect(d.currentDueDate).toBe(formatDate(order.dueAt!, 'ID'))
    expect(d.newDueDate).toBe(formatDate(new Date(order.dueAt!.getTime() + 91 * DAY_MS), 'ID'))
    expect(d.delayExpiryTime).toBe(`${d.currentDueDate} 23:59:59`)
    expect(d.blockedReason).toMatch(/^Silakan bayar bunga dan denda .*Rp /)
    expect(d.orderDetail.detail.map((l: { text: string }) => l.text)).toEqual(['Produk', 'Jumlah pinjaman', 'Tanggal jatuh tempo', 'Tanggal jatuh tempo baru', 'Biaya perpanjangan'])
    expect(d.orderDetail.detail.at(-1).value).toBe('Rp 75.000,00')
    expect(d.telephone).toBeTruthy()
  })

  it('speaks the borrower’s language and writes amounts as the order’s market does', async () => {
    const en = (await post(t.app, delayDetail.path, { orderId: 'K2026000005' }, { ...me, lang: 'en' })).json().data
    expect(en.orderDetail.detail[3].text).toBe('New due date')
    expect(en.blockedReason).toMatch(/^Please pay the interest/)
    const es = (await post(t.app, delayDetail.path, { orderId: 'K2026000005' }, { ...me, lang: 'es' })).json().data
    expect(es.orderDetail.detail[4].text).toBe('Comisión de ampliación')
    const india = (await post(t.app, delayDetail.path, { orderId: 'K2026000014' }, as('demo-borrower-in'))).json().data
    expect(india.delayShouldPayText).toBe('₹500.00')
  })

  it('can be paid once the interest is paid; an overdue order’s fee holds until today’s end', async () => {
    const due = await demoOrder(t.app, 'demo-borrower', { kind: 'due', interestPaid: 1 })
    const ready = (await post(t.app, delayDetail.path, { orderId: due }, me)).json().data
    expect(ready).toMatchObject({ canPay: 1, blockedReason: '' })
    const overdue = await demoOrder(t.app, 'demo-borrower', { kind: 'overdue' })
    const late = (await post(t.app, delayDetail.path, { orderId: overdue }, me)).json().data
    expect(late.canPay).toBe(0)
    expect(late.delayExpiryTime).toBe(`${formatDate(new Date(), 'ID')} 23:59:59`)
  })

  it('refuses another borrower’s order, a partner’s, one that cannot be extended, no session and bad input', async () => {
    expect((await post(t.app, delayDetail.path, { orderId: 'K2026000005' }, as('demo-borrower-2'))).json().code).toBe(ERROR_CODES.notFound)
    expect((await post(t.app, delayDetail.path, { orderId: 'K2026000008' }, me)).json().code).toBe(ERROR_CODES.repaidAtPartner)
    for (const orderId of ['K2026000004', 'K2026000007', 'K2026000001', 'K2026000006']) {
      expect((await post(t.app, delayDetail.path, { orderId }, me)).json().code, orderId).toBe(ERROR_CODES.extensionUnavailable)
    }
    expect((await post(t.app, delayDetail.path, { orderId: 'K2026000005' })).json().code).toBe(ERROR_CODES.sessionRequired)
    for (const body of [{} as Record<string, string | number>, { orderId: 'K'.repeat(33) }, { orderId: "K1' or '1'='1" }, { orderId: '<img src=x>' }, { orderId: 'K2026000005', productId: 'abc' }]) {
      const res = await post(t.app, delayDetail.path, body, me)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe(ERROR_CODES.invalidRequest)
    }
  })
})

describe('an extension paid end to end', () => {
  it('moves the due date by the term, keeps the order due and shows the payment on loan details', async () => {
    const orderNo = await demoOrder(t.app, 'demo-borrower', { kind: 'due', interestPaid: 1 })
    const before = await orderRow(orderNo)
    const detail = (await post(t.app, delayDetail.path, { orderId: orderNo }, me)).json().data
    const account = (await post(t.app, generateVcode.path, { orderId: orderNo, payCode: 'BRI', pay_type: 1, purpose: 'extension', amount: detail.delayShouldPayAmount }, me)).json()
    expect(account.code).toBe(0)
    expect(account.data.amount).toBe(detail.delayShouldPayAmount)
    expect((await post(t.app, SANDBOX_PAY_PATH, { accountNo: account.data.vcode })).json().code).toBe(0)
    expect((await deliver(t)).delivered).toBe(1)

    const after = await orderRow(orderNo)
    expect(after.status).toBe(ORDER_STATUS.due)
    expect(after.dueAt!.getTime() - before.dueAt!.getTime()).toBe(before.termDays * DAY_MS)
    expect(formatDate(after.dueAt!, 'ID')).toBe(detail.newDueDate)
    const details = (await get(t.app, loanDetails.path, { ...me, orderId: orderNo })).json().data
    expect(details.orderStatus).toBe(ORDER_STATUS.due)
    expect(details.userOrderDetail.detail).toContainEqual({ text: 'Tanggal jatuh tempo', value: detail.newDueDate })
    expect(details.lastPayment).toEqual({ amount: detail.delayShouldPayAmount, amountText: detail.delayShouldPayText, paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), method: 'BRI' })
    // the next extension is counted from the new due date
    const next = (await post(t.app, delayDetail.path, { orderId: orderNo }, me)).json().data
    expect(next.currentDueDate).toBe(detail.newDueDate)
  })
})
