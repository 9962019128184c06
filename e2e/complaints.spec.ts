import sharp from 'sharp'
import { test, expect, expectAccessible, screenshot } from './support'

/**
 * Complaints, the chatbot and customer service on the seeded demo data
 * (docs/product/complaints.md): file a complaint with photos and find it again, rate a replied
 * complaint, walk the chatbot to the complaint form, and ask it a question in one's own words.
 */
const texts = {
  id: {
    type: 'Pembayaran', detail: 'Jelaskan masalah Anda', send: 'Kirim', sent: 'Pengaduan terkirim', myComplaints: 'Pengaduan saya', photoOf: /^Foto \d dari 2$/,
    category: 'Perpanjang', question: 'Apa itu perpanjangan pinjaman?', answerPart: 'biaya perpanjangan', notSolved: 'Belum terselesaikan',
    contact: 'Hubungi layanan pelanggan', input: 'Pertanyaan Anda', typed: 'bagaimana cara memperpanjang pinjaman', customerService: 'Layanan pelanggan',
  },
  es: {
    type: 'Pagos', detail: 'Describe el problema', send: 'Enviar', sent: 'Queja enviada', myComplaints: 'Mis quejas', photoOf: /^Foto \d de 2$/,
    category: 'Prórroga', question: '¿Qué es una prórroga del préstamo?', answerPart: 'comisión de prórroga', notSolved: 'No resuelto',
    contact: 'Contactar a atención al cliente', input: 'Tu pregunta', typed: 'como prorrogar mi prestamo', customerService: 'Atención al cliente',
  },
} as const

/** A small photo as a phone's camera would give it: real image bytes, not a name. */
function photo(colour: string) {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).jpeg().toBuffer()
}

