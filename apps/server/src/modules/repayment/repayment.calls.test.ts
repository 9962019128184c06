import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ERROR_CODES, PERIOD_STATUS, loanDetails } from '@kilat/contract'
import { ORDER_STATUS, formatMoney } from '@kilat/domain'
import { createBorrowerWithSession, createOrder } from '../../db/factories.js'
import { get, post } from '../../test/inject.js'
import { orderPeriods, orders } from '../orders/orders.schema.js'
import { products, type Product } from '../products/products.schema.js'
import { SANDBOX_PAY_PATH } from './repayment.routes.js'
import { deliver, pay, reload, withSeededRepaymentApp, type RepaymentTestApp } from './test-helpers.js'

// The borrower's repayment calls over HTTP, on the demo data (docs/product/money-rules.md#repayment).
const INIT = '/h5-api/v3/loan-details/init-pay-type'
const VCODE = '/h5-api/v3/loan-details/generate-vcode'
const PLAN = '/h5-api/v3/installment/loan-play-detail'
const as = (tok: string) => ({ tok })
const me = as('demo-borrower')

let t: RepaymentTestApp
withSeededRepaymentApp((opened) => (t = opened))

describe('init-pay-type', () => {
  it('lists the banks with their channels, or the markets with ALFAMART first', async () => {
    const banks = (await post(t.app, INIT, { orderId: 'K2026000005', pay_type: 1 }, me)).json()
    expect(banks.code).toBe(0)
    expect(banks.data.list.map((b: { payCode: string }) => b.payCode)).toEqual(['BCA', 'BNI', 'BRI', 'MANDIRI', 'PERMATA', 'CIMB'])
    expect(banks.data.list[0].method).toHaveLength(3)
    const markets = (await post(t.app, INIT, { orderId: 'K2026000005', pay_type: 2 }, me)).json()
    expect(markets.data.list.map((b: { payCode: string }) => b.payCode)).toEqual(['ALFAMART', 'INDOMARET'])
  })

  it("answers not found for another borrower's order, asks for a session without one, and refuses bad input", async () => {
    expect((await post(t.app, INIT, { orderId: 'K2026000005', pay_type: 1 }, as('demo-borrower-2'))).json().code).toBe(ERROR_CODES.notFound)
    expect((await post(t.app, INIT, { orderId: 'K2026000005', pay_type: 1 })).json().code).toBe(ERROR_CODES.sessionRequired)
    for (const body of [{ pay_type: 1 } as Record<string, string | number>, { orderId: 'K2026000005', pay_type: 3 }, { orderId: "K1' or 1=1--", pay_type: 1 }, { orderId: 'K'.repeat(40), pay_type: 1 }]) {
      const res = await post(t.app, INIT, body, me)
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe(ERROR_CODES.invalidRequest)
    }
  })
})

