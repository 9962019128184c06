import { ORDER_STATUS, statusIcon } from '@kilat/domain'
import { expect, expectAccessible, screenshot, test } from './support'

/**
 * What a tester and a borrower in arrears see: /testPreview fills its ids with the demo borrower's
 * and links every demo order to a working screen; a screen opened without its id says which one is
 * missing; an overdue partner order never shows the settled tick.
 */

test('/testPreview fills the ids and lists the demo orders; a link opens its screen (en)', async ({ page }) => {
  await page.goto('/testPreview?tok=demo-borrower&lang=en')
  const section = page.getByRole('region', { name: 'Demo orders' })
  await expect(section).toBeVisible()
  await expect(page.getByLabel('Order ID')).toHaveValue(/^K\d+$/)
  await expect(page.getByLabel('Product ID')).toHaveValue(/^\d+$/)
  // One link per status at least: every seeded status of the demo borrower is listed by name.
  for (const name of ['Under review', 'Payment due', 'Overdue', 'Settled', 'Overdue with our partner']) {
    await expect(section.getByRole('link', { name: new RegExp(`^${name} K\\d+`) }).first()).toBeVisible()
  }
  await expectAccessible(page)
  await screenshot(page, 'test-preview-demo-orders-en')

  await section.getByRole('link', { name: /^Overdue with our partner K2026000010/ }).click()
  await expect(page).toHaveURL(/\/loan-detail\?.*orderId=K2026000010/)
  await expect(page.getByRole('heading', { name: 'Overdue with our partner', exact: true })).toBeVisible()

  // Every other demo link opens a working screen too.
  await page.goto('/testPreview?tok=demo-borrower&lang=en')
  const hrefs = await section.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  expect(hrefs.length).toBeGreaterThan(5)
  for (const href of hrefs) {
    const response = await page.goto(href)
    expect(response?.status(), href).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByText(/This link is incomplete|Something went wrong|Could not load this page/)).toHaveCount(0)
  }
})

test('an overdue partner order shows the overdue icon, never the settled tick, and repays on the partner’s page', async ({ page }) => {
  await page.goto('/loan-detail?orderId=K2026000010&tok=demo-borrower&lang=en')
  await expect(page.getByRole('heading', { name: 'Overdue with our partner', exact: true })).toBeVisible()
  const icon = page.locator('svg[data-status-icon]')
  await expect(icon).toHaveAttribute('data-status-icon', statusIcon(ORDER_STATUS.partnerOverdue))
  await expect(icon).toHaveAttribute('data-status-icon', 'overdue')
  await expect(page.locator('svg[data-status-icon="settled"]')).toHaveCount(0)
  const repay = page.getByRole('region', { name: 'What you can do' }).getByRole('link', { name: 'Repay' })
  await expect(repay).toHaveAttribute('href', /^https:\/\//)
  await expectAccessible(page)
  await screenshot(page, 'loan-detail-partner-overdue-en')
})

for (const { path, lang, heading, param } of [
  { path: '/loan-confirm', lang: 'es', heading: 'A este enlace le falta un dato', param: 'productId' },
  { path: '/loan-detail?productId=1', lang: 'en', heading: 'This link is incomplete', param: 'orderId' },
  { path: '/contract?orderId=K2026000005', lang: 'id', heading: 'Tautan tidak lengkap', param: 'productId' },
] as const) {
  test(`${path.split('?')[0]} without its id names the missing ${param} (${lang})`, async ({ page }) => {
    const separator = path.includes('?') ? '&' : '?'
    await page.goto(`${path}${separator}tok=demo-borrower&lang=${lang}`)
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    await expect(page.getByText(`(${param})`)).toBeVisible()
    await expect(page.getByRole('link', { name: { es: 'Volver', en: 'Back', id: 'Kembali' }[lang] })).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, `missing-${param}-${path.split('?')[0]!.slice(1)}-${lang}`)
  })
}
