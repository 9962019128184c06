import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { createHash } from 'node:crypto'
import { test as base, expect, type APIRequestContext, type BrowserContext, type BrowserContextOptions, type Locator, type Page, type PlaywrightWorkerArgs } from '@playwright/test'

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

/** A signed-in browser's cookies and local storage, as `storageState` gives them. */
type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>

/** The console's menu, in whichever language the member chose (an earlier journey may have changed it). */
const CONSOLE_MENU = /^(Console menu|Menu konsol|Menú de la consola)$/
const DESK = { width: 1280, height: 800 }

/**
 * The console's screens for a demo staff member, signed in with the worker's saved session of that
 * member (see `staffSessions`).
 */
export interface StaffFixtures {
  /**
   * Signs the page's own browser in as `email` with the saved session and opens `path` of the
   * console (its home by default), as `signInStaff` leaves it: the console's menu in view. What
   * the context held before (a borrower's cookie) stays.
   */
  asStaff: (page: Page, email: string, path?: string) => Promise<void>
  /** A browser of the member's own (at a desk's width unless `options` say otherwise), on `path` of the console. */
  staffPage: (email: string, options?: BrowserContextOptions & { path?: string }) => Promise<Page>
}

interface WorkerFixtures {
  /**
   * Each demo staff member signs in once per worker, not once per journey: the first journey that
   * needs the member signs them in, password and code, as a person does, and keeps what the sign-in
   * added to the browser (the cookie, the console's hint in local storage: `storageState`); the next
   * ones start from those. A staff session is
   * a cookie bound to nothing but its idle (30 minutes) and absolute limits, and a second session
   * of a member does not end the first (apps/server/src/modules/staff/staff.sessions.ts), so one
   * session serves every browser of the worker. One ended meanwhile (a sign-out, the idle limit) is
   * found before it is used, and the member signs in again. The journeys about the sign-in itself
   * (and those that sign out) sign in as a person does, with `signInStaff`.
   */
  staffSessions: Map<string, StorageState>
}

/**
 * Every journey fails on a console error, a CSP violation or an uncaught exception: they are bugs a
 * borrower would meet with nothing on the screen to say so.
 */
export const test = base.extend<{ consoleErrors: string[] } & StaffFixtures, WorkerFixtures>({
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
  staffSessions: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      await use(new Map())
    },
    { scope: 'worker' },
  ],
  asStaff: async ({ playwright, baseURL, staffSessions }, use) => {
    await use(async (page, email, path = '/ops') => {
      const saved = await savedSession(playwright, staffSessions, baseURL!, email)
      if (saved) {
        await addStorageState(page.context(), saved)
        await openConsole(page, path)
        return
      }
      await signInAndKeep(page, staffSessions, baseURL!, email)
      if (path !== '/ops') await openConsole(page, path)
    })
  },
  staffPage: async ({ browser, playwright, baseURL, staffSessions }, use) => {
    const contexts: BrowserContext[] = []
    await use(async (email, { path = '/ops', ...options } = {}) => {
      const saved = await savedSession(playwright, staffSessions, baseURL!, email)
      const context = await browser.newContext({ baseURL, viewport: DESK, ...options, ...(saved ? { storageState: saved } : {}) })
      contexts.push(context)
      const page = hydratedGoto(await context.newPage())
      if (saved) {
        await openConsole(page, path)
        return page
      }
      await signInAndKeep(page, staffSessions, baseURL!, email)
      if (path !== '/ops') await openConsole(page, path)
      return page
    })
    for (const context of contexts) await context.close()
  },
})

const sessionKey = (baseURL: string, email: string) => `${baseURL} ${email}`

/** The worker's saved session of a staff member on this server while it lasts (asked of the server, outside any browser). */
async function savedSession(playwright: PlaywrightWorkerArgs['playwright'], sessions: Map<string, StorageState>, baseURL: string, email: string): Promise<StorageState | undefined> {
  const saved = sessions.get(sessionKey(baseURL, email))
  if (!saved) return undefined
  const request = await playwright.request.newContext({ baseURL, storageState: saved })
  const live = (await request.get('/ops-api/staff/me')).ok()
  await request.dispose()
  return live ? saved : undefined
}

