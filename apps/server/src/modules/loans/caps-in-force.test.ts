import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, contractView, loanDetailConfirm, loanDetailPush, recommendProductList } from '@kilat/contract'
import { buildProduct } from '../../db/factories.js'
import { products, type Product } from '../products/products.schema.js'
import { get, post } from '../../test/inject.js'
import { openSeededApp, type SeededApp } from '../../test/setup-db.js'

/**
 * A product stored under older, looser caps (docs/product/money-rules.md#caps): 2025 allowed 0.2 %
 * a day, 2026 allows 0.1 %. It stays in the catalogue, but nothing above today's caps is signed.
 */
let seeded: SeededApp
let old: Product
const ME = { tok: 'demo-borrower' }

beforeAll(async () => {
  seeded = await openSeededApp()
  // Inserted as a 2025 catalogue would hold it, past today's check: 0.15 % a day and a 3 % fee.
  const [row] = await seeded.database.db
    .insert(products)
    .values(buildProduct({ code: 'stored-in-2025', name: 'Dana 2025', dailyRateBps: 15, adminFeeBps: 300, termDays: 91, sort: 1 }))
    .returning()
  old = row!
})

afterAll(async () => {
  await seeded?.close()
})

describe('a product above the caps in force today', () => {
  it('cannot be confirmed, submitted or read as an offer', async () => {
    const confirm = await post(seeded.app, loanDetailConfirm.path, { productId: old.id }, ME)
    expect(confirm.json()).toMatchObject({ code: ERRORS.productUnavailable.code })
    const push = await post(seeded.app, loanDetailPush.path, { productId: old.id, amount: old.maxAmount, periods: 1, termUnit: 'day' }, ME)
    expect(push.json()).toMatchObject({ code: ERRORS.productUnavailable.code })
    const view = await get(seeded.app, contractView.path, { ...ME, productId: old.id, position: 0 })
    expect(view.json()).toMatchObject({ code: ERRORS.productUnavailable.code })
  })

  it('shows on the list with a grey button that says it is not available', async () => {
    const list = (await post(seeded.app, recommendProductList.path, {}, ME)).json().data as Array<{ id: number; buttonStatus: number; buttonText: string }>
    const card = list.find((p) => p.id === old.id)!
    expect(card).toMatchObject({ buttonStatus: 0, buttonText: 'Tidak tersedia' })
    // The seeded products, all within the caps, stay available.
    expect(list.filter((p) => p.id !== old.id && p.buttonStatus === 1).length).toBeGreaterThan(0)
  })
})
