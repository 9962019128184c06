import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loanDetails, recommendProductList } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'
import { orders } from '../modules/orders/orders.schema.js'
import { get, post } from './inject.js'
import { countQueries } from './query-counter.js'
import { openSeededApp, type SeededApp } from './setup-db.js'

/**
 * Database round trips of the busiest calls (docs/decisions/0008-api-performance.md): each is paid
 * on every request, so a change that adds one must change this test too, on purpose. Each call is
 * made twice and the second counted: the session the first resolved is then in the process's cache
 * (no statement), as it is for a borrower moving through the screens, and the once-a-minute
 * `last_seen_at` write is out of the count.
 */
const SESSION = 0

let seeded: SeededApp
let app: FastifyInstance
let demoOrders: Array<{ orderNo: string; status: number }> = []
const ME = { tok: 'demo-borrower' }

beforeAll(async () => {
  seeded = await openSeededApp()
  app = seeded.app
  const rows = await seeded.database.db.select({ orderNo: orders.orderNo, status: orders.status }).from(orders)
  // the first demo borrower's showcase orders, one per status
  demoOrders = rows.filter((r) => r.orderNo <= 'K2026000010')
})

afterAll(async () => {
  await seeded?.close()
})

/** The statements the second of two identical calls sends. */
async function statementsOf(call: () => Promise<{ statusCode: number }>): Promise<string[]> {
  await call()
  const counter = countQueries(seeded.database)
  try {
    const res = await call()
    expect(res.statusCode).toBe(200)
    return [...counter.statements]
  } finally {
    counter.stop()
  }
}

describe('database round trips per call', () => {
  it('covers every order status', () => {
    expect(new Set(demoOrders.map((o) => o.status))).toEqual(new Set(Object.values(ORDER_STATUS)))
  })

  it('resolves a session once, then from the cache', async () => {
    const fresh = { tok: 'demo-borrower-2' }
    const first = countQueries(seeded.database)
    try {
      expect((await post(app, recommendProductList.path, {}, fresh)).statusCode).toBe(200)
      expect(first.statements.filter((s) => s.includes('"sessions"')), first.statements.join('\n')).toHaveLength(1)
    } finally {
      first.stop()
    }
    const statements = await statementsOf(() => post(app, recommendProductList.path, {}, fresh))
    expect(statements.filter((s) => s.includes('"sessions"')), statements.join('\n')).toHaveLength(0)
  })

  it('loan-details: the order with its product, schedule, rating and the borrower\'s unsettled orders in one query (the list\'s products are kept)', async () => {
    for (const { orderNo, status } of demoOrders) {
      const statements = await statementsOf(() => get(app, loanDetails.path, { ...ME, orderId: orderNo }))
      expect(statements, `status ${status}:\n${statements.join('\n')}`).toHaveLength(SESSION + 1)
    }
  })

  it('recommend-product-list: the borrower\'s unsettled orders in one query, the market\'s products kept', async () => {
    const statements = await statementsOf(() => post(app, recommendProductList.path, {}, ME))
    expect(statements, statements.join('\n')).toHaveLength(SESSION + 1)
  })
})
