import type { APIRequestContext, Page } from '@playwright/test'
import { test, expect, expectAccessible, screenshot, apiData } from './support'

/**
 * Repayment on fresh orders of the demo borrower (docs/product/money-rules.md#repayment): every
 * payment goes through the payment gateway's sandbox, its signed callback and our ledger, as a
 * real one would; nothing here calls the webhook itself.
 */
const texts = {
  id: {
    repay: 'Bayar', extend: 'Perpanjang jatuh tempo', bank: 'Bank', market: 'Minimarket', pay: 'SAYA INGIN MEMBAYAR', paid: 'Pembayaran diterima',
    loanDetail: 'Lihat detail pinjaman', settled: 'Lunas', lastPayment: 'Pembayaran terakhir', payNow: 'Bayar Segera', selectAll: 'Pilih semua',
    newDue: 'Tanggal jatuh tempo baru', due: 'Menunggu pembayaran', toPay: 'Cicilan yang harus dibayar', paidTitle: 'Cicilan yang sudah dibayar', card: 'Bayar dengan kartu ini', code: 'Kode SMS', confirm: 'Konfirmasi', paidButton: 'TELAH MEMBAYAR', tipsYes: 'YA',
  },
  en: {
    repay: 'Repay', extend: 'Extend the due date', bank: 'Bank', market: 'Mini market', pay: 'I WANT TO PAY', paid: 'Payment received',
    loanDetail: 'See loan details', settled: 'Settled', lastPayment: 'Latest payment', payNow: 'Pay now', selectAll: 'Select all',
    newDue: 'New due date', due: 'Payment due', toPay: 'Installments to pay', paidTitle: 'Paid installments', card: 'Pay with this card', code: 'SMS code', confirm: 'Confirm', paidButton: 'I HAVE PAID', tipsYes: 'YES',
  },
} as const

const TOKEN = 'demo-borrower'
/** Demo borrowers with bank cards, and their phones as the SMS outbox holds them (apps/server/src/db/seed.ts). */
const CARD_BORROWERS = {
  id: { token: 'demo-borrower', phone: '081234567890' },
  en: { token: 'demo-borrower-2', phone: '081298765432' },
} as const

/** A fresh paid-out order of the demo borrower (demo mode), so that each journey pays its own. */
async function newOrder(request: APIRequestContext, kind: 'due' | 'installments', form: Record<string, string> = {}, token: string = TOKEN): Promise<string> {
  const data = await apiData<{ orderNo: string }>(request, '/h5-api/v3/demo/new-order', token, { method: 'POST', form: { kind, ...form } })
  return data.orderNo
}

/** The borrower pays the account at the bank: the sandbox's own page, in another tab. */
async function payInSandbox(page: Page, accountNo: string, lang: string) {
  const sandbox = await page.context().newPage()
  await sandbox.goto(`/h5-api/v3/sandbox/pay-page?${new URLSearchParams({ accountNo, lang })}`)
  await expect(sandbox.locator('input[name="accountNo"]')).toHaveValue(accountNo)
  await sandbox.locator('form button[type="submit"]').click()
  await expect(sandbox.locator('main')).toContainText(lang === 'id' ? 'Terbayar.' : 'Paid.')
  await sandbox.close()
}

/** The account number /that shows (a bank's virtual account or a mini market's code). */
async function accountShown(page: Page): Promise<string> {
  const value = (await page.locator('main section output').first().innerText()).trim()
  expect(value).toMatch(/^[A-Z0-9]{8,}$/)
  return value
}

