import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { test, expect, expectAccessible, screenshot, expectOrderNoFits } from './support'

/**
 * The collector's desk at a desk's width (docs/product/collections.md): the buckets and the queue,
 * then an overdue order's contact log. The desk's clock is set through demo mode's clock call, so
 * that a contact is tried at 21:00 Jakarta time (refused by the server) and at 10:00 (recorded).
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const COLLECTOR = 'collector@demo.kilat.example.com'
/** The demo borrower's overdue order (README, demo sessions). */
const OVERDUE = 'K2026000006'

/** Tuesday 1 December 2026 in Jakarta: a working day, no public holiday. */
async function setDeskClock(request: APIRequestContext, at: string | null) {
  const res = await request.post('/ops-api/demo/collections-clock', { data: { at }, headers: { 'x-requested-with': 'XMLHttpRequest' } })
  expect(res.ok(), await res.text()).toBe(true)
}

/** The page at 1280 px scrolls sideways nowhere: neither the page nor its first table. */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  expect(await page.locator('.ant-table-content').first().evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
}

/** A cell shows its text whole: nothing cut (no ellipsis), nothing running out of it. */
async function expectWhole(cell: Locator) {
  expect(await cell.evaluate((td) => ({ whole: td.scrollWidth <= td.clientWidth, cut: getComputedStyle(td).textOverflow === 'ellipsis' || td.querySelector('.ant-table-cell-content, .ant-typography-ellipsis') !== null }))).toEqual({
    whole: true,
    cut: false,
  })
}


test.afterEach(async ({ request }) => {
  await setDeskClock(request, null)
})

