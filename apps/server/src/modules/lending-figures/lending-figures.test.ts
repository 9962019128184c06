import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, lendingFigures } from '@kilat/contract'
import { ORDER_STATUS, cents, localDate } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrower, createOrder, createProduct } from '../../db/factories.js'
import { products } from '../products/products.schema.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { computeLendingFigures, lendingFiguresSource } from './lending-figures.service.js'

let app: FastifyInstance
let database: Database
const RP = 100 // cents per rupiah

/**
 * A known book (docs/product/registration.md#lending-figures): Indonesian loans of our own product
 * around the 90-day boundary, plus what must not count (a partner's loan, an undisbursed and a
 * rejected order, another market's loan).
 */
beforeAll(async () => {
  database = await openTestDatabase()
  const db = database.db
  const own = await createProduct(db, { code: 'fig-own', name: 'Own', market: 'ID' })
  const partner = await createProduct(db, { code: 'fig-partner', name: 'Partner', market: 'ID', isPartner: true, partnerUrl: 'https://partner.example.com' })
  const india = await createProduct(db, { code: 'fig-in', name: 'India', market: 'IN', minAmount: cents(2_000_00), maxAmount: cents(80_000_00), amountStep: cents(1_000_00) })
  const [a, b, c, d, e] = await Promise.all([1, 2, 3, 4, 5].map(() => createBorrower(db)))
  const order = (borrowerId: number, product: typeof own, status: (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS], principal: number, overdueDays?: number) =>
    createOrder(db, { borrowerId, product, status, principal, ...(overdueDays === undefined ? {} : { overdueDays }) })

  await order(a!.id, own, ORDER_STATUS.settled, 1_000_000 * RP) // disbursed, settled
  await order(a!.id, own, ORDER_STATUS.due, 2_000_000 * RP) // outstanding, not overdue
  await order(b!.id, own, ORDER_STATUS.overdue, 3_000_000 * RP, 90) // 90 days: still within TKB90
  await order(c!.id, own, ORDER_STATUS.overdue, 4_000_000 * RP, 91) // 91 days: beyond
  await order(d!.id, own, ORDER_STATUS.submitted, 5_000_000 * RP) // not disbursed
  await order(d!.id, partner, ORDER_STATUS.partnerOverdue, 1_500_000 * RP, 200) // a partner's loan
  await order(e!.id, own, ORDER_STATUS.rejected, 1_000_000 * RP) // never disbursed
  await order(e!.id, india, ORDER_STATUS.overdue, 50_000 * 100, 120) // another market

  app = await buildTestApp(database)
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

describe('lending figures', () => {
  it('computes Indonesia’s figures from the orders, with the date', async () => {
    const now = new Date()
    const figures = await computeLendingFigures(database.db, app.config, 'ID', now)
    expect(figures).toEqual({
      market: 'ID',
      currency: 'IDR',
      totalDisbursed: (1_000_000 + 2_000_000 + 3_000_000 + 4_000_000) * RP,
      borrowersServed: 3,
      outstandingLoans: 3,
      // 4.000.000 of 9.000.000 outstanding is more than 90 days overdue: 5/9 = 55.55 %, rounded down
      tkb90Bp: 5555,
      computedAt: now.toISOString(),
      computedDate: localDate(now, 'ID'),
      company: {
        name: 'PT Kilat Dana Nusantara',
        phone: '+62 21 5098 7700',
        email: 'cs.id@kilat.example.com',
        address: 'Jl. Jend. Sudirman Kav. 52-53, Jakarta Selatan 12190, Indonesia',
      },
      licence: { authority: 'OJK', number: 'KEP-00/D.05/2026' },
    })
  })

  it('keeps each market apart; a market without loans shows 100 %', async () => {
    const india = await computeLendingFigures(database.db, app.config, 'IN')
    expect(india).toMatchObject({ market: 'IN', currency: 'INR', totalDisbursed: 50_000 * 100, borrowersServed: 1, outstandingLoans: 1, tkb90Bp: 0, licence: null })
    const mexico = await computeLendingFigures(database.db, app.config, 'MX')
    expect(mexico).toMatchObject({ totalDisbursed: 0, borrowersServed: 0, outstandingLoans: 0, tkb90Bp: 10_000, licence: null })
    expect(mexico.company.name).toMatch(/México/)
  })

  it('is a public, cacheable call; the market comes from the query or the shared parameters', async () => {
    const res = await app.inject({ method: 'GET', url: `${lendingFigures.path}?market=ID` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    expect(res.json()).toMatchObject({ code: 0, message: 'success', data: { market: 'ID', tkb90Bp: 5555, borrowersServed: 3 } })
    expect((await app.inject({ method: 'GET', url: `${lendingFigures.path}?isNeedPop=1` })).json().data.market).toBe('IN')
    expect((await app.inject({ method: 'GET', url: `${lendingFigures.path}?market=mx` })).json().data.market).toBe('MX')
    expect((await app.inject({ method: 'GET', url: lendingFigures.path })).json().data.market).toBe('ID')
  })

  it('refuses an unknown market', async () => {
    for (const market of ['FR', "ID' --", 'x'.repeat(300)]) {
      const res = await app.inject({ method: 'GET', url: `${lendingFigures.path}?market=${encodeURIComponent(market)}` })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe(ERRORS.invalidRequest.code)
    }
  })

  it('keeps the figures a short while and computes them once for visitors arriving together', async () => {
    const source = lendingFiguresSource(database.db, app.config, 60_000)
    const [x, y] = await Promise.all([source.get('ID'), source.get('ID')])
    expect(x).toBe(y)
    const borrower = await createBorrower(database.db)
    const [product] = await database.db.select().from(products).where(eq(products.code, 'fig-own'))
    await createOrder(database.db, { borrowerId: borrower.id, product: product!, status: ORDER_STATUS.settled, principal: 1_000_000 * RP })
    expect((await source.get('ID')).borrowersServed).toBe(3)
    source.clear()
    expect((await source.get('ID')).borrowersServed).toBe(4)
    // the renderer's way in
    expect((await app.lendingFigures.get('ID')).market).toBe('ID')
  })
})