for (const lang of ['id', 'en'] as const) {
  const t = texts[lang]

  test(`choose a bank, get the virtual account, pay it in the sandbox: /that turns paid, the loan is settled (${lang})`, async ({ page, request }) => {
    const orderNo = await newOrder(request, 'due')
    await page.goto(`/loan-detail?tok=${TOKEN}&lang=${lang}&orderId=${orderNo}`)
    await page.getByRole('link', { name: t.repay, exact: true }).click()
    await expect(page).toHaveURL(/\/individual\?/)
    await expect(page.getByRole('radio', { name: t.bank, exact: true })).toBeChecked()
    await page.getByRole('radio', { name: 'BCA', exact: true }).check()
    // the bank's channels open only once a bank is chosen
    await page.getByRole('radio', { name: 'ATM BCA' }).check()
    await expectAccessible(page)
    await screenshot(page, `repay-individual-${lang}`)

    await page.getByRole('button', { name: t.pay }).click()
    await expect(page).toHaveURL(/\/that\?/)
    const accountNo = await accountShown(page)
    expect(accountNo.startsWith('39358')).toBe(true)
    await expect(page.getByText(orderNo)).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, `repay-that-${lang}`)

    // 'TELAH MEMBAYAR' asks the borrower to wait for the confirmation
    await page.getByRole('button', { name: t.paidButton }).click()
    await page.getByRole('dialog').getByRole('button', { name: t.tipsYes, exact: true }).click()

    await payInSandbox(page, accountNo, lang)
    // noticed by the page itself, no reload: within 5 s of the callback
    await expect(page.getByRole('heading', { name: t.paid })).toBeVisible({ timeout: 5_000 })
    await expectAccessible(page)
    await screenshot(page, `repay-that-paid-${lang}`)

    await page.getByRole('link', { name: t.loanDetail }).click()
    await expect(page).toHaveURL(/\/loan-detail\?/)
    await expect(page.getByRole('heading', { name: t.settled, exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: t.lastPayment })).toBeVisible()
    await screenshot(page, `repay-settled-${lang}`)
  })

  test(`installments: choose two, pay them at a mini market, the plan shows them paid (${lang})`, async ({ page, request }) => {
    const orderNo = await newOrder(request, 'installments', { paidPeriods: '1' })
    await page.goto(`/loan-detail?tok=${TOKEN}&lang=${lang}&orderId=${orderNo}`)
    await page.getByRole('link', { name: t.repay, exact: true }).click()
    await expect(page).toHaveURL(/\/installments\?/)
    const toPay = page.getByRole('region', { name: t.toPay })
    const boxes = toPay.getByRole('list').getByRole('checkbox')
    // the first unpaid installment comes chosen
    await expect(boxes.first()).toBeChecked()
    const unpaid = await boxes.count()
    const paidBefore = await page.getByRole('region', { name: t.paidTitle }).getByRole('listitem').count()
    expect(unpaid).toBeGreaterThanOrEqual(2)
    // the first unpaid one is chosen; choosing the second keeps the first
    const second = boxes.nth(1)
    await second.check()
    await expect(boxes.nth(0)).toBeChecked()
    await expectAccessible(page)
    await screenshot(page, `repay-installments-${lang}`)
    // select-all toggles between every installment and only the first
    const selectAll = page.getByRole('checkbox', { name: t.selectAll })
    await selectAll.check()
    await selectAll.uncheck()
    await expect(boxes.nth(1)).not.toBeChecked()
    await second.check()

    await page.getByRole('button', { name: t.payNow }).click()
    await expect(page).toHaveURL(/\/individual\?.*specificNum=2/)
    await page.getByRole('radio', { name: t.market, exact: true }).check()
    await expect(page.getByRole('radio', { name: 'Alfamart' })).toBeChecked()
    await page.getByRole('button', { name: t.pay }).click()
    await expect(page).toHaveURL(/\/that\?/)
    const code = await accountShown(page)
    await payInSandbox(page, code, lang)
    await expect(page.getByRole('heading', { name: t.paid })).toBeVisible({ timeout: 5_000 })

    await page.goto(`/installments?tok=${TOKEN}&lang=${lang}&orderId=${orderNo}`)
    await expect(page.getByRole('region', { name: t.toPay }).getByRole('list').getByRole('checkbox')).toHaveCount(unpaid - 2)
    await expect(page.getByRole('region', { name: t.paidTitle }).getByRole('listitem')).toHaveCount(paidBefore + 2)
    await screenshot(page, `repay-installments-after-${lang}`)
  })

  test(`extension: the new due date before paying, paid through a virtual account, then shown on the loan (${lang})`, async ({ page, request }) => {
    const orderNo = await newOrder(request, 'due')
    await page.goto(`/loan-detail?tok=${TOKEN}&lang=${lang}&orderId=${orderNo}`)
    await page.getByRole('link', { name: t.extend }).click()
    await expect(page).toHaveURL(/\/repay-delay\?/)
    const newDue = (await page.locator('dt', { hasText: t.newDue }).locator('xpath=following-sibling::dd[1]').first().innerText()).trim()
    expect(newDue).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    await expectAccessible(page)
    await screenshot(page, `repay-extension-${lang}`)

    await page.getByRole('link', { name: t.payNow }).click()
    await expect(page).toHaveURL(/\/individual\?.*purpose=extension/)
    await page.getByRole('radio', { name: 'BNI', exact: true }).check()
    await page.getByRole('radio', { name: 'ATM BNI' }).check()
    await page.getByRole('button', { name: t.pay }).click()
    await expect(page).toHaveURL(/\/that\?.*purpose=extension/)
    await payInSandbox(page, await accountShown(page), lang)
    await expect(page.getByRole('heading', { name: t.paid })).toBeVisible({ timeout: 5_000 })

    await page.getByRole('link', { name: t.loanDetail }).click()
    await expect(page.getByRole('heading', { name: t.due, exact: true })).toBeVisible()
    await expect(page.locator('main')).toContainText(newDue)
    await screenshot(page, `repay-extended-${lang}`)
  })

  test(`card repay: choose a card, the SMS code from the outbox, confirm: the loan is settled (${lang})`, async ({ page, request }) => {
    // one borrower per language: a phone gets one code a minute (docs/product/shell-and-sessions.md#sms-codes)
    const borrower = CARD_BORROWERS[lang]
    const orderNo = await newOrder(request, 'due', {}, borrower.token)
    await page.goto(`/repay-card?tok=${borrower.token}&lang=${lang}&orderId=${orderNo}`)
    await page.getByRole('radio').first().check()
    await expectAccessible(page)
    await screenshot(page, `repay-card-${lang}`)
    await page.getByRole('button', { name: t.card }).click()
    const codeBox = page.getByRole('textbox', { name: t.code })
    await expect(codeBox).toBeVisible()
    await screenshot(page, `repay-card-code-${lang}`)

    const sms = await apiData<{ code: string | null }>(request, '/h5-api/v3/demo/last-sms', borrower.token, { shared: { phone: borrower.phone, purpose: 'repay' } })
    expect(sms.code).toMatch(/^\d{6}$/)
    await codeBox.fill(sms.code!)
    await page.getByRole('button', { name: t.confirm }).click()
    await expect(page).toHaveURL(/\/loan-detail\?/)
    // the charge arrives through the gateway's callback: the details show it once it has
    await expect(async () => {
      await page.reload()
      await expect(page.getByRole('heading', { name: t.settled, exact: true })).toBeVisible({ timeout: 1_000 })
    }).toPass({ timeout: 10_000 })
    await screenshot(page, `repay-card-settled-${lang}`)
  })
}

