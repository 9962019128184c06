import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ERRORS, collectionBuckets, collectionContacts, collectionQueue, collectionRecordContact } from '@kilat/contract'
import { ORDER_STATUS, addDays, cents, localDate, owedOf, totalOwed, type Market, type OrderStatus } from '@kilat/domain'
import type { SmsMessage, SmsSender } from '../../adapters/sms/sms-sender.js'
import type { Database } from '../../db/client.js'
import { createBorrower, createOrder, createProduct } from '../../db/factories.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { auditLog } from '../audit/audit.schema.js'
import { orderPeriods, orders, type Order } from '../orders/orders.schema.js'
import type { Product } from '../products/products.schema.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, signIn, testClock, type TestStaff } from '../staff/test-helpers.js'
import { collectionContacts as contactsTable } from './collections.schema.js'
import { BUCKET_COUNTS_KEPT_MS } from './collections.desk.js'
import { runReminders } from './collections.reminders.js'

const S = ORDER_STATUS
const DAY_MS = 86_400_000

let database: Database
let app: FastifyInstance
/** Monday 2 March 2026, 15:00 in Jakarta. */
const clock = testClock('2026-03-02T08:00:00.000Z')
const product = {} as Record<'single' | 'installments' | 'mexico', Product>
let collector: TestStaff & { cookie: string }
let collectorMx: TestStaff & { cookie: string }
let agent: TestStaff & { cookie: string }

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  app = await buildTestApp(database, { now: clock.now })
  await app.ready()
  product.single = await createProduct(database.db, { termUnit: 'day', termDays: 91 })
  product.installments = await createProduct(database.db, { termUnit: 'period', periods: 4, periodDays: 30 })
  product.mexico = await createProduct(database.db, { market: 'MX', minAmount: cents(1_000_00), maxAmount: cents(20_000_00), amountStep: cents(500_00) })
  collector = await enrolledStaff(app, database, clock, 'collector', ['ID'])
  collectorMx = await enrolledStaff(app, database, clock, 'collector', ['MX'])
  agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

/**
 * Moves the test clock forward to a Jakarta wall time; the staff sign in again, as after a night
 * (a session ends after 30 idle minutes, and a code once used is never accepted again).
 */
async function atJakarta(local: string): Promise<void> {
  const target = new Date(`${local}+07:00`).getTime()
  if (target <= clock.now().getTime()) throw new Error(`the clock only moves forward: ${local}`)
  clock.tick(target - clock.now().getTime())
  for (const who of [collector, collectorMx, agent]) who.cookie = await signIn(app, who, clock)
  // signing in took a step of the clock: back to the wall time asked for
  clock.tick(target - clock.now().getTime())
}

async function make(p: Product, status: OrderStatus, extra: { principal?: number; overdueDays?: number; borrowerId?: number; now?: Date } = {}): Promise<Order> {
  const borrowerId = extra.borrowerId ?? (await createBorrower(database.db, { market: p.market as Market })).id
  const { order } = await createOrder(database.db, {
    product: p,
    borrowerId,
    status,
    now: extra.now ?? clock.now(),
    manualReview: true,
    ...(extra.principal === undefined ? {} : { principal: extra.principal }),
    ...(extra.overdueDays === undefined ? {} : { overdueDays: extra.overdueDays }),
  })
  return order
}

const post = (body: unknown, who: { cookie: string }) => opsPost(app, collectionRecordContact.path, body, { cookie: who.cookie })
const read = (path: string, who: { cookie: string }, query: Record<string, string> = {}) => opsGet(app, path, { cookie: who.cookie, query })

function expectError(res: { statusCode: number; json: () => { code: number; message: string } }, key: keyof typeof ERRORS) {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(ERRORS[key].status)
  expect(res.json()).toMatchObject({ code: ERRORS[key].code, message: ERRORS[key].messages.en })
}

