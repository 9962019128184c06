import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ERRORS,
  pageEventSave,
  productApply,
  productJump,
  recommendProductList,
  serviceEventSave,
  standClick,
  standFailureInfo,
  standProductLink,
} from '@kilat/contract'
import { aprBps, catBps, cents, formatPercent, quoteLoan } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { buildProduct, createBorrowerWithSession, createProduct } from '../../db/factories.js'
import { events, products } from '../../db/schema.js'
import { AppError } from '../../http/errors.js'
import { post } from '../../test/inject.js'
import { openSeededApp, type SeededApp } from '../../test/setup-db.js'
import { termsOf } from './products.service.js'

let database: Database
let app: FastifyInstance
let seeded: SeededApp
const ME = { tok: 'demo-borrower' }

beforeAll(async () => {
  seeded = await openSeededApp()
  ;({ database, app } = seeded)
})

afterAll(() => seeded?.close())

const idOf = (code: string) => seeded.product(code).id

async function eventsOf(kind: string, productId: number) {
  return database.db.select().from(events).where(and(eq(events.kind, kind as 'page'), eq(events.productId, productId)))
}

describe('recommend-product-list', () => {
  it('lists the borrower’s market in catalogue order, greying what cannot be applied for and saying why', async () => {
    const res = await post(app, recommendProductList.path, {}, ME)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ code: '00', message: 'success' })
    const list = body.data as Array<Record<string, unknown> & { id: number; cost: { amount: number } }>
    expect(list).toHaveLength(12)
    const first = list.slice(0, 4)
    expect(first.map((p) => p.id)).toEqual(['tunai-keluarga', 'dana-sehat', 'kilat-cepat', 'modal-usaha'].map(idOf))
    expect(first.every((p) => p.buttonStatus === 1)).toBe(true)
    expect(list[0]).toMatchObject({
      productName: 'Tunai Keluarga',
      productLogo: '/media/logos/tunai-keluarga.svg',
      buttonText: 'Ajukan Sekarang',
      amountRange: 'Rp 1.000.000 - Rp 7.000.000',
      amountRangeDes: 'Jumlah pinjaman',
      loan_rate: '0,09%/hari',
      productDesc: 'Bantu kebutuhan keluarga Anda.',
      productTags: ['Kebutuhan keluarga'],
      moduleId: 300,
      isPartner: false,
    })
    const running = list.find((p) => p.id === idOf('kilat-tunai'))
    expect(running).toMatchObject({ buttonStatus: 0, buttonText: 'Dalam proses' })
    const disabled = list.find((p) => p.id === idOf('dana-rumah'))
    expect(disabled).toMatchObject({ buttonStatus: 0, buttonText: 'Tidak tersedia' })
    // a rejected order is no running loan
    expect(list.find((p) => p.id === idOf('kilat-cepat'))).toMatchObject({ buttonStatus: 1 })
    expect(list.some((p) => seeded.product('rupee-kilat').id === p.id)).toBe(false)
  })

  it('names each card’s market, the currency of its amounts, whichever text set the page asks for', async () => {
    const id = (await post(app, recommendProductList.path, {}, { ...ME, isNeedPop: '1' })).json().data
    expect(id.every((p: { market: string }) => p.market === 'ID')).toBe(true)
    const india = (await post(app, recommendProductList.path, {}, { tok: 'demo-borrower-in' })).json().data
    expect(india.map((p: { market: string }) => p.market)).toEqual(['IN', 'IN', 'IN'])
    expect(india[0].amountRange).toBe('₹ 2.000 - ₹ 80.000')
    const mexico = (await post(app, recommendProductList.path, {}, { tok: 'demo-borrower-mx', market: 'MX' })).json().data
    expect(mexico.map((p: { market: string }) => p.market)).toEqual(['MX', 'MX', 'MX'])
    const failure = (await post(app, standFailureInfo.path, {}, { tok: 'demo-borrower-mx' })).json().data
    expect(failure.products.every((p: { market: string }) => p.market === 'MX')).toBe(true)
  })

  it('shows the cost of the largest amount exactly as domain quoteLoan prices it', async () => {
    const list = (await post(app, recommendProductList.path, {}, ME)).json().data as Array<{ id: number; cost: unknown }>
    for (const card of list) {
      const product = seeded.products.find((p) => p.id === card.id)!
      const quote = quoteLoan(cents(product.maxAmount), termsOf(product))
      expect(card.cost).toEqual({
        amount: product.maxAmount,
        fee: quote.fee,
        received: quote.received,
        interest: quote.interest,
        totalRepay: quote.totalRepay,
        termDays: quote.termDays,
        headline: { kind: 'dailyRate', bps: product.dailyRateBps, text: `${formatPercent(product.dailyRateBps)}/hari` },
      })
    }
  })

  it('speaks the borrower’s language', async () => {
    const en = (await post(app, recommendProductList.path, {}, { ...ME, lang: 'en' })).json().data
    expect(en[0]).toMatchObject({ buttonText: 'Apply now', amountRangeDes: 'Loan amount', loan_rate: '0,09%/day', productTags: ['Family needs'] })
    expect(en.find((p: { id: number }) => p.id === idOf('kilat-tunai')).buttonText).toBe('In progress')
    const es = (await post(app, recommendProductList.path, {}, { ...ME, lang: 'es' })).json().data
    expect(es[0]).toMatchObject({ buttonText: 'Solicitar ahora', amountRangeDes: 'Monto del préstamo', loan_rate: '0,09%/día' })
    expect(es.find((p: { id: number }) => p.id === idOf('dana-rumah')).buttonText).toBe('No disponible')
  })

  it.each([
    ['banner_jingzhun', 301],
    ['tanchuang_jingzhun', 301],
    ['tanchuang_fudai', 302],
    ['banner_fudai', 302],
    ['home', 300],
    ['<script>alert(1)</script>', 300],
  ])('reports scene %j as module %i', async (scene, moduleId) => {
    const res = await post(app, recommendProductList.path, { scene }, ME)
    expect(res.statusCode).toBe(200)
    expect(res.json().data.every((p: { moduleId: number }) => p.moduleId === moduleId)).toBe(true)
  })

  it('refuses a scene that is too long', async () => {
    const res = await post(app, recommendProductList.path, { scene: 'x'.repeat(65) }, ME)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: '1000', data: { fields: ['scene'] } })
  })

  it('rates India by APR and Mexico by CAT, in their currencies', async () => {
    const india = await createBorrowerWithSession(database.db, { market: 'IN' })
    const inList = (await post(app, recommendProductList.path, {}, { tok: india.token, isNeedPop: '1' })).json().data
    const rupee = seeded.product('rupee-kilat')
    expect(inList.map((p: { id: number }) => p.id)).toEqual([rupee.id, idOf('salary-plus'), idOf('rupee-flexi')])
    expect(inList[0].amountRange).toBe('₹ 2.000 - ₹ 80.000')
    expect(inList[0].loan_rate).toBe(`APR ${formatPercent(aprBps(quoteLoan(cents(rupee.maxAmount), termsOf(rupee))))}`)
    expect(inList[0].cost.headline.kind).toBe('apr')

    const mexico = await createBorrowerWithSession(database.db, { market: 'MX' })
    const mxList = (await post(app, recommendProductList.path, {}, { tok: mexico.token, market: 'MX' })).json().data
    const credito = seeded.product('credito-kilat')
    expect(mxList[0].amountRange).toBe('$ 1.000 - $ 10.000')
    expect(mxList[0].loan_rate).toBe(`CAT ${formatPercent(catBps(quoteLoan(cents(credito.maxAmount), termsOf(credito))))}`)
    expect(mxList[0].buttonText).toBe('Solicitar ahora')
  })
})

