import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, contractJump, contractList, contractView, publicLoanTerms } from '@kilat/contract'
import { aprBps, cents, dailyCostBps, formatDate, formatMoney, formatPercent, loanTermsOf, periodChoices, quoteLoan } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession } from '../../db/factories.js'
import { orders, type Order } from '../orders/orders.schema.js'
import { get, post } from '../../test/inject.js'
import { openSeededApp, type SeededApp } from '../../test/setup-db.js'

let database: Database
let app: FastifyInstance
let seeded: SeededApp
const ME = { tok: 'demo-borrower' }
const OTHER = { tok: 'demo-borrower-2' }
let overdue: Order

beforeAll(async () => {
  seeded = await openSeededApp()
  ;({ database, app } = seeded)
  ;[overdue] = await database.db.select().from(orders).where(eq(orders.orderNo, 'K2026000006')) as [Order]
})

afterAll(() => seeded?.close())

const product = (code: string) => seeded.product(code)
const view = async (query: Record<string, string | number>) => get(app, contractView.path, { ...ME, ...query })
const text = (data: { sections: Array<{ heading: string; paragraphs: string[] }> }) =>
  data.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join('\n')

describe('contract list', () => {
  it('lists the agreement and the consent, by GET and by POST, in each language', async () => {
    const productId = product('tunai-keluarga').id
    const byGet = await get(app, contractList.path, { ...ME, productId, scene: 3 })
    expect(byGet.json()).toEqual({
      code: 0,
      message: 'success',
      data: [
        { title: 'Perjanjian Pinjaman', position: 0 },
        { title: 'Persetujuan Otorisasi dan Privasi', position: 1 },
      ],
    })
    const byPost = await post(app, contractList.path, { productId, scene: 3 }, { ...ME, lang: 'en' })
    expect(byPost.json().data.map((c: { title: string }) => c.title)).toEqual(['Loan Agreement', 'Authorization and Privacy Consent'])
    const es = await post(app, contractList.path, { productId, scene: 3 }, { ...ME, lang: 'es' })
    expect(es.json().data[0].title).toBe('Contrato de Préstamo')
  })

  it('answers notFound for an unknown product and 401 without a session', async () => {
    expect((await post(app, contractList.path, { productId: 999_999, scene: 3 }, ME)).statusCode).toBe(404)
    expect((await get(app, contractList.path, { productId: 1 })).statusCode).toBe(401)
  })
})

