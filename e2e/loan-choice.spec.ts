import { formatMoney, type Market } from '@kilat/domain'
import type { Locator, Page } from '@playwright/test'
import { demoOrders, expect, expectAccessible, productIdByName, screenshot, test } from './support'

/**
 * The borrower's own amount and installments (docs/product/money-rules.md#choosing-the-amount-and-installments):
 * every figure on the confirmation follows the choice, the order and its agreement carry it. Seeded
 * prices change with the caps, so no figure is written here: each is read from the page and checked
 * against the others and against the domain's formatter.
 */

const MONEY: Record<Market, RegExp> = { ID: /Rp\u00a0([\d.]+),(\d\d)/, IN: /₹([\d,]+)\.(\d\d)/, MX: /\$([\d,]+)\.(\d\d)/ }

/** The first amount written in `text`, in cents; it must read exactly as the domain formats it. */
function moneyIn(text: string | null, market: Market): number {
  const match = MONEY[market].exec(text ?? '')
  if (!match) throw new Error(`no ${market} amount in "${text}"`)
  const cents = Number(match[1]!.replace(/[.,]/g, '')) * 100 + Number(match[2])
  expect(match[0]).toBe(formatMoney(cents, market))
  return cents
}

const row = (scope: Locator, label: string | RegExp) => scope.locator('dl > div').filter({ has: scope.page().locator('dt', { hasText: label }) })

interface Labels {
  amount: string
  info: string
  cost: string
  received: RegExp
  interest: string
  total: string
  plan: string
}

const ID: Labels = {
  amount: 'Jumlah pinjaman',
  info: 'Informasi pinjaman',
  cost: 'Yang Anda terima dan kembalikan',
  received: /^Jumlah diterima/,
  interest: 'Total bunga',
  total: 'Total pengembalian',
  plan: 'Rencana pembayaran',
}

const EN: Labels = {
  amount: 'Loan amount',
  info: 'Loan information',
  cost: 'What you receive and repay',
  received: /^Amount received/,
  interest: 'Total interest',
  total: 'Total to repay',
  plan: 'Repayment plan',
}

/** Every figure of the confirmation, read from the page. */
async function figures(page: Page, t: Labels) {
  const cost = page.getByRole('region', { name: t.cost })
  const received = row(cost, t.received)
  return {
    amount: moneyIn(await page.getByRole('slider', { name: t.amount }).getAttribute('aria-valuetext'), 'ID'),
    fee: moneyIn(await received.locator('dt').innerText(), 'ID'),
    received: moneyIn(await received.locator('dd').innerText(), 'ID'),
    total: moneyIn(await row(cost, t.total).locator('dd').innerText(), 'ID'),
    interest: moneyIn(await row(page.getByRole('region', { name: t.info }), t.interest).locator('dd').innerText(), 'ID'),
    firstRepayment: moneyIn(await page.getByRole('region', { name: t.plan }).getByRole('listitem').first().innerText(), 'ID'),
  }
}

test('choose an amount: every figure follows, the address keeps it, the order and its agreement carry it (id)', async ({ page, request }) => {
  const token = 'demo-borrower-2'
  const { productId } = await demoOrders(request, token)
  expect(productId, 'a product the second demo borrower may apply for').not.toBeNull()
  await page.goto(`/loan-confirm?productId=${productId}&tok=${token}&lang=id`)

  const slider = page.getByRole('slider', { name: ID.amount })
  const confirm = page.getByRole('button', { name: 'Konfirmasi pinjaman' })
  await expect(confirm).toBeEnabled()
  const before = await figures(page, ID)
  expect(before.received + before.fee).toBe(before.amount)
  expect(before.total).toBe(before.amount + before.interest)

  // Two steps down from the keyboard, as a borrower who cannot drag would.
  const step = Number(await slider.getAttribute('step'))
  const chosen = before.amount - 2 * step
  expect(chosen).toBeGreaterThanOrEqual(Number(await slider.getAttribute('min')))
  await slider.focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('ArrowLeft')
  await expect(slider).toHaveAttribute('aria-valuetext', formatMoney(chosen, 'ID'))
  await expect(page).toHaveURL(new RegExp(`[?&]amount=${chosen}(&|$)`))
  await expect(page).not.toHaveURL(/tok=/)
  const cost = page.getByRole('region', { name: ID.cost })
  await expect(row(cost, ID.total).locator('dd')).not.toHaveText(formatMoney(before.total, 'ID'))
  await expect(confirm).toBeEnabled()

  const after = await figures(page, ID)
  expect(after.amount).toBe(chosen)
  for (const figure of ['fee', 'received', 'total', 'interest', 'firstRepayment'] as const) expect(after[figure], figure).not.toBe(before[figure])
  expect(after.received + after.fee).toBe(chosen)
  expect(after.total).toBe(chosen + after.interest)
  // The server's own lines say the same figures under the same names.
  const info = page.getByRole('region', { name: ID.info })
  await expect(row(info, ID.total).locator('dd')).toHaveText(formatMoney(after.total, 'ID'))
  await expect(row(info, /^Jumlah diterima$/).locator('dd')).toHaveText(formatMoney(after.received, 'ID'))
  await expectAccessible(page)
  await screenshot(page, 'loan-confirm-chosen-amount-id')

  // A reload keeps the choice.
  await page.reload()
  await expect(slider).toHaveAttribute('aria-valuetext', formatMoney(chosen, 'ID'))
  await expect(row(cost, ID.total).locator('dd')).toHaveText(formatMoney(after.total, 'ID'))

  // The agreement shows the chosen amount; its back button comes back to the same choice.
  await page.getByRole('link', { name: 'Perjanjian Pinjaman' }).click()
  await expect(page).toHaveURL(new RegExp(`/contract\\?.*amount=${chosen}`))
  await expect(page.locator('article')).toContainText(formatMoney(chosen, 'ID'))
  await page.getByRole('button', { name: 'Kembali' }).click()
  await expect(page).toHaveURL(/\/loan-confirm\?/)
  await expect(slider).toHaveAttribute('aria-valuetext', formatMoney(chosen, 'ID'))

  await expect(confirm).toBeEnabled()
  await confirm.click()
  await expect(page).toHaveURL(/\/loan-detail\?.*orderId=K\d+/)
  const orderId = new URL(page.url()).searchParams.get('orderId')
  // The order card comes first; recommended products may follow with lines of their own.
  await expect(row(page.locator('main'), 'Jumlah pinjaman').first().locator('dd')).toHaveText(formatMoney(chosen, 'ID'))
  await screenshot(page, 'loan-detail-chosen-amount-id')

  // The order's agreement: its signed amount, not the product's largest.
  await page.goto(`/contract?productId=${productId}&orderId=${orderId}&position=0&lang=id`)
  await expect(page.locator('article')).toContainText(formatMoney(chosen, 'ID'))
  await expectAccessible(page)
  await screenshot(page, 'contract-chosen-amount-id')
})

