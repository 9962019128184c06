import { test, expect, expectAccessible, screenshot } from './support'

/**
 * The loan journey on the seeded demo data: recommended products → apply → loan confirmation →
 * confirm → the new order's details, and the loan details of an order in every status.
 */
const texts = {
  id: {
    title: 'Pengajuan Khusus', agree: 'Saya telah membaca dan menyetujui perjanjian berikut', confirm: 'Konfirmasi pinjaman',
    status: { 21: 'Sedang ditinjau', 151: 'Disetujui', 110: 'Belum disetujui', 170: 'Sedang dicicil', 174: 'Menunggu pembayaran', 180: 'Terlambat', 200: 'Lunas', 3: 'Berjalan di mitra', 4: 'Lunas di mitra', 5: 'Terlambat di mitra' },
  },
  en: {
    title: 'Special offers', agree: 'I have read and agree to the agreements below', confirm: 'Confirm loan',
    status: { 21: 'Under review', 151: 'Approved', 110: 'Not approved', 170: 'Repaying', 174: 'Payment due', 180: 'Overdue', 200: 'Settled', 3: 'Repaying with our partner', 4: 'Settled with our partner', 5: 'Overdue with our partner' },
  },
} as const

/** The demo borrower's seeded orders (apps/server/src/db/seed.ts), one per status. */
const ORDERS = [
  ['K2026000001', 21], ['K2026000002', 151], ['K2026000003', 110], ['K2026000004', 170], ['K2026000005', 174],
  ['K2026000006', 180], ['K2026000007', 200], ['K2026000008', 3], ['K2026000009', 4], ['K2026000010', 5],
] as const

for (const lang of ['id', 'en'] as const) {
  const t = texts[lang]

  test(`recommended products → confirm → new order under review (${lang})`, async ({ page }) => {
    await page.goto(`/relevant?tok=demo-borrower&lang=${lang}`)
    await expect(page).toHaveTitle(new RegExp(t.title))
    await expect(page.getByRole('heading', { name: t.title })).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, `loan-relevant-${lang}`)

    // the first product the borrower can still apply for (an earlier run of this file took one)
    await page.getByRole('list').first().getByRole('button', { disabled: false }).first().click()
    await expect(page).toHaveURL(/\/loan-confirm\?/)

    const agree = page.getByRole('checkbox', { name: t.agree })
    const confirm = page.getByRole('button', { name: t.confirm })
    await expect(agree).toBeChecked()
    await expect(confirm).toBeEnabled()
    await expectAccessible(page)
    await screenshot(page, `loan-confirm-${lang}`)

    await agree.uncheck()
    await expect(confirm).toBeDisabled()
    await screenshot(page, `loan-confirm-unchecked-${lang}`)
    await agree.check()
    await expect(confirm).toBeEnabled()
    await confirm.click()

    await expect(page).toHaveURL(/\/loan-detail\?.*orderId=K\d+/)
    await expect(page.getByRole('heading', { name: t.status[21] })).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, `loan-detail-new-order-${lang}`)
  })

  test(`loan details of an order in every status (${lang})`, async ({ page }) => {
    for (const [orderNo, status] of ORDERS) {
      const response = await page.goto(`/loan-detail?orderId=${orderNo}&tok=demo-borrower&lang=${lang}`)
      expect(response?.status()).toBe(200)
      // the banner is in the server's HTML, not only after hydration
      expect(await response?.text()).toContain(t.status[status])
      await expect(page.getByRole('heading', { name: t.status[status], exact: true })).toBeVisible()
      await expectAccessible(page)
      await screenshot(page, `loan-detail-${status}-${lang}`)
    }
  })
}
