import { eq } from 'drizzle-orm'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { loanDetails, recommendProductList } from '@kilat/contract'
import { LOCALES, MARKETS, ORDER_STATUS, localDate, type Locale, type Market } from '@kilat/domain'
import { catalogueChanged } from '../../db/catalogue-version.js'
import { buildProduct, createBorrowerWithSession, createOrder } from '../../db/factories.js'
import { openSeededApp, type SeededApp } from '../../test/setup-db.js'
import type { Borrower } from '../auth/auth.service.js'
import { unsettledOrderNos } from '../orders/orders.service.js'
import { products, type Product } from '../products/products.schema.js'
import { createProduct, keptRecommendedList, recommendedProducts } from '../products/products.service.js'
import { DETAILS_LIST } from './details.js'

// docs/performance/api.md#loan-details-the-recommended-list-kept-encoded: the list under an order is
// kept per market, language and day; what is sent must be what building it afresh gives.

let seeded: SeededApp
const WEBVIEW = 'gzip, deflate, br'

beforeAll(async () => {
  seeded = await openSeededApp()
})

afterAll(() => seeded?.close())

afterEach(() => {
  vi.useRealTimers()
})

const activeOf = (market: Market) => seeded.products.filter((p) => p.market === market && p.status === 'active' && p.current)

/** A new borrower of the market with a submitted order of its first active product: the list shows. */
async function waitingBorrower(market: Market) {
  const { borrower, token } = await createBorrowerWithSession(seeded.database.db, { market })
  const product = activeOf(market)[0]!
  const { order } = await createOrder(seeded.database.db, { borrowerId: borrower.id, product, status: ORDER_STATUS.submitted })
  return { borrower, token, product, orderNo: order.orderNo }
}

type Waiting = Awaited<ReturnType<typeof waitingBorrower>>

const detailsOf = (who: Waiting, lang: Locale, headers: Record<string, string> = {}) =>
  seeded.app.inject({ method: 'GET', url: `${loanDetails.path}?${new URLSearchParams({ tok: who.token, orderId: who.orderNo, lang })}`, headers })

/** The list as the uncached path builds it: recommendedProducts, shaped as loan details shows it. */
async function uncachedList(borrower: Borrower, locale: Locale, product: Product) {
  const list = await recommendedProducts(seeded.database.db, borrower, locale, {
    moduleId: DETAILS_LIST.moduleId,
    activeOnly: DETAILS_LIST.activeOnly,
    excludeProductId: product.id,
    unsettled: unsettledOrderNos(seeded.database.db, borrower.id),
  })
  return list.map(DETAILS_LIST.card)
}

const namesIn = (body: string) => (JSON.parse(body).data.recProducts as Array<{ productName: string }>).map((c) => c.productName)

