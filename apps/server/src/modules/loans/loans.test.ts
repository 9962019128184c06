import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ERRORS,
  contractJump,
  contractList,
  contractView,
  googleScore,
  loanDetailConfirm,
  loanDetailPush,
  loanDetails,
  productApply,
  recommendProductList,
} from '@kilat/contract'
import {
  aprBps,
  catBps,
  cents,
  dailyCostBps,
  formatDate,
  formatMoney,
  formatPercent,
  loanTermsOf,
  periodChoices,
  quoteLoan,
  type Market,
} from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession } from '../../db/factories.js'
import { orderPeriods, orders } from '../orders/orders.schema.js'
import type { Product } from '../products/products.schema.js'
import { get, post } from '../../test/inject.js'
import { openSeededApp, type SeededApp } from '../../test/setup-db.js'

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
const confirm = (fields: Record<string, string | number>, query: Record<string, string> = ME) => post(app, loanDetailConfirm.path, fields, query)
const push = (fields: Record<string, string | number>, query: Record<string, string> = ME) => post(app, loanDetailPush.path, fields, query)
const inDays = (days: number, market: Market = 'ID') => formatDate(new Date(Date.now() + days * DAY_MS), market)
const agreementText = (data: { sections: Array<{ heading: string; paragraphs: string[] }> }) =>
  data.sections.flatMap((s) => [s.heading, ...s.paragraphs]).join('\n')
/** A new borrower of the market, so that no demo order stands in the way of a push. */
const newBorrower = async (market: Market = 'ID') => ({ tok: (await createBorrowerWithSession(database.db, { market })).token })
/** An amount the product offers strictly between its smallest and largest. */
const middleAmount = (p: Product) => cents(p.minAmount + Math.floor((p.maxAmount - p.minAmount) / p.amountStep / 2) * p.amountStep)

