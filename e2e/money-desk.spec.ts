import { createHmac } from 'node:crypto'
import type { Page } from '@playwright/test'
import { apiData, test, expect, expectAccessible, screenshot } from './support'

/**
 * The money desk (docs/product/operations.md#money-desk) at a desk's width: a callback arrives for an
 * account we never issued; finance reconciles the day, one member proposes to apply the money to
 * the borrower's order and another confirms it; the borrower's loan details then show the loan
 * settled (phone viewport, Indonesian). Axe checks every screen.
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const TOKEN = 'demo-borrower'
/** Demo mode's public development key (apps/server/src/config.ts), which the sandbox signs with. */
const CALLBACK_SECRET = 'kilat-demo-payment-callback-secret-not-for-production'

/**
 * Axe on a console screen at rest: the pointer off the buttons (a hovered button's lighter text is
 * a passing state) and their colour transitions over (the close button turns on once nothing is open).
 */
async function checkAtRest(page: Page) {
  await page.mouse.move(0, 0)
  await expect(page.locator('.ant-btn-loading')).toHaveCount(0)
  await page.waitForTimeout(400)
  await expectAccessible(page)
}

/** Yesterday in Jakarta (yyyy-mm-dd) and an instant in its morning. */
function jakartaYesterday(): { day: string; at: string } {
  const day = new Date(Date.now() + 7 * 3_600_000 - 86_400_000).toISOString().slice(0, 10)
  return { day, at: `${day}T03:00:00.000Z` }
}

