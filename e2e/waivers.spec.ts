import type { APIRequestContext, Page } from '@playwright/test'
import { ORDER_STATUS, formatMoney } from '@kilat/domain'
import { apiData, test, expect, expectAccessible, screenshot } from './support'

/**
 * Waivers and refunds (docs/product/waivers-and-refunds.md) and India's cooling-off exit
 * (docs/product/money-rules.md#cooling-off): a finance pair waives part of an overdue order's late
 * charges at a desk's width and the borrower's amount due drops by it on the phone; an Indian
 * borrower ends a loan paid out moments ago by paying the exit's amount through the sandbox.
 */

const PHONE = { width: 360, height: 740 }
const DETAILS = '/h5-api/v3/loan-details/loan-details'

/** The staff member's language, kept on the account (the staff menu). */
async function setLanguage(page: Page, account: RegExp, language: string) {
  await page.getByRole('button', { name: account }).click()
  await page.getByRole('menuitem', { name: language }).click()
  // the staff menu fades out after a choice: axe waits until it has gone
  await expect(page.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0)
}

async function newOrder(request: APIRequestContext, token: string, kind: 'overdue' | 'paidOutToday'): Promise<string> {
  return (await apiData<{ orderNo: string }>(request, '/h5-api/v3/demo/new-order', token, { method: 'POST', form: { kind } })).orderNo
}

const amountDueOf = async (request: APIRequestContext, token: string, orderNo: string) =>
  (await apiData<{ amountDue: number }>(request, DETAILS, token, { shared: { orderId: orderNo } })).amountDue

test('a finance pair waives part of the late charges; the borrower owes that much less at once', async ({ browser, request, staffPage }) => {
  const token = 'demo-borrower'
  const orderNo = await newOrder(request, token, 'overdue')
  const before = await amountDueOf(request, token, orderNo)
  const waived = 1_000_00

  const maker = await staffPage('finance.a@demo.kilat.example.com')
  await maker.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Waivers & refunds' }).click()
  await expect(maker.getByRole('heading', { name: 'Waivers & refunds', level: 1 })).toBeVisible()
  await maker.getByLabel('Order number').fill(orderNo)
  await maker.getByRole('button', { name: 'Look up' }).click()
  await expect(maker.getByText(/Late charges owed/)).toBeVisible()
  // the pointer leaves the button it pressed: a hovered button's passing colours are not its own
  await maker.mouse.move(0, 0)
  await maker.getByLabel('Amount').fill('1000')
  await maker.getByLabel('Reason').fill('Hospital stay, letter on file')
  // the screen says what will happen and to whom before sending
  await expect(maker.getByText(`Asks to waive ${formatMoney(waived, 'ID')} of late charges on order ${orderNo}`, { exact: false })).toBeVisible()
  await expectAccessible(maker)
  await screenshot(maker, 'ops-adjustments-request-en')
  await maker.getByRole('button', { name: 'Send for confirmation' }).click()
  await expect(maker.getByText('Request sent. Another finance member confirms it.')).toBeVisible()
  // the maker cannot confirm their own request
  await expect(maker.getByRole('button', { name: `Confirm ${orderNo}` })).toBeDisabled()
  expect(await amountDueOf(request, token, orderNo)).toBe(before)
  // the same queue in the maker's Indonesian, the request waiting with its names in words
  await setLanguage(maker, /^finance\.a@demo/, 'Bahasa Indonesia')
  await expect(maker.getByRole('heading', { name: 'Keringanan & pengembalian', level: 1 })).toBeVisible()
  await expect(maker.getByRole('cell', { name: 'Keringanan denda keterlambatan' }).first()).toBeVisible()
  await expectAccessible(maker)
  await screenshot(maker, 'ops-adjustments-queue-id')

  const checker = await staffPage('finance.b@demo.kilat.example.com', { path: '/ops/adjustments?market=ID' })
  await checker.getByRole('button', { name: `Confirm ${orderNo}` }).click()
  await checker.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click()
  await expect(checker.getByText('Confirmed.', { exact: true })).toBeVisible()
  await expectAccessible(checker)
  await screenshot(checker, 'ops-adjustments-queue-en')

  // the order screen lists it, with who confirmed it
  await checker.goto(`/ops/orders/${orderNo}?market=ID`)
  const section = checker.locator('section', { has: checker.getByRole('heading', { name: 'Waivers and refunds' }) })
  await expect(section.getByText('Late charges waived')).toBeVisible()
  await expect(section.getByTitle('finance.b@demo.kilat.example.com')).toBeVisible()
  await expectAccessible(checker)
  await screenshot(checker, 'ops-order-adjustments-en')
  // the maker reads the order screen in Indonesian, then goes back to English
  await maker.goto(`/ops/orders/${orderNo}?market=ID`)
  await expect(maker.getByRole('heading', { name: 'Keringanan dan pengembalian' })).toBeVisible()
  await expect(maker.getByText('Keringanan denda keterlambatan')).toBeVisible()
  await expectAccessible(maker)
  await screenshot(maker, 'ops-order-adjustments-id')
  await setLanguage(maker, /^finance\.a@demo/, 'English')

  expect(await amountDueOf(request, token, orderNo)).toBe(before - waived)
  const borrower = await browser.newPage({ viewport: PHONE, isMobile: true, hasTouch: true })
  await borrower.goto(`/loan-detail?tok=${token}&lang=id&orderId=${orderNo}`)
  // the repay area's amount due, under the button that pays it
  const due = borrower.locator('section p', { hasText: 'Jumlah yang harus dibayar' })
  await expect(due.locator('strong')).toHaveText(formatMoney(before - waived, 'ID'))
  await expect(borrower.getByText('Keringanan denda keterlambatan')).toBeVisible()
  await expectAccessible(borrower)
  await screenshot(borrower, 'loan-detail-waiver-id')
})