describe('loan-detail-confirm', () => {
  it('prices the largest amount at the product’s own term by default, every figure from domain quoteLoan', async () => {
    const p = product('tunai-keluarga')
    const res = await confirm({ productId: p.id })
    expect(res.statusCode).toBe(200)
    expect(res.json().code).toBe(0)
    const data = res.json().data
    const quote = quoteLoan(cents(p.maxAmount), loanTermsOf(p))
    const bps = dailyCostBps(quote)
    const headline = `${formatPercent(bps, 'ID')}/hari`
    const due = inDays(p.termDays)
    const rp = (v: number) => formatMoney(v, 'ID')
    expect(data).toEqual({
      productId: p.id,
      productLogo: p.logoUrl,
      productName: 'Tunai Keluarga',
      amount: p.maxAmount,
      periods: 1,
      termUnit: 'day',
      details: [
        { title: 'Jangka waktu', value: `${p.termDays} hari` },
        { title: 'Biaya harian total (termasuk biaya admin)', value: headline },
        { title: 'Tanggal jatuh tempo', value: due },
      ],
      detail1: [
        { title: 'Biaya admin', value: rp(quote.fee) },
        { title: 'Jumlah diterima', value: rp(quote.received) },
      ],
      detail2: [
        { title: 'Total bunga', value: rp(quote.interest) },
        { title: 'Total pengembalian', value: rp(quote.totalRepay) },
      ],
      repay_plans: [{ title: 'Pembayaran', amount: quote.totalRepay, description: `Pokok ${rp(quote.principal)} + bunga ${rp(quote.interest)}`, pay_time: due }],
      firstPayTime: due,
      firstPeriodDay: p.termDays,
      pRateDsc: headline,
      sendSms: 0,
      isPopType: 0,
      popContent: '',
      popTitle: '',
      popAgreementUrl: '',
      note: `Biaya admin ${rp(quote.fee)} dipotong saat pencairan, sehingga Anda menerima ${rp(quote.received)}.`,
      sp_rate: headline,
      languageType: 2,
      minAmount: p.minAmount,
      maxAmount: p.maxAmount,
      amountStep: p.amountStep,
      periodOptions: [1],
      lateCharges: expect.stringMatching(/^Denda keterlambatan: /),
      disclosure: { heading: 'Ketentuan pemberi pinjaman', paragraphs: expect.any(Array) },
      cost: {
        amount: quote.principal, fee: quote.fee, received: quote.received, interest: quote.interest,
        totalRepay: quote.totalRepay, termDays: p.termDays, headline: { kind: 'dailyCost', bps, text: headline },
      },
      market: 'ID',
    })
  })

  it('heads Indonesia’s offer with the all-in daily cost, the admin fee included', async () => {
    const p = product('tunai-keluarga')
    const data = (await confirm({ productId: p.id })).json().data
    const { fee, interest, amount: principal, termDays } = data.cost
    expect(fee).toBeGreaterThan(0)
    // the smallest whole basis points a day covering interest and fee
    expect(data.cost.headline.bps * principal * termDays).toBeGreaterThanOrEqual((interest + fee) * 10_000)
    expect((data.cost.headline.bps - 1) * principal * termDays).toBeLessThan((interest + fee) * 10_000)
    expect(data.cost.headline.bps).toBeGreaterThan(p.dailyRateBps)
  })

  it('answers the figures of the borrower’s chosen amount and installments', async () => {
    const p = product('cicil-ringan')
    expect(periodChoices(p).length).toBeGreaterThan(1)
    const periods = Math.max(...periodChoices(p))
    expect(periods).not.toBe(p.periods)
    const amount = middleAmount(p)
    const data = (await confirm({ productId: p.id, amount, periods })).json().data
    const quote = quoteLoan(amount, loanTermsOf(p, periods))
    const rp = (v: number) => formatMoney(v, 'ID')
    const headline = `${formatPercent(dailyCostBps(quote), 'ID')}/hari`
    expect(data).toMatchObject({
      amount,
      periods,
      termUnit: 'period',
      periodOptions: periodChoices(p),
      firstPeriodDay: p.periodDays,
      pRateDsc: headline,
      sp_rate: headline,
      details: [
        { title: 'Jangka waktu', value: `${periods * p.periodDays} hari (${periods} cicilan)` },
        { title: 'Biaya harian total (termasuk biaya admin)', value: headline },
        { title: 'Jatuh tempo pertama', value: inDays(p.periodDays) },
      ],
      detail1: [{ value: rp(quote.fee) }, { value: rp(quote.received) }],
      detail2: [{ value: rp(quote.interest) }, { value: rp(quote.totalRepay) }],
      cost: { amount, fee: quote.fee, received: quote.received, interest: quote.interest, totalRepay: quote.totalRepay, termDays: periods * p.periodDays },
    })
    expect(data.repay_plans).toEqual(
      quote.installments.map((i) => ({
        title: `Cicilan ${i.periodNo}/${periods}`,
        amount: i.total,
        description: `Pokok ${rp(i.principal)} + bunga ${rp(i.interest)}`,
        pay_time: inDays(i.dueDay),
      })),
    )
    // every figure moved with the choice
    const byDefault = (await confirm({ productId: p.id })).json().data
    expect(byDefault).toMatchObject({ amount: p.maxAmount, periods: p.periods })
    expect(byDefault.cost.totalRepay).not.toBe(data.cost.totalRepay)
    expect(byDefault.repay_plans).toHaveLength(p.periods)
  })

  it('names each figure in English and Spanish as everywhere else', async () => {
    const p = product('cicil-ringan')
    const en = (await confirm({ productId: p.id }, { ...ME, lang: 'en' })).json().data
    expect(en.details.map((d: { title: string }) => d.title)).toEqual(['Term', 'All-in daily cost (fees included)', 'First due date'])
    expect(en.details[0].value).toBe(`${p.termDays} days (${p.periods} installments)`)
    expect([...en.detail1, ...en.detail2].map((d: { title: string }) => d.title)).toEqual(['Admin fee', 'Amount received', 'Total interest', 'Total to repay'])
    expect(en.repay_plans[0].title).toBe(`Installment 1/${p.periods}`)
    const es = (await confirm({ productId: product('dana-sehat').id }, { ...ME, lang: 'es' })).json().data
    expect(es.details.map((d: { title: string }) => d.title)).toEqual(['Plazo', 'Costo diario total (incluye comisiones)', 'Fecha de vencimiento'])
    expect(es.details[0].value).toBe(`${product('dana-sehat').termDays} días`)
    expect([...es.detail1, ...es.detail2].map((d: { title: string }) => d.title)).toEqual(['Comisión por apertura', 'Monto recibido', 'Interés total', 'Total a pagar'])
    expect(es.lateCharges).toMatch(/^Cargos por atraso: /)
  })

  it('shows India’s text set the agreement popup with the chosen amount, the APR and rupees', async () => {
    const india = await newBorrower('IN')
    const p = product('rupee-kilat')
    const amount = 10_000_00
    const data = (await confirm({ productId: p.id, amount }, { ...india, isNeedPop: '1' })).json().data
    const quote = quoteLoan(cents(amount), loanTermsOf(p))
    expect(data).toMatchObject({
      isPopType: 1,
      languageType: 1,
      popTitle: 'Loan agreement and Key Fact Statement',
      popAgreementUrl: `/contract?productId=${p.id}&position=0&amount=${amount}&periods=1`,
      sp_rate: `APR ${formatPercent(aprBps(quote), 'IN')}`,
      details: [{ title: 'Term' }, { title: 'Annual percentage rate (APR)', value: formatPercent(aprBps(quote), 'IN') }, { title: 'Due date' }],
    })
    expect(data.popContent).toContain(`You receive ${formatMoney(quote.received, 'IN')}`)
    expect(data.detail2[1].value).toBe(formatMoney(quote.totalRepay, 'IN'))
    expect(data.lateCharges).toBe(
      'Late charges: a one-time fee of ₹1,000.00 (₹800.00 for repeat clients) on the first day overdue, then 5.00% a day on days 1-30, ' +
        '4.00% a day on days 31-90 and 2.00% a day from day 91 of the unpaid amount; all late charges together never exceed 100.00% of the unpaid amount. ' +
        'They are never added to the interest rate nor compounded.',
    )
  })

  it('names the product’s market, whichever text set the page asks for', async () => {
    const p = product('rupee-kilat')
    const india = { tok: 'demo-borrower-in' }
    const indonesianPage = (await confirm({ productId: p.id }, india)).json().data
    expect(indonesianPage).toMatchObject({ market: 'IN', languageType: 2, popAgreementUrl: '' })
    expect(indonesianPage.detail2[1].value).toMatch(/^₹\d/)
    const indiaPage = (await confirm({ productId: p.id }, { ...india, isNeedPop: '1' })).json().data
    expect(indiaPage).toMatchObject({ market: 'IN', languageType: 1, isPopType: 1, cost: { headline: { kind: 'apr' } } })
    expect(indiaPage.popAgreementUrl).toBe(`/contract?productId=${p.id}&position=0&amount=${p.maxAmount}&periods=1`)
    expect(indiaPage.sp_rate).toMatch(/^APR \d/)
    expect((await confirm({ productId: product('tunai-keluarga').id }, { ...ME, isNeedPop: '1' })).json().data.market).toBe('ID')
  })

  it('quotes Mexico’s demo borrower the CAT in pesos, its late charges beside it', async () => {
    const p = product('credito-kilat')
    const data = (await confirm({ productId: p.id }, { tok: 'demo-borrower-mx', market: 'MX' })).json().data
    const quote = quoteLoan(cents(p.maxAmount), loanTermsOf(p))
    expect(data).toMatchObject({ market: 'MX', languageType: 2, popAgreementUrl: '', cost: { headline: { kind: 'cat', bps: catBps(quote) } } })
    expect(data.sp_rate).toBe(`CAT ${formatPercent(catBps(quote), 'MX')}`)
    expect(data.details[0]).toEqual({ title: 'Plazo', value: `${p.termDays} días` })
    expect(data.details[1]).toEqual({ title: 'Costo Anual Total (CAT)', value: formatPercent(catBps(quote), 'MX') })
    expect(data.detail2[1].value).toBe(formatMoney(quote.totalRepay, 'MX'))
    expect(p.lateTiers.length).toBeGreaterThan(0)
    expect(data.lateCharges).toContain(`intereses moratorios de ${formatPercent(p.lateTiers[0]!.dailyBps, 'MX')} diario`)
    if (p.lateFeeNew > 0) expect(data.lateCharges).toContain(`comisión por pago tardío de ${formatMoney(p.lateFeeNew, 'MX')}`)
    expect(data.lateCharges).toContain('No se suman a la tasa de interés ni al CAT')
  })

  describe('lender disclosure', () => {
    const disclosureOf = async (code: string, query: Record<string, string>) => {
      const data = (await confirm({ productId: product(code).id }, { ...query, lang: 'en' })).json().data
      return { data, text: [data.disclosure.heading, ...data.disclosure.paragraphs].join('\n') }
    }
    const INDIA_TERMS = [
      'Loans run for 91 to 365 days',
      'A decision on the application is made within 1 day.',
      'within 1 to 3 calendar days',
      'Early repayment is possible only after half of the term has passed and not before 7 days from payout',
      'report any change of personal details within 3 days',
      '7 business days in advance',
      'An amount set by a court judgment must be paid within 10 days.',
      'extends the loan by the same period',
    ]

    it('is each market’s own, filled with the offer’s figures, its late-charge terms included', async () => {
      const id = await disclosureOf('tunai-keluarga', ME)
      const india = await disclosureOf('rupee-kilat', { tok: 'demo-borrower-in' })
      const mx = await disclosureOf('credito-kilat', { tok: 'demo-borrower-mx', market: 'MX' })
      expect(new Set([id.text, india.text, mx.text]).size).toBe(3)
      for (const { data, text } of [id, india, mx]) expect(text).toContain(data.lateCharges)

      for (const phrase of INDIA_TERMS) expect(india.text).toContain(phrase)
      expect(india.text).toContain(`this loan runs for ${product('rupee-kilat').termDays} days`)
      expect(india.text).toContain(`from day ${Math.max(Math.ceil(product('rupee-kilat').termDays / 2), 7)} after payout`)

      for (const phrase of INDIA_TERMS) {
        expect(id.text).not.toContain(phrase)
        expect(mx.text).not.toContain(phrase)
      }
      expect(id.text).toContain('signed from 2026-01-01')
      expect(id.text).toContain('at most 0,10% of the principal a day')
      expect(id.text).toContain(`${id.data.cost.headline.text}`)
      expect(id.text).toContain('no threats')
      expect(id.text).toContain('157')
      expect(id.data.lateCharges).toContain('never exceed 0,10% of the overdue principal')
      expect(id.data.lateCharges).toContain('never exceed 100,00% of the principal')
      expect(mx.text).toContain(`CAT (Costo Anual Total, total annual cost) of this loan: ${formatPercent(mx.data.cost.headline.bps, 'MX')}`)
      expect(mx.text).toContain('CONDUSEF')
      expect(mx.text).toContain('moratory interest')
    })

    it('speaks the borrower’s language in every market', async () => {
      const id = (await confirm({ productId: product('tunai-keluarga').id }, ME)).json().data.disclosure
      expect(id.paragraphs.join(' ')).toContain('Otoritas Jasa Keuangan (OJK)')
      const mx = (await confirm({ productId: product('credito-kilat').id }, { tok: 'demo-borrower-mx', market: 'MX' })).json().data.disclosure
      expect(mx.heading).toBe('Información del crédito')
      expect(mx.paragraphs.join(' ')).toContain('CONDUSEF: 55 5340 0999')
      const india = (await confirm({ productId: product('rupee-kilat').id }, { tok: 'demo-borrower-in', lang: 'id' })).json().data.disclosure
      expect(india.paragraphs[0]).toMatch(/^Jangka waktu pinjaman adalah 91 sampai 365 hari/)
    })
  })

  it.each([
    ['below the minimum', { amount: 50_000_00 }, 'amountOutOfRange'],
    ['above the maximum', { amount: 7_500_000_00 }, 'amountOutOfRange'],
    ['between steps', { amount: 1_200_000_00 }, 'amountOutOfRange'],
    ['two payments of a single-payment loan', { periods: 2 }, 'termMismatch'],
  ] as const)('refuses an amount or term %s', async (_what, fields, key) => {
    const res = await confirm({ productId: product('tunai-keluarga').id, ...fields })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: ERRORS[key].code, data: null, message: ERRORS[key].messages.id })
  })

  it('refuses a number of installments the product does not offer', async () => {
    const p = product('cicil-ringan')
    const missing = [1, 2, 3, 4, 5, 6, 7, 8, 12].find((n) => !periodChoices(p).includes(n))!
    const res = await confirm({ productId: p.id, periods: missing }, { ...ME, lang: 'en' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 3004, data: null, message: ERRORS.termMismatch.messages.en })
  })

  it.each([['mitra-dana'], ['dana-rumah'], ['rupee-kilat']])('refuses %s as productUnavailable', async (code) => {
    const res = await confirm({ productId: product(code).id })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe(3001)
  })

  it.each([
    [{}, ['productId']],
    [{ productId: 'x' }, ['productId']],
    [{ productId: 1, amount: -5 }, ['amount']],
    [{ productId: 1, amount: 1.5 }, ['amount']],
    [{ productId: 1, amount: '1e400' }, ['amount']],
    [{ productId: 1, amount: '9'.repeat(400) }, ['amount']],
    [{ productId: 1, amount: '<script>alert(1)</script>' }, ['amount']],
    [{ productId: 1, periods: 0 }, ['periods']],
    [{ productId: 1, periods: 121 }, ['periods']],
    [{ productId: 1, periods: 'six' }, ['periods']],
    [{ productId: 1, periods: "6' or '1'='1" }, ['periods']],
    [{ productId: 1, amount: 'abc', periods: 2.5 }, ['amount', 'periods']],
  ])('refuses malformed input %j', async (fields, names) => {
    const res = await confirm(fields as Record<string, string | number>)
    expect(res.statusCode).toBe(400)
    expect(res.json().data.fields.sort()).toEqual(names)
  })
})

