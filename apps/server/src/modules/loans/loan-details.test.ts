import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, googleScore, loanDetails } from '@kilat/contract'
import { ORDER_STATUS, ORDER_STATUSES, canExtend, daysOverdue, formatMoney, isSettled } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, createOrder } from '../../db/factories.js'
import { ratings } from './loans.schema.js'
import { orderPeriods, orders, type Order } from '../orders/orders.schema.js'
import { products, type Product } from '../products/products.schema.js'
import { seedDemo } from '../../db/seed.js'
import { get, post } from '../../test/inject.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'

let database: Database
let app: FastifyInstance
const byStatus = new Map<number, Order>()
const productOf = new Map<number, Product>()
let allProducts: Product[] = []
const ME = { tok: 'demo-borrower' }
const OTHER = { tok: 'demo-borrower-2' }

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemo(database.db, { sessionTtlDays: 30 })
  const rows = await database.db.select({ order: orders, product: products }).from(orders).innerJoin(products, eq(products.id, orders.productId))
  for (const { order, product } of rows) {
    if (order.orderNo <= 'K2026000010') byStatus.set(order.status, order)
    productOf.set(order.id, product)
  }
  allProducts = await database.db.select().from(products)
  app = await buildTestApp(database)
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const details = (order: Order, query: Record<string, string | number> = {}) => get(app, loanDetails.path, { ...ME, orderId: order.orderNo, ...query })

