import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS } from '@kilat/domain'
import { startXenditFake, type XenditFake } from '../fakes/xendit.js'
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
  otherGatewayAccount,
  orderRow,
  payoutsShown,
  requestRow,
  sendPayouts,
  submittedOrder,
  type JourneyApp,
  expectLogWithout,
  expectNothingApplied,
} from './journey.js'

/**
 * Indonesia against Xendit's fake (docs/operations/providers/xendit.md): the borrower's whole
 * journey (approved, paid out by Xendit, repaid by a BCA virtual account, settled), the payout's
 * faults, and forged callbacks that change nothing.
 */

const SECRET_KEY = 'xnd_development_J0urneyTestKey0123456789abcdefABCDEF'
const TOKEN = 'journeyCallbackToken0123456789'
const S = ORDER_STATUS
const BCA = { channelCode: 'BCA', accountNumber: '1234567890', holderName: 'Budi Santoso' }

let fake: XenditFake
let t: JourneyApp
let paymentsUrl: string
let payoutsUrl: string

beforeAll(async () => {
  fake = await startXenditFake({ callbackToken: TOKEN, secretKey: SECRET_KEY })
  t = await openJourney({
    market: 'ID',
    env: { PAYMENTS_ID: 'xendit', PAYOUTS_ID: 'xendit', XENDIT_SECRET_KEY: SECRET_KEY, XENDIT_CALLBACK_TOKEN: TOKEN, XENDIT_API_URL: fake.url, XENDIT_CHECKOUT_URL: `${fake.url}/web` },
    product: { termUnit: 'day', termDays: 91 },
  })
  paymentsUrl = `${t.baseUrl}/h5-api/v3/payments/callback/xendit`
  payoutsUrl = `${t.baseUrl}/h5-api/v3/payouts/callback/xendit`
})

afterAll(async () => {
  await t?.close()
  await fake?.close()
})

/** Every payout call the fake received for our request, whatever key it carried. */
const payoutCalls = (key: number) => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v2/payouts' && c.body?.reference_id === String(key))
const keysOf = (key: number) => [...new Set(payoutCalls(key).map((c) => c.headers['idempotency-key']))]
const payoutsAtFake = (key: number) => [...fake.payouts.values()].filter((p) => p.referenceId === String(key))
const minutesAgo = (n: number) => new Date(t.clock.now().getTime() - n * 60_000)

/** Submitted → approved → paid out by Xendit and completed by its callback: the order is due. */
async function paidOut() {
  const who = await submittedOrder(t, BCA)
  const id = await approveAndConfirm(t, who.order)
  expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
  const completedAt = minutesAgo(1)
  const delivered = await fake.completePayout(String(id), { url: payoutsUrl, at: completedAt })
  expect(delivered.status, delivered.text).toBe(200)
  expect((await orderRow(t, who.order)).status).toBe(S.due)
  return { ...who, requestId: id, completedAt }
}

describe('the journey: apply, payout, BCA virtual account, settled', () => {
  it('pays out through Xendit with our key, turns due from the completion, and settles on the paid callback', async () => {
    const who = await submittedOrder(t, BCA)
    const id = await approveAndConfirm(t, who.order)
    expect((await orderRow(t, who.order)).status).toBe(S.approved)

    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    const [sent] = payoutsAtFake(id)
    const before = await orderRow(t, who.order)
    // one payout at Xendit, keyed by our request, to the borrower's bank, in whole rupiah
    expect(payoutsAtFake(id)).toHaveLength(1)
    expect(sent).toMatchObject({ idempotencyKey: String(id), channelCode: 'ID_BCA', accountNumber: BCA.accountNumber, amount: Number(before.received) / 100, status: 'ACCEPTED' })
    expect(await requestRow(t, id)).toMatchObject({ status: 'accepted', provider: 'xendit', provider_ref: sent!.id })
    expect(before.status).toBe(S.approved)

    const completedAt = minutesAgo(1)
    const delivered = await fake.completePayout(String(id), { url: payoutsUrl, at: completedAt })
    expect(delivered.status, delivered.text).toBe(200)
    const due = await orderRow(t, who.order)
    expect(due.status).toBe(S.due)
    expect(asDate(due.disbursed_at)).toEqual(completedAt)
    expect(asDate(due.due_at)).toEqual(new Date(completedAt.getTime() + 91 * DAY_MS))
    expect(await requestRow(t, id)).toMatchObject({ status: 'completed' })

    const account = await askAccount(t, who, 'BCA')
    const issued = await accountRow(t, account.accountId)
    expect(issued).toMatchObject({ gateway: 'xendit', account_no: account.vcode, status: 'pending' })
    expect(Number(issued.amount)).toBe(Number(due.total_repay))
    const atXendit = [...fake.accounts.values()].find((a) => a.accountNo === account.vcode)!
    expect(atXendit).toMatchObject({ kind: 'va', channel: 'BCA', externalId: String(account.accountId), expectedAmount: Number(issued.amount) / 100 })

    const paid = await fake.pay(account.vcode, { url: paymentsUrl })
    expect(paid.status, paid.text).toBe(200)
    expect(await applyInbox(t)).toMatchObject({ applied: 1, failed: 0 })
    const settled = await orderRow(t, who.order)
    expect(settled.status).toBe(S.settled)
    expect(Number(settled.paid)).toBe(Number(settled.total_repay))
    const money = await moneyOf(t, who.order)
    // the ledger splits the payment to the cent, and every period is paid
    expect(money).toEqual({ payments: 1, paid: Number(issued.amount), ledger: Number(issued.amount), openPeriods: 0 })
    expect((await accountRow(t, account.accountId)).status).toBe('paid')
  })
})

