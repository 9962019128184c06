import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loanDetails } from '@kilat/contract'
import { LOCALES, ORDER_STATUS, cents, formatMoney } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, createOrder, createProduct } from '../../db/factories.js'
import { TEXTS } from '../../i18n/index.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { get } from '../../test/inject.js'
import { orders } from '../orders/orders.schema.js'
import type { Product } from '../products/products.schema.js'

/**
 * India's cooling-off exit on loan details (docs/product/money-rules.md#cooling-off): while it is
 * open, what the borrower pays now is the exit's amount, so the banner says one sentence, the exit's
 * amount and last day and then what is owed after that day, and never "please pay" the amount due
 * by the due date.
 */

const HOUR_MS = 3_600_000
let database: Database
let app: FastifyInstance
let india: Product

beforeAll(async () => {
  database = await openTestDatabase()
  app = await buildTestApp(database, { env: { JOB_INTERVAL_SECONDS: '0' } })
  await app.ready()
  india = await createProduct(database.db, { market: 'IN', termUnit: 'day', termDays: 91, dailyRateBps: 13, minAmount: cents(5_000_00), maxAmount: cents(100_000_00), amountStep: cents(1_000_00) })
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

async function indianOrder(disbursedHoursAgo: number) {
  const { borrower, token } = await createBorrowerWithSession(database.db, { market: 'IN' })
  const now = new Date()
  const { order } = await createOrder(database.db, { product: india, borrowerId: borrower.id, status: ORDER_STATUS.due, principal: 80_000_00, now })
  await database.db.update(orders).set({ disbursedAt: new Date(now.getTime() - disbursedHoursAgo * HOUR_MS) }).where(eq(orders.id, order.id))
  return { orderNo: order.orderNo, token }
}

type Details = {
  noticeDesText: string
  reyMsg: string
  amountDue: number
  coolingOff: { amount: number; amountText: string; lastDay: string; text: string } | null
  userOrderDetail: { detail: Array<{ text: string; value: string }> }
}

async function detailsOf(token: string, orderNo: string, lang: string): Promise<Details> {
  const res = await get(app, loanDetails.path, { tok: token, orderId: orderNo, lang })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data as Details
}

const line = (d: Details, name: string) => d.userOrderDetail.detail.find((l) => l.text === name)!.value

describe('India: the cooling-off offer on loan details', () => {
  it('says one sentence in each language: the exit amount and its last day, then what is owed after it', async () => {
    const { orderNo, token } = await indianOrder(1)
    for (const lang of LOCALES) {
      const d = await detailsOf(token, orderNo, lang)
      const offer = d.coolingOff!
      expect(offer, lang).not.toBeNull()
      const exit = formatMoney(offer.amount, 'IN')
      // what is owed after the exit's last day: everything, by the due date
      const owed = line(d, TEXTS[lang].figures.outstanding)
      const dueDate = line(d, TEXTS[lang].figures.dueDate)
      expect(owed, lang).not.toBe(exit)
      expect(offer.text, lang).toBe(
        TEXTS[lang].adjustments.coolingOffOffer({ amount: exit, lastDay: offer.lastDay, then: owed, thenDate: dueDate, installment: false }),
      )
      // the exit first, then what follows it
      expect(offer.text.indexOf(exit), lang).toBeGreaterThanOrEqual(0)
      expect(offer.text.indexOf(offer.lastDay), lang).toBeGreaterThan(offer.text.indexOf(exit))
      expect(offer.text.indexOf(owed), lang).toBeGreaterThan(offer.text.indexOf(offer.lastDay))
      expect(offer.text.endsWith(`${dueDate}.`), lang).toBe(true)
      // the banner and the reminder say that sentence, not "please pay" the amount due by the date
      expect(d.noticeDesText, lang).toBe(offer.text)
      expect(d.reyMsg, lang).toBe(offer.text)
      expect(d.noticeDesText, lang).not.toContain(TEXTS[lang].loan.reyDue(owed, dueDate).slice(0, -1))
      // and the repay button asks the exit's amount
      expect(d.amountDue, lang).toBe(offer.amount)
    }
  })

  it('asks the amount due by the due date again once the period is over', async () => {
    const { orderNo, token } = await indianOrder(5 * 24)
    const d = await detailsOf(token, orderNo, 'en')
    expect(d.coolingOff ?? null).toBeNull()
    const owed = line(d, TEXTS.en.figures.outstanding)
    expect(d.noticeDesText).toBe(TEXTS.en.loan.notice.due.description({ productName: '', amountDue: owed, nextDueDate: line(d, TEXTS.en.figures.dueDate), nextAmount: '', overdue: '', penalty: '' }))
    expect(d.reyMsg).toBe(TEXTS.en.loan.reyDue(owed, line(d, TEXTS.en.figures.dueDate)))
  })
})
