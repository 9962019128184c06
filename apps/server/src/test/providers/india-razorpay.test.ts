import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS, cents } from '@kilat/domain'
import { startRazorpayFake, type RazorpayFake } from '../fakes/razorpay.js'
import {
  DAY_MS,
  accountRow,
  applyInbox,
  approveAndConfirm,
  requestAndConfirm,
  asDate,
  askAccount,
  callbackRows,
  moneyOf,
  openJourney,
  orderRow,
  otherGatewayAccount,
  payoutsShown,
  requestRow,
  sendPayouts,
  submittedOrder,
  type Applicant,
  type JourneyApp,
  expectLogWithout,
  expectNothingApplied,
} from './journey.js'

/**
 * India against Razorpay's fake (docs/operations/providers/razorpay.md): the borrower's whole
 * journey (approved, paid out by RazorpayX, repaid by UPI or bank transfer into a Smart Collect
 * account, settled), the payout's faults, and forged webhooks that change nothing.
 */

const KEY_ID = 'rzp_test_J0urneyKey0001'
const KEY_SECRET = 'journeyKeySecret0123456789'
const WEBHOOK_SECRET = 'journey-webhook-secret'
const PAYOUT_ACCOUNT = '7878780080316316'
const S = ORDER_STATUS
const IMPS = { channelCode: 'IMPS', accountNumber: '50100123456789', holderName: 'Asha Verma', ifsc: 'HDFC0001234' }

let fake: RazorpayFake
let t: JourneyApp
let paymentsUrl: string
let payoutsUrl: string

beforeAll(async () => {
  fake = await startRazorpayFake({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: WEBHOOK_SECRET, accountNumber: PAYOUT_ACCOUNT })
  t = await openJourney({
    market: 'IN',
    env: {
      PAYMENTS_IN: 'razorpay',
      PAYOUTS_IN: 'razorpayx',
      RAZORPAY_KEY_ID: KEY_ID,
      RAZORPAY_KEY_SECRET: KEY_SECRET,
      RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
      RAZORPAYX_ACCOUNT_NUMBER: PAYOUT_ACCOUNT,
      RAZORPAY_API_URL: fake.url,
    },
    product: { termUnit: 'day', termDays: 91, minAmount: cents(10_000_00), maxAmount: cents(50_000_00), amountStep: cents(1_000_00) },
  })
  paymentsUrl = `${t.baseUrl}/h5-api/v3/payments/callback/razorpay`
  payoutsUrl = `${t.baseUrl}/h5-api/v3/payouts/callback/razorpayx`
})

afterAll(async () => {
  await t?.close()
  await fake?.close()
})

const PRINCIPAL = 20_000_00
/** Every payout call the fake received for our request, whatever key it carried. */
const payoutCalls = (key: number) => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v1/payouts' && c.body?.reference_id === String(key))
const keysOf = (key: number) => [...new Set(payoutCalls(key).map((c) => c.headers['x-payout-idempotency']))]
const payoutsAtFake = (key: number) => [...fake.payouts.values()].filter((p) => p.reference_id === String(key))
const minutesAgo = (n: number) => new Date(t.clock.now().getTime() - n * 60_000)
const order = (destination: typeof IMPS | null = IMPS) => submittedOrder(t, destination, PRINCIPAL)

/** Submitted → approved → paid out by RazorpayX and processed by its webhook: the order is due. */
async function paidOut(): Promise<Applicant & { requestId: number }> {
  const who = await order()
  const id = await approveAndConfirm(t, who.order)
  expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
  expect((await fake.finishPayout(String(id), 'processed', { url: payoutsUrl, at: minutesAgo(1) })).status).toBe(200)
  expect((await orderRow(t, who.order)).status).toBe(S.due)
  return { ...who, requestId: id }
}

