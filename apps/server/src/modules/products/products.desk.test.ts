import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, loanDetailPush, productPropose, productPublish, productVersionsOf, productWithdraw, productsOpsList, recommendProductList, type ProductDraft } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { catalogueVersion } from '../../db/catalogue-version.js'
import { createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { post as borrowerPost } from '../../test/inject.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { auditLog } from '../audit/audit.schema.js'
import { orders } from '../orders/orders.schema.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock } from '../staff/test-helpers.js'
import { draftOf } from './products.desk.js'
import { listenForCatalogueChanges, notifyCatalogueChanged } from './catalogue-notify.js'
import { productVersions, products, type Product } from './products.schema.js'

let database: Database
let app: FastifyInstance
const clock = testClock('2026-03-02T03:00:00.000Z')
let adminA: { id: number; cookie: string }
let adminB: { id: number; cookie: string }
let adminMx: { id: number; cookie: string }
let finance: { id: number; cookie: string }

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  app = await buildTestApp(database, { now: clock.now })
  await app.ready()
  adminA = await enrolledStaff(app, database, clock, 'admin', ['ID', 'IN'])
  adminB = await enrolledStaff(app, database, clock, 'admin', ['ID', 'IN'])
  adminMx = await enrolledStaff(app, database, clock, 'admin', ['MX'])
  finance = await enrolledStaff(app, database, clock, 'finance', ['ID'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const post = (path: string, body: unknown, who: { cookie: string }) => opsPost(app, path, body, { cookie: who.cookie })
const read = (path: string, who: { cookie: string }, query: Record<string, string> = {}) => opsGet(app, path, { cookie: who.cookie, query })

function expectError(res: { statusCode: number; body: string; json: () => { code: number; message: string } }, key: keyof typeof ERRORS) {
  expect(res.statusCode, res.body).toBe(ERRORS[key].status)
  expect(res.json()).toMatchObject({ code: ERRORS[key].code, message: ERRORS[key].messages.en })
}

const draftFrom = (p: Product, changes: Partial<ProductDraft> = {}): ProductDraft => ({ ...draftOf(p), ...changes })

async function propose(p: Product, changes: Partial<ProductDraft>, who = adminA) {
  const res = await post(productPropose.path, { productId: p.id, draft: draftFrom(p, changes) }, who)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.version as { id: number; status: string; requestedBy: number }
}

async function borrowerCards(token: string) {
  const res = await borrowerPost(app, recommendProductList.path, {}, { tok: token })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Array<{ id: number; productName: string; loan_rate: string; buttonStatus: number; cost: { totalRepay: number } }>
}

describe('a product version, proposed by one admin and published by another', () => {
  it('offers the new version to borrowers at once and leaves a signed order on its own version', async () => {
    const product = await createProduct(database.db, { name: 'Versi Satu', dailyRateBps: 7 })
    const { borrower, token } = await createBorrowerWithSession(database.db, { market: 'ID' })
    const { order } = await createOrder(database.db, { product, borrowerId: borrower.id, status: ORDER_STATUS.due, now: clock.now() })
    const before = (await borrowerCards(token)).find((c) => c.id === product.id)!
    expect(before.productName).toBe('Versi Satu')

    const version = await propose(product, { name: 'Versi Dua', dailyRateBps: 5 })
    expect(version).toMatchObject({ status: 'pending', requestedBy: adminA.id })
    // proposed is not published: borrowers still see version 1
    expect((await borrowerCards(token)).some((c) => c.id === product.id)).toBe(true)

    const published = await post(productPublish.path, { requestId: version.id }, adminB)
    expect(published.statusCode, published.body).toBe(200)
    const newId = published.json().data.version.publishedProductId as number
    expect(published.json().data.version).toMatchObject({ status: 'published', decidedBy: adminB.id })

    const cards = await borrowerCards(token)
    expect(cards.some((c) => c.id === product.id)).toBe(false)
    const card = cards.find((c) => c.id === newId)!
    expect(card.productName).toBe('Versi Dua')
    expect(card.cost.totalRepay).toBeLessThan(before.cost.totalRepay)
    // the order signed under version 1 still runs with the product: its new version is grey for this borrower
    expect(card).toMatchObject({ buttonStatus: 0 })
    // and applying for it is refused: one running loan per product, whatever its version
    const pushed = await borrowerPost(app, loanDetailPush.path, { productId: newId, amount: product.minAmount, periods: 1, termUnit: 'day' }, { tok: token })
    expect(pushed.json()).toMatchObject({ code: ERRORS.orderInProgress.code, message: ERRORS.orderInProgress.messages.id })
    // even when two requests race past that check: the database refuses a second running order
    const [v2] = await database.db.select().from(products).where(eq(products.id, newId))
    await expect(createOrder(database.db, { product: v2!, borrowerId: borrower.id, status: ORDER_STATUS.submitted, now: clock.now() })).rejects.toThrow()
    expect(await database.db.select().from(orders).where(eq(orders.borrowerId, borrower.id))).toHaveLength(1)

    // the order keeps the row it was signed under, unchanged
    const [kept] = await database.db.select().from(products).where(eq(products.id, product.id))
    expect(kept).toMatchObject({ name: 'Versi Satu', dailyRateBps: 7, current: false, version: 1 })
    const [signed] = await database.db.select().from(orders).where(eq(orders.id, order.id))
    expect(signed).toMatchObject({ productId: product.id, dailyRateBps: 7, totalRepay: order.totalRepay })
    const [next] = await database.db.select().from(products).where(eq(products.id, newId))
    expect(next).toMatchObject({ lineageId: product.id, version: 2, current: true, dailyRateBps: 5, code: product.code })

    // both steps are in the audit trail
    const trail = await database.db.select().from(auditLog).where(eq(auditLog.recordId, product.code))
    expect(trail.map((r) => r.action)).toEqual(['products.propose', 'products.publish'])
    expect(trail[1]).toMatchObject({ staffId: adminB.id, markets: ['ID'] })

    // the list shows version 2 and its history both versions
    const list = await read(productsOpsList.path, adminA, { market: 'ID' })
    expect(list.json().data.products.find((p: { id: number }) => p.id === newId)).toMatchObject({ version: 2, pending: null })
    const history = await read(productVersionsOf.path, adminA, { productId: String(newId) })
    expect(history.statusCode, history.body).toBe(200)
    expect(history.json().data.versions.map((v: { version: number | null }) => v.version)).toEqual([2, 1])
  })

  it('disables a product through a version: its card turns grey', async () => {
    const product = await createProduct(database.db)
    const { token } = await createBorrowerWithSession(database.db, { market: 'ID' })
    const version = await propose(product, { status: 'disabled' })
    const res = await post(productPublish.path, { requestId: version.id }, adminB)
    const card = (await borrowerCards(token)).find((c) => c.id === res.json().data.version.publishedProductId)
    expect(card).toMatchObject({ buttonStatus: 0 })
  })

  it('creates a new product in a market', async () => {
    const template = await createProduct(database.db)
    const code = `new-${Date.now().toString(36)}`
    const res = await post(productPropose.path, { market: 'ID', code, draft: draftFrom(template, { name: 'Produk Baru' }) }, adminA)
    expect(res.statusCode, res.body).toBe(200)
    const list = await read(productsOpsList.path, adminB, { market: 'ID' })
    expect(list.json().data.newProducts.some((v: { code: string }) => v.code === code)).toBe(true)
    const published = await post(productPublish.path, { requestId: res.json().data.version.id }, adminB)
    expect(published.statusCode, published.body).toBe(200)
    const [row] = await database.db.select().from(products).where(eq(products.id, published.json().data.version.publishedProductId))
    expect(row).toMatchObject({ code, name: 'Produk Baru', version: 1, current: true, lineageId: null })
    expectError(await post(productPropose.path, { market: 'ID', code, draft: draftFrom(template) }, adminA), 'productCodeTaken')
  })

  it('drops the kept catalogue of every process on publish (a notification on PostgreSQL)', async () => {
    const product = await createProduct(database.db)
    const version = await propose(product, { name: 'Dilihat Semua' })
    const seen: string[] = []
    const stop = await listenForCatalogueChanges(database, (m) => seen.push(m))
    const before = catalogueVersion()
    await post(productPublish.path, { requestId: version.id }, adminB)
    expect(catalogueVersion()).toBeGreaterThan(before)
    if (database.kind === 'postgres') {
      await database.db.transaction((tx) => notifyCatalogueChanged(tx, 'MX'))
      await new Promise((r) => setTimeout(r, 200))
      expect(seen).toEqual(expect.arrayContaining(['ID', 'MX']))
    }
    await stop()
  })
})

describe('the market rules refuse what may not be saved, beside the field', () => {
  const problemsOf = (res: { json: () => { data: { fields: string[]; problems: Array<{ field: string; rule: string }> } } }) => res.json().data

  it('refuses a cost above Indonesia’s caps in force', async () => {
    const product = await createProduct(database.db)
    const res = await post(productPropose.path, { productId: product.id, draft: draftFrom(product, { dailyRateBps: 30 }) }, adminA)
    expectError(res, 'productRuleBroken')
    expect(problemsOf(res).problems).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'dailyRateBps', rule: 'costCap' })]))
    expect(problemsOf(res).fields).toContain('dailyRateBps')
  })

  it('refuses a late-charge tier above its limit', async () => {
    const product = await createProduct(database.db)
    const res = await post(productPropose.path, { productId: product.id, draft: draftFrom(product, { lateTiers: [{ fromDay: 1, dailyBps: 50 }] }) }, adminA)
    expectError(res, 'productRuleBroken')
    expect(problemsOf(res).problems).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'lateTiers', rule: 'lateRateCap', cap: 10 })]))
  })

  it('refuses a term outside the market’s range', async () => {
    const product = await createProduct(database.db)
    const res = await post(productPropose.path, { productId: product.id, draft: draftFrom(product, { termDays: 400 }) }, adminA)
    expectError(res, 'productRuleBroken')
    expect(problemsOf(res).problems[0]).toMatchObject({ field: 'termDays', rule: 'termRange', min: 30, max: 365 })
  })

  it('refuses malformed amounts beside their field', async () => {
    const product = await createProduct(database.db)
    const res = await post(productPropose.path, { productId: product.id, draft: draftFrom(product, { minAmount: 600_000_000 }) }, adminA)
    expectError(res, 'productRuleBroken')
    expect(problemsOf(res).problems[0]).toMatchObject({ field: 'minAmount', rule: 'invalid' })
  })

  it('writes nothing when it refuses', async () => {
    const product = await createProduct(database.db)
    await post(productPropose.path, { productId: product.id, draft: draftFrom(product, { dailyRateBps: 30 }) }, adminA)
    const trail = await database.db.select().from(auditLog).where(eq(auditLog.recordId, product.code))
    expect(trail).toHaveLength(0)
  })
})