describe('payout faults', () => {
  it('Xendit answers 500, then accepts: one payout there, the same key on both calls', async () => {
    const who = await submittedOrder(t, BCA)
    const id = await approveAndConfirm(t, who.order)
    fake.failNext({ status: 500, body: { error_code: 'SERVER_ERROR', message: 'try later' } })
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    expect(payoutCalls(id)).toHaveLength(2)
    expect(keysOf(id)).toEqual([String(id)])
    expect(payoutsAtFake(id)).toHaveLength(1)
    expect((await fake.completePayout(String(id), { url: payoutsUrl, at: minutesAgo(1) })).status).toBe(200)
    expect((await orderRow(t, who.order)).status).toBe(S.due)
  })

  it('Xendit takes the payout but its answer is lost (500): the retry with the same key finds it, one payout', async () => {
    const who = await submittedOrder(t, BCA)
    const id = await approveAndConfirm(t, who.order)
    fake.failNext({ answer: { status: 500, body: { error_code: 'SERVER_ERROR', message: 'lost' } }, afterProcessing: true })
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    expect(payoutCalls(id).length).toBeGreaterThanOrEqual(2)
    expect(keysOf(id)).toEqual([String(id)])
    expect(payoutsAtFake(id)).toHaveLength(1)
    expect((await requestRow(t, id)).provider_ref).toBe(payoutsAtFake(id)[0]!.id)
  })

  it('a payout Xendit fails: the order stays approved and the console shows the reason', async () => {
    const who = await submittedOrder(t, BCA)
    const id = await approveAndConfirm(t, who.order)
    await sendPayouts(t)
    const delivered = await fake.failPayout(String(id), 'INVALID_DESTINATION', { url: payoutsUrl })
    expect(delivered.status, delivered.text).toBe(200)
    expect((await orderRow(t, who.order)).status).toBe(S.approved)
    expect(await requestRow(t, id)).toMatchObject({ status: 'failed' })
    expect((await payoutsShown(t, who.order)).find((p) => p.id === id)).toMatchObject({ status: 'failed', failureReason: 'The bank account does not exist or cannot receive transfers' })
    // finance asks again: a new request, a new key, and this one arrives
    const again = await requestAndConfirm(t, who.order)
    expect(again).not.toBe(id)
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    expect((await fake.completePayout(String(again), { url: payoutsUrl, at: minutesAgo(1) })).status).toBe(200)
    expect((await orderRow(t, who.order)).status).toBe(S.due)
    expect(payoutsAtFake(id)).toHaveLength(1)
    expect(payoutsAtFake(again)).toHaveLength(1)
  })

  it('a borrower without a payout account: refused before Xendit is called, the order stays approved', async () => {
    const who = await submittedOrder(t, null)
    const id = await approveAndConfirm(t, who.order)
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, refused: 1 })
    expect(payoutCalls(id)).toHaveLength(0)
    expect((await orderRow(t, who.order)).status).toBe(S.approved)
    expect((await payoutsShown(t, who.order)).find((p) => p.id === id)).toMatchObject({ status: 'failed', failureReason: 'No bank account to pay out to (destination missing)' })
  })
})