describe('the journey: apply, payout, UPI or bank transfer, settled', () => {
  it.each(['UPI', 'BANK_TRANSFER'])('pays out through RazorpayX with our key, turns due from the completion, and settles on %s', async (payCode) => {
    const who = await order()
    const id = await approveAndConfirm(t, who.order)
    expect((await orderRow(t, who.order)).status).toBe(S.approved)

    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    const before = await orderRow(t, who.order)
    // one payout at RazorpayX, keyed by our request, to the borrower's account, in paise
    expect(payoutsAtFake(id)).toHaveLength(1)
    const [sent] = payoutsAtFake(id)
    expect(sent).toMatchObject({ amount: Number(before.received), currency: 'INR', mode: 'IMPS' })
    expect(payoutCalls(id)).toHaveLength(1)
    expect(await requestRow(t, id)).toMatchObject({ status: 'accepted', provider: 'razorpayx', provider_ref: sent!.id })
    expect(before.status).toBe(S.approved)

    const completedAt = minutesAgo(1)
    expect((await fake.finishPayout(String(id), 'processed', { url: payoutsUrl, at: completedAt })).status).toBe(200)
    const due = await orderRow(t, who.order)
    expect(due.status).toBe(S.due)
    expect(asDate(due.disbursed_at)).toEqual(new Date(Math.floor(completedAt.getTime() / 1000) * 1000))
    expect(asDate(due.due_at)).toEqual(new Date(asDate(due.disbursed_at)!.getTime() + 91 * DAY_MS))

    const account = await askAccount(t, who, payCode)
    const issued = await accountRow(t, account.accountId)
    expect(issued).toMatchObject({ gateway: 'razorpay', account_no: account.vcode, status: 'pending' })
    // paid within India's cooling-off period: the principal and the interest of the days used (docs/product/money-rules.md#cooling-off)
    expect(Number(issued.amount)).toBeGreaterThan(Number(due.received))
    expect(Number(issued.amount)).toBeLessThanOrEqual(Number(due.total_repay))
    const va = fake.virtualAccounts.get(issued.gateway_ref!)!
    expect(va).toMatchObject({ amount_expected: Number(issued.amount), notes: { kilat_reference: String(account.accountId) } })

    const paid = await fake.creditAccount(account.vcode, { url: paymentsUrl })
    expect(paid.status).toBe(200)
    expect(await applyInbox(t)).toMatchObject({ applied: 1, failed: 0 })
    const settled = await orderRow(t, who.order)
    expect(settled.status).toBe(S.settled)
    expect(Number(settled.paid)).toBe(Number(issued.amount))
    expect(await moneyOf(t, who.order)).toEqual({ payments: 1, paid: Number(issued.amount), ledger: Number(issued.amount), openPeriods: 0 })
    expect((await accountRow(t, account.accountId)).status).toBe('paid')
  })
})

