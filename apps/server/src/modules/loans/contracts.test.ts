import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractJump, contractList, contractView } from '@kilat/contract'
import { aprBps, cents, formatDate, formatMoney, formatPercent, quoteLoan } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession } from '../../db/factories.js'
import { orders, type Order } from '../../db/schema.js'
import { get, post } from '../../test/inject.js'
import { openSeededApp, type SeededApp } from '../../test/setup-db.js'
import { termsOf } from '../products/products.service.js'

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

  it.each([
    ['another borrower’s order', OTHER, () => ({ productId: overdue.productId, position: 0, orderId: overdue.orderNo })],
    ['a position that does not exist', ME, () => ({ productId: overdue.productId, position: 7 })],
    ['an unknown product', ME, () => ({ productId: 999_999, position: 0 })],
  ])('answers notFound for %s', async (_what, who, fields) => {
    const res = await post(app, contractJump.path, fields(), who)
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe(1002)
  })

  it('refuses a hostile order number', async () => {
    const res = await post(app, contractJump.path, { productId: 1, orderId: '../../etc/passwd' }, ME)
    expect(res.statusCode).toBe(400)
    expect(res.json().data.fields).toEqual(['orderId'])
  })
})

describe('contract view', () => {
  it('fills the agreement with the offer and states the whole lender disclosure', async () => {
    const p = product('tunai-keluarga')
    const amount = 2_000_000_00
    const res = await view({ productId: p.id, position: 0, amount })
    expect(res.statusCode).toBe(200)
    const data = res.json().data
    const quote = quoteLoan(cents(amount), termsOf(p))
    const rp = (v: number) => formatMoney(v, 'ID')
    expect(data.title).toBe('Perjanjian Pinjaman')
    expect(data.sections.map((s: { heading: string }) => s.heading)).toEqual([
      'Para pihak', 'Rincian pinjaman', 'Jadwal pembayaran', 'Ketentuan pemberi pinjaman', 'Persetujuan',
    ])
    const all = text(data)
    for (const phrase of [
      'Budi Santoso, nomor ponsel +62812******90',
      `Jumlah pinjaman: ${rp(amount)}.`,
      `Biaya admin (dipotong saat pencairan): ${rp(quote.fee)}.`,
      `Jumlah diterima: ${rp(quote.received)}.`,
      'Jangka waktu: 120 hari.',
      'Suku bunga: 0,09%/hari.',
      `Total pembayaran: ${rp(quote.totalRepay)}.`,
      '91 sampai 365 hari',
      'dalam 1 sampai 3 hari kalender',
      'paling lambat 1 hari',
      'setelah separuh jangka waktu berlalu dan tidak sebelum 7 hari sejak pencairan (untuk pinjaman ini: mulai hari ke-60',
      'biaya satu kali Rp 50.000,00 (Rp 40.000,00 untuk nasabah lama), lalu 0,30% per hari',
      'perubahan data pribadi dalam 3 hari',
      '7 hari kerja',
      'putusan pengadilan wajib dibayar dalam 10 hari',
      'seluruh bunga dan denda yang jatuh tempo dibayar, dan memperpanjang jangka waktu dengan periode yang sama',
    ]) {
      expect(all).toContain(phrase)
    }
    expect(all).not.toContain('+6281234567890')
    expect(data.schedule).toEqual([{ title: 'Pembayaran', amount: quote.totalRepay, pay_time: formatDate(new Date(Date.now() + 120 * 86_400_000), 'ID') }])
  })

  it('fills it from the borrower’s own order, in English and Spanish', async () => {
    const en = (await view({ productId: overdue.productId, orderId: overdue.orderNo, lang: 'en' })).json().data
    expect(en.title).toBe('Loan Agreement')
    const all = text(en)
    expect(all).toContain('Order number: K2026000006.')
    expect(all).toContain(`Loan amount: ${formatMoney(overdue.principal, 'ID')}.`)
    expect(all).toContain(`Total to repay: ${formatMoney(overdue.totalRepay, 'ID')}.`)
    expect(all).toContain('Early repayment is possible only after half of the term')
    expect(all).toContain(`Date: ${formatDate(overdue.appliedAt, 'ID')}.`)
    expect(en.schedule).toEqual([{ title: 'Repayment', amount: overdue.totalRepay, pay_time: formatDate(overdue.dueAt!, 'ID') }])
    const es = (await view({ productId: overdue.productId, orderId: overdue.orderNo, lang: 'es' })).json().data
    expect(es.title).toBe('Contrato de Préstamo')
    expect(text(es)).toContain('Un monto fijado por sentencia judicial debe pagarse en un plazo de 10 días.')
  })

  it('states India’s APR beside the daily rate', async () => {
    const india = await createBorrowerWithSession(database.db, { market: 'IN', name: 'Asha Rao' })
    const p = product('rupee-kilat')
    const data = (await get(app, contractView.path, { tok: india.token, isNeedPop: '1', productId: p.id })).json().data
    const all = text(data)
    expect(all).toContain(`APR (annual percentage rate): ${formatPercent(aprBps(quoteLoan(cents(p.maxAmount), termsOf(p))))}.`)
    expect(all).toContain('a one-time fee of ₹ 1.000,00 (₹ 800,00 for repeat clients)')
    expect(all).toContain('Borrower: Asha Rao')
    expect(data.market).toBe('IN')
    // The page's market does not change the currency of the product's schedule.
    expect((await get(app, contractView.path, { tok: india.token, productId: p.id })).json().data.market).toBe('IN')
    expect((await view({ productId: product('tunai-keluarga').id, position: 1 })).json().data.market).toBe('ID')
  })

  it('shows the consent with the service telephone', async () => {
    const data = (await view({ productId: product('tunai-keluarga').id, position: 1, lang: 'en' })).json().data
    expect(data.title).toBe('Authorization and Privacy Consent')
    expect(data.schedule).toEqual([])
    expect(text(data)).toContain('+62 21 5098 7700')
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

  it('refuses an amount the product does not offer, and a malformed one', async () => {
    expect((await view({ productId: product('tunai-keluarga').id, amount: 1 })).json().code).toBe(3002)
    expect((await view({ productId: product('tunai-keluarga').id, amount: -1 })).statusCode).toBe(400)
    expect((await get(app, contractView.path, { productId: 1 })).statusCode).toBe(401)
  })
})