describe('the recommended list under an order, kept', () => {
  const cases = MARKETS.flatMap((market) => LOCALES.map((locale) => [market, locale] as const))

  it.each(cases)('in %s, in %s: sends what the uncached path builds, the same JSON again and compressed', async (market, locale) => {
    const who = await waitingBorrower(market)
    const first = await detailsOf(who, locale)
    expect(first.statusCode, first.body).toBe(200)
    const expected = JSON.stringify(await uncachedList(who.borrower, locale, who.product))
    const sent = first.json().data.recProducts
    expect(sent.length).toBeGreaterThan(0)
    expect(JSON.stringify(sent)).toBe(expected)
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8')
    // the text is JSON.stringify's own, byte for byte
    expect(first.body).toBe(JSON.stringify(first.json()))
    // kept now: the same bytes again, and the same once decompressed whichever encoding is asked
    expect((await detailsOf(who, locale)).body).toBe(first.body)
    const gzip = await detailsOf(who, locale, { 'accept-encoding': WEBVIEW })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(first.body)
    const br = await detailsOf(who, locale, { 'accept-encoding': 'br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(first.body)
  })

  it.each(MARKETS)('in %s: the recommend-product-list call sends what the uncached path builds, kept', async (market) => {
    const { borrower, token } = await createBorrowerWithSession(seeded.database.db, { market })
    for (const lang of LOCALES) {
      const ask = (headers: Record<string, string> = {}) =>
        seeded.app.inject({ method: 'POST', url: `${recommendProductList.path}?${new URLSearchParams({ tok: token, lang })}`, payload: '', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } })
      const plain = await ask()
      expect(plain.statusCode, plain.body).toBe(200)
      const uncached = await recommendedProducts(seeded.database.db, borrower, lang, { moduleId: 300, unsettled: unsettledOrderNos(seeded.database.db, borrower.id) })
      expect(JSON.stringify(plain.json().data)).toBe(JSON.stringify(uncached.map(({ code: _code, ...card }) => card)))
      expect(plain.body).toBe(JSON.stringify(plain.json()))
      expect(gunzipSync((await ask({ 'accept-encoding': WEBVIEW })).rawPayload).toString()).toBe(plain.body)
    }
  })

  it('keeps one list for every borrower of the market, language and day, and builds it again on a new market-local day', async () => {
    const a = await waitingBorrower('ID')
    const b = await createBorrowerWithSession(seeded.database.db, { market: 'ID' })
    await createOrder(seeded.database.db, { borrowerId: b.borrower.id, product: a.product, status: ORDER_STATUS.submitted })
    // 23:59:58 in Jakarta (UTC+7), then two seconds later: within the kept catalogue's seconds, a new local day
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-02T16:59:58.000Z') })
    const listOf = (borrower: Borrower) =>
      keptRecommendedList(seeded.database.db, borrower, 'id', DETAILS_LIST, { excludeProductId: a.product.id, unsettled: unsettledOrderNos(seeded.database.db, borrower.id) })
    const before = await listOf(a.borrower)
    expect(await listOf(b.borrower)).toBe(before)
    expect(localDate(new Date(), 'ID')).toBe('2026-03-02')
    vi.setSystemTime(new Date('2026-03-02T17:00:00.000Z'))
    expect(localDate(new Date(), 'ID')).toBe('2026-03-03')
    const after = await listOf(a.borrower)
    expect(after).not.toBe(before)
    expect(await listOf(b.borrower)).toBe(after)
    expect(JSON.stringify(after)).toBe(JSON.stringify(await uncachedList(a.borrower, 'id', a.product)))
    // loan details on the new day sends the list of the new day
    expect(JSON.stringify((await detailsOf(a, 'id')).json().data.recProducts)).toBe(JSON.stringify(after))
  })

  it('shows a product stored through the catalogue in the next loan details at once', async () => {
    const who = await waitingBorrower('ID')
    const before = namesIn((await detailsOf(who, 'id')).body)
    await createProduct(seeded.database.db, buildProduct({ code: 'kept-list-new', name: 'Baru Tadi', sort: 1_000 }))
    const after = namesIn((await detailsOf(who, 'id')).body)
    expect(after).toEqual([...before, 'Baru Tadi'])
  })

  it('shows a product changed by another process at once, when its notification arrives', async () => {
    const who = await waitingBorrower('IN')
    const target = activeOf('IN').find((p) => p.id !== who.product.id)!
    expect(namesIn((await detailsOf(who, 'en')).body)).toContain(target.name)
    // another process's write: the database changes, then its notification reaches this process (catalogue-notify.ts)
    await seeded.database.db.update(products).set({ name: 'Renamed Elsewhere' }).where(eq(products.id, target.id))
    catalogueChanged()
    const names = namesIn((await detailsOf(who, 'en')).body)
    expect(names).toContain('Renamed Elsewhere')
    expect(names).not.toContain(target.name)
    await seeded.database.db.update(products).set({ name: target.name }).where(eq(products.id, target.id))
    catalogueChanged()
  })

  it('never shows one borrower the grey card of another borrower\'s running order', async () => {
    const a = await waitingBorrower('MX')
    const b = await waitingBorrower('MX')
    const running = activeOf('MX').find((p) => p.id !== a.product.id)!
    await createOrder(seeded.database.db, { borrowerId: a.borrower.id, product: running, status: ORDER_STATUS.due })
    const cardOf = async (who: Waiting) => {
      const res = await detailsOf(who, 'es', { 'accept-encoding': WEBVIEW })
      const list = JSON.parse(gunzipSync(res.rawPayload).toString()).data.recProducts as Array<{ id: number; enabled: number; buttonStatus: number; buttonText: string }>
      return list.find((c) => c.id === running.id)
    }
    // asked in turns, so that each borrower's variant is kept when the other's is asked
    for (let round = 0; round < 2; round++) {
      expect(await cardOf(a)).toMatchObject({ enabled: 0, buttonStatus: 0, buttonText: 'En proceso' })
      expect(await cardOf(b)).toMatchObject({ enabled: 1, buttonStatus: 1 })
    }
    expect(JSON.stringify((await detailsOf(a, 'es')).json().data.recProducts)).toBe(JSON.stringify(await uncachedList(a.borrower, 'es', a.product)))
    expect(JSON.stringify((await detailsOf(b, 'es')).json().data.recProducts)).toBe(JSON.stringify(await uncachedList(b.borrower, 'es', b.product)))
  })
})
