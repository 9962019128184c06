import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'

const require = createRequire(import.meta.url)
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8')

export const SCREENSHOT_DIR = 'e2e/screenshots'
mkdirSync(SCREENSHOT_DIR, { recursive: true })

/**
 * The app's scripts start after the first paint: a journey acts once the page says it is hydrated,
 * as a borrower's tap only counts from then on (a tap on Send before it is lost, as it is on a
 * phone). Public pages are not hydrated (their islands have run by the load event goto waits for):
 * they have no app root. The `page` fixture has this; a page a journey opens itself (a phone beside
 * the console) gets it here.
 */
export function hydratedGoto(page: Page): Page {
  const goto = page.goto.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    if ((await page.locator('#root').count()) > 0) await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    return response
  }
  return page
}

/**
 * Every journey fails on a console error, a CSP violation or an uncaught exception: they are bugs a
 * borrower would meet with nothing on the screen to say so.
 */
export const test = base.extend<{ consoleErrors: string[] }>({
  page: async ({ page }, use) => {
    await use(hydratedGoto(page))
  },
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = []
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(msg.text())
      })
      page.on('pageerror', (err) => errors.push(err.message))
      await use(errors)
      expect(errors, 'console errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/** WCAG 2.2 AA checks of axe-core, run through the debugger protocol so the page's CSP stays strict. */
export async function expectAccessible(page: Page) {
  // Toasts fade in and out; mid-fade their partial opacity reads as low contrast. Check the page
  // at rest (a toast at rest is white on 70 % black, well above AA).
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0)
  // Likewise a console select's list fading out after a pick: its half-drawn options and its
  // unlabelled list box are the animation's, not the page's.
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0)
  await page.evaluate(axeSource)
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })
  })
  const violations = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(violations, 'accessibility violations').toEqual([])
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png`, fullPage: true })
}

/** The data of one of our API calls, asked as the app shell's session `token` would. */
export async function apiData<T>(
  request: APIRequestContext,
  path: string,
  token: string,
  options: { method?: 'GET' | 'POST'; form?: Record<string, string>; shared?: Record<string, string> } = {},
): Promise<T> {
  const query = new URLSearchParams({ tok: token, ...options.shared })
  const url = `${path}?${query}`
  const response = options.method === 'POST' ? await request.post(url, { form: options.form ?? {} }) : await request.get(url)
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true)
  const body = (await response.json()) as { data: T }
  return body.data
}

/** A product of the borrower's market by its name, from the recommended list (ids are the seed's to choose). */
export async function productIdByName(request: APIRequestContext, token: string, name: string, shared: Record<string, string> = {}): Promise<number> {
  const products = await apiData<Array<{ id: number; productName: string }>>(request, '/app/v3/product/recommend-product-list', token, {
    method: 'POST',
    shared,
  })
  const product = products.find((p) => p.productName === name)
  if (!product) throw new Error(`no product named ${name} for ${token}: ${products.map((p) => p.productName).join(', ')}`)
  return product.id
}

/** The demo borrower's orders and a product of ours they may apply for now (demo mode). */
export function demoOrders(request: APIRequestContext, token: string, shared: Record<string, string> = {}) {
  return apiData<{ productId: number | null; orders: Array<{ orderNo: string; productId: number; productName: string; status: number }> }>(
    request,
    '/h5-api/v3/demo/orders',
    token,
    { shared },
  )
}

/** The demo staff accounts' password (README, Staff). */
export const STAFF_PASSWORD = 'kilat-demo-staff'

/** The current authenticator code of a demo staff account (demo mode only). */
export async function demoStaffCode(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.get(`/ops-api/demo/staff-code?email=${encodeURIComponent(email)}`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { data: { code: string } }).data.code
}

/** Other journeys may have changed a demo account's language: a journey reads in English, or Indonesian when asked. */
export async function speak(page: Page, language: 'en' | 'id') {
  const res = await page.request.post('/ops-api/staff/me/language', { data: { language }, headers: { 'x-requested-with': 'XMLHttpRequest' } })
  expect(res.ok()).toBe(true)
}

/** Signs a demo staff account in to the console, password then authenticator code, as a person does. */
export async function signInStaff(page: Page, email: string) {
  await page.goto('/ops')
  await expect(page).toHaveURL(/\/ops\/sign-in/)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(STAFF_PASSWORD)
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.getByLabel('Code').fill(await demoStaffCode(page.request, email))
  await page.getByRole('button', { name: 'Sign in' }).click()
  // the console opens in the member's own language, which an earlier journey may have changed
  await expect(page.getByRole('navigation', { name: /^(Console menu|Menu konsol|Menú de la consola)$/ })).toBeVisible()
}

/**
 * A table's order-number cell holds the longest order number whole, on one line: a new order's
 * 17 characters (`K2026120223011692`) in the cell's own font fit its width, nothing overflows
 * (docs/product/console-screens.md#tables).
 */
export async function expectOrderNoFits(cell: Locator) {
  const fit = await cell.evaluate((td) => {
    const style = getComputedStyle(td)
    const context = document.createElement('canvas').getContext('2d')!
    context.font = `${style.fontSize} ${style.fontFamily}`
    const needed = context.measureText('K2026120223011692').width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight)
    return { oneLine: style.whiteSpace === 'nowrap', wideEnough: td.clientWidth >= needed, whole: td.scrollWidth <= td.clientWidth }
  })
  expect(fit).toEqual({ oneLine: true, wideEnough: true, whole: true })
}
