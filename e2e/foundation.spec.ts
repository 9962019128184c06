import { test, expect, expectAccessible, screenshot } from './support'

/**
 * The foundation journey: /testPreview stands in for the app shell. Sign in with a phone number
 * and the code the demo outbox shows, then open a screen with the new session, as the shell would.
 */
const texts = {
  id: { phone: 'Nomor ponsel', getCode: 'Kirim kode', useCode: 'Pakai kode ini', submit: 'Masuk', signedIn: /Masuk sebagai \+62812\*+\d\d/, bindBank: 'Tambah kartu bank', bindTitle: 'Tambah kartu bank', cardNo: 'Nomor kartu', sessionId: 'ID sesi' },
  en: { phone: 'Phone number', getCode: 'Get code', useCode: 'Use this code', submit: 'Sign in', signedIn: /Signed in as \+62812\*+\d\d/, bindBank: 'Bind bank card', bindTitle: 'Add a bank card', cardNo: 'Card number', sessionId: 'Session ID' },
} as const

for (const lang of ['id', 'en'] as const) {
  test(`sign in on /testPreview and open a screen (${lang})`, async ({ page }) => {
    const t = texts[lang]
    // a number of its own per run, so the per-number resend limit never meets an earlier run
    const phone = `0812${String(Date.now()).slice(-8)}`

    const response = await page.goto(`/testPreview?lang=${lang}`)
    expect(response?.status()).toBe(200)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expectAccessible(page)

    await page.getByLabel(t.phone).fill(phone)
    await page.getByRole('button', { name: t.getCode }).click()
    // the 60 s countdown (docs/product/shell-and-sessions.md#sms-codes) disables the button
    await expect(page.getByRole('button', { name: /\d+/ }).first()).toBeDisabled()
    await page.getByRole('button', { name: t.useCode }).click()
    await page.getByRole('button', { name: t.submit, exact: true }).click()

    await expect(page.getByText(t.signedIn)).toBeVisible()
    const token = await page.getByLabel(t.sessionId).inputValue()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    await screenshot(page, `foundation-test-preview-signed-in-${lang}`)

    // a screen of the signed-in borrower, reached as the shell would open it
    await page.getByRole('link', { name: t.bindBank }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: t.bindTitle })).toBeVisible()
    await expect(page.getByRole('textbox', { name: t.cardNo })).toBeVisible()
    // the token left the address bar once the page had it; the cookie carries the session
    await expect(page).not.toHaveURL(/tok=/)
    await expect(page.locator('html')).toHaveAttribute('lang', lang)
    await expectAccessible(page)
    await screenshot(page, `foundation-bind-bank-${lang}`)

    // the session survives a reload without the token in the address
    await page.goto(`/testPreview?lang=${lang}`)
    await expect(page.getByText(t.signedIn)).toBeVisible()
  })
}

test('an unknown page answers 404 with a page, an unknown call answers the JSON envelope', async ({ page, request }) => {
  const api = await request.post('/h5-api/v3/nothing-here', { form: { a: '1' } })
  expect(api.status()).toBe(404)
  expect(await api.json()).toMatchObject({ code: 1002 })

  page.removeAllListeners('console') // Chromium reports the page's own 404 status as a console error
  const response = await page.goto('/no-such-page?lang=es')
  expect(response?.status()).toBe(404)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await expectAccessible(page)
})
