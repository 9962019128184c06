import type { Locator } from '@playwright/test'
import { speak, test, expect, expectAccessible, screenshot } from './support'

/**
 * Where the loan goes (docs/product/identity-and-payout-account.md): a new borrower signs in on
 * /testPreview, which stands in for the app shell, and takes its identity and bank steps; the loan
 * confirmation shows the account masked, and its Change link opens /payout-account, where another
 * account replaces it, masked there and on the way back. On a 360 px phone, in Indonesian and English.
 */
const texts = {
  id: {
    phone: 'Nomor ponsel', getCode: 'Kirim kode', useCode: 'Pakai kode ini', submit: 'Masuk', signedIn: /Masuk sebagai/,
    identity: 'Identitas', sendIdentity: 'Kirim identitas', identitySaved: 'Identitas tersimpan (versi 1).',
    accountStep: 'Rekening penerima', useDemo: 'Pakai rekening demo', demoSaved: /^Rekening tersimpan: BCA •••• 7890 /,
    demoOrders: 'Pesanan demo', newLoan: /^Pinjaman baru/,
    payout: 'Dana dikirim ke', change: 'Ubah',
    screen: 'Rekening penerima', current: 'Rekening penerima pinjaman', form: 'Ubah rekening', bank: 'Bank', accountNo: 'Nomor rekening',
    save: 'Simpan rekening', saved: 'Tersimpan. Pinjaman Anda akan dikirim ke BCA, berakhiran 4321.', back: 'Kembali',
    agree: /Saya telah membaca dan menyetujui/, confirm: 'Konfirmasi pinjaman',
  },
  en: {
    phone: 'Phone number', getCode: 'Get code', useCode: 'Use this code', submit: 'Sign in', signedIn: /Signed in as/,
    identity: 'Identity', sendIdentity: 'Send identity', identitySaved: 'Identity saved (version 1).',
    accountStep: 'Payout account', useDemo: 'Use a demo account', demoSaved: /^Account saved: BCA •••• 7890 /,
    demoOrders: 'Demo orders', newLoan: /^New loan/,
    payout: 'Where the money goes', change: 'Change',
    screen: 'Payout account', current: 'Where your loan is paid', form: 'Change the account', bank: 'Bank', accountNo: 'Account number',
    save: 'Save account', saved: 'Saved. Your loan will be paid into BCA, ending in 4321.', back: 'Back',
    agree: /I have read and agree/, confirm: 'Confirm loan',
  },
} as const

/** A part of the screen fits the 360 px phone: inside the viewport, nothing in it wider than itself. */
async function expectFits(part: Locator) {
  const fit = await part.evaluate((element) => ({ inside: element.getBoundingClientRect().right <= 360, whole: element.scrollWidth <= element.clientWidth }))
  expect(fit).toEqual({ inside: true, whole: true })
}

test.use({ viewport: { width: 360, height: 740 } })

