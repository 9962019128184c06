import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS } from '@kilat/domain'
import type { SmsMessage, SmsSender } from '../../adapters/sms/sms-sender.js'
import { openPostgres, type Database } from '../../db/client.js'
import { createBorrower, createOrder, createProduct } from '../../db/factories.js'
import { collectionContacts } from '../../modules/collections/collections.schema.js'
import { runReminders } from '../../modules/collections/collections.reminders.js'
import { openTestDatabase } from '../setup-db.js'

/**
 * The reminders run by two server processes at once send each reminder once
 * (docs/product/collections.md#reminders): on PostgreSQL each runner has its own connection pool,
 * as two processes would; on PGlite both share the one instance, which checks the bookkeeping
 * rather than the locking. Several passes of both on each of the reminder days.
 */
const onPostgres = Boolean(process.env.DATABASE_URL)
const DAY_MS = 86_400_000
const ORDERS = 60
/** The payments fall due on Friday 13 March 2026, noon in Jakarta. */
const DUE = new Date('2026-03-13T12:00:00+07:00')

class CountingSms implements SmsSender {
  sent: SmsMessage[] = []
  async send(message: SmsMessage): Promise<void> {
    // a provider's round trip: the other runner goes on meanwhile
    await new Promise((resolve) => setTimeout(resolve, 1))
    this.sent.push(message)
  }
}

let a: Database
let b: Database
const orderKeys: number[] = []
const phones: string[] = []

beforeAll(async () => {
  a = await openTestDatabase()
  b = onPostgres ? await openPostgres(process.env.DATABASE_URL!, { max: 5 }) : a
  const product = await createProduct(a.db, { termUnit: 'day', termDays: 91 })
  for (let i = 0; i < ORDERS; i += 10) {
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        const borrower = await createBorrower(a.db, { market: 'ID' })
        const { order } = await createOrder(a.db, { product, borrowerId: borrower.id, status: ORDER_STATUS.due, now: new Date(DUE.getTime() - 5 * DAY_MS), manualReview: true })
        orderKeys.push(order.id)
        phones.push(borrower.phone)
      }),
    )
  }
})

afterAll(async () => {
  if (b !== a) await b?.close()
  await a?.close()
})

describe('reminders with two processes', () => {
  it('sends each of the three reminders once per order, whoever claims it', async () => {
    const smsA = new CountingSms()
    const smsB = new CountingSms()
    // 3 days before, the day before, the due date: three passes of both runners each day
    for (const day of ['2026-03-10', '2026-03-12', '2026-03-13']) {
      for (const hour of ['09:00', '12:00', '18:00']) {
        const at = new Date(`${day}T${hour}:00+07:00`)
        await Promise.all([runReminders({ db: a.db, sms: smsA }, at, ['ID']), runReminders({ db: b.db, sms: smsB }, at, ['ID'])])
      }
    }
    const sent = [...smsA.sent, ...smsB.sent].filter((m) => phones.includes(m.to))
    expect(sent).toHaveLength(ORDERS * 3)
    const perPhone = new Map<string, number>()
    for (const m of sent) perPhone.set(m.to, (perPhone.get(m.to) ?? 0) + 1)
    expect([...perPhone.values()].every((n) => n === 3)).toBe(true)
    const rows = await a.db.select().from(collectionContacts).where(inArray(collectionContacts.orderKey, orderKeys))
    expect(rows).toHaveLength(ORDERS * 3)
    expect(rows.every((r) => r.outcome === 'reminder_sent')).toBe(true)
    // both runners did part of the work on PostgreSQL
    if (onPostgres) expect(smsA.sent.length > 0 && smsB.sent.length > 0).toBe(true)
  })
})