describe('four eyes and one pending version per product', () => {
  it('refuses the maker publishing their own version', async () => {
    const product = await createProduct(database.db)
    const version = await propose(product, { name: 'Sendiri' })
    expectError(await post(productPublish.path, { requestId: version.id }, adminA), 'fourEyesSameMember')
  })

  it('refuses a version waiting past its limit (fourteen days), and still lets it be withdrawn', async () => {
    const product = await createProduct(database.db)
    const version = await propose(product, { name: 'Lama' })
    const waited = (days: number) => new Date(clock.now().getTime() - days * 24 * 3_600_000)
    await database.db.update(productVersions).set({ proposedAt: waited(14) }).where(eq(productVersions.id, version.id))
    expectError(await post(productPublish.path, { requestId: version.id }, adminB), 'fourEyesExpired')
    expect((await post(productWithdraw.path, { requestId: version.id }, adminA)).json().data.version).toMatchObject({ status: 'withdrawn' })
    // a day younger, it is published
    const fresh = await propose(product, { name: 'Baru' })
    await database.db.update(productVersions).set({ proposedAt: waited(13) }).where(eq(productVersions.id, fresh.id))
    expect((await post(productPublish.path, { requestId: fresh.id }, adminB)).json().data.version).toMatchObject({ status: 'published' })
  })

  it('refuses a second pending version of a product', async () => {
    const product = await createProduct(database.db)
    await propose(product, { name: 'Pertama' })
    expectError(await post(productPropose.path, { productId: product.id, draft: draftFrom(product, { name: 'Kedua' }) }, adminB), 'productVersionPending')
  })

  it('withdraws a pending version; it can be neither published nor withdrawn again', async () => {
    const product = await createProduct(database.db)
    const version = await propose(product, { name: 'Ditarik' })
    const res = await post(productWithdraw.path, { requestId: version.id }, adminA)
    expect(res.json().data.version).toMatchObject({ status: 'withdrawn' })
    expectError(await post(productPublish.path, { requestId: version.id }, adminB), 'productVersionNotPending')
    expectError(await post(productWithdraw.path, { requestId: version.id }, adminB), 'productVersionNotPending')
  })

  it('refuses a version of a product that changed since it was proposed', async () => {
    const product = await createProduct(database.db)
    const first = await propose(product, { name: 'A' })
    await post(productPublish.path, { requestId: first.id }, adminB)
    // a proposal against version 1, stored before it was retired
    const res = await post(productPropose.path, { productId: product.id, draft: draftFrom(product) }, adminA)
    expectError(res, 'notFound')
  })
})