describe('page and service events', () => {
  it.each([
    [pageEventSave.path, 'page'],
    [serviceEventSave.path, 'service'],
  ])('%s stores a %s event', async (path, kind) => {
    const productId = idOf('dana-sehat')
    const res = await post(app, path, { productId, moduleId: 30, positionId: 2 }, ME)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 0, data: null, message: 'success' })
    const rows = await eventsOf(kind, productId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ moduleId: 30, position: 2, scene: null })
  })

  it('keeps events append-only in the database itself: no update, no delete', async () => {
    const productId = idOf('dana-sehat')
    await post(app, pageEventSave.path, { productId, moduleId: 301, positionId: 5 }, ME)
    const [row] = await eventsOf('page', productId)
    expect(row).toBeDefined()
    // Drizzle wraps the database's error; its cause is the trigger's refusal
    const refusal = { cause: expect.objectContaining({ message: expect.stringMatching(/events are append-only/) }) }
    await expect(database.db.update(events).set({ position: 0 }).where(eq(events.id, row!.id))).rejects.toMatchObject(refusal)
    await expect(database.db.delete(events).where(eq(events.id, row!.id))).rejects.toMatchObject(refusal)
    const [after] = await database.db.select().from(events).where(eq(events.id, row!.id))
    expect(after).toEqual(row)
  })

  it('answers notFound for a product that does not exist', async () => {
    const res = await post(app, pageEventSave.path, { productId: 999_999, moduleId: 300, positionId: 0 }, ME)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 1002 })
  })

  it.each([
    [{ moduleId: 300, positionId: 0 }, ['productId']],
    [{ productId: 'abc', moduleId: 300, positionId: 0 }, ['productId']],
    [{ productId: -1, moduleId: 300, positionId: 0 }, ['productId']],
    [{ productId: 1.5, moduleId: 300, positionId: 0 }, ['productId']],
    [{ productId: 1, moduleId: 'x', positionId: 1001 }, ['moduleId', 'positionId']],
    [{ productId: "1'; drop table events; --", moduleId: 300, positionId: 0 }, ['productId']],
  ])('refuses %j naming %j', async (fields, names) => {
    const res = await post(app, serviceEventSave.path, fields as Record<string, string | number>, ME)
    expect(res.statusCode).toBe(400)
    expect(res.json().data.fields.sort()).toEqual(names)
  })
})