test('choose the number of installments of an installment product (en)', async ({ page, request }) => {
  const token = 'demo-borrower-2'
  const productId = await productIdByName(request, token, 'Cicil Ringan')
  await page.goto(`/loan-confirm?productId=${productId}&tok=${token}&lang=en`)
  const group = page.getByRole('group', { name: 'Number of installments' })
  await expect(group).toBeVisible()
  const radios = group.getByRole('radio')
  expect(await radios.count()).toBeGreaterThan(1)
  const last = radios.last()
  const name = (await last.locator('xpath=..').innerText()).trim()
  const count = Number(/\d+/.exec(name)?.[0])
  await last.check()
  await expect(page).toHaveURL(new RegExp(`[?&]periods=${count}(&|$)`))
  const plan = page.getByRole('region', { name: EN.plan })
  const toggle = plan.getByRole('button', { name: `See all ${count} repayments` })
  await expect(toggle).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirm loan' })).toBeEnabled()
  await toggle.click()
  await expect(plan.getByRole('listitem')).toHaveCount(count)
  // The repayments add up to the total to repay.
  const amounts = await plan.getByRole('listitem').allInnerTexts()
  const sum = amounts.reduce((total, text) => total + moneyIn(text, 'ID'), 0)
  const total = moneyIn(await row(page.getByRole('region', { name: EN.cost }), EN.total).locator('dd').innerText(), 'ID')
  expect(sum).toBe(total)
  await expect(last).toBeChecked()
  await expectAccessible(page)
  await screenshot(page, 'loan-confirm-installments-en')
})

for (const { market, token, shared, lang, kfs } of [
  { market: 'IN', token: 'demo-borrower-in', shared: { isNeedPop: '1' }, lang: 'en', kfs: true },
  { market: 'MX', token: 'demo-borrower-mx', shared: { market: 'MX' }, lang: 'es', kfs: false },
] as const) {
  test(`${market}: amounts in the market's own format, the chosen one too (${lang})`, async ({ page, request }) => {
    const { productId } = await demoOrders(request, token, shared)
    expect(productId).not.toBeNull()
    const query = new URLSearchParams({ productId: String(productId), tok: token, ...shared, lang })
    await page.goto(`/loan-confirm?${query}`)
    const slider = page.getByRole('slider')
    const amount = Number(await slider.getAttribute('value'))
    await expect(slider).toHaveAttribute('aria-valuetext', formatMoney(amount, market))
    expect(formatMoney(amount, market)).toMatch(market === 'IN' ? /^₹(\d{1,2},)?(\d\d,)*\d{1,3}\.\d\d$/ : /^\$\d{1,3}(,\d{3})*\.\d\d$/)
    await expect(page.getByText(formatMoney(amount, market), { exact: true }).first()).toBeVisible()
    if (kfs) await expect(page.getByRole('table', { name: 'Key Fact Statement' })).toContainText(formatMoney(amount, market))

    await page.getByRole('button', { name: market === 'IN' ? 'Lower the loan amount' : 'Reducir el monto del préstamo' }).click()
    const chosen = amount - Number(await slider.getAttribute('step'))
    await expect(slider).toHaveAttribute('aria-valuetext', formatMoney(chosen, market))
    await expect(page).toHaveURL(new RegExp(`[?&]amount=${chosen}(&|$)`))
    if (kfs) await expect(page.getByRole('table', { name: 'Key Fact Statement' })).toContainText(formatMoney(chosen, market))
    else await expect(page.getByText('Costo Anual Total (CAT)').first()).toBeVisible()
    // The late-charge terms before accepting, in every market.
    // India's Key Fact Statement has a row for them; elsewhere the sentence names itself.
    const lateCharges = market === 'IN' ? page.getByText('Late charges', { exact: true }) : page.getByText(/^Cargos por atraso: /)
    await expect(lateCharges.first()).toBeVisible()
    await expectAccessible(page)
    await screenshot(page, `loan-confirm-chosen-amount-${market.toLowerCase()}-${lang}`)
  })
}