for (const lang of ['id', 'es'] as const) {
  const t = texts[lang]

  test(`file a complaint with two photos, then find it in the list and the detail (${lang})`, async ({ page }) => {
    const description = `E2E ${lang}: virtual account dibayar ${Date.now()} tetapi tagihan belum berubah`
    await page.goto(`/complaint?tok=demo-borrower&lang=${lang}`)
    await expect(page.getByRole('link', { name: t.myComplaints })).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, `complaint-start-${lang}`)

    await page.getByRole('link', { name: t.type }).click()
    await expect(page).toHaveURL(/\/complainPageNext\?/)
    // Sending nothing: the borrower is told what is missing, and nothing is sent.
    await page.getByRole('button', { name: t.send, exact: true }).click()
    await expect(page.getByRole('alert').first()).toBeVisible()

    await page.getByLabel(t.detail).fill(description)
    const chooser = page.locator('input[type="file"]')
    await chooser.setInputFiles({ name: 'receipt.jpg', mimeType: 'image/jpeg', buffer: await photo('#3360dd') })
    await expect(page.getByRole('img')).toHaveCount(1)
    await chooser.setInputFiles({ name: 'bank.jpg', mimeType: 'image/jpeg', buffer: await photo('#e0a000') })
    await expect(page.getByRole('img')).toHaveCount(2)
    await expectAccessible(page)
    await screenshot(page, `complaint-form-${lang}`)

    await page.getByRole('button', { name: t.send, exact: true }).click()
    await expect(page.getByRole('dialog', { name: t.sent })).toBeVisible()
    await screenshot(page, `complaint-sent-${lang}`)
    // back to the start page by itself, 1.5 s after the success
    await expect(page).toHaveURL(/\/complaint\?/, { timeout: 5_000 })

    await page.getByRole('link', { name: t.myComplaints }).click()
    await expect(page).toHaveURL(/\/complaintList\?/)
    const row = page.getByRole('link').filter({ hasText: description })
    await expect(row).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, `complaint-list-${lang}`)

    await row.click()
    await expect(page).toHaveURL(/\/complainDetails\?.*problemId=\d+/)
    await expect(page.getByText(description)).toBeVisible()
    const photos = page.getByRole('img', { name: t.photoOf })
    await expect(photos).toHaveCount(2)
    // the photos are served to their owner through the session cookie
    for (const img of await photos.all()) expect(await img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0)
    await expectAccessible(page)
    await screenshot(page, `complaint-detail-${lang}`)
  })

  test(`chatbot: category, question, answer, not solved, contact → complaint form; a typed question gets an answer (${lang})`, async ({ page }) => {
    await page.goto(`/intelligentCustomerService?tok=demo-borrower&lang=${lang}`)
    await expectAccessible(page)
    await page.getByRole('button', { name: t.category, exact: true }).click()
    await page.getByRole('button', { name: t.question }).click()
    await expect(page.getByRole('log').getByText(t.answerPart).first()).toBeVisible()
    await page.getByRole('button', { name: t.notSolved }).click()
    const contact = page.getByRole('button', { name: t.contact }).last()
    await expect(contact).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, `chatbot-answer-${lang}`)

    // an empty question is not sent
    const before = await page.getByRole('log').locator('li, p').count()
    await page.getByRole('button', { name: t.send, exact: true }).click()
    expect(await page.getByRole('log').locator('li, p').count()).toBe(before)

    const questionButtons = page.getByRole('log').getByRole('button', { name: t.question })
    await expect(questionButtons).toHaveCount(1)
    await page.getByLabel(t.input).fill(t.typed)
    await page.getByRole('button', { name: t.send, exact: true }).click()
    await expect(page.getByRole('log').getByText(t.typed)).toBeVisible()
    // the knowledge base's matching questions come back (the category's list above holds the
    // same question once already), with the contact button
    await expect(questionButtons).toHaveCount(2)
    await screenshot(page, `chatbot-free-text-${lang}`)

    await page.getByRole('button', { name: t.contact }).last().click()
    await expect(page).toHaveURL(/\/complainPageNext\?/)
    await expect(page.getByLabel(t.detail)).toBeVisible()
  })

  test(`customer service contacts (${lang})`, async ({ page }) => {
    await page.goto(`/customer-service?tok=demo-borrower&lang=${lang}`)
    await expect(page).toHaveTitle(new RegExp(t.customerService))
    await expect(page.getByRole('link', { name: /@/ }).first()).toHaveAttribute('href', /^mailto:/)
    await expectAccessible(page)
    await screenshot(page, `customer-service-${lang}`)
  })
}

test('rate a replied complaint: the stars come 3 s after the page, once', async ({ page }) => {
  await page.goto('/complaintList?tok=demo-borrower&lang=id')
  await page.getByRole('tab', { name: /^Dibalas/ }).click()
  await page.getByRole('link').filter({ hasText: 'Penagih menelepon saya' }).click()
  await expect(page).toHaveURL(/\/complainDetails\?/)
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible({ timeout: 6_000 })
  // Sending without a star says what is missing
  await dialog.getByRole('button', { name: 'Kirim' }).click()
  await expect(dialog.getByText('Silakan pilih')).toBeVisible()
  await dialog.getByRole('button', { name: '4 bintang' }).click()
  await expectAccessible(page)
  await screenshot(page, 'complaint-rating-id')
  await dialog.getByRole('button', { name: 'Kirim' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Penilaian Anda: 4 dari 5 bintang')).toBeVisible()

  // once rated, the page does not ask again
  await page.reload()
  await page.waitForTimeout(3_500)
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('an overdue complaint shows where to escalate (es)', async ({ page }) => {
  await page.goto('/complaintList?tok=demo-borrower&lang=es')
  await page.getByRole('link').filter({ hasText: 'Aplikasi keluar sendiri' }).click()
  await expect(page.getByRole('region', { name: /conforme/ })).toContainText('OJK')
  await expectAccessible(page)
  await screenshot(page, 'complaint-escalation-es')
})
