import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cents, type Cents } from '@kilat/domain'
import type { AppError } from '../../../http/errors.js'
import { appErrorOf } from '../../../http/provider-errors.js'
import { ProviderError } from '../provider-error.js'
import { startXenditFake, type XenditFake } from '../../../test/fakes/xendit.js'
import type { IssueAccountInput } from '../../payments/payment-gateway.js'
import { CALLBACK_TOKEN, FAST, SECRET_KEY, deadUrl, settingsFor, startReceiver } from './test-support.js'
import { XenditAmountError } from './xendit-api.js'
import { XenditGateway, localMidnight, xenditOffers } from './xendit-gateway.js'

let fake: XenditFake
let gateway: XenditGateway
const logged: Array<Record<string, unknown>> = []
const log = { warn: (details: Record<string, unknown>) => void logged.push(details) }

beforeAll(async () => {
  fake = await startXenditFake({ callbackToken: CALLBACK_TOKEN, secretKey: SECRET_KEY })
  gateway = new XenditGateway(settingsFor(fake.url), { ...FAST, log })
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.calls.length = 0
  logged.length = 0
})

const rp = (rupiah: number): Cents => cents(rupiah * 100)
let nextRef = 1000
function input(over: Partial<IssueAccountInput> = {}): IssueAccountInput {
  nextRef += 1
  return { method: 'BCA', accountKind: 'va', amount: rp(1_250_000), market: 'ID', expiresAt: new Date(Date.now() + 24 * 3600_000), reference: String(nextRef), ...over }
}

/** The AppError a module answers with for what the adapter threw. */
async function refusedWith(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  // the adapter throws a ProviderError; what the borrower reads of it is the module's (http/provider-errors.ts)
  expect(error).toBeInstanceOf(ProviderError)
  return appErrorOf(error as ProviderError)
}

const posts = (path: string) => fake.calls.filter((c) => c.method === 'POST' && c.path === path)

