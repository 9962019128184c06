import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS, cents, makeClabe } from '@kilat/domain'
import { trackingKeyOf } from '../../adapters/providers/stp/stp-payouts.js'
import { startConektaFake, type ConektaFake, type FakeConektaOrder } from '../fakes/conekta.js'
import { startStpFake, type StpFake } from '../fakes/stp.js'
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
 * Mexico against Conekta's and STP's fakes (docs/operations/providers/conekta.md,
 * docs/operations/providers/stp.md): the borrower's whole journey (approved, paid out by an STP
 * SPEI order, repaid into a Conekta SPEI CLABE, settled), the payout's faults, and forged
 * callbacks that change nothing. STP's callbacks are not signed: the webhook asks STP back
 * (confirmCallback) before it keeps one, so a forged one is refused there.
 */

const S = ORDER_STATUS
// Banorte (072): Banxico institution 40072
const BANORTE = { channelCode: '40072', accountNumber: makeClabe('072', '180', '00012345678'), holderName: 'José Pérez Núñez' }
const PRINCIPAL = 5_000_00

let conekta: ConektaFake
let stp: StpFake
let t: JourneyApp
let paymentsUrl: string
let payoutsUrl: string

beforeAll(async () => {
  conekta = await startConektaFake()
  stp = await startStpFake()
  t = await openJourney({
    market: 'MX',
    env: {
      PAYMENTS_MX: 'conekta',
      PAYOUTS_MX: 'stp',
      CONEKTA_API_KEY: conekta.apiKey,
      CONEKTA_WEBHOOK_PUBLIC_KEY: conekta.webhookPublicKey,
      CONEKTA_API_URL: conekta.url,
      CONEKTA_CUSTOMER_EMAIL: 'cobranza@kilat.example',
      CONEKTA_CUSTOMER_PHONE: '+525512345678',
      STP_COMPANY: stp.company,
      STP_ACCOUNT: stp.account,
      STP_PRIVATE_KEY: stp.privateKeyPem,
      STP_API_URL: stp.apiUrl,
      STP_PAYER_NAME: 'KILAT SA DE CV',
    },
    product: { market: 'MX', termUnit: 'day', termDays: 91, minAmount: cents(1_000_00), maxAmount: cents(20_000_00), amountStep: cents(500_00) },
  })
  paymentsUrl = `${t.baseUrl}/h5-api/v3/payments/callback/conekta`
  payoutsUrl = `${t.baseUrl}/h5-api/v3/payouts/callback/stp`
})

afterAll(async () => {
  await t?.close()
  await conekta?.close()
  await stp?.close()
})

const key = (id: number) => trackingKeyOf(String(id))
const registrations = (id: number) => stp.calls.filter((c) => c.path.endsWith('/ordenPago/registra') && c.body?.claveRastreo === key(id))
const order = (destination: typeof BANORTE | null = BANORTE) => submittedOrder(t, destination, PRINCIPAL)
/** Conekta's order holding the charge of a CLABE it issued. */
const conektaOrderOf = (clabe: string): FakeConektaOrder => [...conekta.orders.values()].find((o) => o.charges.data.some((c) => c.payment_method.clabe === clabe))!

/** Submitted → approved → sent by STP and settled there (LQ), confirmed by its callback: the order is due. */
async function paidOut(): Promise<Applicant & { requestId: number }> {
  const who = await order()
  const id = await approveAndConfirm(t, who.order)
  expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
  expect((await stp.complete(key(id), payoutsUrl))!.status).toBe(200)
  expect((await orderRow(t, who.order)).status).toBe(S.due)
  return { ...who, requestId: id }
}

describe('the journey: apply, SPEI payout, SPEI CLABE, settled', () => {
  it('pays out through STP under our tracking key, turns due from the settlement, and settles on the Conekta payment', async () => {
    const who = await order()
    const id = await approveAndConfirm(t, who.order)
    expect((await orderRow(t, who.order)).status).toBe(S.approved)

    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    const before = await orderRow(t, who.order)
    const sent = stp.orders.get(key(id))!
    // one order at STP, keyed by our request, to the borrower's CLABE, in pesos with centavos
    expect(registrations(id)).toHaveLength(1)
    expect(sent).toMatchObject({ cuentaBeneficiario: BANORTE.accountNumber, institucionContraparte: '40072', monto: Number(before.received) / 100 })
    expect(await requestRow(t, id)).toMatchObject({ status: 'accepted', provider: 'stp', provider_ref: String(sent.idEF) })
    expect(before.status).toBe(S.approved)

    expect((await stp.complete(key(id), payoutsUrl))!.status).toBe(200)
    const due = await orderRow(t, who.order)
    expect(due.status).toBe(S.due)
    // the completion is STP's own settlement time, as its query answered it
    expect(asDate(due.disbursed_at)).toEqual(new Date(sent.tsLiquidacion!))
    expect(asDate(due.due_at)).toEqual(new Date(sent.tsLiquidacion! + 91 * DAY_MS))

    const account = await askAccount(t, who, 'SPEI')
    const issued = await accountRow(t, account.accountId)
    expect(issued).toMatchObject({ gateway: 'conekta', account_no: account.vcode, status: 'pending' })
    expect(Number(issued.amount)).toBe(Number(due.total_repay))
    const atConekta = conektaOrderOf(account.vcode)
    expect(atConekta).toMatchObject({ amount: Number(issued.amount), currency: 'MXN' })

    const paid = await conekta.pay(account.vcode, paymentsUrl)
    expect(paid.status, paid.body).toBe(200)
    expect(await applyInbox(t)).toMatchObject({ applied: 1, failed: 0 })
    const settled = await orderRow(t, who.order)
    expect(settled.status).toBe(S.settled)
    expect(Number(settled.paid)).toBe(Number(settled.total_repay))
    expect(await moneyOf(t, who.order)).toEqual({ payments: 1, paid: Number(issued.amount), ledger: Number(issued.amount), openPeriods: 0 })
    expect((await accountRow(t, account.accountId)).status).toBe('paid')
  })
})

