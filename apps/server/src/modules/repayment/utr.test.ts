import { describe, expect, it } from 'vitest'
import { ERROR_CODES, generateVcode, submitUtr, vcodeStatus } from '@kilat/contract'
import { get, post } from '../../test/inject.js'
import { SANDBOX_PAY_PATH } from './repayment.routes.js'
import { deliver, demoOrder, withSeededRepaymentApp, type RepaymentTestApp } from './test-helpers.js'

// India's bank transfer: the UTR the borrower submits after paying (docs/product/money-rules.md#repayment).
const india = { tok: 'demo-borrower-in' }

let t: RepaymentTestApp
withSeededRepaymentApp((opened) => (t = opened))

async function transfer(orderId: string, payCode = 'BANK_TRANSFER') {
  const res = (await post(t.app, generateVcode.path, { orderId, payCode, pay_type: 1 }, india)).json()
  expect(res.code, JSON.stringify(res)).toBe(0)
  return res.data as { accountId: number; vcode: string }
}
const utr = (fields: Record<string, string | number>, query: Record<string, string> = india) => post(t.app, submitUtr.path, fields, query)

describe('submit-utr', () => {
  it('keeps the UTR on the pending transfer, takes the same one again, and a new one replaces it', async () => {
    const a = await transfer('K2026000014')
    const first = (await utr({ orderId: 'K2026000014', accountId: a.accountId, utr: '123456789012' })).json()
    expect(first).toEqual({ code: 0, message: 'success', data: { accountId: a.accountId, utr: '123456789012' } })
    expect((await utr({ orderId: 'K2026000014', accountId: a.accountId, utr: ' 123456789012 ' })).json().code).toBe(0)
    expect((await utr({ orderId: 'K2026000014', accountId: a.accountId, utr: '210987654321' })).json().data.utr).toBe('210987654321')
    expect((await get(t.app, vcodeStatus.path, { ...india, accountId: a.accountId })).json().data.utr).toBe('210987654321')
  })

  it('refuses a UPI account and a transfer already paid; the UTR then stays as it was', async () => {
    const orderNo = await demoOrder(t.app, 'demo-borrower-in', { kind: 'due' })
    const upi = await transfer(orderNo, 'UPI')
    const refused = (await utr({ orderId: orderNo, accountId: upi.accountId, utr: '123456789012' })).json()
    expect(refused.code).toBe(ERROR_CODES.utrNotAccepted)
    expect(refused.message).toMatch(/UTR/)
    const a = await transfer(orderNo)
    expect((await utr({ orderId: orderNo, accountId: a.accountId, utr: '111122223333' })).json().code).toBe(0)
    await post(t.app, SANDBOX_PAY_PATH, { accountNo: a.vcode })
    await deliver(t)
    expect((await utr({ orderId: orderNo, accountId: a.accountId, utr: '444455556666' })).json().code).toBe(ERROR_CODES.utrNotAccepted)
    // the same one again after the payment is a retry: no change, and no error either
    expect((await utr({ orderId: orderNo, accountId: a.accountId, utr: '111122223333' })).json().code).toBe(0)
    expect((await get(t.app, vcodeStatus.path, { ...india, accountId: a.accountId })).json().data).toMatchObject({ status: 'paid', utr: '111122223333' })
  })

  it('answers not found for another borrower’s account, or one of another order; refuses bad input', async () => {
    const a = await transfer('K2026000014')
    const mine = { orderId: 'K2026000014', accountId: a.accountId, utr: '123456789012' }
    expect((await utr(mine, { tok: 'demo-borrower' })).json().code).toBe(ERROR_CODES.notFound)
    expect((await utr({ ...mine, orderId: 'K2026000015' })).json().code).toBe(ERROR_CODES.notFound)
    expect((await utr(mine, {})).json().code).toBe(ERROR_CODES.sessionRequired)
    const bad: Array<Record<string, string | number>> = [
      { orderId: 'K2026000014', accountId: a.accountId },
      { orderId: 'K2026000014', accountId: a.accountId, utr: '12345678901' },
      { orderId: 'K2026000014', accountId: a.accountId, utr: '1234567890123' },
      { orderId: 'K2026000014', accountId: a.accountId, utr: '12345678901a' },
      { orderId: 'K2026000014', accountId: a.accountId, utr: "1' or '1'='1" },
      { orderId: 'K2026000014', accountId: 'first', utr: '123456789012' },
      { orderId: '<b>K</b>', accountId: a.accountId, utr: '123456789012' },
      { accountId: a.accountId, utr: '123456789012' },
    ]
    for (const body of bad) {
      const res = await utr(body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe(ERROR_CODES.invalidRequest)
    }
  })
})
