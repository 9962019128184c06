import { test, expect, expectAccessible, screenshot } from './support'

/**
 * How moving between screens feels (docs/product/screens.md#moving-between-screens): Back returns
 * to where the borrower was, a slow screen shows that it is coming, focus and a screen reader
 * follow to the new screen, and a complaint being written asks before a stray Back leaves it.
 */
const texts = {
  id: {
    myComplaints: 'Pengaduan saya', listTitle: 'Pengaduan saya', type: 'Pembayaran', detail: 'Jelaskan masalah Anda', loading: 'Memuat halaman berikutnya',
    leaveTitle: 'Tinggalkan halaman ini?', leave: 'Tinggalkan', stay: 'Tetap di sini', back: 'Kembali',
  },
  en: {
    myComplaints: 'My complaints', listTitle: 'My complaints', type: 'Repayment', detail: 'Describe the problem', loading: 'Loading the next page',
    leaveTitle: 'Leave this page?', leave: 'Leave', stay: 'Stay', back: 'Back',
  },
} as const

for (const lang of ['id', 'en'] as const) {
  const t = texts[lang]

  test(`Back returns to the same place in a scrolled list; a new screen starts at the top (${lang})`, async ({ page }) => {
    await page.goto(`/complaint?tok=demo-borrower&lang=${lang}`)
    // The last choice of the list, scrolled to: the page is longer than the phone's screen.
    const last = page.locator('main a[href*="complainPageNext"]').last()
    await last.scrollIntoViewIfNeeded()
    const scrolled = await page.evaluate(() => window.scrollY)
    expect(scrolled).toBeGreaterThan(100)
    const name = (await last.textContent())?.trim() ?? ''

    await last.click()
    await expect(page).toHaveURL(/\/complainPageNext\?/)
    await expect(page.getByLabel(t.detail)).toBeVisible()
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    await page.goBack()
    await expect(page).toHaveURL(/\/complaint\?/)
    await expect(page.locator('main a[href*="complainPageNext"]').filter({ hasText: name }).last()).toBeInViewport()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 5)
    expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 5)
  })

  test(`a slow screen shows a progress bar; focus and the screen reader follow to the new screen (${lang})`, async ({ page }) => {
    await page.goto(`/complaint?tok=demo-borrower&lang=${lang}`)
    // A slow network from here on: the next screen's code takes four seconds to arrive (its data
    // does not hold the screen back: a skeleton shows meanwhile).
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 4_000))
      await route.continue()
    })
    await page.getByRole('link', { name: t.myComplaints }).click()
    const bar = page.getByRole('progressbar', { name: t.loading })
    await expect(bar).toBeVisible()
    await expect(page.locator('main[aria-busy="true"]')).toHaveCount(1)
    await screenshot(page, `navigation-progress-${lang}`)
    await expectAccessible(page)

    await expect(page).toHaveURL(/\/complaintList\?/)
    await expect(bar).toHaveCount(0)
    await expect(page.locator('main[aria-busy]')).toHaveCount(0)
    const heading = page.getByRole('heading', { level: 1, name: t.listTitle })
    await expect(heading).toBeFocused()
    await expect(page.locator('[aria-live="polite"]').filter({ hasText: t.listTitle })).toHaveCount(1)

    // Back too: the previous screen's heading has the focus.
    await page.goBack()
    await expect(page).toHaveURL(/\/complaint\?/)
    await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  })

  test(`a complaint being written asks before a stray Back leaves it (${lang})`, async ({ page }) => {
    await page.goto(`/complaint?tok=demo-borrower&lang=${lang}`)
    await page.getByRole('link', { name: t.type }).click()
    await expect(page).toHaveURL(/\/complainPageNext\?/)
    const typed = `half a complaint ${lang}`
    await page.getByLabel(t.detail).fill(typed)

    // The phone's Back: asked first, and Stay keeps the screen and the text.
    await page.goBack()
    const question = page.getByRole('dialog', { name: t.leaveTitle })
    await expect(question).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, `navigation-leave-${lang}`)
    await question.getByRole('button', { name: t.stay }).click()
    await expect(question).toBeHidden()
    await expect(page).toHaveURL(/\/complainPageNext\?/)
    await expect(page.getByLabel(t.detail)).toHaveValue(typed)

    // The title bar's back: asked again; Leave goes back to the list of choices.
    await page.getByRole('button', { name: t.back, exact: true }).click()
    await expect(question).toBeVisible()
    await question.getByRole('button', { name: t.leave }).click()
    await expect(page).toHaveURL(/\/complaint\?/)
    await expect(page.getByRole('link', { name: t.myComplaints })).toBeVisible()
  })
}