describe('contract-jump', () => {
  it('links to the contract page of the product, and of the order when one is named', async () => {
    const productId = product('tunai-keluarga').id
    const plain = await post(app, contractJump.path, { productId, scene: 3, position: 1 }, ME)
    expect(plain.json().data).toEqual({ contract_url: `/contract?productId=${productId}&position=1` })
    const withOrder = await post(app, contractJump.path, { productId: overdue.productId, position: 0, orderId: overdue.orderNo }, ME)
    expect(withOrder.json().data.contract_url).toBe(`/contract?productId=${overdue.productId}&position=0&orderId=K2026000006`)
  })

  it('carries the chosen amount and installments of the offer being confirmed', async () => {
    const p = product('cicil-ringan')
    const periods = Math.max(...periodChoices(p))
    const chosen = await post(app, contractJump.path, { productId: p.id, position: 0, amount: p.minAmount, periods }, ME)
    expect(chosen.json().data).toEqual({ contract_url: `/contract?productId=${p.id}&position=0&amount=${p.minAmount}&periods=${periods}` })
    // an amount alone keeps the product's own number of installments
    const amountOnly = await post(app, contractJump.path, { productId: p.id, amount: p.minAmount }, ME)
    expect(amountOnly.json().data.contract_url).toBe(`/contract?productId=${p.id}&position=0&amount=${p.minAmount}&periods=${p.periods}`)
  })

  it.each([
    ['an amount between steps', { amount: 1_250_000_00 }, 'amountOutOfRange'],
    ['an amount above the maximum', { amount: 99_000_000_00 }, 'amountOutOfRange'],
    ['installments the product does not offer', { periods: 5 }, 'termMismatch'],
  ] as const)('refuses %s', async (_what, fields, key) => {
    const res = await post(app, contractJump.path, { productId: product('cicil-ringan').id, ...fields }, ME)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: ERRORS[key].code, data: null, message: ERRORS[key].messages.id })
  })

  it.each([
    ['another borrower’s order', OTHER, () => ({ productId: overdue.productId, position: 0, orderId: overdue.orderNo })],
    ['an order named with another product', ME, () => ({ productId: product('tunai-keluarga').id, position: 0, orderId: overdue.orderNo })],
    ['a position that does not exist', ME, () => ({ productId: overdue.productId, position: 7 })],
    ['an unknown product', ME, () => ({ productId: 999_999, position: 0 })],
  ])('answers notFound for %s', async (_what, who, fields) => {
    const res = await post(app, contractJump.path, fields(), who)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe(1002)
  })

  it.each([
    [{ productId: 1, orderId: '../../etc/passwd' }, ['orderId']],
    [{ productId: 1, orderId: 'K'.repeat(33) }, ['orderId']],
    [{ productId: 1, amount: '<script>alert(1)</script>' }, ['amount']],
    [{ productId: 1, amount: '9'.repeat(400), periods: -1 }, ['amount', 'periods']],
    [{ productId: 1, periods: "1' or '1'='1" }, ['periods']],
  ])('refuses hostile input %j', async (fields, names) => {
    const res = await post(app, contractJump.path, fields as Record<string, string | number>, ME)
    expect(res.statusCode).toBe(400)
    expect(res.json().data.fields.sort()).toEqual(names)
  })
})

