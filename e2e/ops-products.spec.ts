import type { APIRequestContext, Page } from '@playwright/test'
import { apiData, expect, expectAccessible, screenshot, signInStaff, speak, test } from './support'

/**
 * Products by staff (docs/product/products.md#versions): an admin proposes a new version of a
 * product at a desk's width, the market's rules refusing an offer above the caps beside its field;
 * a second admin publishes it; the borrower's product list on the phone shows the new figures at
 * once, while an order signed under the old version keeps its agreement.
 */

const DESK = { width: 1280, height: 800 }
const PHONE = { width: 360, height: 740 }
const TOKEN = 'demo-borrower'
const ORDER = 'K2026000005'
const PRODUCT = 'Kilat Tunai'

interface Card {
  id: number
  productName: string
  loan_rate: string
}

const cards = (request: APIRequestContext) => apiData<Card[]>(request, '/app/v3/product/recommend-product-list', TOKEN, { method: 'POST' })

async function agreementText(page: Page, productId: number): Promise<string> {
  await page.goto(`/contract?productId=${productId}&orderId=${ORDER}&position=0&lang=id&tok=${TOKEN}`)
  const article = page.locator('article')
  await expect(article).toBeVisible()
  return article.innerText()
}

/**
 * A click on a console menu link while a form's drawer is open: the drawer's mask lies over the menu,
 * so the click lands there, as a staff member's does, and closes the drawer (or asks first).
 */
async function clickMenuUnderDrawer(page: Page, name: string) {
  const box = await page.getByRole('navigation', { name: /^(Console menu|Menu konsol)$/ }).getByRole('link', { name }).boundingBox()
  await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2)
}

/** The staff member's language, kept on the account (the staff menu). */
async function setLanguage(page: Page, account: RegExp, language: string) {
  await page.getByRole('button', { name: account }).click()
  await page.getByRole('menuitem', { name: language }).click()
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0)
}