describe('who may', () => {
  it('answers another market’s product not found and refuses another market’s list', async () => {
    const product = await createProduct(database.db)
    expectError(await post(productPropose.path, { productId: product.id, draft: draftFrom(product) }, adminMx), 'notFound')
    expectError(await read(productVersionsOf.path, adminMx, { productId: String(product.id) }), 'notFound')
    expectError(await read(productsOpsList.path, adminMx, { market: 'ID' }), 'staffForbidden')
    const version = await propose(product, { name: 'Pasar' })
    expectError(await post(productPublish.path, { requestId: version.id }, adminMx), 'notFound')
    expectError(await post(productPropose.path, { market: 'ID', code: `x-${Date.now()}`, draft: draftFrom(product) }, adminMx), 'staffForbidden')
  })

  it('refuses every role but admin', async () => {
    expectError(await read(productsOpsList.path, finance, { market: 'ID' }), 'staffForbidden')
    expectError(await post(productPublish.path, { requestId: 1 }, finance), 'staffForbidden')
  })

  it('refuses bad input with the fields at fault', async () => {
    const product = await createProduct(database.db)
    const cases: Array<[unknown, string]> = [
      [{ productId: product.id }, 'draft'],
      [{ productId: product.id, draft: { ...draftFrom(product), dailyRateBps: '7' } }, 'draft'],
      [{ productId: product.id, draft: { ...draftFrom(product), name: 'x'.repeat(61) } }, 'draft'],
      [{ productId: product.id, draft: { ...draftFrom(product), name: '<script>alert(1)</script>' } }, 'draft'],
      [{ productId: product.id, draft: { ...draftFrom(product), minAmount: 1.5 } }, 'draft'],
      [{ productId: product.id, draft: draftFrom(product), extra: 1 }, ''],
    ]
    for (const [body, field] of cases) {
      const res = await post(productPropose.path, body, adminA)
      expectError(res, 'invalidRequest')
      if (field) expect(res.json().data.fields).toContain(field)
    }
    expectError(await post(productPublish.path, { requestId: 'x' }, adminB), 'invalidRequest')
    // a market none of the staff member's: refused before the input is read
    expectError(await read(productsOpsList.path, adminA, { market: 'XX' }), 'invalidRequest')
  })
})
