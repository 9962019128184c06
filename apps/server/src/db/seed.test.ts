import { count, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userInfo } from '@kilat/contract'
import {
  INDIA_LATE_CHARGES,
  ORDER_STATUS,
  ORDER_STATUSES,
  allowedAmounts,
  cents,
  dailyCostBps,
  floorBasisPoints,
  isUnsettled,
  lateChargeTermsOf,
  loanTermsOf,
  localDate,
  normalizeMobile,
  periodChoices,
  productProblem,
  quoteLoan,
  type OrderStatus,
} from '@kilat/domain'
import { buildTestApp, openTestDatabase } from '../test/setup-db.js'
import type { Database } from './client.js'
import { ProductProblemError, buildProduct } from './factories.js'
import { borrowers, sessions } from '../modules/auth/auth.schema.js'
import { qaEntries } from '../modules/chatbot/chatbot.schema.js'
import { problemTypes } from '../modules/complaints/complaints.schema.js'
import { orderPeriods, orders } from '../modules/orders/orders.schema.js'
import { products } from '../modules/products/products.schema.js'
import { DEMO_BORROWERS, DEMO_PRODUCTS, seedDemo, seedReference } from './seed.js'

const S = ORDER_STATUS

let database: Database

beforeAll(async () => {
  database = await openTestDatabase()
})

afterAll(async () => {
  await database?.close()
})

async function counts() {
  const db = database.db
  const [[p], [b], [s], [o], [op]] = await Promise.all([
    db.select({ n: count() }).from(products),
    db.select({ n: count() }).from(borrowers),
    db.select({ n: count() }).from(sessions),
    db.select({ n: count() }).from(orders),
    db.select({ n: count() }).from(orderPeriods),
  ])
  return { products: p!.n, borrowers: b!.n, sessions: s!.n, orders: o!.n, periods: op!.n }
}

async function ordersOf(phone: string) {
  const [borrower] = await database.db.select().from(borrowers).where(eq(borrowers.phone, phone))
  return database.db.select().from(orders).where(eq(orders.borrowerId, borrower!.id))
}

