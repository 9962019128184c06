import type { APIRequestContext, Page } from '@playwright/test'
import { apiData, test, type StaffFixtures, expect, expectAccessible, screenshot, expectOrderNoFits } from './support'

/**
 * Payouts through the outbox (docs/product/operations.md#payout-states), against the built server
 * and its payout sandbox, whose demo rules pick the case by the amount's cents
 * (docs/product/operations.md#the-payout-sandbox): finance confirms, the worker sends, the provider
 * answers later by its signed callback. Nothing here calls the webhook or the worker itself.
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

const BORROWER = 'demo-borrower-2'
const FAILURE = 'The receiving account is closed (sandbox: an amount ending in 14 cents).'

/** A console page of a finance member, signed in (the worker's session), on the disbursement screen. */
async function finance(staffPage: StaffFixtures['staffPage'], email: string): Promise<Page> {
  const page = await staffPage(email, { path: '/ops/disbursement?market=ID' })
  await expect(page.getByRole('heading', { name: 'Disbursement' })).toBeVisible()
  return page
}


/** The order screen's summary: the value beside a label. */
const summary = (page: Page, label: string) => page.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]')

/** A fresh approved order of the demo borrower, what it pays out ending in `cents` (demo mode). */
async function approvedOrder(request: APIRequestContext, cents?: number): Promise<string> {
  const form: Record<string, string> = { kind: 'approved', ...(cents === undefined ? {} : { payoutCents: String(cents) }) }
  return (await apiData<{ orderNo: string }>(request, '/h5-api/v3/demo/new-order', BORROWER, { method: 'POST', form })).orderNo
}

/** A requests, B confirms: the payout is in the outbox. */
async function requestAndConfirm(financeA: Page, financeB: Page, orderNo: string) {
  await financeA.reload()
  await financeA.getByRole('button', { name: `Request payout ${orderNo}` }).click()
  await expect(financeA.getByText('Payout requested. Another finance member confirms it.')).toBeVisible()
  await financeB.reload()
  await financeB.getByRole('button', { name: `Confirm payout ${orderNo}` }).click()
  await financeB.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm payout' }).click()
  await expect(financeB.getByText('Payout confirmed: it is on its way to the payout provider.')).toBeVisible()
}

test('a payout the provider fails shows its reason and can be requested again', async ({ request, staffPage }) => {
  test.setTimeout(120_000)
  const orderNo = await approvedOrder(request, 14)
  const financeA = await finance(staffPage, 'finance.a@demo.kilat.example.com')
  const financeB = await finance(staffPage, 'finance.b@demo.kilat.example.com')
  await requestAndConfirm(financeA, financeB, orderNo)

  const row = financeB.getByRole('row').filter({ hasText: orderNo })
  // a new order's number whole in its column; its amount "to pay out" while the payout is on its
  // way, and no column calls it paid out
  await expectOrderNoFits(row.getByRole('cell', { name: orderNo, exact: true }))
  await expect(row).toContainText('To pay out')
  await expect(financeB.getByRole('columnheader', { name: 'Paid out', exact: true })).toHaveCount(0)
  // on its way: no action but to wait; the page follows it by itself
  await expect(row.getByText('On its way: nothing to do')).toBeVisible()
  await expect(row.getByText(FAILURE)).toBeVisible({ timeout: 60_000 })
  await expect(row.getByText('Failed', { exact: true })).toBeVisible()
  // a failed payout paid nothing out
  await expect(row).toContainText('To pay out')
  // the actions stay in view at 1280 px
  await expect(row.getByRole('button', { name: `Request again ${orderNo}` })).toBeInViewport()
  await expectAccessible(financeB)
  await screenshot(financeB, 'ops-payout-failed-en')

  // the order screen tells the payout's story, each state by its name
  await financeB.goto(`/ops/orders/${orderNo}?market=ID`)
  await expect(financeB.getByText('Payout history')).toBeVisible()
  await expect(financeB.getByText(`Request #`).first()).toBeVisible()
  await expect(financeB.getByText('Accepted by the provider → Failed', { exact: false })).toBeVisible()
  // nothing arrived: the amount is still to pay out, with no payout date
  await expect(summary(financeB, 'To pay out')).toHaveText(/^Rp\s[\d.]+,\d{2}$/)
  await expect(summary(financeB, 'Paid out on')).toHaveText('—')
  await expectAccessible(financeB)
  await screenshot(financeB, 'ops-order-payout-failed-en')

  // in the staff member's language (kept on the account: set back to English at the end)
  await financeB.goto('/ops/disbursement?market=ID')
  await financeB.getByRole('button', { name: /^finance\.b@demo/ }).click()
  await financeB.getByRole('menuitem', { name: 'Bahasa Indonesia' }).click()
  await expect(financeB.getByRole('heading', { name: 'Pencairan' })).toBeVisible()
  await expect(financeB.locator('.ant-dropdown:not(.ant-dropdown-hidden)')).toHaveCount(0)
  const again = financeB.getByRole('button', { name: `Minta lagi ${orderNo}` })
  await expect(financeB.getByRole('row').filter({ hasText: orderNo }).getByText('Gagal', { exact: true })).toBeVisible()
  await expect(financeB.getByRole('row').filter({ hasText: orderNo })).toContainText('Akan dicairkan')
  await screenshot(financeB, 'ops-payout-failed-id')
  await again.click()
  await expect(financeB.getByRole('row').filter({ hasText: orderNo }).getByText('Menunggu konfirmasi')).toBeVisible()
  await expectAccessible(financeB)
  await financeB.goto(`/ops/orders/${orderNo}?market=ID`)
  await expect(financeB.getByText('Riwayat pencairan')).toBeVisible()
  await expect(financeB.getByText('Diterima penyedia → Gagal', { exact: false })).toBeVisible()
  await screenshot(financeB, 'ops-order-payout-failed-id')
  await financeB.getByRole('button', { name: /^finance\.b@demo/ }).click()
  await financeB.getByRole('menuitem', { name: 'English' }).click()
  await expect(financeB.getByRole('heading', { name: `Order ${orderNo}` })).toBeVisible()
})

