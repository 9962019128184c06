import { ORDER_STATUS, statusIcon, type OrderStatusName } from '@kilat/domain'
import { test, expect, expectAccessible, screenshot } from './support'

/**
 * The loan journey on the seeded demo data: recommended products → apply → loan confirmation →
 * confirm → the new order's details, and the loan details of an order in every status.
 */
const texts = {
  id: {
    title: 'Pengajuan Khusus', agree: 'Saya telah membaca dan menyetujui perjanjian berikut', confirm: 'Konfirmasi pinjaman',
    status: {
      submitted: 'Sedang ditinjau', approved: 'Disetujui', rejected: 'Belum disetujui', repayingInstallments: 'Sedang dicicil', due: 'Menunggu pembayaran',
      overdue: 'Terlambat', settled: 'Lunas', partnerRepaying: 'Berjalan di mitra', partnerSettled: 'Lunas di mitra', partnerOverdue: 'Terlambat di mitra',
    },
  },
  en: {
    title: 'Special offers', agree: 'I have read and agree to the agreements below', confirm: 'Confirm loan',
    status: {
      submitted: 'Under review', approved: 'Approved', rejected: 'Not approved', repayingInstallments: 'Repaying', due: 'Payment due',
      overdue: 'Overdue', settled: 'Settled', partnerRepaying: 'Repaying with our partner', partnerSettled: 'Settled with our partner', partnerOverdue: 'Overdue with our partner',
    },
  },
} as const

/** The demo borrower's seeded orders (apps/server/src/db/seed.ts), one per status. */
const ORDERS = [
  ['K2026000001', 'submitted'], ['K2026000002', 'approved'], ['K2026000003', 'rejected'], ['K2026000004', 'repayingInstallments'],
  ['K2026000005', 'due'], ['K2026000006', 'overdue'], ['K2026000007', 'settled'], ['K2026000008', 'partnerRepaying'],
  ['K2026000009', 'partnerSettled'], ['K2026000010', 'partnerOverdue'],
] as const satisfies ReadonlyArray<readonly [string, OrderStatusName]>

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
    await expect(page.getByRole('heading', { name: t.status.submitted })).toBeVisible()
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
      // docs/product/loans.md#status-icons: the situation's icon; only a settled loan has the tick.
      const icon = statusIcon(ORDER_STATUS[status])
      await expect(page.locator('svg[data-status-icon]')).toHaveAttribute('data-status-icon', icon)
      expect(icon === 'settled').toBe(status === 'settled' || status === 'partnerSettled')
      await expectAccessible(page)
      await screenshot(page, `loan-detail-${status}-${lang}`)
    }
  })
}

test('rating a settled loan: a star is needed, 3 stars are thanked and not asked again', async ({ page }) => {
  await page.goto('/loan-detail?orderId=K2026000007&tok=demo-borrower&lang=en')
  const dialog = page.getByRole('dialog', { name: 'Rate our service' })
  await expect(dialog).toBeVisible()
  await expectAccessible(page)

  await dialog.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByText('Please choose')).toBeVisible()

  await dialog.getByRole('button', { name: '3 stars' }).click()
  await expect(dialog.getByRole('button', { name: '3 stars' })).toHaveAttribute('aria-pressed', 'true')
  await screenshot(page, 'loan-detail-rating-3-stars-en')
  const sent = page.waitForRequest((r) => r.url().includes('/google-score'))
  await dialog.getByRole('button', { name: 'Submit' }).click()
  // docs/product/loans.md#rating: the stars chosen, not always 5
  expect((await sent).postData()).toContain('score=3')
  await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible()
  await screenshot(page, 'loan-detail-rating-thanks-en')

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Settled', exact: true })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Rate our service' })).toBeHidden()
})

test("another borrower's order is not found, and shows nothing of it", async ({ page }) => {
  page.removeAllListeners('console') // the page's own 404 answer is reported as a console error
  const response = await page.goto('/loan-detail?orderId=K2026000001&tok=demo-borrower-2&lang=en')
  const html = (await response?.text()) ?? ''
  expect(html).not.toContain('Dana Kilat')
  expect(html).not.toContain('K2026000001</')
  await expect(page.getByText('We could not find what you asked for.')).toBeVisible()
  await expectAccessible(page)
})