describe('loan-detail-push', () => {
  it('stores the chosen amount and installments, which loan details and the agreement then show', async () => {
    const borrower = await newBorrower()
    const p = product('cicil-ringan')
    const periods = Math.max(...periodChoices(p))
    const amount = middleAmount(p)
    const offer = (await confirm({ productId: p.id, amount, periods }, borrower)).json().data
    const res = await push({ productId: p.id, amount, periods, termUnit: 'period' }, borrower)
    expect(res.statusCode).toBe(200)
    const { orderNo, lendDetailsUrl } = res.json().data
    expect(lendDetailsUrl).toBe(`/loan-detail?productId=${p.id}&orderId=${orderNo}`)

    // the order holds the figures of the offer the borrower saw, each from domain quoteLoan
    const quote = quoteLoan(amount, loanTermsOf(p, periods))
    const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, orderNo))
    expect(order).toMatchObject({
      status: 21, principal: amount, fee: quote.fee, received: quote.received, interest: quote.interest, totalRepay: quote.totalRepay,
      termUnit: 'period', termDays: periods * p.periodDays, periods, dailyRateBps: p.dailyRateBps, isDelay: false,
    })
    expect(offer.cost).toMatchObject({ amount: order!.principal, fee: order!.fee, received: order!.received, totalRepay: order!.totalRepay })
    const rows = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, order!.id)).orderBy(orderPeriods.periodNo)
    expect(rows.map((r) => [r.principal, r.interest, r.total])).toEqual(quote.installments.map((i) => [i.principal, i.interest, i.total]))

    // loan details name the same figures with the same names as the confirmation
    const details = (await get(app, loanDetails.path, { ...borrower, orderId: orderNo })).json().data
    const line = (text: string) => details.userOrderDetail.detail.find((d: { text: string }) => d.text === text)?.value
    expect(line('Jumlah pinjaman')).toBe(formatMoney(amount, 'ID'))
    expect(line(offer.detail1[1].title)).toBe(offer.detail1[1].value)
    expect(line(offer.details[0].title)).toBe(offer.details[0].value)

    // the agreement of the order, and of the same offer before it, show that amount and schedule
    const ofOrder = (await get(app, contractView.path, { ...borrower, productId: p.id, orderId: orderNo })).json().data
    const ofOffer = (await get(app, contractView.path, { ...borrower, productId: p.id, amount, periods })).json().data
    for (const agreement of [ofOrder, ofOffer]) {
      const text = agreementText(agreement)
      expect(text).toContain(`Jumlah pinjaman: ${formatMoney(amount, 'ID')}.`)
      for (const { title, value } of [...offer.details, ...offer.detail1, ...offer.detail2].filter((l) => !/jatuh tempo/i.test(l.title))) {
        expect(text).toContain(`${title}: ${value}.`)
      }
      expect(agreement.schedule.map((s: { title: string; amount: number }) => [s.title, s.amount])).toEqual(
        offer.repay_plans.map((r: { title: string; amount: number }) => [r.title, r.amount]),
      )
    }
    expect(agreementText(ofOrder)).toContain(`Nomor pesanan: ${orderNo}.`)
  })

  it('submits a single-payment order with the product’s late-charge terms and a provisional schedule', async () => {
    const borrower = await newBorrower()
    const p = product('tunai-keluarga')
    const amount = cents(3_500_000_00)
    const before = Date.now()
    const res = await push({ productId: p.id, amount, periods: 1, termUnit: 'day' }, borrower)
    expect(res.statusCode).toBe(200)
    const { orderNo, lendDetailsUrl } = res.json().data
    expect(orderNo).toMatch(/^K\d{16}$/)

    const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, orderNo))
    const quote = quoteLoan(amount, loanTermsOf(p))
    expect(order).toMatchObject({
      status: 21, productId: p.id, principal: amount, fee: quote.fee, received: quote.received, interest: quote.interest,
      totalRepay: quote.totalRepay, paid: 0, penalty: 0, termUnit: 'day', termDays: p.termDays, periods: 1, dailyRateBps: p.dailyRateBps,
      isDelay: p.extensionFee > 0, lateFeeNew: p.lateFeeNew, lateFeeRepeat: p.lateFeeRepeat, lateTiers: p.lateTiers, lateCapBps: p.lateCapBps,
      disbursedAt: null, manualReview: false, penaltyAccruedThrough: null,
    })
    const periods = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, order!.id))
    expect(periods).toHaveLength(1)
    expect(periods[0]).toMatchObject({ periodNo: 1, total: quote.totalRepay, paid: 0, status: 'unpaid' })
    expect(periods[0]!.dueAt.getTime()).toBeGreaterThanOrEqual(before + p.termDays * DAY_MS)

    // now it is a running loan: the list greys it and apply leads to it
    const list = (await post(app, recommendProductList.path, {}, borrower)).json().data
    expect(list.find((c: { id: number }) => c.id === p.id)).toMatchObject({ buttonStatus: 0, buttonText: 'Dalam proses' })
    expect((await post(app, productApply.path, { product_id: p.id }, borrower)).json().data.url).toBe(lendDetailsUrl)

    const again = await push({ productId: p.id, amount, periods: 1, termUnit: 'day' }, borrower)
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

  it.each([
    ['below the minimum', { amount: 50_000_00 }, 400, 3002],
    ['above the maximum', { amount: 8_000_000_00 }, 400, 3002],
    ['between steps', { amount: 1_250_000_00 }, 400, 3002],
    ['two periods of a single-payment loan', { periods: 2 }, 400, 3004],
    ['installments of a single-payment loan', { termUnit: 'period' }, 400, 3004],
  ])('refuses %s', async (_what, change, status, code) => {
    const res = await push({ productId: product('kilat-cepat').id, amount: 2_000_000_00, periods: 1, termUnit: 'day', ...change }, await newBorrower())
    expect(res.statusCode).toBe(status)
    expect(res.json().code).toBe(code)
  })

  it('refuses a number of installments the product does not offer, and a single payment of an installment loan', async () => {
    const p = product('cicil-ringan')
    const missing = [2, 5, 7, 12].find((n) => !periodChoices(p).includes(n))!
    const borrower = await createBorrowerWithSession(database.db)
    const fields = { productId: p.id, amount: p.minAmount, termUnit: 'period' }
    const res = await push({ ...fields, periods: missing }, { tok: borrower.token })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ code: 3004, data: null, message: ERRORS.termMismatch.messages.id })
    expect((await push({ ...fields, periods: p.periods, termUnit: 'day' }, { tok: borrower.token })).json().code).toBe(3004)
    expect(await database.db.select().from(orders).where(eq(orders.borrowerId, borrower.borrower.id))).toHaveLength(0)
  })

  it.each([['mitra-dana'], ['dana-rumah'], ['rupee-kilat']])('refuses %s as productUnavailable', async (code) => {
    const res = await push({ productId: product(code).id, amount: product(code).minAmount, periods: 1, termUnit: 'day' })
    expect(res.statusCode).toBe(404)
    expect(res.json().code).toBe(3001)
  })

  it.each([
    [{ productId: 1, amount: -100, periods: 1, termUnit: 'day' }, ['amount']],
    [{ productId: 1, amount: 100.5, periods: 1, termUnit: 'day' }, ['amount']],
    [{ productId: 1, amount: '9'.repeat(400), periods: 1, termUnit: 'day' }, ['amount']],
    [{ productId: 1, amount: 100, periods: 0, termUnit: 'week' }, ['periods', 'termUnit']],
    [{ productId: 1, amount: 100, periods: '<img src=x onerror=alert(1)>', termUnit: 'day' }, ['periods']],
    [{ productId: 1, amount: 100, periods: 1, termUnit: 'day'.repeat(100) }, ['termUnit']],
    [{ productId: 1, periods: 1 }, ['amount', 'termUnit']],
    [{ productId: 1, amount: 100, termUnit: 'day' }, ['periods']],
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
