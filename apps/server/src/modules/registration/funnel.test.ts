import { eq } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, demoLastRegistrationSms, funnelExport, funnelReport, getCaptcha, getSid, getSms, register, trackVisit, type ErrorKey } from '@kilat/contract'
import { ORDER_STATUS, cents, type Market } from '@kilat/domain'
import { SandboxGateway, queueSandboxPayment, type SandboxCallbackBody } from '../../adapters/payments/sandbox-gateway.js'
import { gatewayCallbacks } from '../../adapters/payments/sandbox.schema.js'
import type { Database } from '../../db/client.js'
import { buildOrder, createBorrower, createProduct, nextTestOrderNo, randomPhone } from '../../db/factories.js'
import { seedReference } from '../../db/seed.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { auditLog } from '../audit/audit.schema.js'
import { insertOrder, type Order } from '../orders/orders.service.js'
import type { Product } from '../products/products.schema.js'
import { issueRepaymentAccount, receivePayment } from '../repayment/repayment.service.js'
import { SECRET } from '../repayment/test-helpers.js'
import { emptyStaff, enrolledStaff, opsGet, testClock } from '../staff/test-helpers.js'
import { funnelBorrowers } from './funnel.schema.js'
import { countStep, funnelCsv, percentOf } from './funnel.js'
import { drawnCaptcha } from './test-helpers.js'

/**
 * The registration funnel (docs/product/registration-funnel.md) on a real database: each step
 * counted once on the right day and row, another market's landing page invisible, the wrong role
 * refused, bad input refused, the CSV.
 */


const clock = testClock('2026-03-02T08:00:00.000Z')
/** Each run's own tag, so that rows of other runs on a shared database are not counted. */
const RUN = `t${Date.now().toString(36)}`
const today = (market: Market = 'ID') => new Intl.DateTimeFormat('en-CA', { timeZone: market === 'ID' ? 'Asia/Jakarta' : 'America/Mexico_City' }).format(new Date())

let database: Database
let app: FastifyInstance
let product: Product
let other: Product
type Staff = { cookie: string }
let admin: Staff
let adminMx: Staff
let agent: Staff