test('a finance pair applies a payment to an unknown account to the right order; the borrower sees it settled', async ({ page, request, staffPage }) => {
  // the borrower's fresh loan, and what it takes to settle it
  const { orderNo } = await apiData<{ orderNo: string }>(request, '/h5-api/v3/demo/new-order', TOKEN, { method: 'POST', form: { kind: 'due' } })
  const owed = await apiData<{ amount: number }>(request, '/h5-api/v3/loan-details/generate-vcode', TOKEN, { method: 'POST', form: { orderId: orderNo, payCode: 'BCA', pay_type: '1' } })

  // the gateway reports a payment into an account number we never issued (the borrower mistyped it)
  const { day, at } = jakartaYesterday()
  const paymentId = `sbx_pay_e2e_${Date.now()}`
  const accountNo = `39358${String(Date.now()).slice(-11)}`
  const body = JSON.stringify({ id: paymentId, account_no: accountNo, external_id: '999999999', amount: owed.amount, paid_at: at, method: 'BCA' })
  const timestamp = Math.floor(Date.now() / 1000)
  const signature = createHmac('sha256', CALLBACK_SECRET).update(`${timestamp}.`).update(body).digest('hex')
  const refused = await request.post('/h5-api/v3/payments/callback', {
    data: body,
    headers: { 'content-type': 'application/json', 'x-callback-timestamp': String(timestamp), 'x-callback-signature': signature },
  })
  expect(refused.status()).toBe(400)

  // the first member reconciles the day and proposes to apply the money to the order
  const maker = await staffPage('finance.a@demo.kilat.example.com', { path: `/ops/payments?market=ID&day=${day}` })
  await expect(maker.getByRole('heading', { name: 'Payments' })).toBeVisible()
  await maker.getByRole('button', { name: 'Reconcile again' }).click()
  await expect(maker.getByText(/^Reconciled: \d+ new differences?\.$/)).toBeVisible()
  const row = maker.locator('.ant-table-row', { hasText: 'Payment to an unknown account' }).filter({ hasText: '—' }).last()
  await expect(row).toBeVisible()
  await checkAtRest(maker)
  await screenshot(maker, 'ops-payments-reconciliation-en')
  await row.getByRole('button', { name: `Resolve ${paymentId}` }).click()
  const dialog = maker.getByRole('dialog')
  await expect(dialog.getByText('Apply to an order')).toBeVisible()
  await dialog.getByLabel('Order', { exact: true }).fill(orderNo)
  await dialog.getByLabel('Note').fill('The borrower sent the bank receipt; one digit of the account was mistyped.')
  await expect(dialog).toContainText(`becomes a payment on order ${orderNo}`)
  await checkAtRest(maker)
  await screenshot(maker, 'ops-payments-resolve-en')
  await dialog.getByRole('button', { name: 'Propose' }).click()
  await expect(maker.getByText('Resolution proposed')).toBeVisible()
  // the maker cannot confirm their own proposal
  await expect(maker.getByRole('button', { name: `Confirm ${paymentId}` })).toBeDisabled()

  // the second member confirms it
  const checker = await staffPage('finance.b@demo.kilat.example.com', { path: `/ops/payments?market=ID&day=${day}&status=all` })
  await checker.getByRole('button', { name: `Confirm ${paymentId}` }).click()
  await expect(checker.locator('.ant-popconfirm')).toContainText(orderNo)
  await checker.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click()
  await expect(checker.getByText('Resolution carried out.')).toBeVisible()
  const resolved = checker.locator('.ant-table-row', { hasText: orderNo })
  await expect(resolved).toContainText('Resolved')
  await checkAtRest(checker)
  await screenshot(checker, 'ops-payments-resolved-en')

  // the ledger of the day shows the payment on the order
  await checker.goto(`/ops/payments?market=ID&day=${day}&view=ledger`)
  await expect(checker.locator('.ant-table-row', { hasText: paymentId }).first()).toContainText(orderNo)
  await checkAtRest(checker)
  await screenshot(checker, 'ops-payments-ledger-en')
  await checker.goto(`/ops/payments?market=ID&day=${day}&view=callbacks&matched=no`)
  await expect(checker.locator('.ant-table-row', { hasText: accountNo })).toContainText('Unknown account')
  await checkAtRest(checker)
  await screenshot(checker, 'ops-payments-callbacks-en')

  // the day's ledger as CSV, as the export button downloads it (the staff cookie goes with it)
  const csv = await checker.request.get(`/ops-api/payments/export/ledger?market=ID&from=${day}&to=${day}`)
  expect(csv.status()).toBe(200)
  expect(csv.headers()['content-disposition']).toBe(`attachment; filename="kilat-ledger-ID-${day}-${day}.csv"`)
  const lines = (await csv.text()).trimEnd().split('\r\n')
  expect(lines[0]).toBe('entry_id,paid_at,local_date,order_no,payment_id,gateway_payment_id,method,component,period_no,currency,amount_cents,amount')
  expect(lines.filter((l) => l.includes(paymentId) && l.includes(orderNo)).length).toBeGreaterThan(0)

  // the same screens in Indonesian: names, not codes
  await checker.getByRole('button', { name: /^finance\.b@demo/ }).click()
  await checker.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click()
  await expect(checker.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0)
  await checker.goto(`/ops/payments?market=ID&day=${day}&status=all`)
  await expect(checker.locator('.ant-table-row', { hasText: orderNo })).toContainText('Pembayaran ke rekening tak dikenal')
  await expect(checker.locator('.ant-table-row', { hasText: orderNo })).toContainText('Selesai')
  await expect(checker.getByRole('button', { name: 'Tutup hari' })).toBeEnabled()
  await checkAtRest(checker)
  await screenshot(checker, 'ops-payments-reconciliation-id')
  await checker.goto(`/ops/payments?market=ID&day=${day}&view=inbox`)
  await expect(checker.getByRole('heading', { name: 'Pembayaran' })).toBeVisible()
  await checkAtRest(checker)
  await screenshot(checker, 'ops-payments-inbox-id')
  await checker.goto(`/ops/payments?market=ID&day=${day}&view=ledger`)
  await expect(checker.locator('.ant-table-row', { hasText: paymentId }).first()).toContainText('Pokok')
  await screenshot(checker, 'ops-payments-ledger-id')
  // back to English: the language is the account's, and other journeys sign in as this member
  await checker.getByRole('button', { name: /^finance\.b@demo/ }).click()
  await checker.getByRole('menuitem', { name: 'English' }).click()
  await expect(checker.getByRole('heading', { name: 'Payments' })).toBeVisible()

  // the borrower, on the phone, in Indonesian: the loan is settled
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto(`/loan-detail?tok=${TOKEN}&lang=id&orderId=${orderNo}`)
  await expect(page.getByRole('heading', { name: 'Lunas', exact: true })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Pembayaran terakhir' })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'money-desk-borrower-settled-id')
})
