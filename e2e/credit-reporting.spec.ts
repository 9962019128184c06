import { readFileSync } from 'node:fs'
import { test, expect, expectAccessible, screenshot } from './support'

/**
 * Credit bureau reporting (docs/product/credit-reporting.md), end to end: the job built last
 * month's run of Indonesia when the server started. Finance opens it and sees one finding: the demo
 * borrower whose loan was paid out before the app asked for an identity. The borrower gives one in
 * the app shell's identity step; finance rebuilds the run, which is clean, downloads SLIK's debtor
 * file and marks it sent; a second finance member confirms, in Indonesian. Axe checks every screen.
 */
const DESK = { width: 1280, height: 800 }
const PHONE = { width: 360, height: 740 }
const LEGACY = { phone: '081311112222', orderNo: 'K2026000020' }

test('finance fixes the month run of a borrower without an identity, downloads it and has it marked sent', async ({ page, browser, asStaff, staffPage }) => {
  test.setTimeout(180_000)
  await page.setViewportSize(DESK)
  await asStaff(page, 'finance.a@demo.kilat.example.com')
  await page.getByRole('navigation').getByRole('menuitem', { name: 'Credit reporting' }).click()
  await expect(page.getByRole('heading', { name: 'Credit reporting · Indonesia', level: 1 })).toBeVisible()
  // the job builds the run within its first pass after the start
  const runLink = page.getByRole('link', { name: /^\d{4}-\d{2}, build \d+$/ }).first()
  await expect(async () => {
    await page.reload()
    await expect(runLink).toBeVisible({ timeout: 3_000 })
  }).toPass({ timeout: 60_000 })
  await expectAccessible(page)
  await screenshot(page, 'ops-bureau-runs-en')

  await runLink.click()
  await expect(page.getByRole('heading', { name: /^Run of \d{4}-\d{2}, build \d+ · Indonesia$/, level: 1 })).toBeVisible()
  const finding = page.getByRole('row').filter({ hasText: LEGACY.orderNo })
  await expect(finding).toContainText('The borrower has no identity on record')
  await expect(finding).toContainText('NIK')
  await expect(page.getByRole('button', { name: 'Mark as sent to SLIK' })).toBeDisabled()
  await expectAccessible(page)
  await screenshot(page, 'ops-bureau-run-errors-en')

  // the borrower gives an identity in the app shell's step (the test preview stands in for it)
  const borrower = await browser.newPage({ viewport: PHONE })
  await borrower.goto('/testPreview?lang=id')
  await borrower.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  await borrower.getByLabel('Nomor ponsel', { exact: true }).fill(LEGACY.phone)
  await borrower.getByRole('button', { name: 'Kirim kode' }).click()
  await borrower.getByRole('button', { name: 'Pakai kode ini' }).click()
  await borrower.getByRole('button', { name: 'Masuk', exact: true }).click()
  await expect(borrower.getByText(/Masuk sebagai/)).toBeVisible()
  const identity = borrower.getByRole('region', { name: 'Identitas', exact: true })
  await expect(async () => {
    await identity.getByRole('button', { name: 'Kirim identitas' }).click()
    await expect(identity.getByText('Identitas tersimpan (versi 1).')).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 30_000 })
  await borrower.close()

  // rebuilt from the data as it is now: clean
  await page.getByRole('button', { name: 'Rebuild the run' }).click()
  await page.locator('.ant-popconfirm').getByRole('button', { name: 'Rebuild the run' }).click()
  await expect(page.getByRole('heading', { name: /^Run of \d{4}-\d{2}, build \d+ · Indonesia$/, level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Run of \d{4}-\d{2}, build [2-9]\d* · Indonesia$/, level: 1 })).toBeVisible()
  await expect(page.getByRole('row').filter({ hasText: LEGACY.orderNo })).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, 'ops-bureau-run-clean-en')
  const runUrl = page.url()

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download D01 for SLIK' }).click()])
  const file = readFileSync((await download.path())!, 'utf8')
  expect(file.split('\r\n')[0]).toMatch(/^H\|/)
  expect(file.split('\r\n').filter(Boolean).length).toBeGreaterThan(1)

  await page.getByRole('button', { name: 'Mark as sent to SLIK' }).click()
  const dialog = page.getByRole('dialog', { name: 'Mark as sent to SLIK' })
  await expect(dialog.getByLabel('Sent on')).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Mark as sent' }).click()
  await expect(page.getByText('waiting for a second member')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Withdraw the send to SLIK' })).toBeVisible()

  // a second member confirms, in Indonesian
  const url = new URL(runUrl)
  url.searchParams.set('lang', 'id')
  const checker = await staffPage('finance.b@demo.kilat.example.com', { path: url.pathname + url.search })
  await expect(checker.getByRole('heading', { name: /^Laporan \d{4}-\d{2}, susunan \d+ · Indonesia$/, level: 1 })).toBeVisible()
  await checker.getByRole('button', { name: 'Konfirmasi pengiriman ke SLIK' }).click()
  await checker.locator('.ant-popconfirm').getByRole('button', { name: 'Konfirmasi' }).click()
  await expect(checker.getByRole('button', { name: 'Konfirmasi pengiriman ke SLIK' })).toHaveCount(0)
  await expectAccessible(checker)
  await screenshot(checker, 'ops-bureau-run-sent-id')
  await checker.close()
})