describe('loan-play-detail', () => {
  it('lists the unpaid installments oldest first, only the first clickable, and the paid ones; amounts agree with generate-vcode', async () => {
    const res = (await post(t.app, PLAN, { orderId: 'K2026000004' }, me)).json()
    expect(res.code).toBe(0)
    const { repayWaitDetail: wait, repayYetDetail: yet } = res.data.repayPlanDetail
    expect(res.data.repayWaitCount).toBe(wait.length)
    expect(wait.length + yet.length).toBe(4)
    expect(yet).toHaveLength(2)
    expect(yet.every((p: { periodStatus: number; canClick: number }) => p.periodStatus === PERIOD_STATUS.paid && p.canClick === 0)).toBe(true)
    expect(wait.map((p: { canClick: number }) => p.canClick)).toEqual([1, ...wait.slice(1).map(() => 0)])
    expect(wait.map((p: { periodNo: number }) => p.periodNo)).toEqual([...wait.map((p: { periodNo: number }) => p.periodNo)].sort((a, b) => a - b))
    expect(wait[0].repayDes).toMatch(/^Cicilan 3 dari 4 · /)
    expect(wait[0].dueTime).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(wait[0].at).toMatch(/^Rp\u00a0\d/)
    // a selection's total, as the page adds it, is what the account asks
    const account = (await post(t.app, VCODE, { orderId: 'K2026000004', payCode: 'BNI', pay_type: 1, specific_num: 1 }, me)).json().data
    expect(account.amount).toBe(res.data.lateCharges + wait[0].totalAmount)
  })

  it('speaks the borrower’s language, refuses a partner order, another borrower’s order and bad input', async () => {
    const es = (await post(t.app, PLAN, { orderId: 'K2026000004' }, { ...me, lang: 'es' })).json()
    expect(es.data.repayPlanDetail.repayWaitDetail[0].repayDes).toMatch(/^Cuota 3 de 4 · /)
    expect(es.data.note).toContain('cuotas')
    expect((await post(t.app, PLAN, { orderId: 'K2026000008' }, me)).json().code).toBe(ERROR_CODES.repaidAtPartner)
    expect((await post(t.app, PLAN, { orderId: 'K2026000004' }, as('demo-borrower-2'))).json().code).toBe(ERROR_CODES.notFound)
    expect((await post(t.app, PLAN, { orderId: 'K2026000004' })).json().code).toBe(ERROR_CODES.sessionRequired)
    for (const body of [{} as Record<string, string>, { orderId: '<script>' }, { orderId: 'K'.repeat(33) }]) {
      expect((await post(t.app, PLAN, body, me)).json().code).toBe(ERROR_CODES.invalidRequest)
    }
  })
})

