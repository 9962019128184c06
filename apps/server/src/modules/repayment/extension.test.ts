import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES, delayDetail, generateVcode, loanDetails } from '@kilat/contract'
import { ORDER_STATUS, formatDate, formatMoney } from '@kilat/domain'
import { orderPeriods, orders } from '../orders/orders.schema.js'
import { products } from '../products/products.schema.js'
import { ledgerEntries } from './repayment.schema.js'
import { get, post } from '../../test/inject.js'
import { SANDBOX_PAY_PATH } from './repayment.routes.js'
import { deliver, demoOrder, withSeededRepaymentApp, type RepaymentTestApp } from './test-helpers.js'

// The extension detail and an extension paid end to end (docs/product/loans.md#extension).
const DAY_MS = 86_400_000
const as = (tok: string) => ({ tok })
const me = as('demo-borrower')

let t: RepaymentTestApp
withSeededRepaymentApp((opened) => (t = opened))

const orderRow = async (orderNo: string) => (await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!
/** The extension fee of the order's product (each demo order has a copy of its own). */
const feeOf = async (order: { productId: number }) => (await t.database.db.select().from(products).where(eq(products.id, order.productId)))[0]!.extensionFee

describe('delay-detail', () => {
  it('asks for the fee plus the interest due, with the expiry, both due dates and the order lines', async () => {
    const res = (await post(t.app, delayDetail.path, { orderId: 'K2026000005' }, me)).json()
    expect(res.code).toBe(0)
    const order = await orderRow('K2026000005')
    const d = res.data
    // kilat-tunai: Rp 75.000 for 91 days more, paid with the interest still owed
    expect(order.paid).toBe(0)
    const total = 7_500_000 + order.interest
    expect(d).toMatchObject({ orderNo: 'K2026000005', productName: 'Kilat Tunai', delayShouldPayAmount: total, delayShouldPayText: formatMoney(total, 'ID'), canPay: 1, blockedReason: '' })
    expect(d.currentDueDate).toBe(formatDate(order.dueAt!, 'ID'))
    expect(d.newDueDate).toBe(formatDate(new Date(order.dueAt!.getTime() + 91 * DAY_MS), 'ID'))
    expect(d.delayExpiryTime).toBe(`${d.currentDueDate} 23:59:59`)
    expect(d.orderDetail.detail).toEqual([
      { text: 'Produk', value: 'Kilat Tunai' },
      { text: 'Jumlah pinjaman', value: formatMoney(order.principal, 'ID') },
      { text: 'Tanggal jatuh tempo', value: d.currentDueDate },
      { text: 'Tanggal jatuh tempo baru', value: d.newDueDate },
      { text: 'Biaya perpanjangan', value: 'Rp\u00a075.000,00' },
      { text: 'Bunga yang harus dibayar sekarang', value: formatMoney(order.interest, 'ID') },
      { text: 'Total bayar untuk perpanjangan', value: d.delayShouldPayText },
    ])
    expect(d.telephone).toBeTruthy()
  })

  it('speaks the borrower’s language and writes amounts as the order’s market does', async () => {
    const en = (await post(t.app, delayDetail.path, { orderId: 'K2026000005' }, { ...me, lang: 'en' })).json().data
    expect(en.orderDetail.detail.map((l: { text: string }) => l.text)).toEqual(['Product', 'Loan amount', 'Due date', 'New due date', 'Extension fee', 'Interest due now', 'Total to pay for the extension'])
    const es = (await post(t.app, delayDetail.path, { orderId: 'K2026000005' }, { ...me, lang: 'es' })).json().data
    expect(es.orderDetail.detail[4].text).toBe('Comisión de ampliación')
    expect(es.orderDetail.detail.at(-1).text).toBe('Total a pagar por la ampliación')
    const india = await orderRow('K2026000014')
    const inDetail = (await post(t.app, delayDetail.path, { orderId: 'K2026000014' }, as('demo-borrower-in'))).json().data
    expect(inDetail.delayShouldPayAmount).toBe(500_00 + india.interest)
    expect(inDetail.delayShouldPayText).toBe(formatMoney(500_00 + india.interest, 'IN'))
  })

  it('adds an overdue order’s late charges, and holds its amount until today’s end', async () => {
    const overdue = await demoOrder(t.app, 'demo-borrower', { kind: 'overdue' })
    const row = await orderRow(overdue)
    expect(row.penalty).toBeGreaterThan(0)
    const late = (await post(t.app, delayDetail.path, { orderId: overdue }, { ...me, lang: 'en' })).json().data
    expect(late.canPay).toBe(1)
    expect(late.delayShouldPayAmount).toBe((await feeOf(row)) + row.interest + row.penalty)
    expect(late.orderDetail.detail.slice(-2)).toEqual([
      { text: 'Late charges', value: formatMoney(row.penalty, 'ID') },
      { text: 'Total to pay for the extension', value: late.delayShouldPayText },
    ])
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
  it('takes the interest and the fee in one payment, moves the due date by the term, keeps the order due and shows the payment on loan details', async () => {
    const orderNo = await demoOrder(t.app, 'demo-borrower', { kind: 'due' })
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
    // the interest counts toward the loan; the principal is untouched
    expect(after.paid).toBe(before.interest)
    const ledger = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderKey, before.id)).orderBy(asc(ledgerEntries.id))
    expect(ledger.map((e) => [e.component, e.amount])).toEqual([
      ['interest', before.interest],
      ['extension_fee', detail.delayShouldPayAmount - before.interest],
    ])
    const [period] = await t.database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, before.id))
    expect(period).toMatchObject({ interestPaid: before.interest, principalPaid: 0, status: 'unpaid', dueAt: after.dueAt })
    const details = (await get(t.app, loanDetails.path, { ...me, orderId: orderNo })).json().data
    expect(details.orderStatus).toBe(ORDER_STATUS.due)
    expect(details.userOrderDetail.detail).toContainEqual({ text: 'Tanggal jatuh tempo', value: detail.newDueDate })
    expect(details.lastPayment).toEqual({ amount: detail.delayShouldPayAmount, amountText: detail.delayShouldPayText, paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/), method: 'BRI' })
    // the next extension is counted from the new due date, and costs the fee alone: no interest is owed
    const next = (await post(t.app, delayDetail.path, { orderId: orderNo }, me)).json().data
    expect(next.currentDueDate).toBe(detail.newDueDate)
    expect(next.delayShouldPayAmount).toBe(await feeOf(before))
  })
})