describe('forged callbacks change nothing', () => {
  it('a wrong or missing callback token: 401, nothing stored (payments and payouts)', async () => {
    const who = await paidOut()
    const account = await askAccount(t, who, 'BCA')
    const before = await callbackRows(t)
    const paidBody = fake.paidCallbackBody(account.vcode)
    for (const token of ['notTheTokenOfTheDashboard0123', null]) {
      expect((await fake.sendCallback(paymentsUrl, paidBody, token)).status).toBe(401)
      expect((await fake.sendCallback(payoutsUrl, fake.payoutCallbackBody(String(who.requestId)), token)).status).toBe(401)
    }
    expect(await applyInbox(t)).toMatchObject({ claimed: 0 })
    expect(await callbackRows(t)).toEqual(before)
    expect((await orderRow(t, who.order)).status).toBe(S.due)
    expect((await accountRow(t, account.accountId)).status).toBe('pending')
  })

  it('a replayed old event: answered as a duplicate, nothing changes', async () => {
    const who = await paidOut()
    const account = await askAccount(t, who, 'BCA')
    expect((await fake.pay(account.vcode, { url: paymentsUrl })).status).toBe(200)
    await applyInbox(t)
    const settled = await orderRow(t, who.order)
    expect(settled.status).toBe(S.settled)
    const before = await callbackRows(t)
    // Xendit redelivers the same "paid" callback, and the payout's completion
    const again = await fake.pay(account.vcode, { url: paymentsUrl })
    expect(again.status, again.text).toBe(200)
    expect(JSON.parse(again.text).data).toEqual({ duplicate: true })
    const payoutAgain = await fake.completePayout(String(who.requestId), { url: payoutsUrl })
    expect(JSON.parse(payoutAgain.text).data).toEqual({ duplicate: true })
    expect(await applyInbox(t)).toMatchObject({ claimed: 0 })
    expect(await callbackRows(t)).toEqual(before)
    expect(await orderRow(t, who.order)).toEqual(settled)
    expect(await moneyOf(t, who.order)).toMatchObject({ payments: 1 })
  })

  it("another account's reference: another borrower's account, another gateway's account, another request's payout: refused, nothing applied", async () => {
    const mine = await paidOut()
    const theirs = await paidOut()
    const myAccount = await askAccount(t, mine, 'BCA')
    const theirAccount = await askAccount(t, theirs, 'BCA')
    const sandboxAccount = await otherGatewayAccount(t)
    const before = await callbackRows(t)

    // my account's payment naming another borrower's account number: the numbers do not match
    const crossed = { ...fake.paidCallbackBody(myAccount.vcode), account_number: theirAccount.vcode }
    const refused = await fake.sendCallback(paymentsUrl, crossed)
    expect(refused.status, refused.text).toBe(400)

    // an account the sandbox issued (another gateway, another market), named in a Xendit callback
    const otherGateway = { ...fake.paidCallbackBody(myAccount.vcode), external_id: String(sandboxAccount.accountId), account_number: sandboxAccount.vcode }
    expect((await fake.sendCallback(paymentsUrl, otherGateway)).status).toBe(400)

    // a payout callback naming my request but another transfer of Xendit's
    const otherTransfer = fake.payoutCallbackBody(String(theirs.requestId))
    const forged = { ...otherTransfer, data: { ...(otherTransfer.data as Record<string, unknown>), reference_id: String(mine.requestId) } }
    expect((await fake.sendCallback(payoutsUrl, forged)).status).toBe(400)

    await applyInbox(t)
    // nothing applied; the unknown payments are kept once for finance to look at
    await expectNothingApplied(t, before, 2, [myAccount.accountId, theirAccount.accountId])
    expect((await orderRow(t, mine.order)).status).toBe(S.due)
    expect((await orderRow(t, theirs.order)).status).toBe(S.due)
  })
})

describe('wiring and logs', () => {
  it('the registry serves Indonesia with Xendit at the webhooks the fake posted to; the rest stays the sandbox', () => {
    expect(t.payments.of('IN').name).toBe('sandbox')
    expect(t.live.map((l) => [l.kind, l.provider.name, l.markets, `${t.baseUrl}${l.callbackPath}`])).toEqual([
      ['payments', 'xendit', ['ID'], paymentsUrl],
      ['payouts', 'xendit', ['ID'], payoutsUrl],
    ])
  })

  it('what the providers logged names no key, no token and no full bank account', () => {
    // the 500s above were logged as retried: there is something to read
    expectLogWithout(t, [SECRET_KEY, TOKEN, BCA.accountNumber])
  })
})