describe('generate-vcode', () => {
  it('gives the account for what the server says is owed, with the steps in the borrower’s language, and the same one again', async () => {
    const first = (await post(t.app, VCODE, { orderId: 'K2026000005', payCode: 'BCA', pay_type: 1 }, me)).json()
    expect(first.code).toBe(0)
    expect(first.data).toMatchObject({ cardNo: 'K2026000005', payType: 1, payCode: 'BCA', status: 'pending', specificNum: 0 })
    expect(first.data.vcode).toMatch(/^39358\d{11}$/)
    expect(first.data.amount).toBeGreaterThan(0)
    expect(first.data.payStep[0].name).toBe('ATM BCA')
    expect(JSON.stringify(first.data.payStep)).toContain(first.data.vcode)
    expect(first.data.expiresAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const again = (await post(t.app, VCODE, { orderId: 'K2026000005', payCode: 'BCA', pay_type: 1, amount: first.data.amount }, me)).json()
    expect(again.data.vcode).toBe(first.data.vcode)
    const english = (await post(t.app, VCODE, { orderId: 'K2026000005', payCode: 'BCA', pay_type: 1 }, { ...me, lang: 'en' })).json()
    expect(english.data.vcode).toBe(first.data.vcode)
  })

  it('uses the default market (ALFAMART) for a fresh repayment, with a list of steps', async () => {
    const res = (await post(t.app, VCODE, { orderId: 'K2026000005', pay_type: 2, is_default: 1 }, me)).json()
    expect(res.data.payCode).toBe('ALFAMART')
    expect(typeof res.data.payStep[0]).toBe('string')
  })

  it('refuses a default cash method where the market has none (India), and lists none', async () => {
    const india = as('demo-borrower-in')
    const res = await post(t.app, VCODE, { orderId: 'K2026000014', pay_type: 2, is_default: 1 }, india)
    expect(res.json().code).toBe(ERROR_CODES.payMethodUnknown)
    expect((await post(t.app, INIT, { orderId: 'K2026000014', pay_type: 2 }, india)).json().data.list).toEqual([])
    const upi = (await post(t.app, VCODE, { orderId: 'K2026000014', pay_type: 1, is_default: 1 }, india)).json()
    expect(upi.data.payCode).toBe('UPI')
    expect(upi.data.market).toBe('IN')
  })

  it('refuses an amount that is not owed, an unknown method, a settled order and another borrower’s order', async () => {
    const owed = (await post(t.app, VCODE, { orderId: 'K2026000005', payCode: 'BNI', pay_type: 1 }, me)).json().data.amount
    const wrong = await post(t.app, VCODE, { orderId: 'K2026000005', payCode: 'BNI', pay_type: 1, amount: owed - 1 }, me)
    expect(wrong.json().code).toBe(ERROR_CODES.amountNotOwed)
    expect(wrong.json().message).toContain('tidak sesuai')
    expect((await post(t.app, VCODE, { orderId: 'K2026000005', payCode: 'PAYPAL', pay_type: 1 }, me)).json().code).toBe(ERROR_CODES.payMethodUnknown)
    expect((await post(t.app, VCODE, { orderId: 'K2026000005', pay_type: 1 }, me)).json().code).toBe(ERROR_CODES.payMethodUnknown)
    expect((await post(t.app, VCODE, { orderId: 'K2026000007', payCode: 'BCA', pay_type: 1 }, me)).json().code).toBe(ERROR_CODES.nothingOwed)
    expect((await post(t.app, VCODE, { orderId: 'K2026000005', payCode: 'BCA', pay_type: 1 }, as('demo-borrower-2'))).json().code).toBe(ERROR_CODES.notFound)
    expect((await post(t.app, VCODE, { orderId: 'K2026000008', payCode: 'BCA', pay_type: 1 }, me)).json().code).toBe(ERROR_CODES.repaidAtPartner)
    for (const body of [{ orderId: 'K2026000005', payCode: 'bca; drop', pay_type: 1 } as Record<string, string | number>, { orderId: 'K2026000005', payCode: 'BCA', amount: 'lots' }, { orderId: 'K2026000005', payCode: 'BCA', specific_num: -1 }]) {
      expect((await post(t.app, VCODE, body, me)).json().code).toBe(ERROR_CODES.invalidRequest)
    }
  })

  it('pays the next installment alone through the sandbox: the order keeps repaying, and the next account is a new one', async () => {
    const plan = (await post(t.app, VCODE, { orderId: 'K2026000004', payCode: 'MANDIRI', pay_type: 1, specific_num: 1 }, me)).json()
    expect(plan.code).toBe(0)
    expect(plan.data.specificNum).toBe(1)
    const paid = await post(t.app, SANDBOX_PAY_PATH, { accountNo: plan.data.vcode }, me)
    expect(paid.json().code).toBe(0)
    expect((await deliver(t)).delivered).toBe(1)
    const again = (await post(t.app, VCODE, { orderId: 'K2026000004', payCode: 'MANDIRI', pay_type: 1, specific_num: 1 }, me)).json()
    expect(again.data.vcode).not.toBe(plan.data.vcode)
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, 'K2026000004'))
    expect(order?.status).toBe(ORDER_STATUS.repayingInstallments)
  })

  it('settles a single-payment loan paid in full', async () => {
    const account = (await post(t.app, VCODE, { orderId: 'K2026000005', payCode: 'BCA', pay_type: 1 }, me)).json().data
    await post(t.app, SANDBOX_PAY_PATH, { accountNo: account.vcode }, me)
    await deliver(t)
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, 'K2026000005'))
    expect(order?.status).toBe(ORDER_STATUS.settled)
    expect((await post(t.app, VCODE, { orderId: 'K2026000005', payCode: 'BCA', pay_type: 1 }, me)).json().code).toBe(ERROR_CODES.nothingOwed)
  })
})