const contactRows = (order: Pick<Order, 'id'>) => database.db.select().from(contactsTable).where(eq(contactsTable.orderKey, order.id)).orderBy(asc(contactsTable.id))
const auditOf = (order: Pick<Order, 'orderNo'>) => database.db.select().from(auditLog).where(eq(auditLog.recordId, order.orderNo)).orderBy(asc(auditLog.id))

describe('buckets and queue', () => {
  const made: Record<string, Order> = {}
  beforeAll(async () => {
    made.d5 = await make(product.single, S.overdue, { overdueDays: 5, principal: 1_000_000_00 })
    made.d20 = await make(product.single, S.overdue, { overdueDays: 20, principal: 3_000_000_00 })
    made.d45 = await make(product.single, S.overdue, { overdueDays: 45 })
    made.d75 = await make(product.single, S.overdue, { overdueDays: 75 })
    made.d120 = await make(product.single, S.overdue, { overdueDays: 120 })
    made.due = await make(product.single, S.due)
    made.mx = await make(product.mexico, S.overdue, { overdueDays: 10, principal: 5_000_00 })
  })

  it('counts each market’s overdue orders by bucket with the amounts owed', async () => {
    const res = await read(collectionBuckets.path, collector)
    expect(res.statusCode, res.body).toBe(200)
    const [id] = res.json().data.markets
    expect(id.market).toBe('ID')
    expect(id.date).toBe('2026-03-02')
    const counts = Object.fromEntries(id.buckets.map((b: { bucket: string; count: number }) => [b.bucket, b.count]))
    expect(counts).toEqual({ d1_30: 2, d31_60: 1, d61_90: 1, d90_plus: 1 })
    // what each order owes, as the domain reads it (docs/product/money-rules.md#repayment): the
    // desk's amounts come from its one SQL expression (orders.owed.ts), held to owedOf
    const owed = async (o: Order) => {
      const row = (await database.db.select().from(orders).where(eq(orders.id, o.id)))[0]!
      const periods = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, o.id))
      return totalOwed(owedOf(row, periods))
    }
    const first = id.buckets.find((b: { bucket: string }) => b.bucket === 'd1_30')
    expect(first.amount).toBe((await owed(made.d5!)) + (await owed(made.d20!)))
    expect(first.amount).toBeGreaterThan(0)
    // Mexico's collector sees Mexico only
    const mx = (await read(collectionBuckets.path, collectorMx)).json().data.markets
    expect(mx.map((m: { market: string }) => m.market)).toEqual(['MX'])
    expect(mx[0].buckets[0]).toMatchObject({ bucket: 'd1_30', count: 1 })
  })

  it('lists a bucket’s orders, largest amount owed first, page by page, phone masked', async () => {
    const res = await read(collectionQueue.path, collector, { bucket: 'd1_30', limit: '1' })
    expect(res.statusCode, res.body).toBe(200)
    const page1 = res.json().data
    expect(page1.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([made.d20!.orderNo])
    expect(page1.orders[0]).toMatchObject({ daysOverdue: 20, bucket: 'd1_30', market: 'ID', lastContactAt: null, promise: null })
    expect(page1.orders[0].phoneMasked).toMatch(/\*/)
    const page2 = (await read(collectionQueue.path, collector, { bucket: 'd1_30', limit: '1', cursor: page1.nextCursor })).json().data
    expect(page2.orders.map((o: { orderNo: string }) => o.orderNo)).toEqual([made.d5!.orderNo])
    expect(page2.nextCursor).toBeNull()
    const all = (await read(collectionQueue.path, collector)).json().data.orders
    expect(all).toHaveLength(5)
    expect(all.map((o: { owed: number }) => o.owed)).toEqual([...all.map((o: { owed: number }) => o.owed)].sort((a, b) => b - a))
    expect(all.map((o: { orderNo: string }) => o.orderNo)).not.toContain(made.due!.orderNo)
    expect(all.map((o: { orderNo: string }) => o.orderNo)).not.toContain(made.mx!.orderNo)
  })

  it('refuses another market (403), other roles (403) and a bad bucket or cursor (400)', async () => {
    expectError(await read(collectionQueue.path, collector, { market: 'MX' }), 'staffForbidden')
    expectError(await read(collectionBuckets.path, collector, { market: 'IN' }), 'staffForbidden')
    expectError(await read(collectionQueue.path, agent), 'staffForbidden')
    expectError(await read(collectionBuckets.path, agent), 'staffForbidden')
    expectError(await read(collectionQueue.path, collector, { bucket: 'd0' }), 'invalidRequest')
    expectError(await read(collectionQueue.path, collector, { cursor: "1' or 1=1" }), 'invalidRequest')
    expectError(await read(collectionQueue.path, collector, { limit: '1000' }), 'invalidRequest')
  })
})