test('a payout that completes later makes the loan due only then; the borrower sees "being paid out" first', async ({ browser, request, staffPage }) => {
  test.setTimeout(150_000)
  // the sandbox times out twice on 21 cents before it accepts: the payout stays on its way a while
  const orderNo = await approvedOrder(request, 21)
  const financeA = await finance(staffPage, 'finance.a@demo.kilat.example.com')
  const financeB = await finance(staffPage, 'finance.b@demo.kilat.example.com')

  const borrower = await browser.newPage({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })
  const details = (lang: string) => borrower.goto(`/loan-detail?orderId=${orderNo}&tok=${BORROWER}&lang=${lang}`)
  await details('en')
  await expect(borrower.getByRole('heading', { name: 'Approved' })).toBeVisible()

  await requestAndConfirm(financeA, financeB, orderNo)
  await expect(financeB.getByRole('row').filter({ hasText: orderNo }).getByText(/Confirmed, in the queue|Being sent|Accepted by the provider/)).toBeVisible()
  await screenshot(financeB, 'ops-payout-on-its-way-en')

  await details('en')
  await expect(borrower.getByRole('heading', { name: 'Being paid out' })).toBeVisible()
  await expect(borrower.getByText('Due date', { exact: true })).toHaveCount(0)
  await expectAccessible(borrower)
  await screenshot(borrower, 'loan-detail-being-paid-out-en')
  await details('id')
  await expect(borrower.getByRole('heading', { name: 'Sedang dicairkan' })).toBeVisible()
  await screenshot(borrower, 'loan-detail-being-paid-out-id')

  // the provider completes it: then, and only then, the loan is due
  await expect(async () => {
    await details('en')
    await expect(borrower.locator('svg[data-status-icon]')).toHaveAttribute('data-status-icon', 'due', { timeout: 1_000 })
  }).toPass({ timeout: 100_000, intervals: [3_000] })
  await expect(borrower.getByText('Due date', { exact: true })).toBeVisible()
  await expectAccessible(borrower)
  await screenshot(borrower, 'loan-detail-after-completed-payout-en')
  // it left the disbursement queue: the order is paid out
  await financeB.reload()
  await expect(financeB.getByRole('row').filter({ hasText: orderNo })).toHaveCount(0)
  // the order screen says paid out, the amount with its date
  await financeB.goto(`/ops/orders/${orderNo}?market=ID`)
  await expect(summary(financeB, 'Paid out')).toHaveText(/^Rp\s[\d.]+,\d{2} · \d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
  await expect(summary(financeB, 'Paid out on')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/)
  await expect(financeB.locator('.ant-descriptions-item-label', { hasText: /^To pay out$/ })).toHaveCount(0)
  await expectAccessible(financeB)
  await screenshot(financeB, 'ops-order-paid-out-en')
})
