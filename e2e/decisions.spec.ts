import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, openSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from '@playwright/test'
import { signInStaff, speak, test, expect, expectAccessible, screenshot } from './support'

/**
 * Instant decisions (docs/product/decisions.md), end to end on a server of their own: a published
 * policy decides every order of its market, which would change what the other journeys see, so
 * this file starts its own built server on its own port and database.
 *
 * A risk analyst drafts a stricter rule at 1280 px, replays it over an application made before it
 * and sees the move; an admin publishes it. Finance sets the automatic payout's limits with four
 * eyes. A borrower on a 360 px phone, in Indonesian, who gave no payout account is rejected with
 * the reason in their language; a clean borrower is approved and paid out with no staff action,
 * and their loan turns due when the payout completes. Axe checks every screen.
 */
// beside the run's own server: its port plus 100, its database and log named after its own, so that
// runs side by side (CI's shards) never share them; the log is checked for secrets as the main one is
const PORT = Number(process.env.E2E_PORT ?? 8090) + 100
const BASE = `http://localhost:${PORT}`
const DATA_DIR = `${process.env.E2E_DATA_DIR ?? '.data-e2e'}-decisions`
const LOG = (process.env.E2E_SERVER_LOG ?? 'test-results/e2e-server.log').replace(/(\.log)?$/, '-decisions.log')
const DESK = { width: 1280, height: 800 }
const PHONE = { width: 360, height: 740 }

test.use({ baseURL: BASE })
test.describe.configure({ mode: 'serial' })

let server: ChildProcess | undefined

test.beforeAll(async () => {
  rmSync(DATA_DIR, { recursive: true, force: true })
  mkdirSync(path.dirname(LOG), { recursive: true })
  const log = openSync(LOG, 'w')
  server = spawn(process.execPath, ['--import', './apps/server/dist/instrument.js', 'apps/server/dist/server.js'], {
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR, LOG_LEVEL: 'info', JOB_INTERVAL_SECONDS: '2', DECISION_DELAY_SECONDS: '600' },
    stdio: ['ignore', log, log],
  })
  const until = Date.now() + 120_000
  for (;;) {
    const ready = await fetch(`${BASE}/readyz`).then((r) => r.ok, () => false)
    if (ready) break
    if (Date.now() > until || server.exitCode !== null) throw new Error(`the decisions server did not start: see ${LOG}`)
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
})

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return
  const exited = new Promise((resolve) => server!.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
})

/** The Indonesian texts the borrower's journey reads (the payout-account journey's, docs/product/screens.md). */
const ID = {
  phone: 'Nomor ponsel', getCode: 'Kirim kode', useCode: 'Pakai kode ini', submit: 'Masuk', signedIn: /Masuk sebagai/,
  identity: 'Identitas', sendIdentity: 'Kirim identitas', identitySaved: 'Identitas tersimpan (versi 1).',
  accountStep: 'Rekening penerima', useDemo: 'Pakai rekening demo', demoSaved: /^Rekening tersimpan: BCA/,
  demoOrders: 'Pesanan demo', newLoan: /^Pinjaman baru/, confirm: 'Konfirmasi pinjaman',
  rejected: 'Belum disetujui', due: 'Menunggu pembayaran',
  noAccount: 'Anda belum menambahkan rekening pencairan.',
}

let phoneSerial = 0
/** A new borrower of Indonesia through /testPreview (the app shell's stand-in): identity, an account if asked, then a loan. Answers its order number and when it was submitted. */
async function applyAsNewBorrower(page: Page, withAccount: boolean): Promise<{ orderNo: string; submittedAt: number }> {
  await page.setViewportSize(PHONE)
  const phone = `0813${String(Date.now()).slice(-6)}${phoneSerial++ % 10}`
  await page.goto('/testPreview?lang=id')
  await page.getByLabel(ID.phone, { exact: true }).fill(phone)
  await page.getByRole('button', { name: ID.getCode }).click()
  await page.getByRole('button', { name: ID.useCode }).click()
  const settled = page.waitForResponse((r) => r.url().includes('/h5-api/v3/user/info') && new URL(r.url()).searchParams.has('tok'))
  await page.getByRole('button', { name: ID.submit, exact: true }).click()
  await settled
  await expect(page.getByText(ID.signedIn)).toBeVisible()
  const identity = page.getByRole('region', { name: ID.identity, exact: true })
  // sent again if no answer shows (the same identity sent twice is kept once: a retry)
  await expect(async () => {
    await identity.getByRole('button', { name: ID.sendIdentity }).click()
    await expect(identity.getByText(ID.identitySaved)).toBeVisible({ timeout: 5_000 })
  }).toPass({ timeout: 30_000 })
  if (withAccount) {
    const accountStep = page.getByRole('region', { name: ID.accountStep, exact: true })
    await accountStep.getByRole('button', { name: ID.useDemo }).click()
    await expect(accountStep.getByText(ID.demoSaved)).toBeVisible()
  }
  await page.getByRole('region', { name: ID.demoOrders }).getByRole('link', { name: ID.newLoan }).click()
  await expect(page).toHaveURL(/\/loan-confirm\?/)
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
  const submittedAt = Date.now()
  await page.getByRole('button', { name: ID.confirm }).click()
  await expect(page).toHaveURL(/\/loan-detail\?.*orderId=K\d+/)
  return { orderNo: new URL(page.url()).searchParams.get('orderId')!, submittedAt }
}