describe('loan-details', () => {
  it.each(ORDER_STATUSES)('describes the demo order in status %i', async (status) => {
    const order = byStatus.get(status)!
    const product = productOf.get(order.id)!
    const res = await details(order, { productId: product.id })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.success).toBe(true)
    const d = body.data
    expect(d).toMatchObject({
      orderNo: order.orderNo,
      productId: product.id,
      orderStatus: status,
      productName: product.name,
      productLogo: product.logoUrl,
      inside: product.isPartner ? 0 : 1,
      h5Url: product.isPartner ? product.partnerUrl : '',
      telephone: '+62 21 5098 7700',
      playeduL: 'https://play.google.com/store/apps/details?id=id.kilat.app',
      market: 'ID',
    })
    expect(d.noticeStatusText.length).toBeGreaterThan(0)
    expect(d.noticeDesText.length).toBeGreaterThan(0)
    // docs/product/loans.md#statuses: the list shows exactly where no action does
    const S = ORDER_STATUS
    expect(d.recProducts.length > 0).toBe(([S.submitted, S.approved, S.rejected] as number[]).includes(status))
    expect(d.isScore).toBe(isSettled(status) ? '1' : '0')
    // the delay link follows domain canExtend, the one rule for it
    const extendable = canExtend({ status, installment: order.termUnit === 'period', partner: product.isPartner, allowsExtension: order.isDelay, extensionFee: product.extensionFee })
    expect(d.isDelay).toBe(extendable ? 1 : 0)
    const disbursed = order.disbursedAt !== null
    const outstanding = disbursed ? Math.max(0, order.totalRepay + order.penalty - order.paid) : 0
    if (order.termUnit === 'day') expect(d.amountDue).toBe(outstanding)
    else expect(d.amountDue).toBeLessThan(outstanding)
    const rows = d.userOrderDetail.detail.map((r: { text: string }) => r.text)
    expect(rows.slice(0, 5)).toEqual(['Nomor pesanan', 'Jumlah pinjaman', 'Jumlah diterima', 'Jangka waktu', 'Waktu pengajuan'])
    expect(rows.includes('Denda keterlambatan')).toBe(order.penalty > 0 && !product.isPartner)
    expect(rows.includes('Sisa tagihan')).toBe(disbursed)
  })

  it('asks an installment borrower for the next installment, not the whole balance', async () => {
    const order = byStatus.get(170)!
    const periods = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, order.id)).orderBy(orderPeriods.periodNo)
    const unpaid = periods.filter((p) => p.paid < p.total)
    expect(unpaid.length).toBeGreaterThan(1)
    const d = (await details(order)).json().data
    expect(d.amountDue).toBe(unpaid[0]!.total - unpaid[0]!.paid + order.penalty)
    const balance = d.userOrderDetail.detail.find((r: { text: string }) => r.text === 'Sisa tagihan')
    expect(balance.value).toBe(formatMoney(order.totalRepay + order.penalty - order.paid, 'ID'))
  })

  it('offers the extension on the due loan of a product that has one', async () => {
    expect((await details(byStatus.get(ORDER_STATUS.due)!)).json().data).toMatchObject({
      isDelay: 1,
      reyMsg: expect.stringMatching(/^Bayar Rp\u00a0[\d.]+,\d{2} paling lambat \d{4}-\d{2}-\d{2}\.$/),
    })
  })

  it('tells an overdue borrower the whole local days late and the late charges', async () => {
    const order = byStatus.get(ORDER_STATUS.overdue)!
    const [first] = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, order.id)).orderBy(orderPeriods.periodNo)
    const days = daysOverdue(first!.dueAt, new Date(), 'ID')
    expect(days).toBeGreaterThan(1)
    const d = (await details(order)).json().data
    const penalty = formatMoney(order.penalty, 'ID')
    const due = formatMoney(order.totalRepay + order.penalty - order.paid, 'ID')
    expect(d.noticeStatusText).toBe('Terlambat')
    expect(d.noticeDesText).toBe(`Pembayaran Anda terlambat ${days} hari. Denda keterlambatan ${penalty}; jumlah yang harus dibayar ${due}.`)
    expect(d.reyMsg).toBe(`Tagihan ${due} terlambat ${days} hari.`)
    expect(d.userOrderDetail.detail.at(-1)).toEqual({ text: 'Denda keterlambatan', value: penalty })
    const en = (await details(order, { lang: 'en' })).json().data
    expect(en.noticeStatusText).toBe('Overdue')
    expect(en.noticeDesText).toBe(`Your payment is ${days} days overdue. Late charges ${penalty}; amount due now ${due}.`)
    expect(en.userOrderDetail.detail[0].text).toBe('Order number')
    const es = (await details(order, { lang: 'es' })).json().data
    expect(es.noticeDesText).toContain(`${days} días de atraso`)
  })

  it('counts one day overdue from the local day after the due date, in the singular', async () => {
    const borrower = await createBorrowerWithSession(database.db)
    const product = allProducts.find((p) => p.code === 'tunai-keluarga')!
    const { order } = await createOrder(database.db, { borrowerId: borrower.borrower.id, product, status: ORDER_STATUS.overdue, overdueDays: 1 })
    const query = { tok: borrower.token, orderId: order.orderNo }
    const id = (await get(app, loanDetails.path, query)).json().data
    expect(id.noticeDesText).toMatch(/^Pembayaran Anda terlambat 1 hari\./)
    const en = (await get(app, loanDetails.path, { ...query, lang: 'en' })).json().data
    expect(en.noticeDesText).toMatch(/^Your payment is 1 day overdue\./)
    expect(en.reyMsg).toMatch(/ is 1 day overdue\.$/)
    const es = (await get(app, loanDetails.path, { ...query, lang: 'es' })).json().data
    expect(es.noticeDesText).toMatch(/^Tu pago tiene 1 día de atraso\./)
  })

  it('keeps a partner’s order to the partner: no late-charge line of ours, repay and delay through its link', async () => {
    const borrower = await createBorrowerWithSession(database.db)
    const partner = allProducts.find((p) => p.isPartner && p.partnerUrl)!
    const query = { tok: borrower.token }
    const overdue = await createOrder(database.db, { borrowerId: borrower.borrower.id, product: partner, status: ORDER_STATUS.partnerOverdue, isDelay: true, penalty: 12_345_00 })
    const d = (await get(app, loanDetails.path, { ...query, orderId: overdue.order.orderNo })).json().data
    expect(d).toMatchObject({ orderStatus: 5, inside: 0, h5Url: partner.partnerUrl, isDelay: 1 })
    expect(d.userOrderDetail.detail.map((r: { text: string }) => r.text)).not.toContain('Denda keterlambatan')
    expect(d.noticeDesText).not.toContain('Denda')
    // the same order without the option to extend shows no delay link
    await database.db.update(orders).set({ isDelay: false }).where(eq(orders.id, overdue.order.id))
    expect((await get(app, loanDetails.path, { ...query, orderId: overdue.order.orderNo })).json().data.isDelay).toBe(0)
    // domain canExtend: a repaying partner order may be extended, as ours only when due or overdue
    const borrower2 = await createBorrowerWithSession(database.db)
    const repaying = await createOrder(database.db, { borrowerId: borrower2.borrower.id, product: partner, status: ORDER_STATUS.partnerRepaying, isDelay: true })
    expect((await get(app, loanDetails.path, { tok: borrower2.token, orderId: repaying.order.orderNo })).json().data).toMatchObject({ isDelay: 1, h5Url: partner.partnerUrl })
  })

  it('offers no extension of an installment loan nor of a loan not yet due', async () => {
    const borrower = await createBorrowerWithSession(database.db)
    const installments = allProducts.find((p) => p.termUnit === 'period' && !p.isPartner && p.market === 'ID')!
    const repaying = await createOrder(database.db, { borrowerId: borrower.borrower.id, product: installments, status: ORDER_STATUS.repayingInstallments, isDelay: true })
    expect((await get(app, loanDetails.path, { tok: borrower.token, orderId: repaying.order.orderNo })).json().data.isDelay).toBe(0)
    const single = allProducts.find((p) => p.code === 'tunai-keluarga')!
    const approved = await createOrder(database.db, { borrowerId: borrower.borrower.id, product: single, status: ORDER_STATUS.approved, isDelay: true })
    expect((await get(app, loanDetails.path, { tok: borrower.token, orderId: approved.order.orderNo })).json().data.isDelay).toBe(0)
  })

  it('names the next installment of a loan being repaid', async () => {
    const d = (await details(byStatus.get(170)!, { lang: 'en' })).json().data
    expect(d.noticeStatusText).toBe('Repaying')
    expect(d.noticeDesText).toMatch(/^Your next installment of Rp\u00a0[\d.]+,\d{2} is due on \d{4}-\d{2}-\d{2}\.$/)
    expect(d.reyMsg).toMatch(/^Next installment of Rp/)
  })

  it('recommends the other active products with their codes while an order waits', async () => {
    const order = byStatus.get(21)!
    const d = (await details(order)).json().data
    expect(d.recProducts).toHaveLength(10)
    expect(d.recProducts.some((p: { id: number }) => p.id === order.productId)).toBe(false)
    const first = d.recProducts[0]
    expect(first).toMatchObject({ code: 'tunai-keluarga', enabled: 1, globally: 1, buttonStatus: 1 })
    const running = d.recProducts.find((p: { code: string }) => p.code === 'kilat-tunai')
    expect(running).toMatchObject({ enabled: 0, buttonStatus: 0, globally: 1 })
    expect(d.recProducts.some((p: { code: string }) => p.code === 'dana-rumah')).toBe(false)
  })

  it('greys in the list only the products of the borrower\'s own running orders, never another borrower\'s', async () => {
    const family = allProducts.find((p) => p.code === 'tunai-keluarga')!
    const health = allProducts.find((p) => p.code === 'dana-sehat')!
    const other = await createBorrowerWithSession(database.db)
    const { order: waiting } = await createOrder(database.db, { borrowerId: other.borrower.id, product: health, status: ORDER_STATUS.submitted })
    await createOrder(database.db, { borrowerId: other.borrower.id, product: family, status: ORDER_STATUS.due })
    const theirs = (await get(app, loanDetails.path, { tok: other.token, orderId: waiting.orderNo })).json().data
    expect(theirs.recProducts.find((p: { code: string }) => p.code === 'tunai-keluarga')).toMatchObject({ buttonStatus: 0, enabled: 0 })
    const mine = (await details(byStatus.get(21)!)).json().data
    expect(mine.recProducts.find((p: { code: string }) => p.code === 'tunai-keluarga')).toMatchObject({ buttonStatus: 1, enabled: 1 })
  })

  it('names the order’s market for its amounts, on any page: India’s and Mexico’s demo borrowers', async () => {
    const india = { tok: 'demo-borrower-in' }
    const due = (await get(app, loanDetails.path, { ...india, orderId: 'K2026000014', lang: 'en' })).json().data
    expect(due).toMatchObject({ market: 'IN', orderStatus: 174, isDelay: 1, isScore: '0', telephone: expect.stringMatching(/^\+91/) })
    expect(due.reyMsg).toMatch(/^Please pay ₹[\d,]+\.\d{2} by \d{4}-\d{2}-\d{2}\.$/)
    const settled = (await get(app, loanDetails.path, { ...india, orderId: 'K2026000015', isNeedPop: '1' })).json().data
    expect(settled).toMatchObject({ market: 'IN', orderStatus: 200, isScore: '1' })
    const review = (await get(app, loanDetails.path, { ...india, orderId: 'K2026000016' })).json().data
    expect(review.recProducts.map((p: { code: string; market: string; buttonStatus: number }) => [p.code, p.market, p.buttonStatus])).toEqual([
      ['rupee-kilat', 'IN', 1],
      ['rupee-flexi', 'IN', 0],
    ])
    const mexico = { tok: 'demo-borrower-mx', market: 'MX' }
    const mxDue = (await get(app, loanDetails.path, { ...mexico, orderId: 'K2026000017' })).json().data
    expect(mxDue).toMatchObject({ market: 'MX', orderStatus: 174, isDelay: 1 })
    expect(mxDue.userOrderDetail.detail[1]).toEqual({ text: 'Monto del préstamo', value: '$8,000.00' })
    expect((await get(app, loanDetails.path, { ...mexico, orderId: 'K2026000018' })).json().data).toMatchObject({ orderStatus: 200, isScore: '1' })
    expect((await get(app, loanDetails.path, { ...mexico, orderId: 'K2026000019' })).json().data.orderStatus).toBe(21)
    // Their orders are theirs alone.
    expect((await get(app, loanDetails.path, { ...ME, orderId: 'K2026000014' })).statusCode).toBe(404)
    expect((await get(app, loanDetails.path, { ...india, orderId: 'K2026000017' })).statusCode).toBe(404)
  })

  it('speaks each language for each status', async () => {
    for (const status of ORDER_STATUSES) {
      const order = byStatus.get(status)!
      const [id, en, es] = await Promise.all(['id', 'en', 'es'].map(async (lang) => (await details(order, { lang })).json().data))
      expect(new Set([id.noticeStatusText, en.noticeStatusText, es.noticeStatusText]).size, String(status)).toBe(3)
      expect(new Set([id.noticeDesText, en.noticeDesText, es.noticeDesText]).size, String(status)).toBe(3)
    }
  })

  it.each([
    ['another borrower’s order', OTHER, () => ({ orderId: byStatus.get(174)!.orderNo })],
    ['an unknown order', ME, () => ({ orderId: 'K2099000000' })],
    ['a product that is not the order’s', ME, () => ({ orderId: byStatus.get(174)!.orderNo, productId: byStatus.get(180)!.productId })],
  ])('answers notFound for %s', async (_what, who, query) => {
    const res = await get(app, loanDetails.path, { ...who, ...query() })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ success: false, data: null, code: 1002, message: ERRORS.notFound.messages.id })
  })

  it.each([
    [{}, ['orderId']],
    [{ orderId: '<script>alert(1)</script>' }, ['orderId']],
    [{ orderId: 'K'.repeat(33) }, ['orderId']],
    [{ orderId: "K1' or '1'='1" }, ['orderId']],
    [{ orderId: 'K2026000005', productId: 'abc' }, ['productId']],
  ])('refuses malformed input %j', async (query, names) => {
    const res = await get(app, loanDetails.path, { ...ME, ...query })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, code: 1000, data: { fields: names } })
  })

  it('needs a session', async () => {
    const res = await get(app, loanDetails.path, { orderId: 'K2026000005' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ success: false, code: 1001 })
  })
})

