import { createHmac } from 'node:crypto'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cents } from '@kilat/domain'
import { startRazorpayFake, type RazorpayFake } from '../../../test/fakes/razorpay.js'
import { ProviderUnavailable } from '../provider-http.js'
import { RazorpayRefused } from './errors.js'
import { NOTE_REFERENCE, RazorpayGateway } from './razorpay-gateway.js'
import type { RazorpaySettings } from './settings.js'
import { EVENT_TOLERANCE_SECONDS } from './webhook.js'

const KEYS = { keyId: 'rzp_test_KilatGateway01', keySecret: 'gatewaysecretforthetests01', webhookSecret: 'webhook-secret-of-kilat' }
const QUICK = { timeoutMs: 300, retries: 2, backoffMs: 5 }

let fake: RazorpayFake
let settings: RazorpaySettings
let gateway: RazorpayGateway
const warnings: Record<string, unknown>[] = []

/** Our webhook as Razorpay reaches it: keeps the raw bytes and headers of what was posted. */
let receiver: Server
let receiverUrl: string
const received: { raw: Buffer; headers: IncomingHttpHeaders }[] = []

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ raw: Buffer.concat(chunks), headers: req.headers })
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/h5-api/v3/payments/callback/razorpay`
  fake = await startRazorpayFake({ ...KEYS, paymentsCallbackUrl: receiverUrl })
  settings = { ...KEYS, payoutAccountNumber: null, apiUrl: fake.url }
  gateway = new RazorpayGateway(settings, { ...QUICK, log: { warn: (d) => warnings.push(d) } })
})

afterAll(async () => {
  await fake.close()
  await new Promise<void>((resolve) => receiver.close(() => resolve()))
})

afterEach(() => {
  fake.calls.length = 0
  warnings.length = 0
})

const inAnHour = () => new Date(Date.now() + 60 * 60 * 1000)
const issue = (over: Partial<Parameters<RazorpayGateway['issueAccount']>[0]> = {}) =>
  gateway.issueAccount({ method: 'BANK_TRANSFER', accountKind: 'va', amount: cents(1_500_00), market: 'IN', expiresAt: inAnHour(), reference: '42', ...over })

describe('RazorpayGateway.issueAccount', () => {
  it('opens a Smart Collect bank account with our reference in its notes', async () => {
    const expiresAt = inAnHour()
    const issued = await issue({ expiresAt })
    expect(issued.accountNo).toMatch(/^2223330\d{9}$/)
    expect(issued.gatewayRef).toMatch(/^va_/)
    expect(Math.floor(issued.expiresAt.getTime() / 1000)).toBe(Math.floor(expiresAt.getTime() / 1000))
    const [call] = fake.calls
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}`)
    expect(call?.body).toMatchObject({ receivers: { types: ['bank_account'] }, amount_expected: 150000, notes: { [NOTE_REFERENCE]: '42', kilat_method: 'BANK_TRANSFER' } })
  })

  it('answers the virtual UPI id for UPI', async () => {
    const issued = await issue({ method: 'UPI', accountKind: 'upi' })
    expect(issued.accountNo).toMatch(/^rpy\.payto0000\d{10}@icici$/)
    expect(fake.calls[0]?.body).toMatchObject({ receivers: { types: ['bank_account', 'vpa'] } })
  })

  it('refuses a method Razorpay does not offer here, and another market, without calling', async () => {
    await expect(issue({ method: 'OXXO', accountKind: 'cash_reference' })).rejects.toMatchObject({ name: 'RazorpayRefused', reason: 'notOffered' })
    await expect(issue({ market: 'ID' })).rejects.toThrow(/India only/)
    await expect(issue({ amount: 12.5 as never })).rejects.toThrow(/whole number of paise/)
    expect(fake.calls).toHaveLength(0)
  })

  it('maps a refusal (close_by too soon) to our reason, never retried', async () => {
    const error = await issue({ expiresAt: new Date(Date.now() + 60_000) }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RazorpayRefused)
    expect(error).toMatchObject({ reason: 'invalidRequest', providerCode: 'BAD_REQUEST_ERROR/input_validation_failed' })
    expect(fake.calls).toHaveLength(1)
  })

  it('does not open a virtual account again after a 500 (it carries no idempotency key): unknown, one call', async () => {
    fake.failNext({ kind: 'error' })
    await expect(issue()).rejects.toBeInstanceOf(ProviderUnavailable)
    expect(fake.calls).toHaveLength(1)
    const issued = await issue()
    expect(issued.gatewayRef).toMatch(/^va_/)
  })

  it('gives up on 429 at once, as unknown', async () => {
    fake.failNext({ kind: 'rateLimit' })
    await expect(issue()).rejects.toBeInstanceOf(ProviderUnavailable)
    expect(fake.calls).toHaveLength(1)
  })

  it('gives up after a slow answer past the timeout, without a second attempt', async () => {
    fake.failNext({ kind: 'slow', delayMs: 600 })
    await expect(issue()).rejects.toThrow(/timed out/)
    expect(fake.calls).toHaveLength(1)
  })

  it('is refused by the fake with a wrong key, and tells nothing of the key in its logs', async () => {
    const wrong = new RazorpayGateway({ ...settings, keySecret: 'notthesecretatall000001' }, QUICK)
    await expect(wrong.issueAccount({ method: 'BANK_TRANSFER', accountKind: 'va', amount: cents(100_00), market: 'IN', expiresAt: inAnHour(), reference: '1' })).rejects.toThrow(/key refused/)
    fake.failNext({ kind: 'error' })
    await expect(issue()).rejects.toBeInstanceOf(ProviderUnavailable)
    expect(JSON.stringify(warnings)).not.toContain(KEYS.keySecret)
  })
})

