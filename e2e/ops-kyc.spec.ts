import type { Locator, Page } from '@playwright/test'
import { maskNik } from '@kilat/domain'
import { apiData, speak, test, expect, expectAccessible, screenshot } from './support'

/**
 * Know the borrower in the console (docs/product/identity-and-payout-account.md): risk opens a demo
 * borrower's order and sees their identity and payout account masked, reveals the document number
 * with a reason (the server writes it to the audit trail) and opens the queue of identity flags.
 * Axe checks every screen, the reason's dialog included.
 */
test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 })

/** Budi Santoso, Indonesia, and one of his orders (docs/product/shell-and-sessions.md#demo-sessions). */
const BORROWER = 'demo-borrower'
const ORDER_NO = 'K2026000005'

/** A titled section of a screen. */
const section = (page: Page, title: string) => page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) })
/** A panel's value beside its label (Ant Design's bordered descriptions: a th, then its td). */
const valueOf = (panel: Locator, label: string) => panel.locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::td[1]')
/** A dialog opening or closing is mid-animation, its text half-transparent: axe checks it at rest. */
const dialogAtRest = (page: Page) => expect(page.locator('.ant-modal[class*="ant-zoom"], .ant-modal-mask[class*="ant-fade"]')).toHaveCount(0)

const NAME_CHECKS = ['Not checked yet', 'Matches the identity', 'Does not match', 'The bank knows no such account', 'No name check in this market', 'Accepted by risk']

test('risk sees a borrower masked, reveals the document number with a reason and opens the identity flags', async ({ page, request, asStaff }) => {
  // what the borrower gave, as they see it themselves (whole): the console shows it masked
  const { identity } = await apiData<{ identity: { fullName: string; documentNumber: string } | null }>(request, '/api/kyc/identity', BORROWER)
  const { account } = await apiData<{ account: { masked: string } | null }>(request, '/api/kyc/payout-account', BORROWER)
  if (!identity || !account) throw new Error(`${BORROWER} has no identity or payout account: the demo seed gives them both`)

  await asStaff(page, 'risk@demo.kilat.example.com')
  await speak(page, 'en')
  await page.goto(`/ops/orders/${ORDER_NO}?market=ID`)
  await expect(page.getByRole('heading', { name: `Order ${ORDER_NO}` })).toBeVisible()
  const panel = section(page, 'Borrower identity and payout account')
  await expect(valueOf(panel, 'Name')).toHaveText(identity.fullName)
  await expect(valueOf(panel, 'Document')).toContainText(`NIK · ${maskNik(identity.documentNumber)}`)
  await expect(valueOf(panel, 'Account')).toContainText(account.masked)
  // the name check's result in words, never its key nor a colour alone
  await expect(valueOf(panel, "Holder's name check")).toHaveText(new RegExp(`^(${NAME_CHECKS.join('|')})$`))
  await expect(panel).not.toContainText(identity.documentNumber)
  await expectAccessible(page)
  await screenshot(page, 'ops-order-kyc-en')

  // a reason first, which the dialog checks; the focus is in it from the start
  await panel.getByRole('button', { name: 'Reveal the document number' }).click()
  const dialog = page.getByRole('dialog', { name: 'Reveal the document number' })
  const reason = dialog.getByLabel('Reason')
  await expect(reason).toBeFocused()
  await dialogAtRest(page)
  await expectAccessible(page)
  await reason.fill('too short')
  await dialog.getByRole('button', { name: 'Reveal', exact: true }).click()
  await expect(dialog.getByText('Write at least 10 characters.')).toBeVisible()
  await reason.fill('The borrower asked us to read back the NIK on their contract.')
  await dialog.getByRole('button', { name: 'Reveal', exact: true }).click()
  await expect(valueOf(panel, 'Document')).toContainText(identity.documentNumber)
  await expect(valueOf(panel, 'Document')).toContainText('Recorded in the audit trail. Hidden again within 60 seconds.')
  await expect(dialog).toBeHidden()
  // the focus is back on the field's button, which now hides it
  const hide = panel.getByRole('button', { name: 'Hide the document number' })
  await expect(hide).toBeFocused()
  await dialogAtRest(page)
  await expectAccessible(page)
  await screenshot(page, 'ops-order-kyc-revealed-en')
  await hide.click()
  await expect(panel).not.toContainText(identity.documentNumber)

  await page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Identity flags' }).click()
  await expect(page.getByRole('heading', { name: 'Identity flags', level: 1 })).toBeVisible()
  await expect(page.getByRole('table', { name: 'Open identity flags' })).toBeVisible()
  // the queue fits 1280 px with the menu open: nothing scrolls sideways
  expect(await page.locator('.ant-table-content').evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  await expectAccessible(page)
  await screenshot(page, 'ops-kyc-flags-en')
  await page.getByText('Closed', { exact: true }).click()
  await expect(page).toHaveURL(/status=closed/)
  await expect(page.getByRole('table', { name: 'Closed identity flags' })).toBeVisible()
  await expectAccessible(page)
})