test('a collector is refused a contact at 21:00 Jakarta time and records one at 10:00', async ({ page, request, consoleErrors, asStaff }) => {
  await setDeskClock(request, '2026-12-01T10:00:00+07:00')
  await asStaff(page, COLLECTOR)
  const menu = page.getByRole('navigation', { name: 'Console menu' }).getByRole('link')
  await expect(menu).toHaveText(['Dashboard', 'Collections'])
  await menu.filter({ hasText: 'Collections' }).click()
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible()
  await expect(page.getByText('Overdue orders as of 2026-12-01')).toBeVisible()
  const row = page.locator('.ant-table-row', { hasText: OVERDUE })
  await expect(row).toBeVisible()
  await expect(row).toContainText('Not contacted yet')
  // the queue fits 1280 px with the menu open, its promise to pay in view
  await expectNoSidewaysScroll(page)
  await expect(page.getByRole('columnheader', { name: 'Promise to pay' })).toBeInViewport({ ratio: 1 })
  await expectOrderNoFits(row.getByRole('cell', { name: OVERDUE, exact: true }))
  await expectAccessible(page)
  await screenshot(page, 'ops-collections-en')

  // a bucket filters the queue, kept in the address
  await page.getByRole('button', { name: 'Show these' }).first().click()
  await expect(page).toHaveURL(/bucket=d1_30/)
  await page.getByRole('button', { name: 'Show every bucket' }).click()
  await expect(page).not.toHaveURL(/bucket=/)

  await setDeskClock(request, '2026-12-01T21:00:00+07:00')
  await page.locator('.ant-table-row', { hasText: OVERDUE }).getByRole('link', { name: OVERDUE }).click()
  await expect(page.getByRole('heading', { name: `Order ${OVERDUE}` })).toBeVisible()
  // the seeded complaint's state by its name, never its key; the seeded order's timeline says it
  // has no history rather than showing an empty card
  const complaints = page.locator('section', { has: page.getByRole('heading', { name: 'Complaints', exact: true }) })
  await expect(complaints.getByRole('cell', { name: /^(Replied|Closed|Waiting for a reply)$/ }).first()).toBeVisible()
  await expect(complaints.getByRole('cell', { name: /^(replied|closed|processing)$/ })).toHaveCount(0)
  await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Timeline', exact: true }) })).toContainText('No status change has been recorded for this order.')
  const log = page.locator('section', { has: page.getByRole('heading', { name: 'Contact log' }) })
  await expect(log.getByText('Borrower’s local time: 2026-12-01 21:00. Contact hours: 08:00-20:00.')).toBeVisible()
  await expect(log.getByText('Outside the contact hours')).toBeVisible()
  await log.getByRole('button', { name: 'Record the contact' }).click()
  await expect(log.getByText(/^Refused: the borrower may not be contacted now/)).toBeVisible()
  await expect(log.getByText('No contact yet.')).toBeVisible()
  // the browser logs the server's 409, the refusal this step expects
  const logged = consoleErrors.findIndex((e) => e.includes('409'))
  expect(logged).toBeGreaterThanOrEqual(0)
  consoleErrors.splice(logged, 1)
  await expect(log.locator('.ant-btn-loading')).toHaveCount(0)
  // the pointer still rests on the button: check the page at rest, not its hover colour
  await page.mouse.move(0, 0)
  await expectAccessible(page)

  await setDeskClock(request, '2026-12-01T10:00:00+07:00')
  await page.reload()
  await expect(log.getByText('May be contacted now')).toBeVisible()
  await log.getByRole('combobox', { name: 'Outcome' }).click()
  await page.locator('.ant-select-item-option', { hasText: 'Promise to pay' }).click()
  await log.getByLabel('Promised date').fill('2026-12-04')
  await log.getByLabel('Promised amount').fill('500000')
  await log.getByLabel('Note').fill('Will pay after payday')
  await log.getByRole('button', { name: 'Record the contact' }).click()
  await expect(page.getByText('Contact recorded.')).toBeVisible()
  const line = log.locator('.ant-table-row').first()
  await expect(line).toContainText('2026-12-01 10:00')
  await expect(line).toContainText('Promise to pay')
  await expect(line).toContainText('Promised')
  await expect(line).toContainText('2026-12-04')
  await expect(line).toContainText(COLLECTOR)
  // who recorded it: the email whole, wrapped rather than cut
  await expectWhole(line.getByRole('cell', { name: COLLECTOR }))
  await expect(line.getByRole('cell', { name: COLLECTOR })).toHaveText(COLLECTOR)
  await expect(log.getByText(/^Refused/)).toHaveCount(0)
  await page.mouse.move(0, 0)
  await expectAccessible(page)
  await screenshot(page, 'ops-contact-log-en')

  // the same screens in Indonesian
  await page.getByRole('button', { name: new RegExp(`^${COLLECTOR}`) }).click()
  await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click()
  // the staff menu fades out after a choice: axe waits until it has gone
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0)
  const logId = page.locator('section', { has: page.getByRole('heading', { name: 'Catatan kontak' }) })
  await expect(logId.locator('.ant-table-row').first()).toContainText('Janji bayar')
  await expectWhole(logId.locator('.ant-table-row').first().getByRole('cell', { name: COLLECTOR }))
  const complaintsId = page.locator('section', { has: page.getByRole('heading', { name: 'Pengaduan', exact: true }) })
  await expect(complaintsId.getByRole('cell', { name: /^(Dibalas|Ditutup|Menunggu balasan)$/ }).first()).toBeVisible()
  await expect(page.locator('section', { has: page.getByRole('heading', { name: 'Riwayat', exact: true }) })).toContainText('Belum ada perubahan status yang tercatat untuk pesanan ini.')
  await expectAccessible(page)
  await screenshot(page, 'ops-contact-log-id')
  await page.goto('/ops/collections?market=ID')
  await expect(page.getByRole('heading', { name: 'Penagihan' })).toBeVisible()
  await expect(page.locator('.ant-table-row', { hasText: OVERDUE })).toContainText('Dijanjikan')
  await expectNoSidewaysScroll(page)
  await expect(page.getByRole('columnheader', { name: 'Janji bayar' })).toBeInViewport({ ratio: 1 })
  await expectAccessible(page)
  await screenshot(page, 'ops-collections-id')
  // back to English for the next run
  await page.getByRole('button', { name: new RegExp(`^${COLLECTOR}`) }).click()
  await page.getByRole('menuitem', { name: 'English' }).click()
  await expect(page.getByRole('heading', { name: 'Collections' })).toBeVisible()
})