describe('payout faults', () => {
  it('STP answers 500, then accepts: one order there, the same tracking key on both calls', async () => {
    const who = await order()
    const id = await approveAndConfirm(t, who.order)
    stp.failNext(500)
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    expect(registrations(id)).toHaveLength(2)
    expect([...stp.orders.keys()].filter((k) => k === key(id))).toHaveLength(1)
    expect((await stp.complete(key(id), payoutsUrl))!.status).toBe(200)
    expect((await orderRow(t, who.order)).status).toBe(S.due)
  })

  it('STP registers the order but its answer is lost (500): the retry with the same key finds it, one order', async () => {
    const who = await order()
    const id = await approveAndConfirm(t, who.order)
    stp.loseNextAnswer()
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    expect(registrations(id).length).toBeGreaterThanOrEqual(2)
    expect((await requestRow(t, id)).provider_ref).toBe(String(stp.orders.get(key(id))!.idEF))
  })

  it('a payout the bank returns: the order stays approved and the console shows the reason', async () => {
    const who = await order()
    const id = await approveAndConfirm(t, who.order)
    await sendPayouts(t)
    expect((await stp.fail(key(id), 1, payoutsUrl))!.status).toBe(200)
    expect((await orderRow(t, who.order)).status).toBe(S.approved)
    const shown = (await payoutsShown(t, who.order)).find((p) => p.id === id)!
    expect(shown.status).toBe('failed')
    expect(shown.failureReason).toMatch(/\S/)
    expect(shown.failureReason).toBe((await requestRow(t, id)).failure_reason)
    // finance asks again: a new request, a new tracking key, and this one settles
    const again = await requestAndConfirm(t, who.order)
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, accepted: 1 })
    expect((await stp.complete(key(again), payoutsUrl))!.status).toBe(200)
    expect((await orderRow(t, who.order)).status).toBe(S.due)
    expect(registrations(id)).toHaveLength(1)
    expect(registrations(again)).toHaveLength(1)
  })

  it('a borrower without a payout account: refused before STP is called, the order stays approved', async () => {
    const who = await order(null)
    const id = await approveAndConfirm(t, who.order)
    expect(await sendPayouts(t)).toMatchObject({ claimed: 1, refused: 1 })
    expect(registrations(id)).toHaveLength(0)
    expect((await orderRow(t, who.order)).status).toBe(S.approved)
    const shown = (await payoutsShown(t, who.order)).find((p) => p.id === id)!
    expect(shown.status).toBe('failed')
    expect(shown.failureReason).toMatch(/\S/)
  })
})