describe('demo seed', () => {
  it('is idempotent: a second run adds nothing', async () => {
    const first = await seedDemo(database.db, { sessionTtlDays: 30 })
    expect(first).toMatchObject({ products: 18, orders: 20 })
    const before = await counts()
    expect(before).toMatchObject({ products: 18, borrowers: 5, sessions: 5, orders: 20 })
    const second = await seedDemo(database.db, { sessionTtlDays: 30 })
    expect(second).toMatchObject({ products: 0, orders: 0 })
    expect(await counts()).toEqual(before)
  })

  it('gives the demo borrower one order in every status, with coherent amounts and dates', async () => {
    const list = await ordersOf(DEMO_BORROWERS[0].phone)
    expect(list.map((o) => o.status).sort((a, b) => a - b)).toEqual([...ORDER_STATUSES].sort((a, b) => a - b))
    const now = Date.now()
    for (const order of list) {
      expect(order.orderNo).toMatch(/^K2026\d{6}$/)
      expect(order.received).toBe(order.principal - order.fee)
      expect(order.totalRepay).toBe(order.principal + order.interest)
      expect(order.fee).toBeGreaterThan(0)
      const periods = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, order.id))
      if (([S.submitted, S.approved, S.rejected] as number[]).includes(order.status)) {
        expect(order.disbursedAt).toBeNull()
        expect(periods).toHaveLength(0)
        continue
      }
      expect(order.disbursedAt!.getTime()).toBeLessThan(now)
      expect(periods.reduce((s, p) => s + p.total, 0)).toBe(order.totalRepay)
      expect(periods.reduce((s, p) => s + p.paid, 0)).toBe(order.paid)
      expect(order.dueAt!.getTime()).toBe(Math.max(...periods.map((p) => p.dueAt.getTime())))
    }
    const byStatus = (s: number) => list.find((o) => o.status === s)!
    const installments = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, byStatus(S.repayingInstallments).id))
    expect(installments.length).toBeGreaterThan(2)
    expect(installments.filter((p) => p.status === 'paid').length).toBeGreaterThan(0)
    expect(installments.filter((p) => p.status === 'unpaid').length).toBeGreaterThan(0)
    expect(byStatus(S.due).isDelay).toBe(true)
    expect(byStatus(S.due).dueAt!.getTime()).toBeGreaterThan(now)
    expect(byStatus(S.overdue).dueAt!.getTime()).toBeLessThan(now)
    expect(byStatus(S.overdue).penalty).toBeGreaterThan(0)
    expect(byStatus(S.settled).paid).toBe(byStatus(S.settled).totalRepay)
    expect(byStatus(S.settled).settledAt).not.toBeNull()
    expect(byStatus(S.partnerSettled).settledAt).not.toBeNull()
    expect(byStatus(S.rejected).decidedAt).not.toBeNull()
  })

  it('gives the second demo borrower orders of their own', async () => {
    const list = await ordersOf(DEMO_BORROWERS[1].phone)
    expect(list.length).toBeGreaterThanOrEqual(2)
    const first = await ordersOf(DEMO_BORROWERS[0].phone)
    expect(list.some((o) => first.some((f) => f.id === o.id))).toBe(false)
  })

  it.each([
    ['IN', 2, 'en', ['K2026000014', 'K2026000015', 'K2026000016'], 'rupee-kilat'],
    ['MX', 3, 'es', ['K2026000017', 'K2026000018', 'K2026000019'], 'credito-kilat'],
  ] as const)('gives the %s demo borrower a mobile number of that market and orders of its products, one product left free', async (market, index, locale, orderNos, free) => {
    const demo = DEMO_BORROWERS[index]
    expect(normalizeMobile(demo.phone, market)).toBe(demo.phone)
    const [borrower] = await database.db.select().from(borrowers).where(eq(borrowers.phone, demo.phone))
    expect(borrower).toMatchObject({ market, locale, name: demo.name })
    const list = (await ordersOf(demo.phone)).sort((a, b) => a.orderNo.localeCompare(b.orderNo))
    expect(list.map((o) => [o.orderNo, o.status])).toEqual([[orderNos[0], S.due], [orderNos[1], S.settled], [orderNos[2], S.submitted]])
    expect(list[0]!.isDelay).toBe(true)
    expect(list.every((o) => o.manualReview)).toBe(true)
    const own = await database.db.select().from(products).where(eq(products.market, market))
    expect(list.every((o) => own.some((p) => p.id === o.productId))).toBe(true)
    expect(own.find((p) => p.id === list[0]!.productId)!.extensionFee).toBeGreaterThan(0)
    // The first product of the market in catalogue order is free to apply for.
    const running = new Set(list.filter((o) => isUnsettled(o.status as OrderStatus)).map((o) => o.productId))
    const first = own.filter((p) => p.status === 'active' && !p.isPartner).sort((a, b) => a.sort - b.sort || a.id - b.id)[0]!
    expect(first.code).toBe(free)
    expect(running.has(first.id)).toBe(false)
  })

  it('seeds a dozen Indonesian products within the market’s amounts', async () => {
    const all = await database.db.select().from(products)
    const indonesia = all.filter((p) => p.market === 'ID')
    expect(indonesia).toHaveLength(12)
    expect(all.filter((p) => p.market === 'IN')).toHaveLength(3)
    expect(all.filter((p) => p.market === 'MX')).toHaveLength(3)
    expect(indonesia.filter((p) => p.isPartner)).toHaveLength(2)
    expect(indonesia.filter((p) => p.isPartner).every((p) => /^https?:\/\//.test(p.partnerUrl ?? ''))).toBe(true)
    expect(all.filter((p) => p.status === 'disabled')).toHaveLength(1)
    for (const p of indonesia) {
      expect(p.minAmount).toBeGreaterThanOrEqual(1_000_000 * 100)
      expect(p.maxAmount).toBeLessThanOrEqual(15_000_000 * 100)
      expect(p.termDays).toBeGreaterThanOrEqual(91)
      for (const field of [p.tags, p.buttonText, p.description]) expect(Object.keys(field).sort()).toEqual(['en', 'es', 'id'])
      expect(p.tags.id.length).toBeGreaterThan(0)
      expect(p.logoUrl).toBe(`/media/logos/${p.code}.svg`)
    }
  })

  it('seeds only products the server would take today', async () => {
    for (const p of await database.db.select().from(products)) {
      expect(productProblem(p, localDate(new Date(), p.market)), p.code).toBeNull()
    }
  })

  it('keeps every Indonesian product at 0,1 % a day all-in or less, at every amount and term it offers', async () => {
    const indonesia = await database.db.select().from(products).where(eq(products.market, 'ID'))
    for (const p of indonesia) {
      for (const periods of periodChoices(p)) {
        const terms = loanTermsOf(p, periods)
        for (const amount of allowedAmounts({ min: p.minAmount, max: p.maxAmount, step: p.amountStep })) {
          const quote = quoteLoan(amount, terms)
          expect(dailyCostBps(quote), `${p.code} ${amount} × ${periods}`).toBeLessThanOrEqual(10)
          // compared in cents too, not only through the rounded rate
          expect(quote.totalCost).toBeLessThanOrEqual(floorBasisPoints(amount, 10 * quote.termDays))
        }
      }
    }
  })

  it('offers a choice of installments in every market', async () => {
    const all = await database.db.select().from(products)
    for (const market of ['ID', 'IN', 'MX'] as const) {
      const choosing = all.filter((p) => p.market === market && p.periodOptions.length > 0)
      expect(choosing.length, market).toBeGreaterThan(0)
      for (const p of choosing) expect(periodChoices(p)).toEqual([3, 4, 6])
    }
  })

  it('refuses to seed at all when a demo product is one the server would refuse', async () => {
    const before = await counts()
    const dear = buildProduct({ code: 'terlalu-mahal', name: 'Terlalu Mahal', termUnit: 'day', termDays: 91, dailyRateBps: 10, adminFeeBps: 300 })
    DEMO_PRODUCTS.push(dear)
    try {
      await expect(seedDemo(database.db, { sessionTtlDays: 30 })).rejects.toBeInstanceOf(ProductProblemError)
      await expect(seedDemo(database.db, { sessionTtlDays: 30 })).rejects.toThrow(/terlalu-mahal: above the caps/)
    } finally {
      DEMO_PRODUCTS.pop()
    }
    expect(await counts()).toEqual(before)
    expect(await database.db.select().from(products).where(eq(products.code, 'terlalu-mahal'))).toHaveLength(0)
  })

  it('gives every product its market’s late charges, and updates products of an older database', async () => {
    const all = await database.db.select().from(products)
    for (const p of all.filter((x) => x.market === 'ID')) {
      // 0,1 % a day of the outstanding principal and no one-time fee
      expect(lateChargeTermsOf(p), p.code).toEqual({ feeNew: 0, feeRepeat: 0, tiers: [{ fromDay: 1, dailyBps: 10 }], capBps: 10_000 })
    }
    for (const p of all.filter((x) => x.market === 'IN')) expect(lateChargeTermsOf(p), p.code).toEqual(INDIA_LATE_CHARGES)
    for (const p of all.filter((x) => x.market === 'MX')) {
      expect(lateChargeTermsOf(p), p.code).toEqual({ feeNew: 150_00, feeRepeat: 120_00, tiers: [{ fromDay: 1, dailyBps: 50 }], capBps: 10_000 })
    }
    // a database seeded by the previous version: its prices, late charges and no installment choice
    await database.db
      .update(products)
      .set({ sort: 999, dailyRateBps: 9, adminFeeBps: 300, lateFeeNew: cents(50_000_00), lateTiers: [{ fromDay: 1, dailyBps: 30 }] })
      .where(eq(products.code, 'tunai-keluarga'))
    await database.db.update(products).set({ periodOptions: [] }).where(eq(products.code, 'cicil-ringan'))
    // an order seeded before orders carried late charges
    await database.db.update(orders).set({ lateFeeNew: cents(0), lateTiers: [], manualReview: false }).where(eq(orders.orderNo, 'K2026000006'))
    expect(await seedDemo(database.db, { sessionTtlDays: 30 })).toMatchObject({ products: 0, orders: 0 })
    const [again] = await database.db.select().from(products).where(eq(products.code, 'tunai-keluarga'))
    expect(again).toMatchObject({ sort: 10, dailyRateBps: 7, adminFeeBps: 300, lateFeeNew: 0, lateTiers: [{ fromDay: 1, dailyBps: 10 }] })
    const [installments] = await database.db.select().from(products).where(eq(products.code, 'cicil-ringan'))
    expect(installments!.periodOptions).toEqual([3, 6])
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, 'K2026000006'))
    expect(order).toMatchObject({ lateFeeNew: 0, lateTiers: [{ fromDay: 1, dailyBps: 10 }], manualReview: true })
  })

  it('puts first the Indonesian products the demo borrower can apply for', async () => {
    const list = (await database.db.select().from(products).where(eq(products.market, 'ID'))).sort((a, b) => a.sort - b.sort || a.id - b.id)
    const running = new Set((await ordersOf(DEMO_BORROWERS[0].phone)).filter((o) => isUnsettled(o.status as OrderStatus)).map((o) => o.productId))
    const first = list.slice(0, 3)
    expect(first.map((p) => p.code)).toEqual(['tunai-keluarga', 'dana-sehat', 'kilat-cepat'])
    for (const p of first) {
      expect(p.status).toBe('active')
      expect(p.isPartner).toBe(false)
      expect(running.has(p.id)).toBe(false)
    }
  })

  it('charges the overdue order as the order job would, and the partner’s overdue order nothing', async () => {
    const list = await ordersOf(DEMO_BORROWERS[0].phone)
    const overdue = list.find((o) => o.status === S.overdue)!
    // three whole days at 0,1 % of the outstanding principal (Rp 5.000.000): Rp 5.000 a day
    expect(overdue.principal).toBe(5_000_000_00)
    expect(overdue.penalty).toBe(3 * 5_000_00)
    expect(overdue.penaltyAccruedThrough).toBe(localDate(new Date(), 'ID'))
    const partner = list.find((o) => o.status === S.partnerOverdue)!
    expect(partner).toMatchObject({ penalty: 0, penaltyAccruedThrough: null })
    expect(list.every((o) => o.manualReview)).toBe(true)
  })

  it('refreshes the demo sessions on every run, so their tokens keep working', async () => {
    await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) })
    const app = await buildTestApp(database)
    try {
      expect((await app.inject({ method: 'GET', url: `${userInfo.path}?tok=demo-borrower` })).statusCode).toBe(401)
      await seedDemo(database.db, { sessionTtlDays: 30 })
      const one = await app.inject({ method: 'GET', url: `${userInfo.path}?tok=demo-borrower` })
      expect(one.json().data).toEqual({ phone: '+62812******90', market: 'ID', name: 'Budi Santoso' })
      const two = await app.inject({ method: 'GET', url: `${userInfo.path}?sessionId=demo-borrower-2` })
      expect(two.json().data).toEqual({ phone: '+62812******32', market: 'ID', name: 'Siti Rahayu' })
      const india = await app.inject({ method: 'GET', url: `${userInfo.path}?tok=demo-borrower-in&isNeedPop=1` })
      expect(india.json().data).toEqual({ phone: '+91701*****78', market: 'IN', name: 'Priya Sharma' })
      const mexico = await app.inject({ method: 'GET', url: `${userInfo.path}?tok=demo-borrower-mx&market=MX` })
      expect(mexico.json().data).toEqual({ phone: '+52331*****78', market: 'MX', name: 'María López' })
    } finally {
      await app.close()
    }
  })

  it('serves every product logo as a cacheable SVG with the initials', async () => {
    const app = await buildTestApp(database)
    try {
      const res = await app.inject({ method: 'GET', url: '/media/logos/kilat-tunai.svg' })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8')
      expect(res.headers['cache-control']).toBe('public, max-age=2592000')
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
      expect(res.body).toContain('>KT</text>')
      const accented = await app.inject({ method: 'GET', url: '/media/logos/credito-kilat.svg' })
      expect(accented.body).toContain('>CK</text>')
      const unknown = await app.inject({ method: 'GET', url: '/media/logos/nope.svg' })
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json().code).toBe(1002)
      const hostile = await app.inject({ method: 'GET', url: "/media/logos/%3Cscript%3E'.svg" })
      expect(hostile.statusCode).toBe(404)
    } finally {
      await app.close()
    }
  })
})

