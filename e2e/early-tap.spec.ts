import { test, expect, expectAccessible, screenshot } from './support'

/**
 * A tap before hydration is answered (docs/product/platform.md#taps-before-hydration): on a slow
 * phone a borrower types a question in the chatbot and taps Send while the server's page is on
 * screen and the app's scripts are still coming. The question and its answer come once the app has
 * hydrated, as if the tap had come then.
 */
const texts = {
  id: {
    send: 'Kirim', input: 'Pertanyaan Anda', typed: 'bagaimana cara memperpanjang pinjaman',
    match: 'Apa itu perpanjangan pinjaman?', contact: 'Hubungi layanan pelanggan',
  },
  en: {
    send: 'Send', input: 'Your question', typed: 'How do I extend my loan?',
    match: 'What is a loan extension?', contact: 'Contact customer service',
  },
} as const

for (const lang of ['id', 'en'] as const) {
  const t = texts[lang]

  test(`a question typed and sent before hydration is answered after it (${lang})`, async ({ context, consoleErrors }) => {
    // A page of its own: the fixture's page waits for hydration in goto, this one must not. Its
    // console errors go to the fixture's list all the same.
    const phone = await context.newPage()
    phone.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text())
    })
    phone.on('pageerror', (err) => consoleErrors.push(err.message))
    const cdp = await context.newCDPSession(phone)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 })
    // A slow network for the app's scripts only (the HTML and stylesheet come as fast as ever):
    // they arrive once the borrower has tapped. A fixed delay of 1.5 s was not enough: with the CPU
    // slowed, typing and tapping took longer than that on a busy machine, and the page had hydrated.
    let scriptsArrive!: () => void
    const tapped = new Promise<void>((resolve) => (scriptsArrive = resolve))
    await phone.route('**/assets/*.js', async (route) => {
      await tapped
      await route.continue()
    })

    await phone.goto(`/intelligentCustomerService?tok=demo-borrower&lang=${lang}`, { waitUntil: 'commit' })
    const send = phone.getByRole('button', { name: t.send, exact: true })
    const input = phone.getByLabel(t.input)
    // The server's page, painted: the borrower types and taps at once.
    await expect(send).toBeVisible()
    await expect(input).toBeVisible()
    await input.fill(t.typed)
    await send.click()
    // The tap came before hydration.
    expect(await phone.locator('html[data-hydrated]').count()).toBe(0)
    scriptsArrive()

    const log = phone.getByRole('log')
    await expect(log.getByText(t.typed)).toBeVisible()
    await expect(log.getByRole('button', { name: t.match })).toBeVisible()
    await expect(log.getByRole('button', { name: t.contact })).toBeVisible()
    await expect(phone.locator('html[data-hydrated]')).toHaveCount(1)
    // Sent once, and the field emptied as after any Send.
    await expect(log.getByText(t.typed)).toHaveCount(1)
    await expect(input).toHaveValue('')

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
    await expectAccessible(phone)
    await screenshot(phone, `early-tap-answer-${lang}`)
  })
}