describe('apply', () => {
  it('leads to the loan confirmation and records the tap', async () => {
    const productId = idOf('tunai-keluarga')
    const res = await post(app, productApply.path, { product_id: productId, module_id: 301, scene: 'banner_jingzhun' }, ME)
    expect(res.json()).toEqual({ code: '00', data: { url: `/loan-confirm?productId=${productId}` }, message: 'success' })
    const rows = await eventsOf('apply', productId)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ moduleId: 301, scene: 'banner_jingzhun' })
  })

  it('leads to the running loan of a product the borrower has one with', async () => {
    const res = await post(app, productApply.path, { product_id: idOf('kilat-tunai') }, ME)
    expect(res.json().data.url).toBe(`/loan-detail?productId=${idOf('kilat-tunai')}&orderId=K2026000005`)
  })

  it('opens a partner product on the partner’s site', async () => {
    const res = await post(app, productApply.path, { product_id: idOf('mitra-dana') }, ME)
    expect(res.json().data.url).toBe('https://mitra-dana.example.com/apply')
  })

  it.each([
    ['a disabled product', () => idOf('dana-rumah')],
    ['an unknown product', () => 999_999],
    ['another market’s product', () => idOf('rupee-kilat')],
  ])('refuses %s as productUnavailable', async (_what, productId) => {
    const res = await post(app, productApply.path, { product_id: productId() }, ME)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ code: '3001', data: null, message: ERRORS.productUnavailable.messages.id })
  })
})

describe('recommended-product jump', () => {
  it('answers the link and a message, and records the jump', async () => {
    const productId = idOf('dana-sehat')
    const ours = await post(app, productJump.path, { productId, moduleId: 300, positionId: 1 }, { ...ME, lang: 'en' })
    expect(ours.json()).toEqual({
      code: '00',
      data: { url: `/loan-confirm?productId=${productId}`, message: 'Continue to confirm your loan.' },
      message: 'success',
    })
    expect(await eventsOf('jump', productId)).toHaveLength(1)
    const partner = await post(app, productJump.path, { productId: idOf('mitra-dana'), moduleId: 300, positionId: 2 }, ME)
    expect(partner.json().data).toEqual({ url: 'https://mitra-dana.example.com/apply', message: 'Anda akan diarahkan ke situs mitra kami.' })
    const running = await post(app, productJump.path, { productId: idOf('dana-kilat'), moduleId: 300, positionId: 3 }, { ...ME, lang: 'es' })
    expect(running.json().data.message).toBe('Ya tienes un préstamo en curso con este producto.')
    const unknown = await post(app, productJump.path, { productId: 999_999, moduleId: 300, positionId: 0 }, ME)
    expect(unknown.json().code).toBe('3001')
  })
})

