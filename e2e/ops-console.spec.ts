import type { Page } from '@playwright/test'
import sharp from 'sharp'
import { apiData, hydratedGoto, signInStaff, test, expect, expectAccessible, screenshot, expectOrderNoFits } from './support'

/**
 * The operations console at a desk's width (docs/product/operations.md): staff sign in with their
 * password and the authenticator's code (demo mode reads the code for them), see the menu of their
 * role, and an admin opens the staff accounts and the audit trail. Axe checks every screen.
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })


/** A small picture with real image bytes, as an agent would attach. */
function photo() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3360dd' } }).png().toBuffer()
}

/** The demo authenticator's current code for an account (demo mode only). */
const menu = (page: Page, label = 'Console menu') => page.getByRole('navigation', { name: label }).getByRole('link')


/** The order screen's summary: the value beside a label. */
const summary = (page: Page, label: string) => page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]')
/** A titled section of a screen. */
const section = (page: Page, title: string) => page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) })

test('an agent signs in with password and code and sees the complaint desk', async ({ page }) => {
  await page.goto('/ops/sign-in')
  await expect(page.getByRole('heading', { name: 'Sign in to the operations console' })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'ops-sign-in-en')

  await signInStaff(page, 'agent@demo.kilat.example.com')
  await expect(menu(page)).toHaveText(['Dashboard', 'Complaints', 'Knowledge base'])
  // The agent's desk opens first, in their first market.
  await expect(page).toHaveURL(/\/ops\/complaints\?market=ID/)
  await expect(page.getByRole('heading', { name: 'Complaints' })).toBeVisible()
  await expect(page.locator('.ant-table-row').first()).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'ops-menu-en')

  // A filter is kept in the address; the queue opens on complaints waiting for a reply.
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.locator('.ant-select-item-option', { hasText: 'Every status' }).click()
  await expect(page).toHaveURL(/status=all/)
  await page.getByRole('combobox', { name: 'Status' }).click()
  await page.locator('.ant-select-item-option', { hasText: 'Waiting for a reply' }).click()
  await expect(page).toHaveURL(/status=processing/)

  // A complaint: assign it, reply with a text and an image, close it as resolved.
  await page.locator('.ant-table-row').first().getByRole('link').click()
  await expect(page.getByRole('heading', { name: /^Complaint #\d+/ })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Assign to me' }).click()
  await expect(page.getByRole('button', { name: 'Assign to me' })).toHaveCount(0)
  await page.getByLabel('Reply (the borrower reads it)').fill('We have checked your payment and corrected the amount due.')
  await page.locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: await photo() })
  await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(1)
  await page.getByRole('button', { name: 'Send reply' }).click()
  await expect(page.getByRole('heading', { name: 'Our reply' })).toBeVisible()
  await expect(page.getByText('We have checked your payment and corrected the amount due.')).toBeVisible()
  await page.getByRole('button', { name: 'Close as resolved' }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Close as resolved' }).click()
  await expect(page.getByText('Closed · resolved').first()).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'ops-complaint-en')

  await page.getByRole('button', { name: /^agent@demo/ }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByText('You are signed out.')).toBeVisible()
})