describe('forged callbacks change nothing', () => {
  it('Conekta: a wrong or missing digest, 401; STP: another company, or a result STP does not confirm, 401; nothing stored', async () => {
    const who = await paidOut()
    const account = await askAccount(t, who, 'SPEI')
    const pending = await order()
    const pendingId = await approveAndConfirm(t, pending.order)
    await sendPayouts(t)
    const before = await callbackRows(t)

    const paidOrder = structuredClone(conektaOrderOf(account.vcode))
    paidOrder.payment_status = 'paid'
    paidOrder.charges.data[0]!.status = 'paid'
    paidOrder.charges.data[0]!.paid_at = Math.floor(Date.now() / 1000)
    const event = conekta.eventOf('order.paid', paidOrder)
    expect((await conekta.post(paymentsUrl, event.body, { ...event.headers, digest: conekta.sign('{"another":"body"}') })).status).toBe(401)
    const { digest: _gone, ...unsigned } = event.headers
    expect((await conekta.post(paymentsUrl, event.body, unsigned)).status).toBe(401)

    // STP's callbacks carry no signature: one for another company, and one saying "settled" for an order STP still has on its way
    const settledClaim = JSON.parse(stp.callbackOf(key(pendingId))) as Record<string, unknown>
    expect((await stp.post(payoutsUrl, JSON.stringify({ ...settledClaim, empresa: 'OTRAEMPRESA', estado: 'Exitosa', tsLiquidacion: String(Date.now()) }))).status).toBe(401)
    expect((await stp.post(payoutsUrl, JSON.stringify({ ...settledClaim, estado: 'Exitosa', tsLiquidacion: String(Date.now()) }))).status).toBe(401)

    expect(await applyInbox(t)).toMatchObject({ claimed: 0 })
    expect(await callbackRows(t)).toEqual(before)
    expect((await accountRow(t, account.accountId)).status).toBe('pending')
    expect((await orderRow(t, pending.order)).status).toBe(S.approved)
    expect(await requestRow(t, pendingId)).toMatchObject({ status: 'accepted' })
  })

  it('a replayed event: a redelivery is a duplicate, an old one is refused, nothing changes', async () => {
    const who = await paidOut()
    const account = await askAccount(t, who, 'SPEI')
    const paid = await conekta.pay(account.vcode, paymentsUrl)
    expect(paid.status).toBe(200)
    await applyInbox(t)
    const settled = await orderRow(t, who.order)
    expect(settled.status).toBe(S.settled)
    const before = await callbackRows(t)
    // Conekta sends the same event again; STP the same status change again
    const again = await conekta.post(paymentsUrl, paid.event, { 'content-type': 'application/json', digest: conekta.sign(paid.event) })
    expect(again.status).toBe(200)
    expect(JSON.parse(again.body).data).toEqual({ duplicate: true })
    const stpAgain = await stp.post(payoutsUrl, stp.callbackOf(key(who.requestId)))
    expect(JSON.parse(stpAgain.body).data).toEqual({ duplicate: true })
    // the same payment in an event three days old, genuinely signed
    const old = conekta.eventOf('order.paid', JSON.parse(paid.event).data.object, { createdAt: Math.floor((Date.now() - 3 * DAY_MS) / 1000) })
    expect((await conekta.post(paymentsUrl, old.body, old.headers)).status).toBe(401)
    expect(await applyInbox(t)).toMatchObject({ claimed: 0 })
    expect(await callbackRows(t)).toEqual(before)
    expect(await orderRow(t, who.order)).toEqual(settled)
    expect(await moneyOf(t, who.order)).toMatchObject({ payments: 1 })
  })

  it("another account's reference: another borrower's account, another gateway's account, another request's transfer: refused, nothing applied", async () => {
    const mine = await paidOut()
    const theirs = await paidOut()
    const myAccount = await askAccount(t, mine, 'SPEI')
    const theirAccount = await askAccount(t, theirs, 'SPEI')
    const sandboxAccount = await otherGatewayAccount(t)
    const before = await callbackRows(t)

    // genuinely signed, paying into my CLABE but naming another account as ours
    for (const [n, reference] of [String(theirAccount.accountId), String(sandboxAccount.accountId)].entries()) {
      const crossed = structuredClone(conektaOrderOf(myAccount.vcode))
      // each forgery its own charge id: the unmatched are kept once per payment
      crossed.charges.data[0]!.id = `${crossed.charges.data[0]!.id}${n}`
      crossed.payment_status = 'paid'
      crossed.charges.data[0]!.status = 'paid'
      crossed.charges.data[0]!.paid_at = Math.floor(Date.now() / 1000)
      crossed.charges.data[0]!.reference_id = reference
      crossed.metadata = { ...crossed.metadata, kilat_reference: reference }
      const event = conekta.eventOf('order.paid', crossed)
      expect((await conekta.post(paymentsUrl, event.body, event.headers)).status).toBe(400)
    }
    // STP's status change naming my request with another order's id: STP's answer for my key disagrees
    const theirs$ = JSON.parse(stp.callbackOf(key(theirs.requestId))) as Record<string, unknown>
    expect((await stp.post(payoutsUrl, JSON.stringify({ ...theirs$, folioOrigen: key(mine.requestId) }))).status).toBe(401)

    await applyInbox(t)
    // nothing applied; the unknown payments are kept once for finance to look at
    await expectNothingApplied(t, before, 2, [myAccount.accountId, theirAccount.accountId, sandboxAccount.accountId])
  })
})

describe('wiring and logs', () => {
  it('the registry serves Mexico with Conekta and STP at the webhooks the fakes posted to', () => {
    expect(t.payments.of('ID').name).toBe('sandbox')
    expect(t.live.map((l) => [l.kind, l.provider.name, l.markets, `${t.baseUrl}${l.callbackPath}`])).toEqual([
      ['payments', 'conekta', ['MX'], paymentsUrl],
      ['payouts', 'stp', ['MX'], payoutsUrl],
    ])
  })

  it('what the providers logged names no key and no full CLABE', () => {
    // the 500s above were logged as retried: there is something to read
    expectLogWithout(t, [conekta.apiKey, BANORTE.accountNumber, 'PRIVATE KEY'])
  })
})
