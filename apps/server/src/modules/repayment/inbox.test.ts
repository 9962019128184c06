import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS } from '@kilat/domain'
import { createProduct } from '../../db/factories.js'
import type { Order } from '../orders/orders.schema.js'
import type { Product } from '../products/products.schema.js'
import { paymentInbox } from './repayment.schema.js'
import { issueRepaymentAccount } from './repayment.service.js'
import { applyAllDueEvents, applyDueEvents, LEASE_MS, startInboxWorker } from './inbox.js'
import { receivePayment } from './payments.js'
import { openRepaymentApp, orderOf, pay, postCallback, reload, signedHeaders, sum, type RepaymentTestApp } from './test-helpers.js'

// The inbox's lease (docs/decisions/0012-payment-gateway.md#the-inbox-lease): several passes at once,
// a slow pass that keeps its claim, a dead one whose claim lapses, and the worker that picks up
// lapsed claims on its own.

let t: RepaymentTestApp
let db: RepaymentTestApp['database']['db']
let product: Product

beforeAll(async () => {
  t = await openRepaymentApp()
  db = t.database.db
  product = await createProduct(db, { termUnit: 'day', termDays: 91 })
})

afterAll(async () => {
  await t?.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A due order whose whole amount the gateway reported paid: its event stored, not yet applied. */
async function storedPayment(): Promise<{ order: Order; paymentId: string }> {
  const order = await orderOf(db, product, { status: ORDER_STATUS.due })
  const account = await issueRepaymentAccount(t.deps, { borrowerId: order.borrowerId, orderNo: order.orderNo, methodCode: 'BCA', purpose: 'repay' })
  const { body, paymentId } = await pay(t, account.accountNo)
  const res = await postCallback(t.app, body, signedHeaders(body))
  expect(res.json()).toMatchObject({ code: 0, data: { duplicate: false } })
  return { order, paymentId }
}

/** Paid exactly once: one payment of the whole amount, entries summing to it, the order settled. */
async function expectPaidOnce(order: Order) {
  const after = await reload(db, order)
  expect(after.payments).toHaveLength(1)
  expect(sum(after.ledger.map((e) => e.amount))).toBe(after.payments[0]!.amount)
  expect(after.order).toMatchObject({ status: ORDER_STATUS.settled, paid: order.totalRepay })
}

/** An apply that waits until `open()` is called: a pass stalled in the middle of its batch. */
function stalled() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  let started = 0
  const apply: typeof receivePayment = async (...args) => {
    started += 1
    await opened
    return receivePayment(...args)
  }
  return { apply, open, started: () => started }
}

const inboxRow = async (paymentId: string) => (await db.select().from(paymentInbox).where(eq(paymentInbox.gatewayPaymentId, paymentId)))[0]!

describe('the inbox lease', () => {
  it('is a few seconds, so that a dead process keeps the borrower waiting no longer', () => {
    expect(LEASE_MS).toBeLessThanOrEqual(3_000)
  })

  it('lets two passes at once share the due events, each applied once', async () => {
    const stored = []
    for (let i = 0; i < 12; i++) stored.push(await storedPayment())
    const [a, b] = await Promise.all([applyAllDueEvents(db), applyAllDueEvents(db)])
    expect(a.claimed + b.claimed).toBe(12)
    expect(a.applied + b.applied).toBe(12)
    for (const { order } of stored) await expectPaidOnce(order)
  })

  it('keeps the claim of a live pass that is slower than the lease: nobody else takes its events', async () => {
    const { order, paymentId } = await storedPayment()
    const slow = stalled()
    const passing = applyDueEvents(db, new Date(), { apply: slow.apply, leaseMs: 300, heartbeatMs: 50 })
    await expect.poll(slow.started).toBe(1)
    const claimedByOthers = []
    // three leases long, another pass looks again and again
    for (let i = 0; i < 6; i++) {
      await sleep(150)
      claimedByOthers.push((await applyDueEvents(db, new Date(), { leaseMs: 300 })).claimed)
    }
    expect(claimedByOthers).toEqual([0, 0, 0, 0, 0, 0])
    expect((await inboxRow(paymentId)).nextAttemptAt.getTime()).toBeGreaterThan(Date.now())
    slow.open()
    expect(await passing).toEqual({ claimed: 1, applied: 1, failed: 0 })
    await expectPaidOnce(order)
  })

  it("lets another pass take a dead pass's events once its claim lapses, and the dead one, should it wake, changes nothing twice", async () => {
    const { order, paymentId } = await storedPayment()
    // a pass that stops renewing and never finishes is what a killed process leaves behind
    const dead = stalled()
    const dying = applyDueEvents(db, new Date(), { apply: dead.apply, leaseMs: 300, heartbeatMs: 3_600_000 })
    await expect.poll(dead.started).toBe(1)
    expect((await applyDueEvents(db)).claimed).toBe(0)
    await sleep(350)
    expect(await applyDueEvents(db)).toEqual({ claimed: 1, applied: 1, failed: 0 })
    await expectPaidOnce(order)
    const paid = await reload(db, order)

    // the lost lease: the stalled pass goes on and applies the same event, a duplicate
    dead.open()
    expect(await dying).toEqual({ claimed: 1, applied: 1, failed: 0 })
    const again = await reload(db, order)
    expect(again.payments).toEqual(paid.payments)
    expect(again.ledger).toEqual(paid.ledger)
    expect(again.order).toEqual(paid.order)
    expect(await inboxRow(paymentId)).toMatchObject({ appliedAt: expect.any(Date), lastError: null })
  })

  it('does not push back an event that another pass applied after this one lost it, when this one then fails', async () => {
    const { order, paymentId } = await storedPayment()
    let release!: () => void
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    const failing: typeof receivePayment = async () => {
      await held
      throw new Error('database went away')
    }
    const lost = applyDueEvents(db, new Date(), { apply: failing, leaseMs: 200, heartbeatMs: 3_600_000 })
    await sleep(250)
    expect(await applyDueEvents(db)).toMatchObject({ claimed: 1, applied: 1 })
    release()
    expect(await lost).toEqual({ claimed: 1, applied: 0, failed: 1 })
    expect(await inboxRow(paymentId)).toMatchObject({ appliedAt: expect.any(Date), lastError: null })
    await expectPaidOnce(order)
  })

  it("takes a claim that lapses while a backlog is applied in the same run of passes, oldest first", async () => {
    const stored = []
    for (let i = 0; i < 25; i++) stored.push(await storedPayment())
    // the oldest, as a dead process leaves it: its claim lapsing while the first batch is applied
    await db.update(paymentInbox).set({ nextAttemptAt: new Date(Date.now() + 200) }).where(eq(paymentInbox.gatewayPaymentId, stored[0]!.paymentId))
    const slow: typeof receivePayment = async (...args) => {
      await sleep(20)
      return receivePayment(...args)
    }
    const outcome = await applyAllDueEvents(db, undefined, { apply: slow })
    expect(outcome).toEqual({ claimed: 25, applied: 25, failed: 0 })
    for (const { order } of stored) await expectPaidOnce(order)
  })
})

describe('the inbox worker', () => {
  it("applies the events a dead process had claimed as soon as the claim lapses, with no callback to kick it", async () => {
    const stored = [await storedPayment(), await storedPayment()]
    // as a killed process leaves them: claimed, its lease running out in 1.5 s
    const lapses = Date.now() + 1_500
    await db
      .update(paymentInbox)
      .set({ nextAttemptAt: new Date(lapses) })
      .where(inArray(paymentInbox.gatewayPaymentId, stored.map((s) => s.paymentId)))
    const worker = startInboxWorker(db, 3600, t.app.log)
    try {
      const applied = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(paymentInbox).where(sql`${inArray(paymentInbox.gatewayPaymentId, stored.map((s) => s.paymentId))} and applied_at is not null`))[0]!.n
      await expect.poll(applied, { timeout: 5_000, interval: 50 }).toBe(2)
      // not before the claim lapsed, and well within the 5 s the borrower is promised
      expect(Date.now()).toBeGreaterThanOrEqual(lapses)
      expect(Date.now() - lapses).toBeLessThan(1_000)
    } finally {
      await worker.stop()
    }
    for (const { order } of stored) await expectPaidOnce(order)
  })

  it('applies at once, on starting, what a previous process stored and left due', async () => {
    const { order, paymentId } = await storedPayment()
    const worker = startInboxWorker(db, 3600, t.app.log)
    try {
      await expect.poll(async () => (await inboxRow(paymentId)).appliedAt, { timeout: 2_000, interval: 50 }).not.toBeNull()
    } finally {
      await worker.stop()
    }
    await expectPaidOnce(order)
  })
})