describe('contract view', () => {
  it('fills Indonesia’s agreement with the offer and its own lender disclosure', async () => {
    const p = product('tunai-keluarga')
    const amount = cents(2_000_000_00)
    const res = await view({ productId: p.id, position: 0, amount })
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    const quote = quoteLoan(amount, loanTermsOf(p))
    const rp = (v: number) => formatMoney(v, 'ID')
    const daily = `${formatPercent(dailyCostBps(quote), 'ID')}/hari`
    expect(data.title).toBe('Perjanjian Pinjaman')
    expect(data.sections.map((s: { heading: string }) => s.heading)).toEqual([
      'Para pihak', 'Rincian pinjaman', 'Jadwal pembayaran', 'Ketentuan pemberi pinjaman', 'Persetujuan',
    ])
    const all = text(data)
    for (const phrase of [
      'Budi Santoso, nomor ponsel +62812******90',
      'diawasi oleh Otoritas Jasa Keuangan',
      `Jumlah pinjaman: ${rp(amount)}.`,
      `Biaya admin: ${rp(quote.fee)}.`,
      `Jumlah diterima: ${rp(quote.received)}.`,
      `Jangka waktu: ${p.termDays} hari.`,
      `Suku bunga harian: ${formatPercent(p.dailyRateBps, 'ID')}/hari.`,
      `Biaya harian total (termasuk biaya admin): ${daily}.`,
      `Total bunga: ${rp(quote.interest)}.`,
      `Total pengembalian: ${rp(quote.totalRepay)}.`,
      'ditandatangani sejak 2026-01-01',
      'paling tinggi 0,10% dari pokok pinjaman per hari',
      `Biaya harian total pinjaman ini, yaitu bunga dan biaya admin per hari jangka waktu dari pokok pinjaman: ${daily}.`,
      'paling tinggi 0,10% dari pokok yang terlambat dibayar',
      'tidak pernah melebihi 100,00% dari pokok pinjaman',
      'tidak dimajemukkan',
      'tanpa ancaman',
      'Kontak OJK 157',
      '+62 21 5098 7700',
    ]) {
      expect(all).toContain(phrase)
    }
    // India's terms text is India's alone
    for (const phrase of ['91 sampai 365 hari', 'separuh jangka waktu', 'perubahan data pribadi dalam 3 hari', 'putusan pengadilan']) {
      expect(all).not.toContain(phrase)
    }
    expect(all).not.toContain('+6281234567890')
    expect(data.schedule).toEqual([{ title: 'Pembayaran', amount: quote.totalRepay, pay_time: formatDate(new Date(Date.now() + p.termDays * 86_400_000), 'ID') }])
  })

  it('shows the chosen amount and installments with their schedule, not the largest amount', async () => {
    const p = product('cicil-ringan')
    const periods = Math.min(...periodChoices(p))
    expect(periods).not.toBe(p.periods)
    const amount = cents(p.minAmount + p.amountStep)
    const data = (await view({ productId: p.id, amount, periods, lang: 'en' })).json().data
    const quote = quoteLoan(amount, loanTermsOf(p, periods))
    expect(data.schedule.map((s: { title: string; amount: number }) => [s.title, s.amount])).toEqual(
      quote.installments.map((i) => [`Installment ${i.periodNo}/${periods}`, i.total]),
    )
    const all = text(data)
    expect(all).toContain(`Loan amount: ${formatMoney(amount, 'ID')}.`)
    expect(all).toContain(`Term: ${periods * p.periodDays} days (${periods} installments).`)
    expect(all).toContain(`Total to repay: ${formatMoney(quote.totalRepay, 'ID')}.`)
    expect(all).not.toContain(formatMoney(p.maxAmount, 'ID'))
  })

  it('fills it from the borrower’s own order, in English and Spanish', async () => {
    const en = (await view({ productId: overdue.productId, orderId: overdue.orderNo, lang: 'en' })).json().data
    expect(en.title).toBe('Loan Agreement')
    const all = text(en)
    expect(all).toContain('Order number: K2026000006.')
    expect(all).toContain(`Loan amount: ${formatMoney(overdue.principal, 'ID')}.`)
    expect(all).toContain(`Total to repay: ${formatMoney(overdue.totalRepay, 'ID')}.`)
    expect(all).toContain('Financial Services Authority')
    expect(all).not.toContain('half of the term')
    expect(all).toContain(`Date: ${formatDate(overdue.appliedAt, 'ID')}.`)
    expect(en.schedule).toEqual([{ title: 'Repayment', amount: overdue.totalRepay, pay_time: formatDate(overdue.dueAt!, 'ID') }])
    const es = (await view({ productId: overdue.productId, orderId: overdue.orderNo, lang: 'es' })).json().data
    expect(es.title).toBe('Contrato de Préstamo')
    expect(text(es)).toContain('Quejas: llama a atención al cliente al +62 21 5098 7700')
  })

  it('states India’s terms text and APR, and Mexico’s CAT and CONDUSEF, each in its currency', async () => {
    const india = await createBorrowerWithSession(database.db, { market: 'IN', name: 'Asha Rao' })
    const p = product('rupee-kilat')
    const data = (await get(app, contractView.path, { tok: india.token, isNeedPop: '1', productId: p.id })).json().data
    const all = text(data)
    expect(all).toContain(`Annual percentage rate (APR): ${formatPercent(aprBps(quoteLoan(cents(p.maxAmount), loanTermsOf(p))), 'IN')}.`)
    expect(all).toContain('a one-time fee of ₹1,000.00 (₹800.00 for repeat clients)')
    expect(all).toContain(`Loans run for 91 to 365 days; this loan runs for ${p.termDays} days.`)
    expect(all).toContain('Early repayment is possible only after half of the term has passed')
    expect(all).toContain('Borrower: Asha Rao')
    expect(data.market).toBe('IN')
    // The page's market does not change the currency of the product's schedule.
    expect((await get(app, contractView.path, { tok: india.token, productId: p.id })).json().data.market).toBe('IN')
    expect((await view({ productId: product('tunai-keluarga').id, position: 1 })).json().data.market).toBe('ID')

    const mx = (await get(app, contractView.path, { tok: 'demo-borrower-mx', market: 'MX', productId: product('credito-kilat').id })).json().data
    const mxText = text(mx)
    expect(mx.market).toBe('MX')
    expect(mxText).toContain('Costo Anual Total (CAT): ')
    expect(mxText).toContain('CONDUSEF')
    expect(mxText).toContain('intereses moratorios')
    expect(mxText).not.toContain('91 a 365 días')
    expect(mxText).not.toContain('mitad del plazo')
  })

  it('shows the consent with the service telephone, without another market’s terms', async () => {
    const data = (await view({ productId: product('tunai-keluarga').id, position: 1, lang: 'en' })).json().data
    expect(data.title).toBe('Authorization and Privacy Consent')
    expect(data.schedule).toEqual([])
    expect(text(data)).toContain('+62 21 5098 7700')
    expect(text(data)).not.toContain('within 3 days')
  })

  it.each([
    ['another borrower’s order', OTHER, () => ({ productId: overdue.productId, orderId: overdue.orderNo })],
    ['an order named with another product', ME, () => ({ productId: product('tunai-keluarga').id, orderId: overdue.orderNo })],
    ['a position that does not exist', ME, () => ({ productId: product('tunai-keluarga').id, position: 2 })],
  ])('answers notFound for %s', async (_what, who, query) => {
    const res = await get(app, contractView.path, { ...who, ...query() })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe(1002)
  })

  it('refuses an amount or installments the product does not offer, and malformed ones', async () => {
    const p = product('tunai-keluarga')
    expect((await view({ productId: p.id, amount: 1 })).json()).toMatchObject({ code: 3002 })
    expect((await view({ productId: p.id, periods: 3 })).json()).toMatchObject({ code: 3004 })
    expect((await view({ productId: product('mitra-dana').id })).json()).toMatchObject({ code: 3001 })
    for (const [query, fields] of [
      [{ amount: -1 }, ['amount']],
      [{ amount: '<b>1</b>' }, ['amount']],
      [{ periods: 'x'.repeat(200) }, ['periods']],
      [{ periods: 1.5 }, ['periods']],
    ] as const) {
      const res = await view({ productId: p.id, ...query })
      expect(res.statusCode).toBe(400)
      expect(res.json().data.fields).toEqual(fields)
    }
    expect((await get(app, contractView.path, { productId: 1 })).statusCode).toBe(401)
  })
})