test('an admin pair publishes a product version; borrowers see it at once, a signed order keeps its agreement', async ({ browser, request }) => {
  // two staff sign-ins, a borrower's phone, the unsaved-input question and several axe runs on a shared machine
  test.setTimeout(240_000)
  const before = (await cards(request)).find((c) => c.productName === PRODUCT)!
  const phone = await browser.newPage({ viewport: PHONE })
  const agreementBefore = await agreementText(phone, before.id)

  // the maker: the market's products, then a change of Kilat Tunai's rate
  const maker = await browser.newPage({ viewport: DESK })
  await signInStaff(maker, 'admin@demo.kilat.example.com')
  await speak(maker, 'en')
  await maker.reload()
  await maker.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Products' }).click()
  await expect(maker.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible()
  const row = maker.getByRole('row', { name: new RegExp(PRODUCT) })
  await expect(row.getByText('Version 1')).toBeVisible()
  await maker.mouse.move(0, 0)
  await expectAccessible(maker)
  await screenshot(maker, 'ops-products-en')
  await row.getByRole('button', { name: 'Change' }).click()
  const drawer = maker.getByRole('dialog')
  await expect(drawer.getByText('What the borrower reads')).toBeVisible()
  const rate = drawer.getByLabel('Interest a day (basis points)')
  // above Indonesia's cap in force: the rule is shown beside the field as the admin types
  await rate.fill('8')
  await expect(drawer.getByText(/Above the cap in force/)).toBeVisible()
  await expectAccessible(maker)
  await screenshot(maker, 'ops-products-form-cap-en')
  await rate.fill('6')
  await expect(drawer.getByText(/Above the cap in force/)).toHaveCount(0)
  await expect(drawer.locator('[data-figure="dailyCost"]')).toHaveText(/%$/)
  await screenshot(maker, 'ops-products-form-en')
  await drawer.getByRole('button', { name: 'Propose this version' }).click()
  await expect(maker.getByText('Version proposed: another admin publishes it.')).toBeVisible()
  await expect(row.getByText('You proposed it: another admin publishes it.')).toBeVisible()
  // proposed is not published
  expect((await cards(request)).find((c) => c.productName === PRODUCT)).toEqual(before)

  // unsaved input (docs/product/console-screens.md#unsaved-input): a new product's name typed, then
  // the menu clicked: the question; Stay keeps the name; Back asks too, and Leave goes back
  await maker.getByRole('button', { name: 'New product' }).click()
  const draft = maker.getByRole('dialog', { name: 'New product (ID)' })
  await draft.getByLabel('Name', { exact: true }).fill('Kilat Kilat')
  await clickMenuUnderDrawer(maker, 'Dashboard')
  const leave = maker.getByRole('dialog', { name: 'Leave without saving?' })
  await expect(leave).toBeVisible()
  await expect(leave.getByRole('button', { name: 'Stay' })).toBeVisible()
  await maker.mouse.move(0, 0)
  await expectAccessible(maker)
  await screenshot(maker, 'ops-unsaved-en')
  await leave.getByRole('button', { name: 'Stay' }).click()
  await expect(leave).toBeHidden()
  await expect(draft.getByLabel('Name', { exact: true })).toHaveValue('Kilat Kilat')
  await expect(maker).toHaveURL(/\/ops\/products/)
  await maker.evaluate(() => history.back())
  await expect(leave).toBeVisible()
  await expect(maker).toHaveURL(/\/ops\/products/)
  await leave.getByRole('button', { name: 'Leave' }).click()
  // back to the admin's desk, where the console opened
  await expect(maker.getByRole('heading', { name: 'Complaints', level: 1 })).toBeVisible()
  await expect(maker).toHaveURL(/\/ops\/complaints/)

  // the checker, in Indonesian: publishes it
  const checker = await browser.newPage({ viewport: DESK })
  await signInStaff(checker, 'admin.b@demo.kilat.example.com')
  await speak(checker, 'en')
  await checker.goto('/ops/products?market=ID')
  await setLanguage(checker, /^admin\.b@demo/, 'Bahasa Indonesia')
  await expect(checker.getByRole('heading', { name: 'Produk', level: 1 })).toBeVisible()
  const pending = checker.getByRole('row', { name: new RegExp(PRODUCT) })
  await pending.getByRole('button', { name: 'Terbitkan' }).click()
  // the pointer leaves the button it pressed: a hovered button's passing colours are not its own
  await checker.mouse.move(0, 0)
  await expectAccessible(checker)
  await screenshot(checker, 'ops-products-publish-id')
  await checker.locator('.ant-popconfirm').getByRole('button', { name: 'Terbitkan' }).click()
  await expect(checker.getByText('Versi diterbitkan: peminjam melihatnya sekarang.')).toBeVisible()
  await expect(checker.getByRole('row', { name: new RegExp(PRODUCT) }).getByText('Versi 2')).toBeVisible()
  await checker.mouse.move(0, 0)
  await expectAccessible(checker)
  await screenshot(checker, 'ops-products-id')
  // the question in Indonesian: a closed drawer with a change asks too
  await checker.getByRole('button', { name: 'Produk baru' }).click()
  await checker.getByRole('dialog', { name: 'Produk baru (ID)' }).getByLabel('Nama', { exact: true }).fill('Kilat Kilat')
  await clickMenuUnderDrawer(checker, 'Dasbor')
  const tinggalkan = checker.getByRole('dialog', { name: 'Tinggalkan tanpa menyimpan?' })
  await expect(tinggalkan).toBeVisible()
  await checker.mouse.move(0, 0)
  await screenshot(checker, 'ops-unsaved-id')
  await tinggalkan.getByRole('button', { name: 'Tinggalkan' }).click()
  await expect(checker.getByRole('dialog', { name: 'Produk baru (ID)' })).toBeHidden()
  await expect(tinggalkan).toBeHidden()
  await setLanguage(checker, /^admin\.b@demo/, 'English')

  // the borrower's list on the phone: the new version's figures at once
  const after = (await cards(request)).find((c) => c.productName === PRODUCT)!
  expect(after.id).not.toBe(before.id)
  expect(after.loan_rate).not.toBe(before.loan_rate)
  await phone.goto(`/relevant?tok=${TOKEN}&lang=id`)
  const card = phone.getByRole('listitem').filter({ hasText: PRODUCT })
  await expect(card.getByText(after.loan_rate).first()).toBeVisible()
  await expectAccessible(phone)
  await screenshot(phone, 'ops-products-relevant-id')

  // the order signed under version 1: its agreement word for word as before
  expect(await agreementText(phone, before.id)).toBe(agreementBefore)
})
