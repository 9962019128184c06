import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, contractJump, contractList, googleScore, loanDetailConfirm, loanDetailPush, productApply, recommendProductList } from '@kilat/contract'
import { aprBps, catBps, cents, formatDate, formatMoney, formatPercent, quoteLoan } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession } from '../../db/factories.js'
import { orderPeriods, orders } from '../../db/schema.js'
import { post } from '../../test/inject.js'
import { openSeededApp, type SeededApp } from '../../test/setup-db.js'
import { termsOf } from '../products/products.service.js'

let database: Database
let app: FastifyInstance
let seeded: SeededApp
const ME = { tok: 'demo-borrower' }
const DAY_MS = 86_400_000

beforeAll(async () => {
  seeded = await openSeededApp()
  ;({ database, app } = seeded)
})

afterAll(() => seeded?.close())

const product = (code: string) => seeded.product(code)

function push(fields: Record<string, string | number>, query: Record<string, string> = ME) {
  return post(app, loanDetailPush.path, fields, query)
}

describe('loan-detail-confirm', () => {
  it('prices the largest amount by default, every figure from domain quoteLoan', async () => {
    const p = product('tunai-keluarga')
    const res = await post(app, loanDetailConfirm.path, { productId: p.id }, ME)
    expect(res.statusCode).toBe(200)
    expect(res.json().code).toBe(0)
    const data = res.json().data
    const quote = quoteLoan(cents(p.maxAmount), termsOf(p))
    const due = formatDate(new Date(Date.now() + 120 * DAY_MS), 'ID')
    const rp = (v: number) => formatMoney(v, 'ID')
    expect(data).toEqual({
      productId: p.id,
      productLogo: '/media/logos/tunai-keluarga.svg',
      productName: 'Tunai Keluarga',
      amount: p.maxAmount,
      periods: 1,
      termUnit: 'day',
      details: [
        { title: 'Jangka waktu', value: '120 hari' },
        { title: 'Suku bunga', value: '0,09%/hari' },
        { title: 'Tanggal pembayaran', value: due },
      ],
      detail1: [
        { title: 'Biaya admin (dipotong saat pencairan)', value: rp(quote.fee) },
        { title: 'Jumlah diterima', value: rp(quote.received) },
      ],
      detail2: [
        { title: 'Bunga', value: rp(quote.interest) },
        { title: 'Total pembayaran', value: rp(quote.totalRepay) },
      ],
      repay_plans: [{ title: 'Pembayaran', amount: quote.totalRepay, description: `Pokok ${rp(quote.principal)} + bunga ${rp(quote.interest)}`, pay_time: due }],
      firstPayTime: due,
      firstPeriodDay: 120,
      pRateDsc: '0,09%/hari',
      sendSms: 0,
      isPopType: 0,
      popContent: '',
      popTitle: '',
      popAgreementUrl: '',
      note: expect.stringContaining(`Biaya admin ${rp(quote.fee)} dipotong saat pencairan, sehingga Anda menerima ${rp(quote.received)}.`),
      sp_rate: '0,09%/hari',
      languageType: 2,
      minAmount: p.minAmount,
      maxAmount: p.maxAmount,
      amountStep: p.amountStep,
      cost: {
        amount: quote.principal, fee: quote.fee, received: quote.received, interest: quote.interest,
        totalRepay: quote.totalRepay, termDays: 120, headline: { kind: 'dailyRate', bps: 9, text: '0,09%/hari' },
      },
      market: 'ID',
    })
    expect(data.note).toContain('Rp 50.000,00 (Rp 40.000,00 untuk nasabah lama), lalu 0,30% per hari')
  })

  it('lists one plan per installment that sums to the total', async () => {
    const p = product('modal-usaha')
    const amount = 8_000_000_00
    const data = (await post(app, loanDetailConfirm.path, { productId: p.id, amount }, { ...ME, lang: 'en' })).json().data
    const quote = quoteLoan(cents(amount), termsOf(p))
    expect(data).toMatchObject({ amount, periods: 6, termUnit: 'period', firstPeriodDay: 30 })
    expect(data.details[0]).toEqual({ title: 'Term', value: '180 days (6 installments)' })
    expect(data.details[2].title).toBe('First payment')
    expect(data.repay_plans.map((r: { title: string }) => r.title)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Installment ${n}/6`))
    expect(data.repay_plans.map((r: { amount: number }) => r.amount)).toEqual(quote.installments.map((i) => i.total))
    expect(data.repay_plans.reduce((s: number, r: { amount: number }) => s + r.amount, 0)).toBe(quote.totalRepay)
    expect(data.repay_plans[5].pay_time).toBe(formatDate(new Date(Date.now() + 180 * DAY_MS), 'ID'))
    expect(data.repay_plans[0].description).toBe(`Principal ${formatMoney(quote.installments[0]!.principal, 'ID')} + interest ${formatMoney(quote.installments[0]!.interest, 'ID')}`)
  })

  it('speaks Spanish too', async () => {
    const data = (await post(app, loanDetailConfirm.path, { productId: product('dana-sehat').id }, { ...ME, lang: 'es' })).json().data
    expect(data.details.map((d: { title: string }) => d.title)).toEqual(['Plazo', 'Tasa de interés', 'Fecha de pago'])
    expect(data.details[0].value).toBe('100 días')
    expect(data.note).toContain('Cargos por atraso')
  })

  it('shows India’s text set the agreement popup, the APR and rupees', async () => {
    const india = await createBorrowerWithSession(database.db, { market: 'IN' })
    const p = product('rupee-kilat')
    const data = (await post(app, loanDetailConfirm.path, { productId: p.id, amount: 10_000_00 }, { tok: india.token, isNeedPop: '1' })).json().data
    const quote = quoteLoan(cents(10_000_00), termsOf(p))
    expect(data).toMatchObject({
      isPopType: 1,
      languageType: 1,
      popTitle: 'Loan agreement and Key Fact Statement',
      popAgreementUrl: `/contract?productId=${p.id}&position=0&amount=1000000`,
      sp_rate: `APR ${formatPercent(aprBps(quote))}`,
    })
    expect(data.popContent).toContain(`You receive ${formatMoney(quote.received, 'IN')}`)
    expect(data.detail2[1].value).toBe(formatMoney(quote.totalRepay, 'IN'))
    expect(data.note).toContain('a one-time fee of ₹ 1.000,00 (₹ 800,00 for repeat clients), then 5,00% a day on days 1-30, 4,00% a day on days 31-90 and 2,00% a day from day 91')
  })

  it('names the product’s market, whichever text set the page asks for', async () => {
    const p = product('rupee-kilat')
    const india = { tok: 'demo-borrower-in' }
    const indonesianPage = (await post(app, loanDetailConfirm.path, { productId: p.id }, india)).json().data
    expect(indonesianPage).toMatchObject({ market: 'IN', languageType: 2, popAgreementUrl: '' })
    expect(indonesianPage.detail2[1].value).toMatch(/^₹ /)
    const indiaPage = (await post(app, loanDetailConfirm.path, { productId: p.id }, { ...india, isNeedPop: '1' })).json().data
    expect(indiaPage).toMatchObject({ market: 'IN', languageType: 1, isPopType: 1, cost: { headline: { kind: 'apr' } } })
    expect(indiaPage.popAgreementUrl).toBe(`/contract?productId=${p.id}&position=0&amount=${p.maxAmount}`)
    expect(indiaPage.sp_rate).toMatch(/^APR \d/)
    expect((await post(app, loanDetailConfirm.path, { productId: product('tunai-keluarga').id }, { ...ME, isNeedPop: '1' })).json().data.market).toBe('ID')
  })

  it('quotes Mexico’s demo borrower the CAT in pesos', async () => {
    const p = product('credito-kilat')
    const data = (await post(app, loanDetailConfirm.path, { productId: p.id }, { tok: 'demo-borrower-mx', market: 'MX' })).json().data
    const quote = quoteLoan(cents(p.maxAmount), termsOf(p))
    expect(data).toMatchObject({ market: 'MX', languageType: 2, popAgreementUrl: '', cost: { headline: { kind: 'cat', bps: catBps(quote) } } })
    expect(data.sp_rate).toBe(`CAT ${formatPercent(catBps(quote))}`)
    expect(data.details[0]).toEqual({ title: 'Plazo', value: '91 días' })
    expect(data.detail2[1].value).toBe(formatMoney(quote.totalRepay, 'MX'))
  })

  it.each([
    ['below the minimum', 50_000_00, 'amountOutOfRange'],
    ['above the maximum', 7_500_000_00, 'amountOutOfRange'],
    ['between steps', 1_200_000_00, 'amountOutOfRange'],
  ])('refuses an amount %s', async (_what, amount, key) => {
    const res = await post(app, loanDetailConfirm.path, { productId: product('tunai-keluarga').id, amount }, ME)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: ERRORS[key as 'amountOutOfRange'].code, data: null, message: ERRORS.amountOutOfRange.messages.id })
  })

  it.each([['mitra-dana'], ['dana-rumah'], ['rupee-kilat']])('refuses %s as productUnavailable', async (code) => {
    const res = await post(app, loanDetailConfirm.path, { productId: product(code).id }, ME)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe(3001)
  })

  it.each([
    [{}, ['productId']],
    [{ productId: 'x' }, ['productId']],
    [{ productId: 1, amount: -5 }, ['amount']],
    [{ productId: 1, amount: 1.5 }, ['amount']],
    [{ productId: 1, amount: '1e400' }, ['amount']],
  ])('refuses malformed input %j', async (fields, names) => {
    const res = await post(app, loanDetailConfirm.path, fields as Record<string, string | number>, ME)
    expect(res.statusCode).toBe(400)
    expect(res.json().data.fields).toEqual(names)
  })
})

describe('loan-detail-push', () => {
  it('submits an order with the product’s terms, the quote’s amounts and a provisional schedule', async () => {
    const p = product('tunai-keluarga')
    const amount = 3_500_000_00
    const before = Date.now()
    const res = await push({ productId: p.id, amount, periods: 1, termUnit: 'day' })
    expect(res.statusCode).toBe(200)
    const { orderNo, lendDetailsUrl } = res.json().data
    expect(orderNo).toMatch(/^K\d{16}$/)
    expect(lendDetailsUrl).toBe(`/loan-detail?productId=${p.id}&orderId=${orderNo}`)

    const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, orderNo))
    const quote = quoteLoan(cents(amount), termsOf(p))
    expect(order).toMatchObject({
      status: 21, productId: p.id, principal: amount, fee: quote.fee, received: quote.received, interest: quote.interest,
      totalRepay: quote.totalRepay, paid: 0, penalty: 0, termUnit: 'day', termDays: 120, periods: 1, dailyRateBps: 9,
      isDelay: true, lateFeeNew: p.lateFeeNew, lateFeeRepeat: p.lateFeeRepeat, lateTiers: p.lateTiers, lateCapBps: p.lateCapBps,
      disbursedAt: null, manualReview: false, penaltyAccruedThrough: null,
    })
    const periods = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderId, order!.id))
    expect(periods).toHaveLength(1)
    expect(periods[0]).toMatchObject({ periodNo: 1, total: quote.totalRepay, paid: 0, status: 'unpaid' })
    expect(periods[0]!.dueAt.getTime()).toBeGreaterThanOrEqual(before + 120 * DAY_MS)

    // now it is a running loan: the list greys it and apply leads to it
    const list = (await post(app, recommendProductList.path, {}, ME)).json().data
    expect(list.find((c: { id: number }) => c.id === p.id)).toMatchObject({ buttonStatus: 0, buttonText: 'Dalam proses' })
    expect((await post(app, productApply.path, { product_id: p.id }, ME)).json().data.url).toBe(lendDetailsUrl)

    const again = await push({ productId: p.id, amount, periods: 1, termUnit: 'day' })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toEqual({ code: 3003, data: null, message: ERRORS.orderInProgress.messages.id })
  })

  it('makes exactly one order of two pushes at the same instant', async () => {
    const borrower = await createBorrowerWithSession(database.db)
    const p = product('dana-sehat')
    const fields = { productId: p.id, amount: p.minAmount, periods: 1, termUnit: 'day' }
    const results = await Promise.all([push(fields, { tok: borrower.token }), push(fields, { tok: borrower.token }), push(fields, { tok: borrower.token })])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409])
    expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().code === 3003)).toBe(true)
    expect(await database.db.select().from(orders).where(eq(orders.borrowerId, borrower.borrower.id))).toHaveLength(1)
  })

  it('submits an installment loan with one period row each', async () => {
    const borrower = await createBorrowerWithSession(database.db)
    const p = product('modal-usaha')
    const res = await push({ productId: p.id, amount: p.maxAmount, periods: 6, termUnit: 'period' }, { tok: borrower.token })
    expect(res.statusCode).toBe(200)
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, res.json().data.orderNo))
    const periods = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderId, order!.id))
    expect(periods).toHaveLength(6)
    expect(periods.reduce((s, x) => s + x.total, 0)).toBe(order!.totalRepay)
    expect(order!.isDelay).toBe(false)
  })

  it.each([
    ['below the minimum', { amount: 50_000_00 }, 400, 3002],
    ['above the maximum', { amount: 8_000_000_00 }, 400, 3002],
    ['between steps', { amount: 1_250_000_00 }, 400, 3002],
    ['two periods of a single-payment loan', { periods: 2 }, 400, 3004],
    ['installments of a single-payment loan', { termUnit: 'period' }, 400, 3004],
  ])('refuses %s', async (_what, change, status, code) => {
    const borrower = await createBorrowerWithSession(database.db)
    const res = await push({ productId: product('kilat-cepat').id, amount: 2_000_000_00, periods: 1, termUnit: 'day', ...change }, { tok: borrower.token })
    expect(res.statusCode).toBe(status)
    expect(res.json().code).toBe(code)
  })

  it('refuses the wrong number of installments', async () => {
    const res = await push({ productId: product('modal-usaha').id, amount: 5_000_000_00, periods: 4, termUnit: 'period' }, { tok: (await createBorrowerWithSession(database.db)).token })
    expect(res.json().code).toBe(3004)
  })

  it.each([['mitra-dana'], ['dana-rumah'], ['rupee-kilat']])('refuses %s as productUnavailable', async (code) => {
    const res = await push({ productId: product(code).id, amount: product(code).minAmount, periods: 1, termUnit: 'day' })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe(3001)
  })

  it.each([
    [{ productId: 1, amount: -100, periods: 1, termUnit: 'day' }, ['amount']],
    [{ productId: 1, amount: 100.5, periods: 1, termUnit: 'day' }, ['amount']],
    [{ productId: 1, amount: 100, periods: 0, termUnit: 'week' }, ['periods', 'termUnit']],
    [{ productId: 1, periods: 1 }, ['amount', 'termUnit']],
    [{ productId: '<img src=x onerror=alert(1)>', amount: 100, periods: 1, termUnit: 'day' }, ['productId']],
  ])('refuses malformed input %j', async (fields, names) => {
    const res = await push(fields as Record<string, string | number>)
    expect(res.statusCode).toBe(400)
    expect(res.json().data.fields.sort()).toEqual(names)
  })

  it('needs a session', async () => {
    const res = await push({ productId: 1, amount: 100, periods: 1, termUnit: 'day' }, {})
    expect(res.statusCode).toBe(401)
    expect(res.json().code).toBe(1001)
  })
})

describe('sessions', () => {
  it.each([loanDetailConfirm, loanDetailPush, contractList, contractJump, googleScore])('$path needs a valid session', async (call) => {
    const fields = { productId: 1, amount: 100, periods: 1, termUnit: 'day', score: 5, position: 0 }
    for (const query of [{}, { tok: 'x'.repeat(43) }, { sessionId: '<script>' }] as Array<Record<string, string>>) {
      const res = await post(app, call.path, fields, query)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject(call.family === 'success' ? { success: false, code: 1001 } : { code: 1001 })
    }
  })
})