describe('the contact log', () => {
  let order: Order
  beforeAll(async () => {
    order = await make(product.single, S.overdue, { overdueDays: 12 })
  })

  it('records a contact at 10:00 Jakarta time, with its audit row, and shows it with the order', async () => {
    await atJakarta('2026-03-03T10:00:00')
    const res = await post({ orderNo: order.orderNo, channel: 'phone', outcome: 'no_answer', note: 'Rang twice' }, collector)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.contact).toMatchObject({ channel: 'phone', outcome: 'no_answer', note: 'Rang twice', staffEmail: collector.email, localAt: '2026-03-03 10:00', promise: null, reminderStep: null })
    const audit = await auditOf(order)
    expect(audit.at(-1)).toMatchObject({ action: 'collections.contact', staffId: collector.id, role: 'collector', markets: ['ID'] })
    const log = (await read(collectionContacts.path, collector, { orderNo: order.orderNo })).json().data
    expect(log).toMatchObject({ orderNo: order.orderNo, market: 'ID', windowOpen: true, windowHours: '08:00-20:00', localNow: '2026-03-03 10:00' })
    expect(log.contacts).toHaveLength(1)
    // every role of the market reads it beside the order
    expect((await read(collectionContacts.path, agent, { orderNo: order.orderNo })).statusCode).toBe(200)
  })

  it('refuses a contact at 21:00 Jakarta time, on a Sunday and on a public holiday, writing nothing', async () => {
    const before = (await contactRows(order)).length
    const auditBefore = (await auditOf(order)).length
    await atJakarta('2026-03-03T21:00:00')
    expectError(await post({ orderNo: order.orderNo, channel: 'phone', outcome: 'reached' }, collector), 'contactOutsideWindow')
    const log = (await read(collectionContacts.path, collector, { orderNo: order.orderNo })).json().data
    expect(log).toMatchObject({ windowOpen: false, localNow: '2026-03-03 21:00' })
    // before 08:00, on a Sunday, on Idul Fitri
    for (const local of ['2026-03-04T07:59:00', '2026-03-08T10:00:00', '2026-03-20T10:00:00']) {
      await atJakarta(local)
      expectError(await post({ orderNo: order.orderNo, channel: 'phone', outcome: 'reached' }, collector), 'contactOutsideWindow')
    }
    expect(await contactRows(order)).toHaveLength(before)
    expect(await auditOf(order)).toHaveLength(auditBefore)
  })

  it('reads the borrower’s local time: 21:00 in Jakarta is 08:00 in Mexico City, open there', async () => {
    await atJakarta('2026-03-21T21:00:00')
    const mx = await make(product.mexico, S.overdue, { overdueDays: 4 })
    const res = await post({ orderNo: mx.orderNo, channel: 'whatsapp', outcome: 'reached' }, collectorMx)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.contact.localAt).toBe('2026-03-21 08:00')
  })

  it('keeps a promise to pay, flags it broken from the day after its date', async () => {
    await atJakarta('2026-03-23T11:00:00')
    const res = await post({ orderNo: order.orderNo, channel: 'phone', outcome: 'promise_to_pay', promiseDate: '2026-03-25', promiseAmount: 100_000_00 }, collector)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.contact.promise).toEqual({ date: '2026-03-25', amount: 100_000_00, state: 'pending', paidSince: 0 })
    await atJakarta('2026-03-25T19:00:00')
    let log = (await read(collectionContacts.path, collector, { orderNo: order.orderNo })).json().data
    expect(log.contacts[0].promise.state).toBe('pending')
    await atJakarta('2026-03-26T00:01:00')
    log = (await read(collectionContacts.path, collector, { orderNo: order.orderNo })).json().data
    expect(log.contacts[0].promise.state).toBe('broken')
    const queue = (await read(collectionQueue.path, collector)).json().data.orders
    expect(queue.find((o: { orderNo: string }) => o.orderNo === order.orderNo)).toMatchObject({ lastOutcome: 'promise_to_pay', promise: { state: 'broken', date: '2026-03-25' } })
  })

  it('refuses a promise dated before today, more than 30 days on, or above what is owed', async () => {
    await atJakarta('2026-03-30T10:00:00')
    const base = { orderNo: order.orderNo, channel: 'phone', outcome: 'promise_to_pay' }
    expectError(await post({ ...base, promiseDate: '2026-03-29', promiseAmount: 1_00 }, collector), 'promiseInvalid')
    expectError(await post({ ...base, promiseDate: addDays('2026-03-30', 31), promiseAmount: 1_00 }, collector), 'promiseInvalid')
    expectError(await post({ ...base, promiseDate: '2026-04-01', promiseAmount: 999_999_999_999 }, collector), 'promiseInvalid')
    expect((await post({ ...base, promiseDate: addDays('2026-03-30', 30), promiseAmount: 1_00 }, collector)).statusCode).toBe(200)
  })

  it('refuses an order not being repaid, another market’s order (404) and other roles (403)', async () => {
    const settled = await make(product.single, S.settled)
    expectError(await post({ orderNo: settled.orderNo, channel: 'phone', outcome: 'reached' }, collector), 'orderNotInCollections')
    const mx = await make(product.mexico, S.overdue, { overdueDays: 4 })
    expectError(await post({ orderNo: mx.orderNo, channel: 'phone', outcome: 'reached' }, collector), 'notFound')
    expectError(await read(collectionContacts.path, collector, { orderNo: mx.orderNo }), 'notFound')
    expectError(await post({ orderNo: 'K-NOPE', channel: 'phone', outcome: 'reached' }, collector), 'notFound')
    expectError(await post({ orderNo: order.orderNo, channel: 'phone', outcome: 'reached' }, agent), 'staffForbidden')
    expect(await contactRows(mx)).toHaveLength(0)
  })

  it('refuses bad input: missing, wrong type, too long, hostile, a promise without its figures', async () => {
    const cases: unknown[] = [
      {},
      { orderNo: order.orderNo },
      { orderNo: order.orderNo, channel: 'pigeon', outcome: 'reached' },
      { orderNo: order.orderNo, channel: 'phone', outcome: 'reminder_sent' },
      { orderNo: 12, channel: 'phone', outcome: 'reached' },
      { orderNo: order.orderNo, channel: 'phone', outcome: 'reached', note: 'x'.repeat(501) },
      { orderNo: order.orderNo, channel: 'phone', outcome: 'reached', note: 'bad\u0000text' },
      { orderNo: "' or 1=1 --", channel: 'phone', outcome: 'reached' },
      { orderNo: order.orderNo, channel: 'phone', outcome: 'promise_to_pay' },
      { orderNo: order.orderNo, channel: 'phone', outcome: 'reached', promiseDate: '2026-04-01', promiseAmount: 100 },
      { orderNo: order.orderNo, channel: 'phone', outcome: 'promise_to_pay', promiseDate: '12/03/2026', promiseAmount: 100 },
      { orderNo: order.orderNo, channel: 'phone', outcome: 'promise_to_pay', promiseDate: '2026-03-12', promiseAmount: 1.5 },
      { orderNo: order.orderNo, channel: 'phone', outcome: 'promise_to_pay', promiseDate: '2026-03-12', promiseAmount: -100 },
    ]
    const before = (await contactRows(order)).length
    for (const body of cases) expectError(await post(body, collector), 'invalidRequest')
    expect(await contactRows(order)).toHaveLength(before)
  })

  it('shows nothing of any third party: the answers carry the borrower’s masked phone at most', async () => {
    const borrower = await createBorrower(database.db, { market: 'ID', name: 'Budi Santoso' })
    const own = await make(product.single, S.overdue, { overdueDays: 3, borrowerId: borrower.id })
    const bodies = [
      (await read(collectionQueue.path, collector)).body,
      (await read(collectionContacts.path, collector, { orderNo: own.orderNo })).body,
    ].join('\n')
    expect(bodies).toContain(own.orderNo)
    expect(bodies).not.toContain(borrower.phone)
    expect(bodies).not.toContain('Budi Santoso')
  })
})