describe('the fake refuses what Razorpay refuses', () => {
  const post = (body: unknown) =>
    fetch(`${fake.url}/v1/virtual_accounts`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}`, 'content-type': 'application/json' }, body: JSON.stringify(body) })

  it('a missing receivers field and an amount that is not in paise', async () => {
    const missing = await post({ notes: {} })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toMatchObject({ error: { code: 'BAD_REQUEST_ERROR', field: 'receivers' } })
    const fractional = await post({ receivers: { types: ['bank_account'] }, amount_expected: 1500.5 })
    expect(await fractional.json()).toMatchObject({ error: { field: 'amount_expected' } })
  })
})

describe('RazorpayGateway.verifyCallback', () => {
  it('accepts the fake\'s signed virtual_account.credited, as posted to our webhook', async () => {
    const issued = await issue({ reference: '777', amount: cents(2_345_67) })
    received.length = 0
    const credited = await fake.creditAccount(issued.accountNo)
    expect(credited.status).toBe(200)
    const [hit] = received
    const verified = gateway.verifyCallback(hit!.raw, hit!.headers)
    expect(verified).toEqual({
      ok: true,
      event: expect.objectContaining({ gatewayPaymentId: credited.payment.id, accountNo: issued.accountNo, externalId: '777', amount: 2_345_67, method: 'BANK_TRANSFER' }),
    })
  })

  it('names the UPI id of a UPI account, even paid into its bank account', async () => {
    const issued = await issue({ method: 'UPI', accountKind: 'upi', reference: '778' })
    const credited = await fake.creditAccount(issued.accountNo, { via: 'bank_transfer', url: 'http://127.0.0.1:1/' })
    const verified = gateway.verifyCallback(Buffer.from(credited.body), credited.headers)
    expect(verified.ok && verified.event).toMatchObject({ accountNo: issued.accountNo, method: 'UPI', externalId: '778' })
  })

  it('refuses a missing, a wrong and a foreign signature', async () => {
    const issued = await issue()
    const { body, headers } = await fake.creditAccount(issued.accountNo, { url: 'http://127.0.0.1:1/' })
    const { 'x-razorpay-signature': _, ...unsigned } = headers
    expect(gateway.verifyCallback(Buffer.from(body), unsigned)).toEqual({ ok: false, reason: 'missingSignature' })
    expect(gateway.verifyCallback(Buffer.from(body), { ...headers, 'x-razorpay-signature': 'zz' })).toEqual({ ok: false, reason: 'badSignature' })
    expect(gateway.verifyCallback(Buffer.from(body.replace('"amount":150000', '"amount":999999')), headers)).toEqual({ ok: false, reason: 'badSignature' })
    const other = fake.signedEvent('virtual_account.credited', JSON.parse(body).payload, { secret: 'another-accounts-webhook-secret' })
    expect(gateway.verifyCallback(Buffer.from(other.body), other.headers)).toEqual({ ok: false, reason: 'badSignature' })
  })

  it('refuses a replayed old event', async () => {
    const issued = await issue()
    const old = new Date(Date.now() - (EVENT_TOLERANCE_SECONDS + 60) * 1000)
    const { body, headers } = await fake.creditAccount(issued.accountNo, { at: old, url: 'http://127.0.0.1:1/' })
    expect(gateway.verifyCallback(Buffer.from(body), headers)).toEqual({ ok: false, reason: 'staleTimestamp' })
  })

  it('refuses malformed bodies, other events and accounts that are not ours', () => {
    const notJson = 'not json'
    expect(gateway.verifyCallback(Buffer.from(notJson), { 'x-razorpay-signature': createHmacHex(KEYS.webhookSecret, notJson) })).toEqual({ ok: false, reason: 'malformed' })
    const captured = fake.signedEvent('payment.captured', { payment: { entity: {} } })
    expect(gateway.verifyCallback(Buffer.from(captured.body), captured.headers)).toEqual({ ok: false, reason: 'malformed' })
    const va = { id: 'va_X', entity: 'virtual_account', status: 'active', notes: [], receivers: [{ entity: 'bank_account', account_number: '2223330000000001' }], close_by: null }
    const pay = { id: 'pay_X', entity: 'payment', amount: 100, currency: 'INR', status: 'captured', created_at: Math.floor(Date.now() / 1000) }
    const notOurs = fake.signedEvent('virtual_account.credited', { payment: { entity: pay }, virtual_account: { entity: va } })
    expect(gateway.verifyCallback(Buffer.from(notOurs.body), notOurs.headers)).toEqual({ ok: false, reason: 'malformed' })
    const usd = fake.signedEvent('virtual_account.credited', { payment: { entity: { ...pay, currency: 'USD' } }, virtual_account: { entity: { ...va, notes: { kilat_reference: '5', kilat_method: 'BANK_TRANSFER' } } } })
    expect(gateway.verifyCallback(Buffer.from(usd.body), usd.headers)).toEqual({ ok: false, reason: 'malformed' })
  })

  it('reads a redelivered event the same way (the payment id makes it a duplicate)', async () => {
    const issued = await issue()
    const { body, headers } = await fake.creditAccount(issued.accountNo, { url: 'http://127.0.0.1:1/' })
    const first = gateway.verifyCallback(Buffer.from(body), headers)
    const again = gateway.verifyCallback(Buffer.from(body), headers)
    expect(first.ok && again.ok && first.event.gatewayPaymentId === again.event.gatewayPaymentId).toBe(true)
  })
})

describe('cards', () => {
  it('are not offered with razorpay', async () => {
    await expect(gateway.tokenizeCard({ cardNo: '4111111111111111', holderName: 'A B', market: 'IN' })).rejects.toThrow(/not offered with razorpay/)
    await expect(gateway.chargeCard({ cardToken: 't', amount: cents(100), market: 'IN', reference: '1', expiresAt: inAnHour() })).rejects.toThrow(/not offered with razorpay/)
    expect(() => gateway.hostedPageUrl('plink_X')).toThrow(/not a razorpay payment link/)
  })
})

describe('hosted pages: Payment Links', () => {
  const hosted = (reference: string) => issue({ method: 'HOSTED', accountKind: 'hosted', reference, amount: cents(3_210_00) })

  it('opens a link whose address is the account number and the hosted page', async () => {
    const issued = await hosted('901')
    expect(issued.accountNo).toMatch(/^https:\/\/rzp\.io\/i\//)
    expect(issued.gatewayRef).toMatch(/^plink_/)
    expect(gateway.hostedPageUrl(issued.accountNo)).toBe(issued.accountNo)
    expect(fake.calls[0]?.body).toMatchObject({ amount: 321000, currency: 'INR', reference_id: '901', accept_partial: false, notes: { [NOTE_REFERENCE]: '901', kilat_method: 'HOSTED' } })
  })

  it('answers the link the first attempt made when its answer was lost (one link at Razorpay)', async () => {
    fake.failNext({ kind: 'errorAfter' })
    const issued = await hosted('902')
    expect([...fake.paymentLinks.values()].filter((l) => l.reference_id === '902')).toHaveLength(1)
    expect(issued.gatewayRef).toBe([...fake.paymentLinks.values()].find((l) => l.reference_id === '902')?.id)
    expect(fake.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /v1/payment_links', 'POST /v1/payment_links', 'GET /v1/payment_links'])
  })

  it('reads payment_link.paid as a payment of the link', async () => {
    const issued = await hosted('903')
    const paid = await fake.payLink(issued.gatewayRef, { url: 'http://127.0.0.1:1/' })
    const verified = gateway.verifyCallback(Buffer.from(paid.body), paid.headers)
    expect(verified).toEqual({ ok: true, event: expect.objectContaining({ gatewayPaymentId: paid.payment.id, accountNo: issued.accountNo, externalId: '903', amount: 3_210_00, method: 'HOSTED' }) })
  })
})

describe('RazorpayGateway.reportOf', () => {
  it('lists the payments captured on India\'s local day, with the fee in paise, over pages', async () => {
    fake.payments.clear()
    const issued = await issue()
    // 2026-03-10 00:10 in India is 2026-03-09 18:40 UTC; 23:50 in India is 18:20 UTC.
    const early = new Date('2026-03-09T18:40:00Z')
    const late = new Date('2026-03-10T18:20:00Z')
    const dayBefore = new Date('2026-03-09T18:20:00Z')
    for (let i = 0; i < 120; i += 1) await fake.creditAccount(issued.accountNo, { amount: 100_00 + i, at: early, url: 'http://127.0.0.1:1/' })
    const last = await fake.creditAccount(issued.accountNo, { amount: 999_99, fee: 2_360, tax: 360, at: late, url: 'http://127.0.0.1:1/' })
    await fake.creditAccount(issued.accountNo, { at: dayBefore, url: 'http://127.0.0.1:1/' })
    const failed = await fake.creditAccount(issued.accountNo, { at: late, url: 'http://127.0.0.1:1/' })
    failed.payment.status = 'failed'
    fake.calls.length = 0
    const report = await gateway.reportOf('IN', '2026-03-10')
    expect(report.lines).toHaveLength(121)
    expect(report.lines.find((l) => l.gatewayPaymentId === last.payment.id)).toEqual({ gatewayPaymentId: last.payment.id, accountNo: '', amount: 999_99, fee: 2_360, paidAt: late })
    expect(fake.calls.map((c) => c.query.get('skip'))).toEqual(['0', '100'])
  })

  it('is for India only', async () => {
    await expect(gateway.reportOf('MX', '2026-03-10')).rejects.toThrow(/India only/)
  })
})

describe('RazorpayGateway.check', () => {
  it('says whether the key works; the webhook address is unknown', async () => {
    expect(await gateway.check('https://kilat.example/h5-api/v3/payments/callback/razorpay')).toMatchObject({ provider: 'razorpay', keys: 'ok', callback: 'unknown' })
    const wrong = new RazorpayGateway({ ...settings, keySecret: 'notthesecretatall000001' }, QUICK)
    expect(await wrong.check('x')).toMatchObject({ keys: 'refused', callback: 'unknown' })
    const away = new RazorpayGateway({ ...settings, apiUrl: 'http://127.0.0.1:1' }, { ...QUICK, retries: 0 })
    const unreachable = await away.check('x')
    expect(unreachable).toMatchObject({ keys: 'unreachable' })
    expect(JSON.stringify(unreachable)).not.toContain(KEYS.keySecret)
  })
})

function createHmacHex(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex')
}
