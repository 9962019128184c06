import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loanDetails, type LoanDetails } from '@kilat/contract'
import { ORDER_STATUS, type OrderStatus } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { get } from '../../test/inject.js'
import { updateOrderInStatus } from '../orders/orders.service.js'
import type { Product } from '../products/products.schema.js'

/**
 * A rejected borrower reads why (docs/product/loans.md#rejection-reason, India's Digital Lending
 * Directions): loan details names the latest rejection's reason from the order's history, a
 * decision's as it is, a staff member's mapped to words for the borrower; no other status has one.
 */

let database: Database
let app: FastifyInstance
let product: Product

beforeAll(async () => {
  database = await openTestDatabase()
  // no job: the submitted orders here are decided by the test alone
  app = await buildTestApp(database, { env: { JOB_INTERVAL_SECONDS: '0' } })
  await app.ready()
  product = await createProduct(database.db)
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

type Rejection = { kind: 'system'; reason: string | null } | { kind: 'staff'; staffId: number; reason: string; note?: string }

/**
 * A borrower's order in `status`; with rejections, a submitted order rejected through the orders
 * module's own write, which keeps each change's history row as the desk and the decisions do. A
 * second rejection goes back to submitted first (only to give the history a later rejection).
 */
async function orderOf(status: OrderStatus, ...rejections: Rejection[]) {
  const { borrower, token } = await createBorrowerWithSession(database.db)
  const { order } = await createOrder(database.db, { borrowerId: borrower.id, product, status: rejections.length ? ORDER_STATUS.submitted : status })
  const S = ORDER_STATUS
  for (const [i, by] of rejections.entries()) {
    await database.db.transaction(async (tx) => {
      if (i > 0) expect(await updateOrderInStatus(tx, order.id, S.rejected, { status: S.submitted }, { kind: 'system' })).toBe(true)
      expect(await updateOrderInStatus(tx, order.id, S.submitted, { status: S.rejected, decidedAt: new Date(), updatedAt: new Date() }, by)).toBe(true)
    })
  }
  return { orderNo: order.orderNo, token }
}

async function detailsOf(who: { orderNo: string; token: string }, tok = who.token) {
  return get(app, loanDetails.path, { tok, orderId: who.orderNo })
}

const dataOf = async (who: { orderNo: string; token: string }): Promise<LoanDetails> => {
  const res = await detailsOf(who)
  expect(res.statusCode).toBe(200)
  return res.json().data
}

describe('loan-details: why a rejected order was not approved', () => {
  it.each([
    ['overdue_history', 'overdue_history'],
    ['too_many_applications', 'too_many_applications'],
    ['cooling_off', 'cooling_off'],
    ['outside_policy', 'outside_policy'],
  ])('names the decision’s reason %s as it is', async (kept, shown) => {
    const order = await orderOf(ORDER_STATUS.rejected, { kind: 'system', reason: kept })
    expect(await dataOf(order)).toMatchObject({ orderStatus: ORDER_STATUS.rejected, rejectReason: shown })
  })

  it.each([
    ['credit_history', 'overdue_history'],
    ['identity_unverified', 'identity_unverified'],
    ['duplicate_application', 'too_many_applications'],
    // never "suspected fraud" to the borrower
    ['fraud_suspected', 'outside_policy'],
    ['income_insufficient', 'outside_policy'],
    ['existing_debt', 'outside_policy'],
    ['other', 'outside_policy'],
  ])('maps the staff’s reason %s to %s', async (kept, shown) => {
    const order = await orderOf(ORDER_STATUS.rejected, { kind: 'staff', staffId: 7, reason: kept, note: 'Checked by phone with the employer.' })
    const data = await dataOf(order)
    expect(data.rejectReason).toBe(shown)
    // the staff member's note stays with staff
    expect(JSON.stringify(data)).not.toContain('employer')
  })

  it('takes the latest rejection of the history', async () => {
    const order = await orderOf(ORDER_STATUS.rejected, { kind: 'system', reason: 'overdue_history' }, { kind: 'staff', staffId: 7, reason: 'identity_unverified' })
    expect((await dataOf(order)).rejectReason).toBe('identity_unverified')
  })

  it('says outside_policy for a rejection that kept no reason or an unknown one', async () => {
    // rejected before reasons were kept: no history row at all
    expect((await dataOf(await orderOf(ORDER_STATUS.rejected))).rejectReason).toBe('outside_policy')
    expect((await dataOf(await orderOf(ORDER_STATUS.rejected, { kind: 'system', reason: null }))).rejectReason).toBe('outside_policy')
    expect((await dataOf(await orderOf(ORDER_STATUS.rejected, { kind: 'system', reason: 'constructor' }))).rejectReason).toBe('outside_policy')
  })

  it.each([ORDER_STATUS.submitted, ORDER_STATUS.approved, ORDER_STATUS.due, ORDER_STATUS.overdue, ORDER_STATUS.settled])('has none for an order in status %i', async (status) => {
    expect((await dataOf(await orderOf(status))).rejectReason).toBeNull()
  })

  it('still refuses another borrower’s rejected order, with nothing of its reason', async () => {
    const theirs = await orderOf(ORDER_STATUS.rejected, { kind: 'staff', staffId: 7, reason: 'fraud_suspected' })
    const { token } = await createBorrowerWithSession(database.db)
    const res = await detailsOf(theirs, token)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ success: false, code: 1002, data: null })
    expect(res.body).not.toMatch(/outside_policy|fraud/)
  })
})