test('Mexico: SPEI or OXXO on /individual, a CLABE on /that, and how to repay (es)', async ({ page, request }) => {
  const token = 'demo-borrower-mx'
  const orderNo = await newOrder(request, 'due', {}, token)
  await page.goto(`/individual?tok=${token}&lang=es&market=MX&orderId=${orderNo}`)
  await page.getByRole('radio', { name: 'Tienda', exact: true }).check()
  await expect(page.getByRole('radio', { name: 'OXXO' })).toBeChecked()
  await page.getByRole('radio', { name: 'Banco', exact: true }).check()
  await page.getByRole('radio', { name: 'SPEI', exact: true }).check()
  await page.getByRole('group', { name: /SPEI/ }).getByRole('radio').first().check()
  await expectAccessible(page)
  await screenshot(page, 'repay-individual-mx-es')
  await page.getByRole('button', { name: 'QUIERO PAGAR' }).click()
  await expect(page).toHaveURL(/\/that\?/)
  // an 18-digit CLABE of the sandbox's bank, its check digit valid (the server's domain rule)
  expect(await accountShown(page)).toMatch(/^646\d{15}$/)
  await expect(page.locator('main')).toContainText('$')
  await expectAccessible(page)
  await screenshot(page, 'repay-that-mx-es')

  await page.goto(`/repayment-instructions?tok=${token}&lang=es&market=MX`)
  await expect(page.getByRole('heading', { level: 1, name: 'Cómo pagar' })).toBeVisible()
  await expect(page.locator('main')).toContainText('SPEI')
  await expect(page.locator('main')).toContainText('OXXO')
  await expectAccessible(page)
  await screenshot(page, 'repay-instructions-mx-es')
})

test('India: UPI or bank transfer, no mini market; a bank transfer takes the UTR (en)', async ({ page, request }) => {
  const token = 'demo-borrower-in'
  const orderNo = await newOrder(request, 'due', {}, token)
  await page.goto(`/individual?tok=${token}&lang=en&orderId=${orderNo}`)
  await expect(page.getByRole('radio', { name: 'UPI', exact: true })).toBeVisible()
  await expect(page.getByRole('radio', { name: 'Mini market' })).toHaveCount(0)
  await page.getByRole('radio', { name: 'Bank transfer (IMPS)' }).check()
  await page.getByRole('group', { name: /Bank transfer/ }).getByRole('radio').first().check()
  await page.getByRole('button', { name: 'I WANT TO PAY' }).click()
  await expect(page).toHaveURL(/\/that\?/)
  await expect(page.locator('main')).toContainText('₹')
  const utr = page.getByRole('textbox', { name: 'UTR number' })
  await utr.fill('12345')
  await page.getByRole('button', { name: 'Submit UTR' }).click()
  await expect(page.getByText('Enter the 12 digits of the UTR.')).toBeVisible()
  await utr.fill('412345678901')
  await page.getByRole('button', { name: 'Submit UTR' }).click()
  await expect(page.getByText('UTR 412345678901 submitted')).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'repay-that-utr-in-en')
})