test('India: the Key Fact Statement before confirming, and the agreement popup (Cancel, then Agree)', async ({ page }) => {
  await page.goto('/relevant?tok=demo-borrower-in&isNeedPop=1&lang=en')
  await expect(page.getByText(/APR \d+\.\d\d%/).first()).toBeVisible()
  await page.getByRole('list').first().getByRole('button', { disabled: false }).first().click()
  await expect(page).toHaveURL(/\/loan-confirm\?/)

  const kfs = page.getByRole('region', { name: 'Key Fact Statement' }).or(page.getByRole('table', { name: 'Key Fact Statement' }))
  await expect(kfs.first()).toBeVisible()
  await expect(kfs.first()).toContainText(/Annual percentage rate \(APR\)\s*\d+\.\d\d%/)
  await expect(kfs.first()).toContainText('₹')
  await expectAccessible(page)
  await screenshot(page, 'loan-confirm-india-kfs-en')

  const confirm = page.getByRole('button', { name: 'Confirm loan' })
  const popup = page.getByRole('dialog', { name: 'Loan agreement and Key Fact Statement' })
  await confirm.click()
  await expect(popup).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'loan-confirm-india-popup-en')
  await popup.getByRole('button', { name: 'Cancel' }).click()
  await expect(popup).toBeHidden()
  await expect(page).toHaveURL(/\/loan-confirm\?/)

  await confirm.click()
  await popup.getByRole('button', { name: 'Agree' }).click()
  await expect(page).toHaveURL(/\/loan-detail\?.*orderId=K\d+/)
  await expect(page.getByRole('heading', { name: 'Under review', exact: true })).toBeVisible()
  await screenshot(page, 'loan-detail-india-new-order-en')
})

test('Mexico: the CAT and pesos on the confirmation, no agreement popup', async ({ page }) => {
  await page.goto('/relevant?tok=demo-borrower-mx&market=MX')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.getByRole('list').first().getByRole('button', { disabled: false }).first().click()
  await expect(page).toHaveURL(/\/loan-confirm\?/)
  await expect(page.getByText(/CAT/).first()).toBeVisible()
  // Mexico reads amounts its own way: $10,000.00 (docs/product/markets-and-formats.md#amounts).
  await expect(page.getByText(/\$\d{1,3}(,\d{3})*\.\d\d/).first()).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'loan-confirm-mexico-es')
  await page.getByRole('button', { name: 'Confirmar préstamo' }).click()
  await expect(page).toHaveURL(/\/loan-detail\?.*orderId=K\d+/)
  await expect(page.getByRole('heading', { name: 'En revisión', exact: true })).toBeVisible()
})

const agreement = {
  id: { title: 'Pengajuan Khusus', link: 'Perjanjian Pinjaman', failure: 'Login bersama gagal', tryThese: 'Anda bisa mencoba pinjaman ini' },
  en: { title: 'Special offers', link: 'Loan Agreement', failure: 'Joint login failed', tryThese: 'You can try these loans' },
} as const

for (const lang of ['id', 'en'] as const) {
  const t = agreement[lang]

  test(`the agreement link opens the loan agreement filled with the offer (${lang})`, async ({ page }) => {
    await page.goto(`/loan-confirm?productId=1&tok=demo-borrower-2&lang=${lang}`)
    await page.getByRole('link', { name: t.link }).click()
    await expect(page).toHaveURL(/\/contract\?/)
    await expect(page.getByRole('heading', { name: t.link, level: 1 }).or(page.getByRole('heading', { name: t.link }).first())).toBeVisible()
    // the borrower's own figures are in it, in the product's currency
    await expect(page.getByText(/Rp\u00a0[\d.]+,\d\d/).first()).toBeVisible()
    await expect(page.getByRole('table')).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, `contract-${lang}`)
  })

  test(`joint-login failure offers other loans and opens one (${lang})`, async ({ page }) => {
    await page.goto(`/joint-login-failure?tok=demo-borrower-2&lang=${lang}`)
    await expect(page.getByText(t.failure).first()).toBeVisible()
    await expect(page.getByRole('heading', { name: t.tryThese })).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, `joint-login-failure-${lang}`)
    await page.getByRole('list').first().getByRole('button', { disabled: false }).first().click()
    await expect(page).toHaveURL(/\/(loan-confirm|loan-detail)\?|^https?:\/\/(?!localhost)/)
  })
}