describe('XenditGateway.issueAccount', () => {
  it('opens a closed, single-use virtual account for the exact rupiah owed', async () => {
    const req = input({ amount: rp(1_250_000) })
    const issued = await gateway.issueAccount(req)
    const [call] = posts('/callback_virtual_accounts')
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`)
    expect(call?.headers['x-idempotency-key']).toBe(`kilat-acc-${req.reference}`)
    expect(call?.body).toMatchObject({ external_id: req.reference, bank_code: 'BCA', expected_amount: 1_250_000, is_closed: true, is_single_use: true, name: 'KILAT', expiration_date: req.expiresAt.toISOString() })
    const held = fake.accounts.get(issued.gatewayRef)
    expect(held).toMatchObject({ kind: 'va', accountNo: issued.accountNo, externalId: req.reference, expectedAmount: 1_250_000 })
    expect(issued.accountNo).toMatch(/^10766\d{11}$/)
    expect(issued.expiresAt.toISOString()).toBe(req.expiresAt.toISOString())
  })

  it('opens a payment code at Alfamart or Indomaret', async () => {
    for (const outlet of ['ALFAMART', 'INDOMARET']) {
      const req = input({ method: outlet, accountKind: 'payment_code', amount: rp(500_000) })
      const issued = await gateway.issueAccount(req)
      expect(posts('/fixed_payment_code').at(-1)?.body).toMatchObject({ external_id: req.reference, retail_outlet_name: outlet, expected_amount: 500_000, is_single_use: true })
      expect(fake.accounts.get(issued.gatewayRef)).toMatchObject({ kind: 'payment_code', channel: outlet, accountNo: issued.accountNo })
    }
  })

  it('refuses a fraction of a rupiah before calling: IDR has no minor unit at Xendit', async () => {
    await expect(gateway.issueAccount(input({ amount: cents(1_250_050) }))).rejects.toBeInstanceOf(XenditAmountError)
    expect(fake.calls).toHaveLength(0)
  })

  it('the fake refuses an amount in the wrong unit and a missing field, as Xendit does', async () => {
    const auth = { authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`, 'content-type': 'application/json' }
    const post = (body: object) => fetch(`${fake.url}/callback_virtual_accounts`, { method: 'POST', headers: auth, body: JSON.stringify(body) }).then(async (r) => ({ status: r.status, body: (await r.json()) as { error_code: string } }))
    const base = { external_id: '1', bank_code: 'BNI', name: 'KILAT', is_closed: true, expected_amount: 10_000 }
    expect(await post({ ...base, expected_amount: 10_000.5 })).toMatchObject({ status: 400, body: { error_code: 'API_VALIDATION_ERROR' } })
    expect(await post({ ...base, expected_amount: 1_000_000 })).toMatchObject({ status: 200 })
    const { external_id: _, ...noReference } = base
    expect(await post(noReference)).toMatchObject({ status: 400, body: { error_code: 'API_VALIDATION_ERROR' } })
  })

  it("opens a hosted page as an invoice limited to cards, whose page is under XENDIT_CHECKOUT_URL", async () => {
    const req = input({ method: 'HOSTED', accountKind: 'hosted', amount: rp(1_500_000), expiresAt: new Date(Date.now() + 3600_000) })
    const issued = await gateway.issueAccount(req)
    const [call] = posts('/v2/invoices')
    expect(call?.body).toMatchObject({ external_id: req.reference, amount: 1_500_000, currency: 'IDR', payment_methods: ['CREDIT_CARD'] })
    expect(call?.body?.invoice_duration).toBeGreaterThan(3590)
    expect(call?.body?.invoice_duration).toBeLessThanOrEqual(3600)
    expect(gateway.hostedPageUrl(issued.accountNo)).toBe(`${fake.url}/web/${issued.accountNo}`)
    expect(() => gateway.hostedPageUrl('../../evil')).toThrow()
    // the page Xendit answers is not where XENDIT_CHECKOUT_URL says: refused rather than a wrong link
    const misconfigured = new XenditGateway(settingsFor(fake.url, { checkoutUrl: 'https://checkout.xendit.co/web' }), FAST)
    expect((await refusedWith(misconfigured.issueAccount(input({ method: 'HOSTED', accountKind: 'hosted' })))).key).toBe('internal')
  })

  it('does not offer binding or charging cards, other markets or unknown methods', async () => {
    expect(xenditOffers('ID', 'BCA')).toBe(true)
    expect(xenditOffers('ID', 'OVO')).toBe(false)
    expect(xenditOffers('MX', 'OXXO')).toBe(false)
    expect((await refusedWith(gateway.issueAccount(input({ method: 'OXXO', accountKind: 'cash_reference', market: 'MX' })))).key).toBe('payMethodUnknown')
    expect((await refusedWith(gateway.issueAccount(input({ method: 'ALFAMART', accountKind: 'va' })))).key).toBe('payMethodUnknown')
    expect((await refusedWith(gateway.tokenizeCard({ cardNo: '4000000000001091', holderName: 'A', market: 'ID' }))).key).toBe('payMethodUnknown')
    expect((await refusedWith(gateway.chargeCard({ cardToken: 't', amount: rp(1), market: 'ID', reference: '1', expiresAt: new Date() }))).key).toBe('payMethodUnknown')
    expect(fake.calls).toHaveLength(0)
  })

  describe("maps Xendit's refusals to ours", () => {
    it('a bank Xendit does not offer on our account: choose another method', async () => {
      fake.failNext({ status: 400, body: { error_code: 'BANK_NOT_SUPPORTED_ERROR', message: 'bank not supported' } })
      expect((await refusedWith(gateway.issueAccount(input()))).key).toBe('payMethodUnknown')
    })

    it("an amount outside the mini market's limits: choose another method", async () => {
      const below = await refusedWith(gateway.issueAccount(input({ method: 'ALFAMART', accountKind: 'payment_code', amount: rp(5_000) })))
      expect(below.key).toBe('payMethodUnknown')
      expect(String((below.cause as Error).message)).toContain('MINIMUM_EXPECTED_AMOUNT_ERROR')
      const above = await refusedWith(gateway.issueAccount(input({ method: 'INDOMARET', accountKind: 'payment_code', amount: rp(6_000_000) })))
      expect(String((above.cause as Error).message)).toContain('MAXIMUM_EXPECTED_AMOUNT_ERROR')
    })

    it("a wrong key, a request Xendit finds invalid or a past expiry: ours to fix (internal, Xendit's code logged)", async () => {
      const wrongKey = new XenditGateway(settingsFor(fake.url, { secretKey: 'xnd_development_wrongwrongwrongwrongwrong' }), FAST)
      const refused = await refusedWith(wrongKey.issueAccount(input()))
      expect(refused.key).toBe('internal')
      expect(String((refused.cause as Error).message)).toContain('INVALID_API_KEY')
      expect(fake.calls.at(-1)?.path).toBe('/callback_virtual_accounts')
      fake.failNext({ status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: 'x' } })
      expect((await refusedWith(gateway.issueAccount(input()))).key).toBe('internal')
      const past = await refusedWith(gateway.issueAccount(input({ expiresAt: new Date(Date.now() - 1000) })))
      expect(String((past.cause as Error).message)).toContain('EXPIRATION_DATE_INVALID_ERROR')
    })

    it('429: try again later, without retrying in place', async () => {
      fake.failNext({ status: 429, body: { error_code: 'RATE_LIMIT_EXCEEDED', message: 'slow down' } })
      expect((await refusedWith(gateway.issueAccount(input()))).key).toBe('unavailable')
      expect(posts('/callback_virtual_accounts')).toHaveLength(1)
    })

    it('500 then success: retried with the same key, one account at Xendit', async () => {
      fake.failNext({ status: 500, body: { error_code: 'SERVER_ERROR', message: 'oops' } })
      const before = fake.accounts.size
      const req = input()
      const issued = await gateway.issueAccount(req)
      const calls = posts('/callback_virtual_accounts')
      expect(calls).toHaveLength(2)
      expect(new Set(calls.map((c) => c.headers['x-idempotency-key']))).toEqual(new Set([`kilat-acc-${req.reference}`]))
      expect(fake.accounts.size).toBe(before + 1)
      expect(fake.accounts.get(issued.gatewayRef)?.externalId).toBe(req.reference)
    })

    it('500 on every attempt, or an answer slower than the timeout: try again later', async () => {
      fake.failNext({ status: 503, body: {} }, 3)
      expect((await refusedWith(gateway.issueAccount(input()))).key).toBe('unavailable')
      expect(posts('/callback_virtual_accounts')).toHaveLength(3)
      fake.slowNext(400, 3)
      const slow = await refusedWith(gateway.issueAccount(input()))
      expect(slow.key).toBe('unavailable')
      expect(String((slow.cause as Error).message)).toContain('timed out')
    })

    it('logs no key, no body and no account number', async () => {
      fake.failNext({ status: 500, body: {} })
      const issued = await gateway.issueAccount(input())
      const text = JSON.stringify(logged)
      expect(logged.length).toBeGreaterThan(0)
      expect(text).not.toContain(SECRET_KEY)
      expect(text).not.toContain(issued.accountNo)
      expect(text).not.toContain('expected_amount')
    })
  })
})