/** Reloads the loan details until its banner says `status` (the order job runs every 2 s here). */
async function waitForStatus(page: Page, status: string, timeoutMs: number) {
  await expect(async () => {
    await page.reload()
    await expect(page.getByRole('heading', { name: status, exact: true })).toBeVisible({ timeout: 1_000 })
  }).toPass({ timeout: timeoutMs, intervals: [1_000, 2_000] })
}

/** A staff member in a browser context of their own, at 1280 px, speaking English. */
async function staffPage(browser: Browser, email: string, language: 'en' | 'id' = 'en'): Promise<Page> {
  const context = await browser.newContext({ baseURL: BASE, viewport: DESK })
  const page = await context.newPage()
  await signInStaff(page, email)
  await speak(page, language)
  return page
}

/** A dialog or a popconfirm mid-animation is half-transparent: axe checks it at rest. */
const atRest = (page: Page) => expect(page.locator('.ant-modal[class*="ant-zoom"], .ant-popover[class*="ant-zoom"], .ant-select-dropdown[class*="ant-slide"]')).toHaveCount(0)

test('an analyst drafts a stricter rule, replays it, another member publishes; a borrower who hits it is rejected with the reason, a clean one paid out alone', async ({ browser, page }) => {
  // four people and a payout through the sandbox, on a second server beside the other journeys
  test.setTimeout(300_000)
  // before any policy: an application without a payout account, kept for a replay and left to people
  const before = await applyAsNewBorrower(page, false)

  const analyst = await staffPage(browser, 'risk@demo.kilat.example.com')
  await expect(async () => {
    const answer = await analyst.request.get(`/ops-api/decisions/order?orderNo=${before.orderNo}&market=ID`)
    expect((await answer.json()).data.decision).toMatchObject({ band: 'refer', reasons: ['manual_check'] })
  }).toPass({ timeout: 20_000 })

  await analyst.goto('/ops/decisions?market=ID')
  await expect(analyst.getByRole('heading', { name: 'Credit policy · Indonesia', level: 1 })).toBeVisible()
  await analyst.getByRole('button', { name: 'Add a row' }).click()
  await analyst.getByLabel('Name of rule 1').fill('no-account')
  const addColumn = analyst.getByRole('combobox', { name: 'Add a condition column' })
  await addColumn.click()
  await addColumn.fill('payoutAccount.nameCheck')
  await addColumn.press('Enter')
  await analyst.getByLabel("Rule 1 (no-account), Account holder's name check").fill('"none"')
  const band = analyst.getByRole('combobox', { name: 'Rule 1 (no-account), Band' })
  await band.click()
  await analyst.locator('.ant-select-dropdown:visible').getByTitle('Reject', { exact: true }).click()
  const reason = analyst.getByRole('combobox', { name: 'Rule 1 (no-account), Reason' })
  await reason.click()
  await reason.fill('You have not added')
  await reason.press('Enter')
  await analyst.getByLabel('Note').fill('Reject applications without a payout account: nothing can be paid out.')
  await analyst.mouse.move(0, 0)
  await atRest(analyst)
  // the page fits 1280 px with the menu open; a table of many condition columns scrolls inside its
  // own frame, the rule's name fixed at its left
  expect(await analyst.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
  await expectAccessible(analyst)
  await screenshot(analyst, 'ops-decisions-draft-en')
  await analyst.getByRole('button', { name: 'Save the draft' }).click()
  await expect(analyst.getByText('Draft saved. It waits for another member to publish it.')).toBeVisible()
  await expect(analyst.getByRole('heading', { name: 'Waiting to be published' })).toBeVisible()

  // the replay over the application made before: it would move from refer to reject
  await analyst.getByRole('button', { name: 'Replay', exact: true }).click()
  await expect(analyst.getByText(/1 applications of the last 30 days, 1 of them would change band/)).toBeVisible()
  await expect(analyst.getByRole('table', { name: "Applications by the band they had (rows) and this version's band (columns)" })).toBeVisible()
  await analyst.mouse.move(0, 0)
  await expectAccessible(analyst)
  await screenshot(analyst, 'ops-decisions-replay-en')
  // the maker cannot publish their own draft
  await expect(analyst.getByText('You drafted it: another member publishes it.')).toBeVisible()

  // an admin publishes it, in Indonesian
  const admin = await staffPage(browser, 'admin@demo.kilat.example.com', 'id')
  await admin.goto('/ops/decisions?market=ID')
  const publish = admin.getByRole('button', { name: /^Terbitkan / })
  await publish.click()
  await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Terbitkan' }).click()
  await expect(admin.getByRole('heading', { name: 'Versi yang diterbitkan' })).toBeVisible()
  await expect(admin.getByText(/Versi 1, diterbitkan oleh admin@demo/)).toBeVisible()
  await admin.mouse.move(0, 0)
  await atRest(admin)
  await expectAccessible(admin)
  await screenshot(admin, 'ops-decisions-published-id')

  // finance: limits with four eyes
  const financeA = await staffPage(browser, 'finance.a@demo.kilat.example.com')
  await financeA.goto('/ops/decisions/settings?market=ID')
  await financeA.getByLabel('Maximum per loan').fill('10000000')
  await financeA.getByLabel('Maximum per day').fill('100000000')
  await financeA.getByRole('button', { name: 'Ask for these limits' }).click()
  await expect(financeA.getByText('New limits asked for. Another finance member confirms them.')).toBeVisible()
  await expect(financeA.getByText('You asked for it: another finance member confirms it.')).toBeVisible()
  const financeB = await staffPage(browser, 'finance.b@demo.kilat.example.com')
  await financeB.goto('/ops/decisions/settings?market=ID')
  await financeB.getByRole('button', { name: 'Confirm the change of limits' }).click()
  await financeB.locator('.ant-popconfirm').getByRole('button', { name: 'Confirm' }).click()
  await expect(financeB.getByText('Limits confirmed.')).toBeVisible()
  await financeB.mouse.move(0, 0)
  await atRest(financeB)
  await expectAccessible(financeB)
  await screenshot(financeB, 'ops-decisions-settings-en')

  // a borrower without a payout account: rejected, the reason in Indonesian on the loan details
  const rejected = await applyAsNewBorrower(page, false)
  await waitForStatus(page, ID.rejected, 30_000)
  await expect(page.getByText(ID.noAccount)).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, 'decisions-rejected-id')

  // a clean borrower: approved and paid out by the system, due once the payout completes
  const clean = await applyAsNewBorrower(page, true)
  await waitForStatus(page, ID.due, 60_000)
  const seconds = (Date.now() - clean.submittedAt) / 1000
  console.log(`decisions: submit to loan due (payout completed) in ${seconds.toFixed(1)} s`)
  expect(seconds).toBeLessThan(60)
  await expectAccessible(page)
  await screenshot(page, 'decisions-paid-out-id')

  // the order screen shows how the system decided each
  await analyst.goto(`/ops/orders/${rejected.orderNo}?market=ID`)
  const decision = analyst.locator('section', { has: analyst.getByRole('heading', { name: 'Decision', exact: true }) })
  // the band, then the row that fired with its own band and reason
  await expect(decision.getByText('Reject', { exact: true })).toHaveCount(2)
  await expect(decision.getByText('You have not added an account to receive the loan.').first()).toBeVisible()
  await expect(decision.getByText('no-account')).toBeVisible()
  await analyst.mouse.move(0, 0)
  await expectAccessible(analyst)
  await screenshot(analyst, 'ops-order-decision-rejected-en')
  await analyst.goto(`/ops/orders/${clean.orderNo}?market=ID`)
  await expect(decision.getByText(/Paid out by the system, within/)).toBeVisible()
  await expectAccessible(analyst)
  await screenshot(analyst, 'ops-order-decision-paid-en')
})