describe('payout faults', () => {
  it('RazorpayX answers 500, then accepts: one payout there, the same key on both calls', async () => {
    const who = await order()
    const id = await approveAndConfirm(t, who.order)
    fake.failNext({ kind: 'error' })
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    expect(payoutCalls(id)).toHaveLength(2)
    expect(keysOf(id)).toEqual([`kilat-payout-${id}`])
    expect(payoutsAtFake(id)).toHaveLength(1)
    expect((await fake.finishPayout(String(id), 'processed', { url: payoutsUrl, at: minutesAgo(1) })).status).toBe(200)
    expect((await orderRow(t, who.order)).status).toBe(S.due)
  })

  it('RazorpayX takes the payout but its answer is lost (500): the retry with the same key gets it, one payout', async () => {
    const who = await order()
    const id = await approveAndConfirm(t, who.order)
    fake.failNext({ kind: 'errorAfter' })
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    expect(payoutCalls(id)).toHaveLength(2)
    expect(keysOf(id)).toEqual([`kilat-payout-${id}`])
    expect(payoutsAtFake(id)).toHaveLength(1)
    expect((await requestRow(t, id)).provider_ref).toBe(payoutsAtFake(id)[0]!.id)
  })

  it('a payout the bank fails: the order stays approved and the console shows the reason', async () => {
    const who = await order()
    const id = await approveAndConfirm(t, who.order)
    await sendPayouts(t)
    expect((await fake.finishPayout(String(id), 'failed', { url: payoutsUrl })).status).toBe(200)
    expect((await orderRow(t, who.order)).status).toBe(S.approved)
    const shown = (await payoutsShown(t, who.order)).find((p) => p.id === id)!
    expect(shown.status).toBe('failed')
    expect(shown.failureReason).toMatch(/\S/)
    expect(shown.failureReason).toBe((await requestRow(t, id)).failure_reason)
    // finance asks again: a new request, a new key, and this one arrives
    const again = await requestAndConfirm(t, who.order)
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    expect((await fake.finishPayout(String(again), 'processed', { url: payoutsUrl, at: minutesAgo(1) })).status).toBe(200)
    expect((await orderRow(t, who.order)).status).toBe(S.due)
    expect(payoutsAtFake(id)).toHaveLength(1)
    expect(payoutsAtFake(again)).toHaveLength(1)
  })

  it('a borrower without a payout account: refused before RazorpayX is called, the order stays approved', async () => {
    const who = await order(null)
    const id = await approveAndConfirm(t, who.order)
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, refused: 1 })
    expect(payoutCalls(id)).toHaveLength(0)
    expect((await orderRow(t, who.order)).status).toBe(S.approved)
    expect((await payoutsShown(t, who.order)).find((p) => p.id === id)).toMatchObject({ status: 'failed', failureReason: "No destination: the borrower's bank account or UPI id was not given" })
  })
})

