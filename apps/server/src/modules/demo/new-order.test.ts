import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERROR_CODES, delayDetail, demoNewOrder, loanDetails, loanPlayDetail, recommendProductList } from '@kilat/contract'
import { ORDER_STATUS, formatDate } from '@kilat/domain'
import { orders } from '../orders/orders.schema.js'
import { products } from '../products/products.schema.js'
import { get, post } from '../../test/inject.js'
import { buildTestApp, openSeededApp, type SeededApp } from '../../test/setup-db.js'

// The demo's new-order call: a fresh paid-out order for the signed-in borrower, for browser tests.
const me = { tok: 'demo-borrower' }
const DAY_MS = 86_400_000

let seeded: SeededApp
beforeAll(async () => {
  seeded = await openSeededApp()
})
afterAll(async () => {
  await seeded?.close()
})

async function create(fields: Record<string, string | number>, query: Record<string, string> = me): Promise<string> {
  const res = (await post(seeded.app, demoNewOrder.path, fields, query)).json()
  expect(res.code, JSON.stringify(res)).toBe(0)
  return res.data.orderNo
}
const rowOf = async (orderNo: string) => (await seeded.database.db.select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!

describe('demo new-order', () => {
  it('creates a due single payment that may be extended, as many times as asked, each on its own unlisted product', async () => {
    const first = await create({ kind: 'due' })
    const second = await create({ kind: 'due' })
    expect(first).not.toBe(second)
    const details = (await get(seeded.app, loanDetails.path, { ...me, orderId: first })).json().data
    expect(details).toMatchObject({ orderStatus: ORDER_STATUS.due, isDelay: 1, lastPayment: null })
    const [a, b] = [await rowOf(first), await rowOf(second)]
    expect(a.productId).not.toBe(b.productId)
    const [product] = await seeded.database.db.select().from(products).where(eq(products.id, a.productId))
    expect(product).toMatchObject({ status: 'disabled', name: 'Tunai Keluarga', market: 'ID' })
    expect(formatDate(a.dueAt!, 'ID')).toBe(formatDate(new Date(Date.now() + 5 * DAY_MS), 'ID'))
    const list = (await post(seeded.app, recommendProductList.path, {}, me)).json()
    expect(JSON.stringify(list)).not.toContain(product!.code)
  })

  it('creates an installment loan with the paid installments asked, the next one due in 5 days', async () => {
    const orderNo = await create({ kind: 'installments', paidPeriods: 2 })
    expect((await rowOf(orderNo)).status).toBe(ORDER_STATUS.repayingInstallments)
    const plan = (await post(seeded.app, loanPlayDetail.path, { orderId: orderNo }, me)).json().data
    expect(plan.repayPlanDetail.repayYetDetail).toHaveLength(2)
    expect(plan.repayPlanDetail.repayWaitDetail[0].dueTime).toBe(formatDate(new Date(Date.now() + 5 * DAY_MS), 'ID'))
    expect(plan.lateCharges).toBe(0)
    const none = (await post(seeded.app, loanPlayDetail.path, { orderId: await create({ kind: 'installments', paidPeriods: 0 }) }, me)).json().data
    expect(none.repayPlanDetail.repayYetDetail).toHaveLength(0)
  })

  it('creates an overdue order with its late charges, and a due one whose extension can be paid at once with its interest', async () => {
    const overdue = await rowOf(await create({ kind: 'overdue' }))
    expect(overdue.status).toBe(ORDER_STATUS.overdue)
    expect(overdue.penalty).toBeGreaterThan(0)
    const due = await create({ kind: 'due' })
    const row = await rowOf(due)
    expect(row.paid).toBe(0)
    const detail = (await post(seeded.app, delayDetail.path, { orderId: due }, me)).json().data
    const [product] = await seeded.database.db.select().from(products).where(eq(products.id, row.productId))
    expect(detail).toMatchObject({ canPay: 1, delayShouldPayAmount: product!.extensionFee + row.interest })
  })

  it('creates an approved order waiting for its payout, what it pays out ending in the cents asked (the payout sandbox\'s rules)', async () => {
    const plain = await rowOf(await create({ kind: 'approved' }))
    expect(plain).toMatchObject({ status: ORDER_STATUS.approved, disbursedAt: null, dueAt: null, manualReview: true })
    const failing = await rowOf(await create({ kind: 'approved', payoutCents: 14 }))
    expect(failing.received % 100).toBe(14)
    expect(failing.fee + failing.received).toBe(failing.principal)
    const details = (await get(seeded.app, loanDetails.path, { ...me, orderId: failing.orderNo })).json().data
    expect(details).toMatchObject({ orderStatus: ORDER_STATUS.approved, payoutInProgress: false })
    for (const payoutCents of ['-1', '100', 'x']) expect((await post(seeded.app, demoNewOrder.path, { kind: 'approved', payoutCents }, me)).json().code).toBe(ERROR_CODES.invalidRequest)
  })

  it('works in every market, for the borrower who asks only', async () => {
    const mx = await create({ kind: 'due' }, { tok: 'demo-borrower-mx' })
    expect((await get(seeded.app, loanDetails.path, { tok: 'demo-borrower-mx', orderId: mx })).json().data.market).toBe('MX')
    expect((await get(seeded.app, loanDetails.path, { ...me, orderId: mx })).json().code).toBe(ERROR_CODES.notFound)
    const india = await create({ kind: 'installments', paidPeriods: 1 }, { tok: 'demo-borrower-in' })
    expect((await rowOf(india)).status).toBe(ORDER_STATUS.repayingInstallments)
  })

  it('refuses bad input, too many paid installments and no session', async () => {
    expect((await post(seeded.app, demoNewOrder.path, { kind: 'installments', paidPeriods: 6 }, me)).json().code).toBe(ERROR_CODES.selectionInvalid)
    for (const body of [{} as Record<string, string | number>, { kind: 'settled' }, { kind: 'due', paidPeriods: -1 }, { kind: 'due', paidPeriods: 'two' }, { kind: "due' or 1=1" }]) {
      const res = await post(seeded.app, demoNewOrder.path, body, me)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe(ERROR_CODES.invalidRequest)
    }
    expect((await post(seeded.app, demoNewOrder.path, { kind: 'due' })).json().code).toBe(ERROR_CODES.sessionRequired)
  })

  it('is not there outside demo mode', async () => {
    const app = await buildTestApp(seeded.database, { env: { DEMO_MODE: '0', PAYMENT_CALLBACK_SECRET: 'k'.repeat(32) } })
    try {
      expect((await post(app, demoNewOrder.path, { kind: 'due' }, me)).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})
