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
import {
  aprBps,
  catBps,
  cents,
  dailyCostBps,
  formatPercent,
  loanTermsOf,
  localDate,
  periodChoices,
  productProblem,
  quoteLoan,
} from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { buildProduct, createBorrowerWithSession, createOrder } from '../../db/factories.js'
import { orders } from '../orders/orders.schema.js'
import { events, products, type NewProduct, type Product } from './products.schema.js'
import { AppError } from '../../http/errors.js'
import { post } from '../../test/inject.js'
import { openSeededApp, type SeededApp } from '../../test/setup-db.js'
import { ORDER_STATUS } from '@kilat/domain'
import { checkProduct, createProduct, dearestTerms } from './products.service.js'

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
/** The card's dearest case: the largest amount over the longest term the product offers. */
const dearestQuote = (p: Product) => quoteLoan(cents(p.maxAmount), loanTermsOf(p, Math.max(...periodChoices(p))))
/** Indonesia's headline: the all-in daily cost, fee included (docs/product/money-rules.md#headline-rate). */
const dailyCostText = (p: Product, perDay = '/hari') => `${formatPercent(dailyCostBps(dearestQuote(p)), 'ID')}${perDay}`

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
      amountRange: 'Rp\u00a01.000.000 - Rp\u00a07.000.000',
      amountRangeDes: 'Jumlah pinjaman',
      loan_rate: dailyCostText(seeded.product('tunai-keluarga')),
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
    expect(india[0].amountRange).toBe('₹2,000 - ₹80,000')
    const mexico = (await post(app, recommendProductList.path, {}, { tok: 'demo-borrower-mx', market: 'MX' })).json().data
    expect(mexico.map((p: { market: string }) => p.market)).toEqual(['MX', 'MX', 'MX'])
    const failure = (await post(app, standFailureInfo.path, {}, { tok: 'demo-borrower-mx' })).json().data
    expect(failure.products.every((p: { market: string }) => p.market === 'MX')).toBe(true)
  })

  it('shows the cost of the largest amount over the longest term exactly as domain quoteLoan prices it', async () => {
    const list = (await post(app, recommendProductList.path, {}, ME)).json().data as Array<{ id: number; cost: unknown }>
    for (const card of list) {
      const product = seeded.products.find((p) => p.id === card.id)!
      const quote = dearestQuote(product)
      const bps = dailyCostBps(quote)
      expect(card.cost).toEqual({
        amount: product.maxAmount,
        fee: quote.fee,
        received: quote.received,
        interest: quote.interest,
        totalRepay: quote.totalRepay,
        termDays: quote.termDays,
        headline: { kind: 'dailyCost', bps, text: `${formatPercent(bps, 'ID')}/hari` },
      })
    }
  })

  it('speaks the borrower’s language', async () => {
    const en = (await post(app, recommendProductList.path, {}, { ...ME, lang: 'en' })).json().data
    const family = seeded.product('tunai-keluarga')
    expect(en[0]).toMatchObject({ buttonText: 'Apply now', amountRangeDes: 'Loan amount', loan_rate: dailyCostText(family, '/day'), productTags: ['Family needs'] })
    expect(en.find((p: { id: number }) => p.id === idOf('kilat-tunai')).buttonText).toBe('In progress')
    const es = (await post(app, recommendProductList.path, {}, { ...ME, lang: 'es' })).json().data
    expect(es[0]).toMatchObject({ buttonText: 'Solicitar ahora', amountRangeDes: 'Monto del préstamo', loan_rate: dailyCostText(family, '/día') })
    expect(es.find((p: { id: number }) => p.id === idOf('dana-rumah')).buttonText).toBe('No disponible')
  })

  it('heads an Indonesian card with the all-in daily cost, the admin fee included', async () => {
    const list = (await post(app, recommendProductList.path, {}, ME)).json().data as Array<{ id: number; loan_rate: string; cost: { headline: { bps: number } } }>
    const product = seeded.product('tunai-keluarga')
    const card = list.find((c) => c.id === product.id)!
    const q = dearestQuote(product)
    const { bps } = card.cost.headline
    // the smallest whole basis points a day that cover interest and fee: never understated
    expect(bps * q.principal * q.termDays).toBeGreaterThanOrEqual((q.interest + q.fee) * 10_000)
    expect((bps - 1) * q.principal * q.termDays).toBeLessThan((q.interest + q.fee) * 10_000)
    // the product's interest rate alone would read lower: the fee is in the headline
    expect(product.adminFeeBps).toBeGreaterThan(0)
    expect(bps).toBeGreaterThan(product.dailyRateBps)
    expect(card.loan_rate).toBe(`${formatPercent(bps, 'ID')}/hari`)
  })

  it('prices a card of a product with several terms over its longest one', async () => {
    const list = (await post(app, recommendProductList.path, {}, ME)).json().data as Array<{ id: number; cost: { termDays: number; totalRepay: number } }>
    const product = seeded.product('cicil-ringan')
    const longest = Math.max(...periodChoices(product))
    expect(periodChoices(product).length).toBeGreaterThan(1)
    const card = list.find((c) => c.id === product.id)!
    expect(card.cost.termDays).toBe(longest * product.periodDays)
    expect(card.cost.totalRepay).toBe(quoteLoan(cents(product.maxAmount), dearestTerms(product)).totalRepay)
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

  it('keeps the market\'s cards, never one borrower\'s state: each borrower\'s running orders are read every time', async () => {
    const a = await createBorrowerWithSession(database.db)
    const b = await createBorrowerWithSession(database.db)
    const product = seeded.product('tunai-keluarga')
    const stateOf = async (tok: string) =>
      ((await post(app, recommendProductList.path, {}, { tok })).json().data as Array<{ id: number; buttonStatus: number; buttonText: string }>).find(
        (c) => c.id === product.id,
      )
    expect(await stateOf(a.token)).toMatchObject({ buttonStatus: 1, buttonText: 'Ajukan Sekarang' })
    // the catalogue is now kept; a's new order shows at once on a's list and never on b's
    const { order } = await createOrder(database.db, { borrowerId: a.borrower.id, product, status: ORDER_STATUS.submitted })
    expect(await stateOf(a.token)).toMatchObject({ buttonStatus: 0, buttonText: 'Dalam proses' })
    expect(await stateOf(b.token)).toMatchObject({ buttonStatus: 1, buttonText: 'Ajukan Sekarang' })
    expect(await stateOf(a.token)).toMatchObject({ buttonStatus: 0 })
    await database.db.update(orders).set({ status: ORDER_STATUS.rejected }).where(eq(orders.id, order.id))
    expect(await stateOf(a.token)).toMatchObject({ buttonStatus: 1 })
  })

  it('rates India by APR and Mexico by CAT, in their currencies', async () => {
    const india = await createBorrowerWithSession(database.db, { market: 'IN' })
    const inList = (await post(app, recommendProductList.path, {}, { tok: india.token, isNeedPop: '1' })).json().data
    const rupee = seeded.product('rupee-kilat')
    expect(inList.map((p: { id: number }) => p.id)).toEqual([rupee.id, idOf('salary-plus'), idOf('rupee-flexi')])
    expect(inList[0].amountRange).toBe('₹2,000 - ₹80,000')
    expect(inList[0].loan_rate).toBe(`APR ${formatPercent(aprBps(dearestQuote(rupee)), 'IN')}`)
    expect(inList[0].cost.headline.kind).toBe('apr')

    const mexico = await createBorrowerWithSession(database.db, { market: 'MX' })
    const mxList = (await post(app, recommendProductList.path, {}, { tok: mexico.token, market: 'MX' })).json().data
    const credito = seeded.product('credito-kilat')
    expect(mxList[0].amountRange).toBe('$1,000 - $10,000')
    expect(mxList[0].loan_rate).toBe(`CAT ${formatPercent(catBps(dearestQuote(credito)), 'MX')}`)
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

describe('products within the caps', () => {
  // docs/product/money-rules.md#caps: the caps for agreements signed from 2026-01-01
  const IN_2026 = new Date('2026-03-02T05:00:00Z')
  const rp = (units: number) => cents(units * 100)
  /** An Indonesian product that complies: 0,05 % a day + a 2 % fee over 120 days is 0,0667 % a day all-in. */
  const compliant = (overrides: Partial<NewProduct> = {}): NewProduct =>
    buildProduct({
      code: `uji-${Math.random().toString(36).slice(2, 10)}`,
      name: 'Produk Uji',
      market: 'ID',
      minAmount: rp(1_000_000),
      maxAmount: rp(5_000_000),
      amountStep: rp(500_000),
      termUnit: 'day',
      termDays: 120,
      dailyRateBps: 5,
      adminFeeBps: 200,
      lateFeeNew: cents(0),
      lateFeeRepeat: cents(0),
      lateTiers: [{ fromDay: 1, dailyBps: 5 }],
      lateCapBps: 10_000,
      ...overrides,
    })
  const refusal = (values: NewProduct) => {
    try {
      checkProduct(values, IN_2026)
      return null
    } catch (error) {
      return error as AppError
    }
  }

  it('keeps every seeded product within the caps in force today', () => {
    expect(new Set(seeded.products.map((p) => p.market))).toEqual(new Set(['ID', 'IN', 'MX']))
    for (const product of seeded.products) {
      expect(productProblem(product, localDate(new Date(), product.market)), product.code).toBeNull()
    }
  })

  it('accepts a compliant Indonesian product and stores it', async () => {
    expect(refusal(compliant())).toBeNull()
    const stored = await createProduct(database.db, compliant({ code: 'patuh-batas' }))
    expect(stored).toMatchObject({ code: 'patuh-batas', market: 'ID', dailyRateBps: 5 })
  })

  it.each<[string, Partial<NewProduct>, string]>([
    // 0,09 % a day + a 3 % fee over 91 days is 0,123 % a day all-in, above 0,1 %
    ['costs more than 0,1 % a day once the fee is counted', { dailyRateBps: 9, adminFeeBps: 300, termDays: 91 }, 'cost'],
    // within the cap over 4 installments, above it over 2: every term offered is priced
    ['costs too much at one of its installment counts', { termUnit: 'period', termDays: 120, periods: 4, periodDays: 30, periodOptions: [1], dailyRateBps: 8, adminFeeBps: 250 }, 'cost'],
    ['charges 0,3 % a day late', { lateTiers: [{ fromDay: 1, dailyBps: 30 }] }, 'lateRate'],
    // the first day may charge at most 0,1 % of Rp 1.000.000 = Rp 1.000 with the fee, and 0,05 % is taken
    ['charges a one-time late fee above the day’s limit', { lateFeeNew: rp(50_000), lateFeeRepeat: rp(40_000) }, 'lateFee'],
  ])('refuses an Indonesian product that %s with productCostTooHigh', async (_what, overrides, kind) => {
    const values = compliant(overrides)
    const error = refusal(values)
    expect(error).toBeInstanceOf(AppError)
    expect(error).toMatchObject({ key: 'productCostTooHigh', status: 400 })
    expect((error!.data as { breaches: Array<{ kind: string }> }).breaches.map((b) => b.kind)).toContain(kind)
    await expect(createProduct(database.db, values)).rejects.toMatchObject({ key: 'productCostTooHigh' })
    expect(await database.db.select().from(products).where(eq(products.code, values.code))).toHaveLength(0)
  })

  it('lets the fee fill exactly the day’s room left by the first tier', () => {
    // 0,1 % − 0,05 % of Rp 1.000.000 is Rp 500
    expect(refusal(compliant({ lateFeeNew: rp(500), lateFeeRepeat: rp(400) }))).toBeNull()
    expect(refusal(compliant({ lateFeeNew: cents(rp(500) + 1) }))?.key).toBe('productCostTooHigh')
  })

  it('holds India and Mexico to their own rules, not Indonesia’s caps', () => {
    const dear = { dailyRateBps: 55, adminFeeBps: 300, lateFeeNew: rp(1_000), lateTiers: [{ fromDay: 1, dailyBps: 500 }] }
    expect(refusal(compliant({ ...dear, market: 'IN' }))).toBeNull()
    expect(refusal(compliant({ ...dear, market: 'MX' }))).toBeNull()
    expect(refusal(compliant({ ...dear, market: 'ID' }))?.key).toBe('productCostTooHigh')
  })

  it.each<[string, Partial<NewProduct>]>([
    ['inverted amounts', { minAmount: rp(500_000), maxAmount: rp(100_000) }],
    ['a partner without a web address', { isPartner: true, partnerUrl: 'javascript:alert(1)' }],
    ['late tiers that do not start on day 1', { lateTiers: [{ fromDay: 5, dailyBps: 5 }] }],
    ['a rate beyond 100 %', { dailyRateBps: 10_001 }],
    ['installment counts on a single-payment product', { periodOptions: [2, 3] }],
    ['an installment count that is not a whole number', { termUnit: 'period', periods: 4, periodDays: 30, periodOptions: [2.5] }],
  ])('refuses %s as invalidRequest with the reason', async (_what, overrides) => {
    const error = refusal(compliant(overrides))
    expect(error).toMatchObject({ key: 'invalidRequest' })
    expect(error!.publicMessage).toEqual(expect.any(String))
    await expect(createProduct(database.db, compliant(overrides))).rejects.toMatchObject({ key: 'invalidRequest' })
  })

  it('signs under the caps of the day: a product fine in 2025 is refused from 2026', () => {
    // 0,15 % a day all-in: under 2025's 0,2 %, above 2026's 0,1 %
    const values = compliant({ dailyRateBps: 12, adminFeeBps: 360, lateTiers: [{ fromDay: 1, dailyBps: 10 }] })
    expect(() => checkProduct(values, new Date('2025-06-01T05:00:00Z'))).not.toThrow()
    expect(refusal(values)?.key).toBe('productCostTooHigh')
  })
})

// Last: the product it adds would change the lengths the lists above expect.
describe('the kept catalogue', () => {
  it('lists a product stored through the catalogue at once, though the list was kept', async () => {
    const me = await createBorrowerWithSession(database.db)
    const before = (await post(app, recommendProductList.path, {}, { tok: me.token })).json().data as Array<{ productName: string }>
    await createProduct(database.db, buildProduct({ code: 'baru-saja', name: 'Baru Saja', sort: 999 }))
    const after = (await post(app, recommendProductList.path, {}, { tok: me.token })).json().data as Array<{ productName: string }>
    expect(after).toHaveLength(before.length + 1)
    expect(after.at(-1)?.productName).toBe('Baru Saja')
  })
})