describe('XenditGateway.verifyCallback', () => {
  const headers = (token: string | null = CALLBACK_TOKEN) => (token === null ? { 'content-type': 'application/json' } : { 'x-callback-token': token, 'content-type': 'application/json' })
  const raw = (body: unknown) => Buffer.from(JSON.stringify(body))

  it('reads a genuine virtual account callback', async () => {
    const issued = await gateway.issueAccount(input({ method: 'MANDIRI', amount: rp(300_000) }))
    const body = fake.paidCallbackBody(issued.accountNo)
    const verified = gateway.verifyCallback(raw(body), headers())
    expect(verified).toEqual({
      ok: true,
      event: { gatewayPaymentId: body.payment_id, accountNo: issued.accountNo, externalId: body.external_id, amount: rp(300_000), paidAt: new Date(String(body.transaction_timestamp)), method: 'MANDIRI', raw: body },
    })
  })

  it('reads a genuine payment code callback', async () => {
    const issued = await gateway.issueAccount(input({ method: 'INDOMARET', accountKind: 'payment_code', amount: rp(75_000) }))
    const body = fake.paidCallbackBody(issued.accountNo)
    const verified = gateway.verifyCallback(raw(body), headers())
    expect(verified.ok && verified.event).toMatchObject({ gatewayPaymentId: body.payment_id, accountNo: issued.accountNo, amount: rp(75_000), method: 'INDOMARET' })
  })

  it('refuses a wrong token, a missing one, and reads nothing of such a request', async () => {
    const issued = await gateway.issueAccount(input())
    const body = raw(fake.paidCallbackBody(issued.accountNo))
    expect(gateway.verifyCallback(body, headers('tokenOfTheDashboard0123456789abcdeX'))).toEqual({ ok: false, reason: 'badSignature' })
    expect(gateway.verifyCallback(body, headers('short'))).toEqual({ ok: false, reason: 'badSignature' })
    expect(gateway.verifyCallback(body, headers(null))).toEqual({ ok: false, reason: 'missingSignature' })
    expect(gateway.verifyCallback(body, headers(''))).toEqual({ ok: false, reason: 'missingSignature' })
    expect(gateway.verifyCallback(Buffer.from('not json'), headers('wrong'))).toEqual({ ok: false, reason: 'badSignature' })
  })

  it('refuses a malformed body: not JSON, another shape, a fraction of a rupiah, a reference not ours', async () => {
    const issued = await gateway.issueAccount(input())
    const body = fake.paidCallbackBody(issued.accountNo)
    expect(gateway.verifyCallback(Buffer.from('{"id":'), headers())).toEqual({ ok: false, reason: 'malformed' })
    expect(gateway.verifyCallback(raw({ ...body, payment_id: undefined }), headers())).toEqual({ ok: false, reason: 'malformed' })
    expect(gateway.verifyCallback(raw({ ...body, amount: 1250.5 }), headers())).toEqual({ ok: false, reason: 'malformed' })
    expect(gateway.verifyCallback(raw({ ...body, amount: '1250000' }), headers())).toEqual({ ok: false, reason: 'malformed' })
    expect(gateway.verifyCallback(raw({ ...body, external_id: 'invoice-77' }), headers())).toEqual({ ok: false, reason: 'malformed' })
    // an "FVA created" status callback is not a payment
    expect(gateway.verifyCallback(raw({ id: issued.gatewayRef, external_id: '1', account_number: issued.accountNo, bank_code: 'BCA', status: 'ACTIVE' }), headers())).toEqual({ ok: false, reason: 'malformed' })
  })

  it("reads a paid invoice (a card on Xendit's page) by its card charge; an expired one is not a payment", async () => {
    const issued = await gateway.issueAccount(input({ method: 'HOSTED', accountKind: 'hosted', amount: rp(640_000) }))
    const body = fake.paidCallbackBody(issued.accountNo)
    const verified = gateway.verifyCallback(raw(body), headers())
    expect(verified.ok && verified.event).toMatchObject({ gatewayPaymentId: body.credit_card_charge_id, accountNo: issued.accountNo, externalId: body.external_id, amount: rp(640_000), method: 'HOSTED' })
    expect(gateway.verifyCallback(raw({ ...body, status: 'SETTLED' }), headers())).toMatchObject({ ok: true, event: { gatewayPaymentId: body.credit_card_charge_id } })
    expect(gateway.verifyCallback(raw({ ...body, status: 'EXPIRED' }), headers())).toEqual({ ok: false, reason: 'malformed' })
  })

  it("a replayed callback is the same payment (Xendit's scheme has no signed time): the webhook stores it once", async () => {
    const issued = await gateway.issueAccount(input())
    const body = raw(fake.paidCallbackBody(issued.accountNo))
    const first = gateway.verifyCallback(body, headers())
    const again = gateway.verifyCallback(body, headers())
    expect(first.ok && again.ok && first.event.gatewayPaymentId === again.event.gatewayPaymentId).toBe(true)
  })

  it('the fake pays an account: its callback reaches the webhook and verifies; a forged one is refused 401', async () => {
    const receiver = await startReceiver((b, h) => gateway.verifyCallback(b, h))
    try {
      const issued = await gateway.issueAccount(input({ method: 'BRI', amount: rp(90_000) }))
      const delivered = await fake.pay(issued.accountNo, { url: receiver.url })
      expect(delivered.status).toBe(200)
      const redelivered = await fake.pay(issued.accountNo, { url: receiver.url })
      expect(redelivered.body.payment_id).toBe(delivered.body.payment_id)
      const forged = await fake.sendCallback(receiver.url, { ...delivered.body, amount: 90_000_000 }, 'tokenOfSomeoneElse0123456789abcdef')
      expect(forged.status).toBe(401)
      const unsigned = await fake.sendCallback(receiver.url, delivered.body, null)
      expect(unsigned.status).toBe(401)
      expect(receiver.accepted).toHaveLength(2)
    } finally {
      await receiver.close()
    }
  })
})