beforeAll(async () => {
  database = await openTestDatabase()
  await seedReference(database.db)
  await emptyStaff(database)
  app = await buildTestApp(database, { now: clock.now, env: { JOB_INTERVAL_SECONDS: '0' } })
  await app.ready()
  product = await createProduct(database.db, { termUnit: 'day', termDays: 91 })
  other = await createProduct(database.db, { termUnit: 'day', termDays: 91 })
  admin = await enrolledStaff(app, database, clock, 'admin', ['ID'])
  adminMx = await enrolledStaff(app, database, clock, 'admin', ['MX'])
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

let ipSeq = 0
const newIp = () => `198.51.101.${(ipSeq += 1)}`

function publicCall(method: 'GET' | 'POST', path: string, query: Record<string, string>, fields?: Record<string, string>, ip = newIp()) {
  return app.inject({
    method,
    url: `${path}?${new URLSearchParams(query).toString()}`,
    remoteAddress: ip,
    ...(fields ? { payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } } : {}),
  })
}

const report = (who: Staff, query: Record<string, string>) => opsGet(app, funnelReport.path, { cookie: who.cookie, query })

function expectError(res: LightMyRequestResponse, key: ErrorKey) {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(ERRORS[key].status)
  expect(res.json().code).toBe(ERRORS[key].code)
}

/** A visitor of `/register?id=…&utm_tag=…` who registers, as the landing page calls the server. */
async function registerThroughPage(pageId: string, utmTag: string, options: { registerUtm?: string; market?: Market } = {}): Promise<{ phone: string; borrowerId: number }> {
  const market = options.market ?? 'ID'
  const ip = newIp()
  const visit = await publicCall('GET', trackVisit.path, { market, page_id: pageId, utm_tag: utmTag, page_type: '1', client_type: 'h5' }, undefined, ip)
  expect(visit.json().code).toBe(0)
  const sid = (await publicCall('GET', getSid.path, { market, page_id: pageId, utm_tag: utmTag }, undefined, ip)).json().data.sid as string
  await publicCall('GET', getCaptcha.path, { market, sid, a: '1' }, undefined, ip)
  const capcode = await drawnCaptcha(database.db, sid)
  const phone = randomPhone(market)
  const sent = await publicCall('POST', getSms.path, { market }, { phone, capcode, sid, utm_tag: utmTag }, ip)
  expect(sent.json().code, sent.body).toBe(0)
  const code = (await publicCall('GET', demoLastRegistrationSms.path, { market, phone })).json().data.code as string
  const done = await publicCall(
    'POST',
    register.path,
    { market },
    { phone, capcode, sid, smsCode: code, id: pageId, utm_tag: options.registerUtm ?? utmTag },
    ip,
  )
  expect(done.json().code, done.body).toBe(0)
  const [row] = await database.db.select().from(funnelBorrowers).where(eq(funnelBorrowers.utmTag, utmTag))
  return { phone, borrowerId: row!.borrowerId }
}

async function placeOrder(borrowerId: number, of: Product = product, at = new Date()): Promise<Order> {
  const built = buildOrder({ product: of, borrowerId, orderNo: nextTestOrderNo(), principal: 200_000_000, status: ORDER_STATUS.due, now: at })
  return database.db.transaction((tx) => insertOrder(tx, built.order, built.periods))
}

async function repay(order: Order, amount: number) {
  const gateway = new SandboxGateway(SECRET, { db: database.db })
  const issued = await issueRepaymentAccount({ db: database.db, gateway }, { borrowerId: order.borrowerId, orderNo: order.orderNo, methodCode: 'BCA', purpose: 'repay' }, new Date())
  const account = { id: issued.accountId, accountNo: issued.accountNo, amount: cents(amount), method: 'BCA', market: 'ID' as const }
  const queued = await queueSandboxPayment(database.db, account, { now: new Date(), amount: cents(amount) })
  if (!queued.ok) throw new Error(queued.reason)
  const [row] = await database.db.select().from(gatewayCallbacks).where(eq(gatewayCallbacks.id, queued.callbackId))
  const body = JSON.parse(row!.body) as SandboxCallbackBody
  await receivePayment(database.db, 'sandbox', { gatewayPaymentId: body.id, accountNo: body.account_no, externalId: body.external_id, amount: cents(body.amount), paidAt: new Date(body.paid_at), method: body.method, raw: body })
}

describe('the funnel counts each step once, on the registration’s landing page and utm_tag', () => {
  it('visit → SMS → registered → first order → first repayment, in the day’s row', async () => {
    const tag = `${RUN}-a`
    // the registration names another utm_tag: the one its session carried from the visit counts
    const { borrowerId } = await registerThroughPage('1', tag, { registerUtm: 'changed' })
    const order = await placeOrder(borrowerId)
    await placeOrder(borrowerId, other)
    await repay(order, 50_000_00)
    await repay(order, 10_000_00)

    const day = today()
    const res = await report(admin, { market: 'ID', from: day, to: day, utmTag: tag })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.rows).toEqual([
      {
        day,
        templateId: 1,
        utmTag: tag,
        counts: { visits: 1, smsSent: 1, registered: 1, firstOrders: 1, firstRepayments: 1 },
        rates: { visits: null, smsSent: 10_000, registered: 10_000, firstOrders: 10_000, firstRepayments: 10_000 },
      },
    ])
    expect(data.days).toHaveLength(1)
    expect(data.totals.counts).toEqual({ visits: 1, smsSent: 1, registered: 1, firstOrders: 1, firstRepayments: 1 })
    expect(data.templates.map((t: { id: number }) => t.id)).toEqual([1])
    expect(data.templates[0].name).toMatch(/^#1 /)
  })

  it('a second visit counts, a second SMS on the session does not; rates are against the step before', async () => {
    const tag = `${RUN}-b`
    await publicCall('GET', trackVisit.path, { market: 'ID', page_id: '1', utm_tag: tag })
    await registerThroughPage('1', tag)
    const day = today()
    const data = (await report(admin, { market: 'ID', from: day, to: day, utmTag: tag, templateId: '1' })).json().data
    expect(data.totals.counts).toMatchObject({ visits: 2, smsSent: 1, registered: 1, firstOrders: 0 })
    expect(data.totals.rates).toMatchObject({ smsSent: 5000, registered: 10_000, firstOrders: 0, firstRepayments: null })
  })

  it('a page id that is not one of the market’s counts as no landing page (0)', async () => {
    const tag = `${RUN}-c`
    await publicCall('GET', trackVisit.path, { market: 'ID', page_id: '3', utm_tag: tag })
    await publicCall('GET', trackVisit.path, { market: 'ID', page_id: 'abc', utm_tag: tag })
    const day = today()
    const data = (await report(admin, { market: 'ID', from: day, to: day, utmTag: tag })).json().data
    expect(data.rows.map((r: { templateId: number; counts: { visits: number } }) => [r.templateId, r.counts.visits])).toEqual([[0, 2]])
    // and the MX admin does not see Indonesia's rows
    const mx = (await report(adminMx, { market: 'MX', from: today('MX'), to: today('MX'), utmTag: tag })).json().data
    expect(mx.rows).toEqual([])
  })
})

describe('days are the market’s local days', () => {
  it('Jakarta’s day turns at 17:00 UTC, Mexico City’s at 06:00 UTC', async () => {
    const tag = `${RUN}-d`
    const source = { templateId: 1, utmTag: tag }
    await countStep(database.db, 'ID', source, 'visits', new Date('2026-01-10T16:59:59.999Z'))
    await countStep(database.db, 'ID', source, 'visits', new Date('2026-01-10T17:00:00.000Z'))
    await countStep(database.db, 'MX', { templateId: 3, utmTag: tag }, 'visits', new Date('2026-01-11T05:59:59.999Z'))
    const id = (await report(admin, { market: 'ID', from: '2026-01-10', to: '2026-01-11', utmTag: tag })).json().data
    expect(id.days.map((d: { day: string; counts: { visits: number } }) => [d.day, d.counts.visits])).toEqual([
      ['2026-01-10', 1],
      ['2026-01-11', 1],
    ])
    const mx = (await report(adminMx, { market: 'MX', from: '2026-01-10', to: '2026-01-11', utmTag: tag })).json().data
    expect(mx.days.map((d: { day: string; counts: { visits: number } }) => [d.day, d.counts.visits])).toEqual([
      ['2026-01-10', 1],
      ['2026-01-11', 0],
    ])
  })
})

describe('who may read it', () => {
  const q = { market: 'ID', from: '2026-01-01', to: '2026-01-30' }
  it('refuses another market’s landing page (404) and market (403), the wrong role (403)', async () => {
    expectError(await report(admin, { ...q, templateId: '3' }), 'funnelTemplateNotFound')
    expectError(await report(admin, { ...q, templateId: '999999' }), 'funnelTemplateNotFound')
    expectError(await report(admin, { ...q, market: 'MX' }), 'staffForbidden')
    // a market that does not exist is bad input (docs/product/operations.md#calls)
    expectError(await report(admin, { ...q, market: 'XX' }), 'invalidRequest')
    expectError(await report(agent, q), 'staffForbidden')
    expectError(await opsGet(app, funnelExport.path, { cookie: agent.cookie, query: q }), 'staffForbidden')
    expectError(await opsGet(app, funnelExport.path, { cookie: admin.cookie, query: { ...q, templateId: '3' } }), 'funnelTemplateNotFound')
    const none = await opsGet(app, funnelReport.path, { query: q })
    expect(none.statusCode).toBe(401)
  })

  it('refuses bad input', async () => {
    for (const bad of [
      { market: 'ID', from: '2026-01-01' },
      { ...q, from: '2026-02-30' },
      { ...q, to: 'yesterday' },
      { ...q, templateId: 'abc' },
      { ...q, templateId: '-1' },
      { ...q, utmTag: 'x'.repeat(65) },
      { ...q, utmTag: 'a\u0000b' },
    ]) expectError(await report(admin, bad), 'invalidRequest')
    expectError(await report(admin, { ...q, from: '2026-02-01', to: '2026-01-01' }), 'funnelRangeInvalid')
    // 93 days refused, 92 answered, each day with its line
    expectError(await report(admin, { ...q, from: '2026-01-01', to: '2026-04-03' }), 'funnelRangeInvalid')
    const quarter = await report(admin, { ...q, from: '2026-01-01', to: '2026-04-02' })
    expect(quarter.statusCode).toBe(200)
    expect(quarter.json().data.days).toHaveLength(92)
  })

  it('answers a hostile utm_tag as text', async () => {
    const tag = `<img src=x onerror=alert(1)>${RUN}`
    await countStep(database.db, 'ID', { templateId: 1, utmTag: tag }, 'visits', new Date('2026-01-05T03:00:00Z'))
    const data = (await report(admin, { market: 'ID', from: '2026-01-05', to: '2026-01-05', utmTag: tag })).json().data
    expect(data.rows[0].utmTag).toBe(tag)
    expect(data.utmTags).toContain(tag)
  })
})

describe('the CSV export', () => {
  it('streams every row with rates in percent, guards formulas, and is recorded in the audit trail', async () => {
    const tag = `=HYPERLINK("x")${RUN}`
    await countStep(database.db, 'ID', { templateId: 1, utmTag: tag }, 'visits', new Date('2026-01-20T03:00:00Z'))
    await countStep(database.db, 'ID', { templateId: 1, utmTag: tag }, 'visits', new Date('2026-01-20T03:00:00Z'))
    await countStep(database.db, 'ID', { templateId: 1, utmTag: tag }, 'visits', new Date('2026-01-20T03:00:00Z'))
    await countStep(database.db, 'ID', { templateId: 1, utmTag: tag }, 'smsSent', new Date('2026-01-20T03:00:00Z'))
    const res = await opsGet(app, funnelExport.path, { cookie: admin.cookie, query: { market: 'ID', from: '2026-01-20', to: '2026-01-20', utmTag: tag } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(res.headers['content-disposition']).toBe('attachment; filename="kilat-funnel-ID-2026-01-20-2026-01-20.csv"')
    const lines = res.body.trim().split('\r\n')
    expect(lines[0]).toBe('day,market,template_id,template,utm_tag,visits,sms_sent,registered,first_orders,first_repayments,sms_sent_rate_pct,registered_rate_pct,first_order_rate_pct,first_repayment_rate_pct')
    expect(lines).toHaveLength(2)
    expect(lines[1]).toMatch(new RegExp(`^2026-01-20,ID,1,#1 [^,]*,"'=HYPERLINK\\(""x""\\)${RUN}",3,1,0,0,0,33\\.33,0\\.00,,$`))
    const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.action, 'registration.export-funnel'))
    expect(audit).toMatchObject({ recordType: 'export', recordId: 'ID:2026-01-20..2026-01-20' })
  })

  it('pages through the rows by key, none twice or missed', async () => {
    const tag = `${RUN}-p`
    for (let i = 0; i < 7; i++) await countStep(database.db, 'ID', { templateId: 1, utmTag: `${tag}-${i}` }, 'visits', new Date(`2026-01-2${i % 3}T03:00:00Z`))
    let text = ''
    for await (const chunk of funnelCsv(database.db, { market: 'ID', from: '2026-01-20', to: '2026-01-22' }, new Map(), 2)) text += chunk
    const tags = text.split('\r\n').filter((l) => l.includes(tag)).map((l) => l.split(',')[4])
    expect(new Set(tags).size).toBe(7)
    expect(tags).toHaveLength(7)
  })

  it('writes basis points as percent without floats', () => {
    expect(percentOf(null)).toBe('')
    expect(percentOf(0)).toBe('0.00')
    expect(percentOf(5)).toBe('0.05')
    expect(percentOf(10_000)).toBe('100.00')
    expect(percentOf(12_345)).toBe('123.45')
  })
})

describe('an unregistered borrower', () => {
  it('an order of a borrower who did not come through a landing page counts nowhere', async () => {
    const borrower = await createBorrower(database.db, { market: 'ID' })
    await placeOrder(borrower.id)
    const rows = await database.db.select().from(funnelBorrowers).where(eq(funnelBorrowers.borrowerId, borrower.id))
    expect(rows).toEqual([])
  })
})