describe('joint-login failure', () => {
  it('explains the failure in the borrower’s language and offers the other products', async () => {
    const failed = idOf('tunai-keluarga')
    const id = (await post(app, standFailureInfo.path, { productId: failed }, ME)).json()
    expect(id.code).toBe('00')
    expect(id.data.title).toBe('Login bersama gagal')
    expect(id.data.message).toContain('Kami belum dapat memasukkan Anda ke Tunai Keluarga')
    // the message says more than the title it stands under
    expect(id.data.message).not.toContain(id.data.title)
    expect(id.data.products).toHaveLength(11)
    expect(id.data.products.some((p: { id: number }) => p.id === failed)).toBe(false)
    expect(id.data.products[0]).toMatchObject({ id: idOf('dana-sehat'), buttonStatus: 1, moduleId: 300 })
    const en = (await post(app, standFailureInfo.path, {}, { ...ME, lang: 'en' })).json().data
    expect(en.title).toBe('Joint login failed')
    expect(en.message).toBe('We could not sign you in with your Kilat account. Please try again later or choose another product below.')
    expect(en.products).toHaveLength(12)
  })

  it('records a click and links to a product', async () => {
    const productId = idOf('kilat-cepat')
    expect((await post(app, standClick.path, { productId, positionId: 4 }, ME)).json()).toEqual({ code: '00', data: null, message: 'success' })
    expect((await eventsOf('stand_click', productId))[0]).toMatchObject({ position: 4 })
    expect((await post(app, standClick.path, { productId: 999_999, positionId: 0 }, ME)).statusCode).toBe(404)
    expect((await post(app, standProductLink.path, { productId }, ME)).json().data).toEqual({ url: `/loan-confirm?productId=${productId}` })
    expect((await post(app, standProductLink.path, { productId: idOf('rupiah-cepat') }, ME)).json().data.url).toBe('https://rupiah-cepat.example.com/loan')
    expect((await post(app, standProductLink.path, { productId: idOf('dana-rumah') }, ME)).json().code).toBe('3001')
  })
})

describe('sessions', () => {
  it.each([recommendProductList, pageEventSave, serviceEventSave, productApply, productJump, standFailureInfo, standClick, standProductLink])(
    '$path needs a session',
    async (call) => {
      const fields = { productId: 1, product_id: 1, moduleId: 300, positionId: 0 }
      for (const query of [{}, { tok: 'not-a-session' }] as Array<Record<string, string>>) {
        const res = await post(app, call.path, fields, query)
        expect(res.statusCode).toBe(401)
        expect(res.json().code).toBe(call.family === 'code00' ? '1001' : 1001)
      }
    },
  )
})

describe('createProduct', () => {
  const dear = { market: 'ID' as const, termUnit: 'day' as const, termDays: 180, dailyRateBps: 55, adminFeeBps: 200 }

  it('refuses an Indonesian product whose interest and fees could pass 100 % of the principal', async () => {
    const values = buildProduct({ code: 'terlalu-mahal', name: 'Terlalu Mahal', ...dear })
    await expect(createProduct(database.db, values)).rejects.toMatchObject({ key: 'productCostTooHigh' })
    await expect(createProduct(database.db, values)).rejects.toBeInstanceOf(AppError)
    expect(await database.db.select().from(products).where(eq(products.code, 'terlalu-mahal'))).toHaveLength(0)
  })

  it('takes exactly 100 % in Indonesia, and the same dear terms elsewhere', async () => {
    // 0,5 % a day for 180 days plus a 10 % fee: 100 % exactly
    const edge = await createProduct(database.db, { market: 'ID', termUnit: 'day', termDays: 180, dailyRateBps: 50, adminFeeBps: 1000 })
    expect(edge.id).toBeGreaterThan(0)
    const india = await createProduct(database.db, { ...dear, market: 'IN', minAmount: cents(2_000_00), maxAmount: cents(80_000_00), amountStep: cents(1_000_00) })
    expect(india.market).toBe('IN')
  })

  it.each([
    ['inverted amounts', { minAmount: cents(500_000_00), maxAmount: cents(100_000_00) }],
    ['a partner without a web address', { isPartner: true, partnerUrl: 'javascript:alert(1)' }],
    ['late tiers that do not start on day 1', { lateTiers: [{ fromDay: 5, dailyBps: 30 }] }],
    ['a rate beyond 100 %', { dailyRateBps: 10_001 }],
  ])('refuses %s', async (_what, overrides) => {
    await expect(createProduct(database.db, overrides)).rejects.toMatchObject({ key: 'invalidRequest' })
  })
})