describe('XenditGateway.reportOf', () => {
  it("lists the local day's successful payments with Xendit's fee and VAT, page after page", async () => {
    fake.transactions.length = 0
    const day = '2026-11-20'
    const start = localMidnight(day, 'Asia/Jakarta')
    expect(start.toISOString()).toBe('2026-11-19T17:00:00.000Z')
    const txn = (i: number, over: Record<string, unknown> = {}) => ({
      id: `txn_${String(i).padStart(4, '0')}`,
      product_id: `pay_${i}`,
      type: 'PAYMENT' as const,
      status: 'SUCCESS' as const,
      channel_category: 'VIRTUAL_ACCOUNT' as const,
      channel_code: 'BCA',
      account_identifier: `1076600000${String(i).padStart(6, '0')}`,
      reference_id: String(i),
      currency: 'IDR' as const,
      amount: 100_000 + i,
      net_amount: 0,
      cashflow: 'MONEY_IN' as const,
      settlement_status: 'PENDING' as const,
      business_id: 'b',
      fee: { xendit_fee: 4_000, value_added_tax: 440, xendit_withholding_tax: 0, third_party_withholding_tax: 0, status: 'COMPLETED' as const },
      created: new Date(start.getTime() + i * 60_000).toISOString(),
      updated: new Date(start.getTime() + i * 60_000).toISOString(),
      ...over,
    })
    // 60 payments of the day (two pages of 50), one at Alfamart with a fractional VAT
    for (let i = 0; i < 60; i += 1) fake.transactions.push(txn(i))
    fake.transactions.push(txn(60, { channel_category: 'RETAIL_OUTLET', channel_code: 'ALFAMART', fee: { xendit_fee: 5_000, value_added_tax: 550.5, xendit_withholding_tax: 0, third_party_withholding_tax: 0, status: 'COMPLETED' } }))
    fake.transactions.push(txn(61, { channel_category: 'CARDS', channel_code: 'CREDIT_CARD', account_identifier: '400000XXXXXX1091' }))
    // not the day's payments: the day before, the day after, a payout, another channel
    fake.transactions.push(txn(70, { created: new Date(start.getTime() - 1).toISOString() }))
    fake.transactions.push(txn(71, { created: new Date(start.getTime() + 24 * 3600_000).toISOString() }))
    fake.transactions.push(txn(72, { type: 'DISBURSEMENT', cashflow: 'MONEY_OUT', channel_category: 'BANK' }))
    fake.transactions.push(txn(73, { channel_category: 'EWALLET' as never }))
    const report = await gateway.reportOf('ID', day)
    expect(report.market).toBe('ID')
    expect(report.day).toBe(day)
    expect(report.lines).toHaveLength(62)
    // a card's masked number is not kept as an account number
    expect(report.lines.find((l) => l.gatewayPaymentId === 'pay_61')?.accountNo).toBe('')
    const byId = new Map(report.lines.map((l) => [l.gatewayPaymentId, l]))
    expect(byId.get('pay_3')).toEqual({ gatewayPaymentId: 'pay_3', accountNo: '1076600000000003', amount: rp(100_003), fee: rp(4_440), paidAt: new Date(start.getTime() + 3 * 60_000) })
    expect(byId.get('pay_60')?.fee).toBe(cents(555_050))
    const listCalls = fake.calls.filter((c) => c.path === '/transactions')
    expect(listCalls).toHaveLength(2)
    expect(listCalls[0]?.query.get('created[gte]')).toBe('2026-11-19T17:00:00.000Z')
    expect(listCalls[0]?.query.get('created[lt]')).toBe('2026-11-20T17:00:00.000Z')
    expect(listCalls[1]?.query.get('after_id')).toBeTruthy()
  })

  it("reports what the fake collected when it is paid: the callback's payment id is the report's", async () => {
    fake.transactions.length = 0
    const issued = await gateway.issueAccount(input({ method: 'PERMATA', amount: rp(210_000) }))
    const paidAt = new Date('2026-11-21T02:00:00.000Z')
    const body = fake.paidCallbackBody(issued.accountNo)
    const receiver = await startReceiver(() => ({ ok: true }))
    try {
      const delivered = await fake.pay(issued.accountNo, { url: receiver.url, at: paidAt })
      const report = await gateway.reportOf('ID', '2026-11-21')
      expect(report.lines).toEqual([{ gatewayPaymentId: delivered.body.payment_id, accountNo: issued.accountNo, amount: rp(210_000), fee: rp(4_440), paidAt }])
      expect(body.payment_id).not.toBe(delivered.body.payment_id)
    } finally {
      await receiver.close()
    }
  })

  it('has nothing for another market and refuses a day that is not one', async () => {
    expect(await gateway.reportOf('MX', '2026-11-21')).toEqual({ market: 'MX', day: '2026-11-21', lines: [] })
    await expect(gateway.reportOf('ID', '21/11/2026')).rejects.toThrow('not a day')
  })
})

describe('XenditGateway.check', () => {
  it('ok when the balance answers; the callback address is not readable from the API', async () => {
    expect(await gateway.check('https://kilat.example/h5-api/v3/payments/callback/xendit')).toMatchObject({ provider: 'xendit', keys: 'ok', callback: 'unknown' })
    expect(fake.calls.at(-1)).toMatchObject({ method: 'GET', path: '/balance' })
  })

  it('refused with a wrong key, unreachable when nobody answers', async () => {
    const wrong = new XenditGateway(settingsFor(fake.url, { secretKey: 'xnd_production_wrongwrongwrongwrongwrong' }), FAST)
    const refused = await wrong.check('https://kilat.example/cb')
    expect(refused).toMatchObject({ keys: 'refused', callback: 'unknown' })
    expect(refused.detail).toContain('INVALID_API_KEY')
    expect(refused.detail).not.toContain('wrongwrong')
    const dead = new XenditGateway(settingsFor(await deadUrl()), { ...FAST, retries: 0 })
    expect(await dead.check('https://kilat.example/cb')).toMatchObject({ keys: 'unreachable', callback: 'unknown' })
  })
})