test('an admin opens the staff accounts and the audit trail, then works in Indonesian', async ({ page }) => {
  await page.goto('/ops/sign-in?lang=id')
  await expect(page.getByRole('heading', { name: 'Masuk ke konsol operasional' })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'ops-sign-in-id')

  await signInStaff(page, 'admin@demo.kilat.example.com')
  await expect(menu(page)).toHaveText(['Dashboard', 'Complaints', 'Staff', 'Audit trail', 'Products', 'Knowledge base', 'Registration funnel', 'Identity flags', 'Credit policy', 'Automatic payout', 'Credit reporting', 'Health'])

  await menu(page).filter({ hasText: 'Staff' }).click()
  await expect(page.getByRole('heading', { name: 'Staff accounts' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'agent.mx@demo.kilat.example.com' }).first()).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'ops-staff-en')

  // A new account's one-time enrolment link.
  await page.getByRole('button', { name: 'New account' }).click()
  await page.getByLabel('Email').fill('new.agent@example.com')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('enrolment-link')).toHaveValue(/\/ops\/enrol#token=[A-Za-z0-9_-]{20,}$/)
  await expectAccessible(page)

  await menu(page).filter({ hasText: 'Audit trail' }).click()
  await expect(page.getByRole('heading', { name: 'Audit trail' })).toBeVisible()
  await expect(page.getByRole('cell', { name: 'staff.create' }).first()).toBeVisible()
  await page.getByLabel('Record type').fill('staff')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(page).toHaveURL(/recordType=staff/)
  await expectAccessible(page)
  await screenshot(page, 'ops-audit-en')

  // The staff member's language, kept on the account.
  await page.getByRole('button', { name: /^admin@demo/ }).click()
  await page.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click()
  await expect(menu(page, 'Menu konsol')).toHaveText(['Dasbor', 'Pengaduan', 'Staf', 'Jejak audit', 'Produk', 'Basis pengetahuan', 'Corong pendaftaran', 'Tanda identitas', 'Kebijakan kredit', 'Pencairan otomatis', 'Pelaporan kredit', 'Kesehatan'])
  await expect(page.getByRole('heading', { name: 'Jejak audit' })).toBeVisible()
  // the staff menu fades out after a choice: axe waits until it has gone, not its fading texts
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, 'ops-audit-id')
  await menu(page, 'Menu konsol').filter({ hasText: 'Staf' }).click()
  await expect(page.getByRole('heading', { name: 'Akun staf' })).toBeVisible()
  await screenshot(page, 'ops-staff-id')
  await menu(page, 'Menu konsol').filter({ hasText: 'Pengaduan' }).click()
  await expect(page.locator('.ant-table-row').first()).toBeVisible()
  // what the server names (the problem types) comes in the new language too
  await expect(page.getByRole('cell', { name: 'Pembayaran' }).first()).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'ops-complaints-id')
})

test('an agent answers a complaint with an image; the borrower reads it in Indonesian', async ({ page, request, asStaff }) => {
  const saved = await apiData<{ problemId: number }>(request, '/h5-api/user-problem/problem-save', 'demo-borrower-2', {
    method: 'POST',
    form: { problemType: '2', problemDetail: 'Pembayaran saya belum tercatat.', orderNo: 'K2026000011' },
  })
  await asStaff(page, 'agent@demo.kilat.example.com', `/ops/complaints/${saved.problemId}?market=ID`)
  await expect(page.getByRole('heading', { name: `Complaint #${saved.problemId}` })).toBeVisible()
  await expect(page.getByText('Pembayaran saya belum tercatat.')).toBeVisible()
  await page.getByLabel('Reply (the borrower reads it)').fill('Pembayaran Anda sudah kami catat. Terima kasih.')
  await page.locator('input[type=file]').setInputFiles({ name: 'bukti.png', mimeType: 'image/png', buffer: await photo() })
  await expect(page.locator('.ant-upload-list-item-done')).toHaveCount(1)
  await page.getByRole('button', { name: 'Send reply' }).click()
  await expect(page.getByRole('heading', { name: 'Our reply' })).toBeVisible()

  // the order screen names the complaint's state in the staff member's words, never its key
  await page.goto('/ops/orders/K2026000011?market=ID')
  await expect(page.getByRole('heading', { name: 'Order K2026000011' })).toBeVisible()
  const complaintRow = section(page, 'Complaints').getByRole('row').filter({ hasText: `#${saved.problemId}` })
  await expect(complaintRow.getByRole('cell', { name: 'Replied', exact: true })).toBeVisible()
  await expect(complaintRow.getByRole('cell', { name: 'replied', exact: true })).toHaveCount(0)
  // a seeded order kept no history: its timeline says so instead of an empty card
  await expect(section(page, 'Timeline')).toContainText('No status change has been recorded for this order.')
  // a loan being repaid was paid out
  await expect(page.locator('.ant-descriptions-item-label', { hasText: /^Paid out$/ })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'ops-order-complaint-en')

  const borrower = hydratedGoto(await page.context().newPage())
  await borrower.setViewportSize({ width: 360, height: 740 })
  await borrower.goto(`/complainDetails?problemId=${saved.problemId}&tok=demo-borrower-2&lang=id`)
  await expect(borrower.getByText('Pembayaran Anda sudah kami catat. Terima kasih.')).toBeVisible()
  const image = borrower.getByRole('img', { name: /dari tim kami/ })
  await expect(image).toBeVisible()
  // the reply's image is served to its borrower and decodes
  expect(await image.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).toBeGreaterThan(0)
  await expectAccessible(borrower)
  await screenshot(borrower, 'complaint-staff-reply-id')
})