describe('forged webhooks change nothing', () => {
  it('a wrong or missing signature: 401, nothing stored (payments and payouts)', async () => {
    const who = await paidOut()
    const account = await askAccount(t, who, 'UPI')
    const va = fake.virtualAccounts.get((await accountRow(t, account.accountId)).gateway_ref!)!
    const before = await callbackRows(t)
    const payment = { id: 'pay_Forged00000001', entity: 'payment', amount: va.amount_expected, currency: 'INR', status: 'captured', method: 'upi', created_at: Math.floor(Date.now() / 1000) }
    const forgedPayment = fake.signedEvent('virtual_account.credited', { payment: { entity: payment }, virtual_account: { entity: va } }, { secret: 'not-our-webhook-secret' })
    const payout = payoutsAtFake(who.requestId)[0]!
    const forgedPayout = fake.signedEvent('payout.processed', { payout: { entity: { ...payout, status: 'processed' } } }, { secret: 'not-our-webhook-secret' })
    expect(await fake.deliver(paymentsUrl, forgedPayment.body, forgedPayment.headers)).toBe(401)
    expect(await fake.deliver(payoutsUrl, forgedPayout.body, forgedPayout.headers)).toBe(401)
    const { 'x-razorpay-signature': _gone, ...unsigned } = forgedPayment.headers
    expect(await fake.deliver(paymentsUrl, forgedPayment.body, unsigned)).toBe(401)
    expect(await applyInbox(t)).toMatchObject({ claimed: 0 })
    expect(await callbackRows(t)).toEqual(before)
    expect((await accountRow(t, account.accountId)).status).toBe('pending')
  })

  it('a replayed event: a redelivery is a duplicate, an old one is refused, nothing changes', async () => {
    const who = await paidOut()
    const account = await askAccount(t, who, 'UPI')
    const paid = await fake.creditAccount(account.vcode, { url: paymentsUrl })
    expect(paid.status).toBe(200)
    await applyInbox(t)
    const settled = await orderRow(t, who.order)
    expect(settled.status).toBe(S.settled)
    const before = await callbackRows(t)
    // Razorpay redelivers the same event (same id, same body)
    expect(await fake.deliver(paymentsUrl, paid.body, paid.headers)).toBe(200)
    // a genuine event three days old, signed with our secret, replayed now
    const va = fake.virtualAccounts.get((await accountRow(t, account.accountId)).gateway_ref!)!
    const old = fake.signedEvent('virtual_account.credited', { payment: { entity: { ...paid.payment, id: 'pay_OldEvent000001' } }, virtual_account: { entity: va } }, { at: new Date(Date.now() - 3 * DAY_MS) })
    expect(await fake.deliver(paymentsUrl, old.body, old.headers)).toBe(401)
    const payoutOld = fake.signedEvent('payout.processed', { payout: { entity: payoutsAtFake(who.requestId)[0]! } }, { at: new Date(Date.now() - 3 * DAY_MS) })
    expect(await fake.deliver(payoutsUrl, payoutOld.body, payoutOld.headers)).toBe(401)
    expect(await applyInbox(t)).toMatchObject({ claimed: 0 })
    expect(await callbackRows(t)).toEqual(before)
    expect(await orderRow(t, who.order)).toEqual(settled)
    expect(await moneyOf(t, who.order)).toMatchObject({ payments: 1 })
  })

  it("another account's reference: another borrower's account, another gateway's account, another request's payout: refused, nothing applied", async () => {
    const mine = await paidOut()
    const theirs = await paidOut()
    const myAccount = await askAccount(t, mine, 'UPI')
    const theirAccount = await askAccount(t, theirs, 'UPI')
    const sandboxAccount = await otherGatewayAccount(t)
    const before = await callbackRows(t)
    const myVa = fake.virtualAccounts.get((await accountRow(t, myAccount.accountId)).gateway_ref!)!
    const payment = { id: 'pay_Crossed0000001', entity: 'payment', amount: myVa.amount_expected, currency: 'INR', status: 'captured', method: 'upi', created_at: Math.floor(Date.now() / 1000) }
    // signed with our secret, paying into my account but naming another account as ours
    for (const [n, reference] of [String(theirAccount.accountId), String(sandboxAccount.accountId)].entries()) {
      const crossed = fake.signedEvent('virtual_account.credited', { payment: { entity: { ...payment, id: `pay_Crossed000000${n}` } }, virtual_account: { entity: { ...myVa, notes: { ...myVa.notes, kilat_reference: reference } } } })
      expect(await fake.deliver(paymentsUrl, crossed.body, crossed.headers)).toBe(400)
    }
    // a payout webhook naming my request but another transfer of RazorpayX's
    const theirPayout = payoutsAtFake(theirs.requestId)[0]!
    const forged = fake.signedEvent('payout.processed', { payout: { entity: { ...theirPayout, reference_id: String(mine.requestId), notes: { kilat_reference: String(mine.requestId) } } } })
    expect(await fake.deliver(payoutsUrl, forged.body, forged.headers)).toBe(400)

    await applyInbox(t)
    // nothing applied; the unknown payments are kept once for finance to look at
    await expectNothingApplied(t, before, 2, [myAccount.accountId, theirAccount.accountId, sandboxAccount.accountId])
  })
})

describe('wiring and logs', () => {
  it('the registry serves India with Razorpay and RazorpayX at the webhooks the fake posted to', () => {
    expect(t.payments.of('ID').name).toBe('sandbox')
    expect(t.live.map((l) => [l.kind, l.provider.name, l.markets, `${t.baseUrl}${l.callbackPath}`])).toEqual([
      ['payments', 'razorpay', ['IN'], paymentsUrl],
      ['payouts', 'razorpayx', ['IN'], payoutsUrl],
    ])
  })

  it('what the providers logged names no key, no webhook secret and no full bank account', () => {
    // the 500s above were logged as retried: there is something to read
    expectLogWithout(t, [KEY_SECRET, WEBHOOK_SECRET, IMPS.accountNumber])
  })
})