class RecordingSms implements SmsSender {
  sent: SmsMessage[] = []
  failFor = new Set<string>()
  async send(message: SmsMessage): Promise<void> {
    if (this.failFor.has(message.to)) throw new Error('provider refused')
    this.sent.push(message)
  }
}

describe('reminders', () => {
  /** An order due (174) whose single payment falls due on the Jakarta date `dueDate`. */
  async function dueOn(dueDate: string, locale: 'id' | 'en' | 'es' = 'id'): Promise<{ order: Order; phone: string }> {
    const borrower = await createBorrower(database.db, { market: 'ID', locale })
    // due = disbursed + 91 days: the factory dates a 174 order 86 days after its payout
    const now = new Date(new Date(`${dueDate}T12:00:00+07:00`).getTime() - 5 * DAY_MS)
    const order = await make(product.single, S.due, { borrowerId: borrower.id, now })
    const [period] = await database.db.select().from(orderPeriods).where(eq(orderPeriods.orderKey, order.id))
    expect(localDate(period!.dueAt, 'ID')).toBe(dueDate)
    return { order, phone: borrower.phone }
  }

  it('sends 3 days before, the day before and on the due date, in the borrower’s language, once each, and logs them', async () => {
    const sms = new RecordingSms()
    const { order, phone } = await dueOn('2026-04-10', 'en')
    const pass = (local: string) => runReminders({ db: database.db, sms }, new Date(`${local}+07:00`), ['ID'])
    await pass('2026-04-06T10:00:00') // 4 days before: nothing
    await pass('2026-04-07T07:30:00') // 3 days before, before 08:00: nothing yet
    expect(sms.sent.filter((m) => m.to === phone)).toHaveLength(0)
    await pass('2026-04-07T08:05:00')
    await pass('2026-04-07T15:00:00') // the same day again: nothing more
    await pass('2026-04-08T10:00:00') // 2 days before: nothing
    await pass('2026-04-09T10:00:00')
    await pass('2026-04-09T19:00:00')
    await pass('2026-04-10T10:00:00')
    const mine = sms.sent.filter((m) => m.to === phone)
    expect(mine.map((m) => m.text)).toEqual([
      expect.stringContaining('is due in 3 days (2026-04-10)'),
      expect.stringContaining('is due tomorrow (2026-04-10)'),
      expect.stringContaining('is due today (2026-04-10)'),
    ])
    expect(mine.every((m) => m.purpose === 'reminder' && m.text.includes(order.orderNo))).toBe(true)
    const rows = await contactRows(order)
    expect(rows.map((r) => [r.reminderStep, r.outcome, r.channel, r.localDate, r.staffId])).toEqual([
      ['before3', 'reminder_sent', 'sms', '2026-04-07', null],
      ['before1', 'reminder_sent', 'sms', '2026-04-09', null],
      ['due', 'reminder_sent', 'sms', '2026-04-10', null],
    ])
    const log = (await read(collectionContacts.path, collector, { orderNo: order.orderNo })).json().data.contacts
    expect(log.map((c: { reminderStep: string }) => c.reminderStep)).toEqual(['due', 'before1', 'before3'])
  })

  it('speaks Indonesian to an Indonesian borrower, and sends nothing on a Sunday or a holiday until the window opens', async () => {
    const sms = new RecordingSms()
    // due Wednesday 11 March: 3 days before is Sunday 8 March, closed in Indonesia
    const { phone } = await dueOn('2026-03-11')
    await runReminders({ db: database.db, sms }, new Date('2026-03-08T10:00:00+07:00'), ['ID'])
    expect(sms.sent.filter((m) => m.to === phone)).toHaveLength(0)
    await runReminders({ db: database.db, sms }, new Date('2026-03-10T10:00:00+07:00'), ['ID'])
    expect(sms.sent.filter((m) => m.to === phone).map((m) => m.text)).toEqual([expect.stringContaining('jatuh tempo besok')])
  })

  it('sends none once the order is settled, and at most one a day to a borrower', async () => {
    const sms = new RecordingSms()
    const { order, phone } = await dueOn('2026-05-14')
    await database.db.update(orders).set({ status: S.settled, settledAt: new Date('2026-05-10T00:00:00Z') }).where(eq(orders.id, order.id))
    await database.db.update(orderPeriods).set({ status: 'paid' }).where(eq(orderPeriods.orderKey, order.id))
    await runReminders({ db: database.db, sms }, new Date('2026-05-11T10:00:00+07:00'), ['ID'])
    expect(sms.sent.filter((m) => m.to === phone)).toHaveLength(0)
    // two orders of one borrower due the same day: one reminder that day
    const borrower = await createBorrower(database.db, { market: 'ID' })
    const now = new Date(new Date('2026-05-20T12:00:00+07:00').getTime() - 5 * DAY_MS)
    const a = await make(product.single, S.due, { borrowerId: borrower.id, now })
    const b = await make(product.installments, S.repayingInstallments, { borrowerId: borrower.id, now: new Date('2026-04-20T12:00:00+07:00') })
    await database.db.update(orderPeriods).set({ dueAt: new Date('2026-05-20T12:00:00+07:00') }).where(eq(orderPeriods.orderKey, b.id))
    await runReminders({ db: database.db, sms }, new Date('2026-05-19T10:00:00+07:00'), ['ID'])
    expect(sms.sent.filter((m) => m.to === borrower.phone)).toHaveLength(1)
    expect((await contactRows(a)).length + (await contactRows(b)).length).toBe(1)
  })

  it('logs a reminder the provider refused, and does not send it again', async () => {
    const sms = new RecordingSms()
    const { order, phone } = await dueOn('2026-06-12')
    sms.failFor.add(phone)
    await runReminders({ db: database.db, sms }, new Date('2026-06-09T10:00:00+07:00'), ['ID'])
    sms.failFor.clear()
    await runReminders({ db: database.db, sms }, new Date('2026-06-09T11:00:00+07:00'), ['ID'])
    expect(sms.sent.filter((m) => m.to === phone)).toHaveLength(0)
    expect((await contactRows(order)).map((r) => [r.reminderStep, r.outcome])).toEqual([['before3', 'reminder_failed']])
  })
})

describe('bucket counts kept for a moment', () => {
  it('answers the kept counts for 30 seconds, then counts again', async () => {
    const bucketsMx = async () => (await read(collectionBuckets.path, collectorMx)).json().data.markets[0].buckets as Array<{ bucket: string; count: number }>
    const d31 = (buckets: Array<{ bucket: string; count: number }>) => buckets.find((b) => b.bucket === 'd31_60')!.count
    const before = d31(await bucketsMx())
    await make(product.mexico, S.overdue, { overdueDays: 40, principal: 5_000_00 })
    expect(d31(await bucketsMx())).toBe(before)
    const later = Date.now() + BUCKET_COUNTS_KEPT_MS + 1_000
    const clockSpy = vi.spyOn(Date, 'now').mockImplementation(() => later)
    try {
      expect(d31(await bucketsMx())).toBe(before + 1)
    } finally {
      clockSpy.mockRestore()
    }
  })
})