for (const lang of ['id', 'en'] as const) {
  const t = texts[lang]

  test(`a new borrower's identity and account, masked on the loan confirmation, changed on /payout-account (${lang})`, async ({ page, asStaff }) => {
    // a number of its own per run, so no limit of an earlier run applies
    const phone = `0812${String(Date.now()).slice(-7)}3`

    await page.goto(`/testPreview?lang=${lang}`)
    await page.getByLabel(t.phone, { exact: true }).fill(phone)
    await page.getByRole('button', { name: t.getCode }).click()
    await page.getByRole('button', { name: t.useCode }).click()
    // The page asks who the new session is once the session field has settled; the steps are that
    // borrower's from then on (before it, the sign-in's cookie answers for a moment).
    const settled = page.waitForResponse((r) => r.url().includes('/h5-api/v3/user/info') && new URL(r.url()).searchParams.has('tok'))
    await page.getByRole('button', { name: t.submit, exact: true }).click()
    await settled
    await expect(page.getByText(t.signedIn)).toBeVisible()

    // the shell's identity step: a made-up identity of the borrower's market, valid for its checks
    const identity = page.getByRole('region', { name: t.identity, exact: true })
    await identity.getByRole('button', { name: t.sendIdentity }).click()
    await expect(identity.getByText(t.identitySaved)).toBeVisible()
    // the shell's bank step, in one tap
    const accountStep = page.getByRole('region', { name: t.accountStep, exact: true })
    await accountStep.getByRole('button', { name: t.useDemo }).click()
    await expect(accountStep.getByText(t.demoSaved)).toBeVisible()
    await expectAccessible(page)
    await expectFits(identity)
    await expectFits(accountStep)
    await screenshot(page, `payout-account-test-preview-${lang}`)

    // a new loan for the borrower, opened as the shell opens a screen
    await page.getByRole('region', { name: t.demoOrders }).getByRole('link', { name: t.newLoan }).click()
    await expect(page).toHaveURL(/\/loan-confirm\?/)
    // a link's page load, not `goto`: wait for the app as `goto` does, so Change and Back stay in the app
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    const payout = page.getByRole('region', { name: t.payout })
    await expect(payout.getByText('BCA •••• 7890')).toBeVisible()
    // the server's page carries the account (the session is the cookie now): nothing moves in after the first paint
    expect(await (await page.request.get(page.url())).text()).toContain('BCA •••• 7890')
    await expectAccessible(page)
    await expectFits(payout)
    await screenshot(page, `payout-account-loan-confirm-${lang}`)

    await payout.getByRole('link', { name: t.change }).click()
    await expect(page).toHaveURL(/\/payout-account(\?|$)/)
    await expect(page.getByRole('heading', { level: 1, name: t.screen, exact: true })).toBeVisible()
    await expect(page.getByRole('region', { name: t.current }).getByText('BCA •••• 7890')).toBeVisible()
    await expectAccessible(page)
    await expectFits(page.locator('main'))
    await screenshot(page, `payout-account-${lang}`)

    const form = page.getByRole('region', { name: t.form })
    await form.getByLabel(t.bank, { exact: true }).selectOption({ label: 'Bank Central Asia' })
    const number = form.getByLabel(t.accountNo)
    await expect(number).toHaveAttribute('inputmode', 'numeric')
    await number.fill('0987654321')
    await form.getByRole('button', { name: t.save }).click()
    await expect(form.getByRole('status')).toHaveText(t.saved)
    await expect(page.getByRole('region', { name: t.current }).getByText('BCA •••• 4321')).toBeVisible()
    // the number itself does not stay on the screen
    await expect(number).toHaveValue('')
    await expectAccessible(page)
    await screenshot(page, `payout-account-changed-${lang}`)

    // back on the loan confirmation, the new account; the borrower applies
    await page.getByRole('button', { name: t.back, exact: true }).click()
    await expect(page).toHaveURL(/\/loan-confirm\?/)
    await expect(page.getByRole('region', { name: t.payout }).getByText('BCA •••• 4321')).toBeVisible()
    await expect(page.getByRole('checkbox', { name: t.agree })).toBeChecked()
    await page.getByRole('button', { name: t.confirm }).click()
    await expect(page).toHaveURL(/\/loan-detail\?.*orderId=K\d+/)
    const orderNo = new URL(page.url()).searchParams.get('orderId')!

    // risk opens the order in the console: the identity and the account masked, the name check in words
    await page.setViewportSize({ width: 1280, height: 800 })
    await asStaff(page, 'risk@demo.kilat.example.com')
    await speak(page, lang === 'id' ? 'id' : 'en')
    await page.goto(`/ops/orders/${orderNo}?market=ID`)
    const panel = page.locator('section', { has: page.getByRole('heading', { name: lang === 'id' ? 'Identitas peminjam dan rekening pencairan' : 'Borrower identity and payout account', exact: true }) })
    await expect(panel).toContainText('BCA •••• 4321')
    await expect(panel).toContainText(/3273 \*\*\*\* \*\*\*\* \d{4}|\d{4} \*\*\*\* \*\*\*\* \d{4}/)
    await expect(panel).toContainText(lang === 'id' ? 'Cocok dengan identitas' : 'Matches the identity')
    await expect(panel).not.toContainText('0987654321')
    await expectAccessible(page)
    await screenshot(page, `payout-account-console-${lang}`)
  })
}
