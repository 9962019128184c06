import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, demoOrders } from '@kilat/contract'
import { ORDER_STATUSES, isUnsettled, type OrderStatus } from '@kilat/domain'
import { get } from '../../test/inject.js'
import { buildTestApp, openSeededApp, type SeededApp } from '../../test/setup-db.js'

let seeded: SeededApp

beforeAll(async () => {
  seeded = await openSeededApp()
})

afterAll(async () => {
  await seeded?.close()
})

describe('demo orders', () => {
  it('lists the demo borrower’s own orders, one in every status, and a product free to apply for', async () => {
    const res = await get(seeded.app, demoOrders.path, { tok: 'demo-borrower' })
    expect(res.statusCode).toBe(200)
    const { data } = res.json()
    const statuses = new Set(data.orders.map((o: { status: number }) => o.status))
    for (const status of ORDER_STATUSES) expect(statuses.has(status), `status ${status}`).toBe(true)
    expect(data.orders.every((o: { orderNo: string }) => /^K2026/.test(o.orderNo))).toBe(true)
    const product = seeded.products.find((p) => p.id === data.productId)!
    expect(product).toMatchObject({ market: 'ID', status: 'active', isPartner: false })
    const busy = data.orders.filter((o: { productId: number; status: number }) => isUnsettled(o.status as OrderStatus))
    expect(busy.some((o: { productId: number }) => o.productId === data.productId)).toBe(false)
  })

  it('never shows another borrower’s orders', async () => {
    const mine = (await get(seeded.app, demoOrders.path, { tok: 'demo-borrower' })).json().data.orders.map((o: { orderNo: string }) => o.orderNo)
    const theirs = (await get(seeded.app, demoOrders.path, { tok: 'demo-borrower-2' })).json().data.orders.map((o: { orderNo: string }) => o.orderNo)
    expect(theirs.length).toBeGreaterThan(0)
    expect(theirs.filter((no: string) => mine.includes(no))).toEqual([])
  })

  it('answers a product of the borrower’s own market', async () => {
    const { data } = (await get(seeded.app, demoOrders.path, { tok: 'demo-borrower-mx', market: 'MX' })).json()
    expect(seeded.products.find((p) => p.id === data.productId)?.market).toBe('MX')
  })

  it('needs a session', async () => {
    const res = await get(seeded.app, demoOrders.path)
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe(ERRORS.sessionRequired.code)
  })

  it('does not exist outside demo mode', async () => {
    const app = await buildTestApp(seeded.database, { env: { DEMO_MODE: 'false' } })
    await app.ready()
    try {
      expect((await get(app, demoOrders.path, { tok: 'demo-borrower' })).statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})
