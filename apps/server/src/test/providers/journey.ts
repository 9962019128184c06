import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import { generateVcode, orderApprove, orderScreen, payoutConfirm, payoutRequest } from '@kilat/contract'
import { ORDER_STATUS, cents, type Market } from '@kilat/domain'
import type { PaymentGateway } from '../../adapters/payments/payment-gateway.js'
import type { PayoutDestination, PayoutProvider } from '../../adapters/payouts/payout-provider.js'
import type { ByMarket } from '../../adapters/providers/by-market.js'
import { buildProviders, type BuildProvidersOptions, type Providers } from '../../adapters/providers/registry.js'
import { rowsOf, type Database } from '../../db/client.js'
import { createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { saveDestination } from '../../modules/kyc/kyc.service.js'
import type { Order } from '../../modules/orders/orders.service.js'
import { runAllPayouts, type PassOutcome } from '../../modules/money-desk/payouts.outbox.js'
import { applyAllDueEvents, type ApplyOutcome } from '../../modules/repayment/inbox.js'
import type { Product } from '../../modules/products/products.service.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock, type TestClock } from '../../modules/staff/test-helpers.js'
import { post } from '../inject.js'
import { buildTestApp, openTestDatabase, testConfig } from '../setup-db.js'

/**
 * The borrower's journey against a market's live adapters and their fakes (docs/operations/going-live.md#the-fakes):
 * an app listening on a loopback port (the fakes post their callbacks to it over HTTP), the market's
 * live payment gateway and payout provider, the sandbox for the other markets (its accounts are
 * "another gateway's" in the forgery tests), and the staff who approve and pay out.
 */

export const DAY_MS = 86_400_000
/** The payout's status is asked this long after acceptance without a callback: never within a test. */
const STATUS_AFTER_S = 3600

export interface JourneyApp {
  app: FastifyInstance
  database: Database
  clock: TestClock
  market: Market
  product: Product
  payments: ByMarket<PaymentGateway>
  payouts: ByMarket<PayoutProvider>
  /** The live providers, as `providers:check` lists them, with their webhooks' paths. */
  live: Providers['live']
  logged: LoggedLine[]
  /** This server's address, for the fakes' callbacks. */
  baseUrl: string
  risk: { cookie: string }
  financeA: { cookie: string }
  financeB: { cookie: string }
  close(): Promise<void>
}

export interface JourneyOptions {
  market: Market
  /**
   * The market's choice and its provider's keys, as the operator sets them (PAYMENTS_ID=xendit,
   * XENDIT_API_URL at the fake, …): the providers are built by the registry as the server builds them.
   */
  env: Record<string, string>
  product?: Parameters<typeof createProduct>[1]
}

/** What the providers wrote to the log, for the proof that it names no secret and no full account number. */
export interface LoggedLine {
  level: 'warn' | 'info'
  message: string
  details: Record<string, unknown>
}

/** The app with the market's live providers (the other markets' sandboxes), its staff, and a product of the market. */
export async function openJourney(options: JourneyOptions): Promise<JourneyApp> {
  const database = await openTestDatabase()
  await emptyStaff(database)
  // the staff calls' clock starts at the real time: the borrower's calls, the inbox and the fakes read the real one
  const clock = testClock(new Date().toISOString())
  const env = { JOB_INTERVAL_SECONDS: '0', PUBLIC_URL: 'https://kilat.example.com', ...options.env }
  const logged: LoggedLine[] = []
  const log = {
    warn: (details: Record<string, unknown>, message: string) => void logged.push({ level: 'warn', message, details }),
    info: (details: unknown, message?: string) => void logged.push({ level: 'info', message: message ?? '', details: { details } }),
  } as BuildProvidersOptions['log']
  const providers = buildProviders({ env, config: testConfig(env), db: database.db, log })
  expect(providers.payments.of(options.market).name).not.toBe('sandbox')
  expect(providers.payouts.of(options.market).name).not.toBe('sandbox')
  const { payments, payouts } = providers
  const app = await buildTestApp(database, { env, now: clock.now, payments, payouts, sms: providers.sms })
  await app.listen({ port: 0, host: '127.0.0.1' })
  const { port } = app.server.address() as AddressInfo
  const product = await createProduct(database.db, { market: options.market, ...options.product })
  const risk = await enrolledStaff(app, database, clock, 'risk', [options.market])
  const financeA = await enrolledStaff(app, database, clock, 'finance', [options.market])
  const financeB = await enrolledStaff(app, database, clock, 'finance', [options.market])
  return {
    app,
    database,
    clock,
    market: options.market,
    product,
    payments,
    payouts,
    live: providers.live,
    logged,
    baseUrl: `http://127.0.0.1:${port}`,
    risk,
    financeA,
    financeB,
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}

export interface Applicant {
  order: Order
  borrowerId: number
  /** The borrower's session token (`tok`). */
  token: string
}

/** A borrower's order as the apply call leaves it (submitted, left to staff), with the payout account the borrower gave, unless `destination` is null. */
export async function submittedOrder(t: JourneyApp, destination: PayoutDestination | null, principal?: number): Promise<Applicant> {
  const { borrower, token } = await createBorrowerWithSession(t.database.db, { market: t.market })
  const { order } = await createOrder(t.database.db, {
    product: t.product,
    borrowerId: borrower.id,
    status: ORDER_STATUS.submitted,
    now: t.clock.now(),
    manualReview: true,
    ...(principal === undefined ? {} : { principal }),
  })
  if (destination) await saveDestination(t.database.db, t.app.secrets, borrower.id, destination, t.clock.now())
  return { order, borrowerId: borrower.id, token }
}

/** Risk approves; finance A requests the payout and finance B confirms it: its request's id. */
export async function approveAndConfirm(t: JourneyApp, order: Order): Promise<number> {
  const approved = await opsPost(t.app, orderApprove.path, { orderNo: order.orderNo }, { cookie: t.risk.cookie })
  expect(approved.statusCode, approved.body).toBe(200)
  return requestAndConfirm(t, order)
}

/** Finance A requests the approved order's payout and finance B confirms it: its request's id. */
export async function requestAndConfirm(t: JourneyApp, order: Order): Promise<number> {
  const requested = await opsPost(t.app, payoutRequest.path, { orderNo: order.orderNo }, { cookie: t.financeA.cookie })
  expect(requested.statusCode, requested.body).toBe(200)
  const id = requested.json().data.payout.id as number
  const confirmed = await opsPost(t.app, payoutConfirm.path, { requestId: id }, { cookie: t.financeB.cookie })
  expect(confirmed.statusCode, confirmed.body).toBe(200)
  expect(confirmed.json().data.payout.status).toBe('confirmed')
  return id
}

/** The outbox's worker passes at `at` (the staff clock's now by default). */
export function sendPayouts(t: JourneyApp, at = t.clock.now()): Promise<PassOutcome> {
  return runAllPayouts({ db: t.database.db, secrets: t.app.secrets, payouts: t.payouts, statusAfterSeconds: STATUS_AFTER_S }, at)
}

/** The inbox worker's passes: what the webhook stored is applied. */
export function applyInbox(t: JourneyApp): Promise<ApplyOutcome> {
  return applyAllDueEvents(t.database.db)
}

/** The borrower asks for the method's account (generateVcode): its number and our id of it. */
export async function askAccount(t: JourneyApp, who: Applicant, payCode: string, payType = 1): Promise<{ accountId: number; vcode: string }> {
  const res = await post(t.app, generateVcode.path, { orderId: who.order.orderNo, payCode, pay_type: payType }, { tok: who.token })
  const json = res.json()
  expect(json.code, res.body).toBe(0)
  return json.data as { accountId: number; vcode: string }
}

/** The order's payout requests as the console shows them (finance reads the order's screen). */
export async function payoutsShown(t: JourneyApp, order: Order): Promise<Array<{ id: number; status: string; failureReason: string | null; providerRef: string | null }>> {
  const res = await opsGet(t.app, orderScreen.path, { cookie: t.financeA.cookie, query: { orderNo: order.orderNo } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.payouts
}

const one = async <T>(t: JourneyApp, query: ReturnType<typeof sql>): Promise<T> => (await rowsOf<T>(t.database.db.execute(query)))[0]!

/** The order's row as it stands. */
export async function orderRow(t: JourneyApp, order: Pick<Order, 'id'>) {
  return one<{ status: number; received: string | number; total_repay: string | number; paid: string | number; disbursed_at: string | Date | null; due_at: string | Date | null; settled_at: string | Date | null }>(
    t,
    sql`select status, received, total_repay, paid, disbursed_at, due_at, settled_at from orders where id = ${order.id}`,
  )
}

/** A payout request's row. */
export async function requestRow(t: JourneyApp, id: number) {
  return one<{ status: string; provider: string | null; provider_ref: string | null; failure_reason: string | null; completed_at: string | Date | null; attempts: number }>(
    t,
    sql`select status, provider, provider_ref, failure_reason, completed_at, attempts from payout_requests where id = ${id}`,
  )
}

const count = async (t: JourneyApp, table: string): Promise<number> => Number((await one<{ n: string | number }>(t, sql.raw(`select count(*) as n from "${table}"`))).n)

/** What a forged callback must not change: every row a callback could write, counted. */
export async function callbackRows(t: JourneyApp): Promise<Record<string, number>> {
  const tables = ['payment_inbox', 'payments', 'ledger_entries', 'unmatched_callbacks', 'payout_callbacks', 'payout_events']
  return Object.fromEntries(await Promise.all(tables.map(async (name) => [name, await count(t, name)] as const)))
}

/** The order's money: what it owed, what was paid, what the ledger split it into, and its periods. */
export async function moneyOf(t: JourneyApp, order: Pick<Order, 'id'>) {
  const paid = await one<{ n: string | number; total: string | number | null }>(t, sql`select count(*) as n, sum(amount) as total from payments where order_id = ${order.id}`)
  const ledger = await one<{ total: string | number | null }>(t, sql`select sum(amount) as total from ledger_entries where order_id = ${order.id}`)
  const periods = await one<{ open: string | number }>(t, sql`select count(*) as open from order_periods where order_id = ${order.id} and status <> 'paid'`)
  return { payments: Number(paid.n), paid: cents(Number(paid.total ?? 0)), ledger: cents(Number(ledger.total ?? 0)), openPeriods: Number(periods.open) }
}

/** The amount a borrower owes now, as the account was issued for it (the account's own row). */
export async function accountRow(t: JourneyApp, accountId: number) {
  return one<{ status: string; amount: string | number; gateway: string; account_no: string; gateway_ref: string | null }>(
    t,
    sql`select status, amount, gateway, account_no, gateway_ref from payment_accounts where id = ${accountId}`,
  )
}

export const asDate = (v: string | Date | null): Date | null => (v === null ? null : new Date(v))

/** A market whose payments the sandbox serves in these tests, a product of it and its method. */
const OTHER: Record<Market, { market: Market; payCode: string; product: Parameters<typeof createProduct>[1]; principal: number }> = {
  ID: { market: 'MX', payCode: 'SPEI', product: { market: 'MX', minAmount: cents(1_000_00), maxAmount: cents(20_000_00), amountStep: cents(500_00) }, principal: 5_000_00 },
  IN: { market: 'ID', payCode: 'BCA', product: { market: 'ID' }, principal: 200_000_000 },
  MX: { market: 'ID', payCode: 'BCA', product: { market: 'ID' }, principal: 200_000_000 },
}

/** An account another gateway (the sandbox of another market) issued to another borrower: its id and number. */
export async function otherGatewayAccount(t: JourneyApp): Promise<{ accountId: number; vcode: string }> {
  const other = OTHER[t.market]
  const product = await createProduct(t.database.db, other.product)
  const { borrower, token } = await createBorrowerWithSession(t.database.db, { market: other.market })
  const { order } = await createOrder(t.database.db, { product, borrowerId: borrower.id, status: ORDER_STATUS.due, principal: other.principal })
  const account = await askAccount(t, { order, borrowerId: borrower.id, token }, other.payCode)
  expect((await accountRow(t, account.accountId)).gateway).toBe('sandbox')
  return account
}

/**
 * After forged callbacks naming other accounts: nothing was applied, the unknown payments were
 * kept once each for finance (`unmatched_callbacks`), and every account named is still unpaid.
 */
export async function expectNothingApplied(t: JourneyApp, before: Record<string, number>, keptUnmatched: number, accountIds: number[]): Promise<void> {
  const after = await callbackRows(t)
  expect({ ...after, unmatched_callbacks: before.unmatched_callbacks }).toEqual(before)
  expect(after.unmatched_callbacks).toBe(before.unmatched_callbacks! + keptUnmatched)
  for (const id of accountIds) expect((await accountRow(t, id)).status).toBe('pending')
}

/** What the providers logged: something (the retries), and none of these values. */
export function expectLogWithout(t: JourneyApp, secrets: string[]): void {
  expect(t.logged.filter((l) => l.level === 'warn').length).toBeGreaterThan(0)
  const text = JSON.stringify(t.logged)
  for (const secret of secrets) expect(text).not.toContain(secret)
}