describe('google-score', () => {
  const borrowerId = async () => (await database.db.select({ id: orders.borrowerId }).from(orders).where(eq(orders.orderNo, 'K2026000007')))[0]!.id

  it('stores the stars the borrower chose, the later rating replacing the earlier', async () => {
    const settled = byStatus.get(200)!
    const res = await post(app, googleScore.path, { score: 3, orderId: settled.orderNo }, ME)
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true, data: null })
    expect((await details(settled)).json().data.isScore).toBe('0')
    await post(app, googleScore.path, { score: 5, orderId: settled.orderNo }, ME)
    const rows = await database.db.select().from(ratings).where(eq(ratings.orderKey, settled.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ score: 5, borrowerId: await borrowerId() })
  })

  it('keeps one rating of the app itself when no order is named', async () => {
    await post(app, googleScore.path, { score: 2 }, ME)
    await post(app, googleScore.path, { score: 4 }, ME)
    const rows = await database.db.select().from(ratings).where(and(eq(ratings.borrowerId, await borrowerId()), isNull(ratings.orderKey)))
    expect(rows.map((r) => r.score)).toEqual([4])
  })

  it('answers notFound for another borrower’s order', async () => {
    const res = await post(app, googleScore.path, { score: 1, orderId: byStatus.get(4)!.orderNo }, OTHER)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ success: false, code: 1002 })
    expect(await database.db.select().from(ratings).where(eq(ratings.orderKey, byStatus.get(4)!.id))).toHaveLength(0)
    expect((await details(byStatus.get(4)!)).json().data.isScore).toBe('1')
    const unknown = await post(app, googleScore.path, { score: 1, orderId: 'K9999999999' }, ME)
    expect(unknown.statusCode).toBe(404)
  })

  it.each([[{ score: 0 }], [{ score: 6 }], [{ score: 'five' }], [{ score: 4.5 }], [{}]])('refuses %j', async (fields) => {
    const res = await post(app, googleScore.path, fields as Record<string, string | number>, ME)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, code: 1000, data: { fields: ['score'] } })
  })

  it('needs a session', async () => {
    expect((await post(app, googleScore.path, { score: 5 }, {})).statusCode).toBe(401)
  })
})
