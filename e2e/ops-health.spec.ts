import { test, expect, expectAccessible, screenshot } from './support'

/**
 * The lender's health screen (docs/product/operations.md#health): the demo admin opens it at a
 * desktop's width, sees each of the three markets with its figures and their levels in words, the
 * providers' calls and the jobs of the server process; in Indonesian by the address, then in
 * Spanish and back in English through the staff menu. Axe checks each language.
 */
const DESK = { width: 1280, height: 800 }
const ADMIN = 'admin@demo.kilat.example.com'

test('an admin reads the health of every market, its levels in words, in three languages', async ({ page, asStaff }) => {
  await page.setViewportSize(DESK)
  await asStaff(page, ADMIN, '/ops/health?market=ID&lang=id')
  await expect(page.getByRole('heading', { name: 'Kesehatan layanan', level: 1 })).toBeVisible()
  await expect(page.getByText(/^Angka per \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}, waktu Indonesia\.$/)).toBeVisible()

  const levels = /^(OK|Perhatian|Bahaya)$/
  for (const market of ['Indonesia', 'India', 'Meksiko']) {
    const section = page.getByRole('region', { name: market, exact: true })
    await expect(section.getByRole('heading', { name: market, level: 2 })).toBeVisible()
    // the market's level and each graded figure's, in words beside the colour
    await expect(section.locator('.ant-card-extra .ant-tag')).toHaveText(levels)
    const table = section.getByRole('table')
    await expect(table.getByRole('row', { name: /Kotak masuk pembayaran/ }).locator('.ant-tag')).toHaveText(levels)
    await expect(table.getByRole('row', { name: /Rekonsiliasi/ }).locator('.ant-tag')).toHaveText(levels)
    await expect(table.getByRole('row', { name: /Kotak masuk pembayaran/ })).toContainText('Perhatian pada 2 mnt · bahaya pada 10 mnt')
  }
  await expect(page.getByRole('list', { name: 'Ringkasan pasar' }).getByRole('listitem')).toHaveCount(3)
  await expect(page.getByRole('heading', { name: 'Penyedia', level: 2 })).toBeVisible()
  // the jobs of the process that answered: every job runs in every process, from its start
  const jobs = page.getByRole('region', { name: 'Tugas latar belakang' })
  await expect(jobs.getByRole('row').nth(1)).toBeVisible()
  await expect(page.getByText(/jika ada beberapa proses, masing-masing menampilkan miliknya sendiri/)).toBeVisible()
  // nothing scrolls sideways at 1280 px with the menu open
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await expectAccessible(page)
  await screenshot(page, 'ops-health-id')

  await page.getByRole('button', { name: 'Muat ulang sekarang' }).click()
  await expect(page.getByRole('button', { name: 'Muat ulang sekarang' })).toBeEnabled()

  // the staff member's own language, chosen in the staff menu
  await page.getByRole('button', { name: /^admin@demo/ }).click()
  await page.getByRole('menuitem', { name: 'Español' }).click()
  await expect(page.getByRole('heading', { name: 'Salud del servicio', level: 1 })).toBeVisible()
  await expect(page.getByRole('navigation', { name: 'Menú de la consola' }).getByRole('link', { name: 'Salud' })).toBeVisible()
  for (const market of ['Indonesia', 'India', 'México']) {
    await expect(page.getByRole('region', { name: market, exact: true }).locator('.ant-card-extra .ant-tag')).toHaveText(/^(OK|Atención|Peligro)$/)
  }
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, 'ops-health-es')

  // back to English, as the account was
  await page.getByRole('button', { name: /^admin@demo/ }).click()
  await page.getByRole('menuitem', { name: 'English' }).click()
  await expect(page.getByRole('heading', { name: 'Health of the service', level: 1 })).toBeVisible()
})