/**
 * The member's first sign-in in this worker, on the journey's own page as a person does it; what the
 * sign-in added to the browser (its cookie, the console's hint), and only that, is kept for the next.
 */
async function signInAndKeep(page: Page, sessions: Map<string, StorageState>, baseURL: string, email: string) {
  const before = await page.context().storageState()
  await signInStaff(page, email)
  const after = await page.context().storageState()
  const same = (a: StorageState['cookies'][number], b: StorageState['cookies'][number]) => a.name === b.name && a.domain === b.domain && a.path === b.path && a.value === b.value
  sessions.set(sessionKey(baseURL, email), {
    cookies: after.cookies.filter((c) => !before.cookies.some((b) => same(b, c))),
    origins: after.origins
      .map((o) => ({ ...o, localStorage: o.localStorage.filter((item) => !before.origins.some((b) => b.origin === o.origin && b.localStorage.some((i) => i.name === item.name && i.value === item.value))) }))
      .filter((o) => o.localStorage.length > 0),
  })
}

/** Adds a saved session's cookies and local storage to what the context holds. */
async function addStorageState(context: BrowserContext, added: StorageState) {
  const held = await context.storageState()
  const sameCookie = (a: StorageState['cookies'][number], b: StorageState['cookies'][number]) => a.name === b.name && a.domain === b.domain && a.path === b.path
  const origins = held.origins.map((o) => ({ ...o }))
  for (const origin of added.origins) {
    const kept = origins.find((o) => o.origin === origin.origin)
    if (!kept) origins.push(origin)
    else kept.localStorage = [...kept.localStorage.filter((item) => !origin.localStorage.some((a) => a.name === item.name)), ...origin.localStorage]
  }
  await context.setStorageState({ cookies: [...held.cookies.filter((c) => !added.cookies.some((a) => sameCookie(a, c))), ...added.cookies], origins })
}

/** Opens a screen of the console and waits for its menu, as after a sign-in. */
async function openConsole(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('navigation', { name: CONSOLE_MENU })).toBeVisible()
}

export { expect }

/** The screen states each page has passed (a page lasts one journey): address, window, scroll, focus, document. */
const checkedStates = new WeakMap<Page, Set<string>>()

/**
 * WCAG 2.2 AA checks of axe-core, run through the debugger protocol so the page's CSP stays strict.
 * A state the page has already passed in this journey (the same address, window size, scroll,
 * focus and document, to the byte) is not checked again: axe would read the same thing.
 */
export async function expectAccessible(page: Page) {
  // Toasts fade in and out; mid-fade their partial opacity reads as low contrast. Check the page
  // at rest (a toast at rest is white on 70 % black, well above AA).
  await expect(page.locator('.adm-toast-mask')).toHaveCount(0)
  // Likewise a console select's list fading out after a pick: its half-drawn options and its
  // unlabelled list box are the animation's, not the page's.
  await expect(page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')).toHaveCount(0)
  const snapshot = await page.evaluate(() => {
    const focused = Array.prototype.indexOf.call(document.querySelectorAll('*'), document.activeElement)
    return `${window.innerWidth}x${window.innerHeight} at ${window.scrollX},${window.scrollY} focus ${focused}\n${document.documentElement.outerHTML}`
  })
  const state = `${page.url()}\n${createHash('sha256').update(snapshot).digest('hex')}`
  const checked = checkedStates.get(page) ?? new Set<string>()
  checkedStates.set(page, checked)
  if (checked.has(state)) return
  await page.evaluate(axeSource)
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: Array<{ id: string; impact: string; help: string; nodes: Array<{ target: string[] }> }> }> } }).axe
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })
  })
  const violations = result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(violations, 'accessibility violations').toEqual([])
  checked.add(state)
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

/**
 * Signs a demo staff account in to the console, password then authenticator code, as a person does:
 * for the journeys about the sign-in (and those that sign out); the others start from the worker's
 * session (`asStaff`, `staffPage`).
 */
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