describe('loan-details and generate-vcode', () => {
  const DAY_MS = 86_400_000
  const LATE = 30_000_00
  const PART = 12_345_00

  /** An overdue order of a borrower of its own, with Rp 30.000 of late charges. */
  async function overdueWithLateCharges(product: Product, spec: { paidPeriods?: number } = {}) {
    const db = t.database.db
    const { borrower, token } = await createBorrowerWithSession(db)
    const { order } = await createOrder(db, { borrowerId: borrower.id, product, status: ORDER_STATUS.overdue, penalty: LATE, ...spec })
    const who = { tok: token }
    return { db, order, who }
  }

  /** Rp 12.345 paid into an account for everything owed: all of it goes to the late charges. */
  async function payPart(orderNo: string, who: Record<string, string>) {
    const account = (await post(t.app, VCODE, { orderId: orderNo, payCode: 'BCA', pay_type: 1 }, who)).json().data
    await pay(t, account.vcode, PART)
    expect((await deliver(t)).delivered).toBe(1)
  }

  const line = (details: { userOrderDetail: { detail: Array<{ text: string; value: string }> } }, text: string) => details.userOrderDetail.detail.find((r) => r.text === text)?.value

  it('ask a single-payment loan for the same amount after a partly paid late charge: everything owed', async () => {
    const single = (await t.database.db.select().from(products)).find((p) => p.code === 'tunai-keluarga')!
    const { db, order, who } = await overdueWithLateCharges(single)
    await payPart(order.orderNo, who)
    expect((await reload(db, order)).order).toMatchObject({ penalty: LATE, penaltyPaid: PART, status: ORDER_STATUS.overdue })

    const details = (await get(t.app, loanDetails.path, { ...who, orderId: order.orderNo })).json().data
    const account = (await post(t.app, VCODE, { orderId: order.orderNo, payCode: 'BNI', pay_type: 1 }, who)).json().data
    expect(details.amountDue).toBe(account.amount)
    expect(details.amountDue).toBe(order.totalRepay + LATE - PART)
    // the order card's late charges are those still unpaid, counted once in the balance
    expect(line(details, 'Denda keterlambatan')).toBe(formatMoney(LATE - PART, 'ID'))
    expect(line(details, 'Sisa tagihan')).toBe(formatMoney(account.amount, 'ID'))
  })

  it('ask an installment loan for the same amount after a partly paid late charge: the overdue installment, the next one and the unpaid late charges', async () => {
    const installments = (await t.database.db.select().from(products)).find((p) => p.termUnit === 'period' && !p.isPartner && p.market === 'ID' && p.periods >= 3)!
    const { db, order, who } = await overdueWithLateCharges(installments, { paidPeriods: 1 })
    // the second installment past due, the third and later still to fall due
    const now = Date.now()
    for (let n = 3; n <= order.periods; n += 1) {
      await db.update(orderPeriods).set({ dueAt: new Date(now + (n - 2) * 30 * DAY_MS), status: 'unpaid' }).where(and(eq(orderPeriods.orderKey, order.id), eq(orderPeriods.periodNo, n)))
    }
    await payPart(order.orderNo, who)
    const { order: after, periods } = await reload(db, order)
    expect(after).toMatchObject({ penalty: LATE, penaltyPaid: PART, status: ORDER_STATUS.overdue })
    // the part went to the late charges alone: only the first installment, paid before, is paid
    expect(periods.filter((p) => p.paid > 0).map((p) => p.periodNo)).toEqual([1])

    const details = (await get(t.app, loanDetails.path, { ...who, orderId: order.orderNo })).json().data
    // the repay button's selection: installments 2 (overdue) and 3 (next to fall due)
    expect(details.amountDuePeriods).toBe(2)
    const account = (await post(t.app, VCODE, { orderId: order.orderNo, payCode: 'BNI', pay_type: 1, specific_num: details.amountDuePeriods }, who)).json().data
    expect(details.amountDue).toBe(account.amount)
    expect(details.amountDue).toBe(LATE - PART + periods[1]!.total + periods[2]!.total)
    const everything = (await post(t.app, VCODE, { orderId: order.orderNo, payCode: 'BNI', pay_type: 1 }, who)).json().data
    expect(line(details, 'Sisa tagihan')).toBe(formatMoney(everything.amount, 'ID'))
    expect(line(details, 'Denda keterlambatan')).toBe(formatMoney(LATE - PART, 'ID'))
    // the plan's late charges are the same unpaid part
    expect((await post(t.app, PLAN, { orderId: order.orderNo }, who)).json().data.lateCharges).toBe(LATE - PART)
  })
})