describe('reference seed', () => {
  it('gives every database, demo or not, the complaint types and the knowledge base, once', async () => {
    const sizes = async () => {
      const [[types], [subTypes], [categories], [questions]] = await Promise.all([
        database.db.select({ n: count() }).from(problemTypes).where(eq(problemTypes.parentValue, 0)),
        database.db.select({ n: count() }).from(problemTypes).where(eq(problemTypes.parentValue, 1)),
        database.db.select({ n: count() }).from(qaEntries).where(eq(qaEntries.kind, 'category')),
        database.db.select({ n: count() }).from(qaEntries).where(eq(qaEntries.kind, 'question')),
      ])
      return { types: types!.n, subTypes: subTypes!.n, categories: categories!.n, questions: questions!.n }
    }
    const before = await counts()
    await seedReference(database.db)
    const first = await sizes()
    expect(first.types).toBeGreaterThanOrEqual(5)
    expect(first.subTypes).toBeGreaterThanOrEqual(3)
    expect(first.categories).toBeGreaterThanOrEqual(6)
    expect(first.questions).toBeGreaterThanOrEqual(30)
    await seedReference(database.db)
    expect(await sizes()).toEqual(first)
    // no borrower, session, product or order of the demo
    expect(await counts()).toEqual(before)
  })
})
