import type { Page } from '@playwright/test'
import { test, expect, expectAccessible, screenshot } from './support'

/**
 * The console's first screens as staff use them all day (docs/product/console-screens.md): status
 * names rather than numbers, queues that fit 1280 px with their actions in view, the complaint
 * queue opening on the open work. Axe checks each screen, in English and Indonesian.
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

/** The element lies wholly inside the window: nothing to scroll to reach it. */
async function expectInView(page: Page, name: string | RegExp) {
  const box = await page.getByRole('button', { name }).first().boundingBox()
  expect(box, String(name)).not.toBeNull()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280)
}

/** No cell of the table shows an order status as a bare number. */
async function expectNoStatusNumbers(page: Page) {
  const cells = await page.locator('.ant-table-cell, .ant-descriptions-item-content').allInnerTexts()
  for (const text of cells) expect(text.trim(), 'a status shown as a number').not.toMatch(/^(21|151|110|170|174|180|200|3|4|5)$/)
}

/** Back to English, kept on the account: the other journeys sign the same demo accounts in. */
async function backToEnglish(page: Page, email: RegExp) {
  await page.getByRole('button', { name: email }).click()
  await page.getByRole('menuitem', { name: 'English' }).click()
  await expect(page.getByRole('navigation', { name: 'Console menu' })).toBeVisible()
}

test('a reviewer reads status names and reaches Approve and Reject at 1280 px, in English and Indonesian', async ({ page, asStaff }) => {
  await asStaff(page, 'risk@demo.kilat.example.com', '/ops/review?market=ID')
  await expect(page.getByRole('heading', { name: 'Review queue' })).toBeVisible()
  const firstRow = page.locator('.ant-table-row').first()
  await expect(firstRow).toBeVisible()
  await expectInView(page, /^Approve K/)
  await expectInView(page, /^Reject K/)
  // the table does not scroll sideways at this width
  const table = page.locator('.ant-table-content').first()
  expect(await table.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true)
  // the borrower's record in short, in full in the expanded row
  await expect(firstRow).toContainText(/earlier · worst \d+ d late/)
  await firstRow.getByRole('button', { name: /expand/i }).click()
  await expect(page.locator('.ant-table-expanded-row').first()).toContainText(/earlier orders, \d+ repayments .*days overdue/)
  await expectAccessible(page)
  await screenshot(page, 'ops-first-review-en')

  // the order screen: its status and its (empty) tables, by name and readable
  const orderNo = (await firstRow.getByRole('link').first().innerText()).trim()
  await firstRow.getByRole('link').first().click()
  await expect(page.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible()
  await expect(page.locator('.ant-descriptions-item-content').first()).toHaveText('Under review')
  await expect(page.getByTitle(/Status code 21/).first()).toBeVisible()
  await expect(page.getByText('Nothing to show.').first()).toBeVisible()
  await expectNoStatusNumbers(page)
  await expectAccessible(page)
  await screenshot(page, 'ops-first-order-en')

  // the same in Indonesian, the reviewer's choice of language
  await page.goto('/ops/review?market=ID')
  await page.getByRole('button', { name: /^risk@demo/ }).click()
  await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click()
  await expect(page.getByRole('heading', { name: 'Antrean tinjauan' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Bahasa Indonesia' })).toHaveCount(0)
  await expectInView(page, /^Setujui K/)
  await expectInView(page, /^Tolak K/)
  await expectAccessible(page)
  await screenshot(page, 'ops-first-review-id')
  await page.goto(`/ops/orders/${orderNo}?market=ID`)
  await expect(page.locator('.ant-descriptions-item-content').first()).toHaveText('Sedang ditinjau')
  await expectNoStatusNumbers(page)
  await expectAccessible(page)
  await screenshot(page, 'ops-first-order-id')
  await backToEnglish(page, /^risk@demo/)
})

test('the disbursement queue keeps its actions in view', async ({ page, asStaff }) => {
  await asStaff(page, 'finance.a@demo.kilat.example.com', '/ops/disbursement?market=ID')
  await expect(page.getByRole('heading', { name: 'Disbursement' })).toBeVisible()
  await expect(page.locator('.ant-table-row').first()).toBeVisible()
  await expectInView(page, /^Request payout K/)
  await expectAccessible(page)
  await screenshot(page, 'ops-first-disbursement-en')
})

test('an agent’s complaint queue opens on the open work, most urgent first', async ({ page, asStaff }) => {
  await asStaff(page, 'agent@demo.kilat.example.com')
  await expect(page).toHaveURL(/\/ops\/complaints\?market=ID/)
  await expect(page.getByRole('combobox', { name: 'Status' })).toBeVisible()
  await expect(page.locator('.ops-filters .ant-select').first()).toContainText('Waiting for a reply')
  const rows = page.locator('.ant-table-row')
  await expect(rows.first()).toBeVisible()
  const statuses = await rows.locator('td:nth-child(3)').allInnerTexts()
  expect(statuses.length).toBeGreaterThan(0)
  for (const s of statuses) expect(s.trim()).toBe('Waiting for a reply')
  // the earliest reply due first
  const due = (await rows.locator('td:nth-child(4)').allInnerTexts()).map((t) => /\d{4}-\d{2}-\d{2}/.exec(t.replace(/\s/g, ''))?.[0] ?? '')
  expect(due).toEqual([...due].sort())
  await expectAccessible(page)
  await screenshot(page, 'ops-first-complaints-en')

  // every status, kept in the address
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.locator('.ant-select-item-option', { hasText: 'Every status' }).click()
  await expect(page).toHaveURL(/status=all/)
  await expect(rows.filter({ hasText: 'Closed' }).first()).toBeVisible()

  await page.getByRole('button', { name: /^agent@demo/ }).click()
  await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click()
  await expect(page.getByRole('heading', { name: 'Pengaduan' })).toBeVisible()
  await expect(page.getByRole('menuitem', { name: 'Bahasa Indonesia' })).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.locator('.ant-select-item-option', { hasText: 'Menunggu balasan' }).click()
  await expect(page).toHaveURL(/status=processing/)
  await expect(page.locator('.ops-filters .ant-select').first()).toContainText('Menunggu balasan')
  await expectAccessible(page)
  await screenshot(page, 'ops-first-complaints-id')
  await backToEnglish(page, /^agent@demo/)
})
