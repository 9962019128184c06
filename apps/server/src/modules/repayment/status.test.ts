import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES, generateVcode, loanDetails, vcodeStatus } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'
import { paymentAccounts } from './repayment.schema.js'
import { get, post } from '../../test/inject.js'
import { SANDBOX_PAY_PATH } from './repayment.routes.js'
import { deliver, demoOrder, withSeededRepaymentApp, type RepaymentTestApp } from './test-helpers.js'

// vcode-status, what /that polls, and loan details after a payment (docs/product/money-rules.md#repayment).
const as = (tok: string) => ({ tok })
const me = as('demo-borrower')

let t: RepaymentTestApp
withSeededRepaymentApp((opened) => (t = opened))

const account = async (orderId: string, fields: Record<string, string | number> = {}) => {
  const res = (await post(t.app, generateVcode.path, { orderId, payCode: 'BCA', pay_type: 1, ...fields }, me)).json()
  expect(res.code, JSON.stringify(res)).toBe(0)
  return res.data as { accountId: number; vcode: string; amount: number }
}
const status = (accountId: number | string, tok = 'demo-borrower') => get(t.app, vcodeStatus.path, { tok, accountId })

describe('vcode-status', () => {
  it('is pending, then paid with its time once the callback is in; loan details show the order settled and the payment', async () => {
    const orderNo = await demoOrder(t.app, 'demo-borrower', { kind: 'due' })
    expect((await get(t.app, loanDetails.path, { ...me, orderId: orderNo })).json().data.lastPayment).toBeNull()
    const a = await account(orderNo)
    const pending = (await status(a.accountId)).json()
    expect(pending).toEqual({ code: 0, message: 'success', data: { accountId: a.accountId, status: 'pending', orderNo, orderStatus: ORDER_STATUS.due, paidAt: null, utr: null } })
    await post(t.app, SANDBOX_PAY_PATH, { accountNo: a.vcode })
    // paid at the gateway, the callback not yet in: still pending here
    expect((await status(a.accountId)).json().data.status).toBe('pending')
    await deliver(t)
    const paid = (await status(a.accountId)).json().data
    expect(paid).toMatchObject({ status: 'paid', orderStatus: ORDER_STATUS.settled, paidAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/) })

    const details = (await get(t.app, loanDetails.path, { ...me, orderId: orderNo })).json()
    expect(details.success).toBe(true)
    expect(details.data.orderStatus).toBe(ORDER_STATUS.settled)
    expect(details.data.lastPayment).toEqual({ amount: a.amount, amountText: expect.stringMatching(/^Rp\u00a0\d/), paidAt: paid.paidAt, method: 'BCA' })
  })

  it('is expired once its time is over unpaid', async () => {
    const orderNo = await demoOrder(t.app, 'demo-borrower', { kind: 'overdue' })
    const a = await account(orderNo, { payCode: 'BNI' })
    await t.database.db.update(paymentAccounts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(paymentAccounts.id, a.accountId))
    expect((await status(a.accountId)).json().data).toMatchObject({ status: 'expired', orderStatus: ORDER_STATUS.overdue, paidAt: null })
  })

  it('answers not found for another borrower’s account or none, asks for a session, and refuses bad input', async () => {
    const a = await account('K2026000005')
    expect((await status(a.accountId, 'demo-borrower-2')).json().code).toBe(ERROR_CODES.notFound)
    expect((await status(2_000_000_000)).json().code).toBe(ERROR_CODES.notFound)
    expect((await get(t.app, vcodeStatus.path, { accountId: a.accountId })).json().code).toBe(ERROR_CODES.sessionRequired)
    for (const accountId of ['', 'abc', '0', '-1', '1.5', '99999999999', "1' or '1'='1", '<script>']) {
      const res = await status(accountId)
      expect(res.statusCode, accountId).toBe(400)
      expect(res.json().code).toBe(ERROR_CODES.invalidRequest)
    }
    expect((await get(t.app, vcodeStatus.path, { tok: 'demo-borrower' })).json().code).toBe(ERROR_CODES.invalidRequest)
  })
})

describe('loan details after an installment is paid', () => {
  it('show the next installment and the payment', async () => {
    const orderNo = await demoOrder(t.app, 'demo-borrower', { kind: 'installments', paidPeriods: 1 })
    const a = await account(orderNo, { payCode: 'MANDIRI', specific_num: 1 })
    await post(t.app, SANDBOX_PAY_PATH, { accountNo: a.vcode })
    await deliver(t)
    const details = (await get(t.app, loanDetails.path, { ...me, orderId: orderNo, lang: 'en' })).json().data
    expect(details.orderStatus).toBe(ORDER_STATUS.repayingInstallments)
    expect(details.noticeDesText).toMatch(/^Your next installment of Rp\u00a0[\d.,]+ is due on \d{4}-\d{2}-\d{2}\.$/)
    expect(details.lastPayment).toMatchObject({ amount: a.amount, method: 'Mandiri' })
  })
})