test('risk approves an order; finance A requests and finance B confirms its payout; the borrower sees it due', async ({ page, browser, asStaff, staffPage }) => {
  const orderNo = 'K2026000013'
  const details = (p: Page) => p.goto(`/loan-detail?orderId=${orderNo}&tok=demo-borrower-2&lang=en`)

  // under review: nothing is paid out yet, what will be is "to pay out", with no payout date
  await asStaff(page, 'risk@demo.kilat.example.com', `/ops/orders/${orderNo}?market=ID`)
  await expect(page.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible()
  await expect(summary(page, 'To pay out')).toHaveText(/^Rp\s[\d.]+,\d{2}$/)
  await expect(page.locator('.ant-descriptions-item-label', { hasText: /^Paid out$/ })).toHaveCount(0)
  await expect(summary(page, 'Paid out on')).toHaveText('—')
  await expectAccessible(page)
  await screenshot(page, 'ops-order-under-review-en')

  await menu(page).filter({ hasText: 'Review queue' }).click()
  // a new order's 17-character number fits its column, on one line, in every order table
  await expectOrderNoFits(page.getByRole('row').filter({ hasText: orderNo }).getByRole('cell', { name: orderNo, exact: true }))
  // the queue fits 1280 px with the menu open: nothing scrolls sideways
  expect(await page.locator('.ant-table-content').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await page.getByRole('button', { name: `Approve ${orderNo}` }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByText(`Order ${orderNo} is approved.`)).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'ops-review-en')
  // the decision is on the order's timeline
  await page.goto(`/ops/orders/${orderNo}?market=ID`)
  await expect(section(page, 'Timeline')).toContainText('Under review → Approved · risk@demo.kilat.example.com')
  await expect(summary(page, 'To pay out')).toHaveText(/^Rp\s[\d.]+,\d{2}$/)

  const borrower = await browser.newPage({ viewport: { width: 360, height: 740 } })
  await details(borrower)
  await expect(borrower.locator('svg[data-status-icon]')).toHaveAttribute('data-status-icon', 'approved')

  const financeA = await staffPage('finance.a@demo.kilat.example.com')
  await menu(financeA).filter({ hasText: 'Disbursement' }).click()
  // not paid out yet: the amount says so by the payout's state, and no column calls it paid out
  const financeRow = financeA.getByRole('row').filter({ hasText: orderNo })
  await expect(financeRow).toContainText('To pay out')
  await expect(financeA.getByRole('columnheader', { name: 'Paid out', exact: true })).toHaveCount(0)
  await expectOrderNoFits(financeRow.getByRole('cell', { name: orderNo, exact: true }))
  await financeA.getByRole('button', { name: `Request payout ${orderNo}` }).click()
  await expect(financeA.getByText('Payout requested. Another finance member confirms it.')).toBeVisible()
  // the maker cannot be the checker
  await expect(financeA.getByRole('button', { name: `Confirm payout ${orderNo}` })).toBeDisabled()
  await expectAccessible(financeA)

  const financeB = await staffPage('finance.b@demo.kilat.example.com')
  await menu(financeB).filter({ hasText: 'Disbursement' }).click()
  await financeB.getByRole('button', { name: `Confirm payout ${orderNo}` }).click()
  await financeB.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm payout' }).click()
  await expect(financeB.getByText('Payout confirmed: it is on its way to the payout provider.')).toBeVisible()
  await screenshot(financeB, 'ops-disbursement-en')

  // the outbox's worker sends it and the provider's callback completes it a few seconds later
  await expect(async () => {
    await details(borrower)
    await expect(borrower.locator('svg[data-status-icon]')).toHaveAttribute('data-status-icon', 'due', { timeout: 1_000 })
  }).toPass({ timeout: 45_000, intervals: [2_000] })
  await expect(borrower.getByText('Due date')).toBeVisible()
  await expect(borrower.getByRole('link', { name: 'Repay' })).toBeVisible()
  await screenshot(borrower, 'loan-detail-after-payout-en')
})

test('a staff member of another market does not find an Indonesian order', async ({ page, asStaff }) => {
  await asStaff(page, 'agent.mx@demo.kilat.example.com', '/ops/orders?market=MX&q=K2026000013')
  await expect(page.getByText('No order has this number or phone.')).toBeVisible()
})