describe('public loan terms', () => {
  it('prints each market\'s disclosure and late charges with an example, without a session, cacheable', async () => {
    const india = await get(app, publicLoanTerms.path, { isNeedPop: 1, lang: 'en' })
    expect(india.statusCode).toBe(200)
    expect(india.headers['cache-control']).toBe('public, max-age=300')
    const data = india.json().data
    expect(data.market).toBe('IN')
    expect(data.title).toBe('Loan terms and conditions')
    const all = text(data)
    expect(data.sections[0].paragraphs[0]).toContain(`The figures below are an example: ${data.example.productName}, ${formatMoney(data.example.amount, 'IN')}`)
    // India's terms text, every figure of it
    for (const figure of ['91', '365', '1,000', '800', '5', '4', '2', '3 days', '7 business days', '10 days']) expect(all).toContain(figure)
    // no borrower's data in a public page
    expect(all).not.toMatch(/\+\d{5}\*/)

    const indonesia = (await get(app, publicLoanTerms.path, {})).json().data
    expect(indonesia.market).toBe('ID')
    expect(indonesia.title).toBe('Syarat dan ketentuan pinjaman')
    expect(text(indonesia)).toContain('OJK')
    const mexico = (await get(app, publicLoanTerms.path, { market: 'MX' })).json().data
    expect(mexico.market).toBe('MX')
    expect(mexico.title).toBe('Términos y condiciones del préstamo')
    expect(text(mexico)).toContain('CAT')
  })

  it('refuses a hostile language or market parameter without failing', async () => {
    const res = await get(app, publicLoanTerms.path, { lang: '<script>', market: 'ZZ'.repeat(200) })
    expect([200, 400]).toContain(res.statusCode)
    expect(res.body).not.toContain('<script>')
  })
})