test('India: a borrower ends a loan within the cooling-off period by paying the exit amount; it settles with no late charge (en)', async ({ page, request }) => {
  const token = 'demo-borrower-in'
  const orderNo = await newOrder(request, token, 'paidOutToday')
  await page.goto(`/loan-detail?tok=${token}&lang=en&orderId=${orderNo}`)
  const offer = page.locator('section', { has: page.getByRole('heading', { name: 'Cooling-off period' }) })
  await expect(offer).toContainText('You may end this loan by paying ₹')
  const details = await apiData<{ coolingOff: { amount: number; lastDay: string } }>(request, DETAILS, token, { shared: { orderId: orderNo } })
  await expect(offer).toContainText(formatMoney(details.coolingOff.amount, 'IN'))
  await expect(offer).toContainText(details.coolingOff.lastDay)
  await expectAccessible(page)
  await screenshot(page, 'loan-detail-cooling-off-en')

  await offer.getByRole('link', { name: 'End the loan now' }).click()
  await expect(page).toHaveURL(/\/individual\?/)
  await page.getByRole('radio', { name: 'Bank transfer (IMPS)' }).check()
  await page.getByRole('group', { name: /Bank transfer/ }).getByRole('radio').first().check()
  await page.getByRole('button', { name: 'I WANT TO PAY' }).click()
  await expect(page).toHaveURL(/\/that\?/)
  await expect(page.locator('main')).toContainText(formatMoney(details.coolingOff.amount, 'IN'))
  const accountNo = (await page.locator('main section output').first().innerText()).trim()

  const sandbox = await page.context().newPage()
  await sandbox.goto(`/h5-api/v3/sandbox/pay-page?${new URLSearchParams({ accountNo, lang: 'en' })}`)
  await sandbox.locator('form button[type="submit"]').click()
  await expect(sandbox.locator('main')).toContainText('Paid.')
  await sandbox.close()

  await expect.poll(async () => (await apiData<{ orderStatus: number }>(request, DETAILS, token, { shared: { orderId: orderNo } })).orderStatus, { timeout: 10_000 }).toBe(ORDER_STATUS.settled)
  await page.goto(`/loan-detail?tok=${token}&lang=en&orderId=${orderNo}`)
  await expect(page.getByText('Late charges', { exact: true })).toHaveCount(0)
  await expect(page.getByText('Interest released (cooling-off exit)')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Cooling-off period' })).toHaveCount(0)
  await expectAccessible(page)
  await screenshot(page, 'loan-detail-cooling-off-settled-en')
})
