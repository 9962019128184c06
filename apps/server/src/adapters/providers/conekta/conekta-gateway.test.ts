import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cents, isValidClabe } from '@kilat/domain'
import type { AppError } from '../../../http/errors.js'
import { appErrorOf } from '../../../http/provider-errors.js'
import { ProviderError } from '../provider-error.js'
import { startFakeApi, type FakeApi } from '../../../test/fakes/fake-api.js'
import { startConektaFake, type ConektaFake } from '../../../test/fakes/conekta.js'
import type { VerifiedCallback } from '../../payments/payment-gateway.js'

/** An order as the fake received it. */
interface SentOrder {
  customer_info: Record<string, string>
  line_items: { unit_price: number }[]
  metadata: Record<string, string>
  charges: { payment_method: { type: string; expires_at: number }; reference_id: string }[]
}
const sent = (i: number) => fake.calls[i]!.body as unknown as SentOrder
import { CONEKTA_EVENT_MAX_AGE_SECONDS, ConektaGateway } from './conekta-gateway.js'
import { readConektaSettings, type ConektaSettings } from './settings.js'

let fake: ConektaFake
let receiver: FakeApi
let settings: ConektaSettings
const received: VerifiedCallback[] = []
const warnings: Array<Record<string, unknown>> = []
const log = { warn: (details: Record<string, unknown>) => void warnings.push(details) }

const gateway = (over: Partial<ConektaSettings> = {}, timeoutMs = 300) => new ConektaGateway({ ...settings, ...over }, { log, timeoutMs, retries: 2, backoffMs: 5 })
const inADay = () => new Date(Date.now() + 24 * 3600 * 1000)
const spei = (reference = '101', amount = 150_000) => ({ method: 'SPEI', accountKind: 'clabe' as const, amount: cents(amount), market: 'MX' as const, expiresAt: inADay(), reference })
const oxxo = (reference = '102', amount = 50_000) => ({ method: 'OXXO', accountKind: 'cash_reference' as const, amount: cents(amount), market: 'MX' as const, expiresAt: inADay(), reference })

/** The AppError a module answers with for what the adapter threw. */
async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  // the adapter throws a ProviderError; what the borrower reads of it is the module's (http/provider-errors.ts)
  expect(error).toBeInstanceOf(ProviderError)
  return appErrorOf(error as ProviderError)
}

beforeAll(async () => {
  fake = await startConektaFake({ webhooks: [{ url: 'https://kilat.example/h5-api/v3/payments/callback/conekta' }] })
  // our webhook as the lead wires it: the raw body and headers to verifyCallback, 200 only when verified
  receiver = await startFakeApi([
    {
      method: 'POST',
      pattern: '/h5-api/v3/payments/callback/conekta',
      handle: (req) => {
        const verified = gateway().verifyCallback(req.rawBody, req.headers)
        received.push(verified)
        return { status: verified.ok ? 200 : 401, body: {} }
      },
    },
  ])
  settings = readConektaSettings({
    CONEKTA_API_KEY: fake.apiKey,
    CONEKTA_WEBHOOK_PUBLIC_KEY: fake.webhookPublicKey,
    CONEKTA_API_URL: fake.url,
    CONEKTA_CUSTOMER_EMAIL: 'cobranza@kilat.example',
    CONEKTA_CUSTOMER_PHONE: '+525512345678',
  })!
})

afterAll(async () => {
  await fake.close()
  await receiver.close()
})

beforeEach(() => {
  fake.calls.length = 0
  warnings.length = 0
  received.length = 0
})

describe('issueAccount', () => {
  it('issues a CLABE for SPEI: one order in centavos, our reference in metadata, Bearer key and v2.1 Accept', async () => {
    const issued = await gateway().issueAccount(spei('101', 150_000))
    expect(isValidClabe(issued.accountNo)).toBe(true)
    expect(issued.gatewayRef).toMatch(/^ord_/)
    expect(fake.calls).toHaveLength(1)
    const call = fake.calls[0]!
    expect(call.headers.authorization).toBe(`Bearer ${fake.apiKey}`)
    expect(call.headers.accept).toBe('application/vnd.conekta-v2.1.0+json')
    const body = sent(0)
    expect(body.line_items[0]!.unit_price).toBe(150_000)
    expect(body.metadata).toEqual({ kilat_reference: '101' })
    expect(body.charges[0]).toMatchObject({ payment_method: { type: 'spei' }, reference_id: '101' })
    // neutral customer data: ours, named by the account id
    expect(body.customer_info).toEqual({ name: 'Kilat 101', email: 'cobranza@kilat.example', phone: '+525512345678' })
    expect(Math.abs(body.charges[0]!.payment_method.expires_at - issued.expiresAt.getTime() / 1000)).toBeLessThan(1)
  })

  it('issues an OXXO reference for cash', async () => {
    const issued = await gateway().issueAccount(oxxo())
    expect(issued.accountNo).toMatch(/^\d{14}$/)
    expect(sent(0).charges[0]!.payment_method.type).toBe('cash')
  })

  it('refuses a method Conekta does not offer, before calling', async () => {
    await expect(gateway().issueAccount({ ...spei(), method: 'toString' })).rejects.toMatchObject({ kind: 'not-offered', provider: 'conekta', operation: 'issueAccount' })
    await expect(gateway().issueAccount({ ...spei(), accountKind: 'va' })).rejects.toMatchObject({ kind: 'not-offered', provider: 'conekta', operation: 'issueAccount' })
    expect(fake.calls).toHaveLength(0)
  })

  it('refuses a fractional amount before calling: centavos are whole', async () => {
    await expect(gateway().issueAccount({ ...spei(), amount: 1500.5 as never })).rejects.toThrow(RangeError)
    expect(fake.calls).toHaveLength(0)
  })

  it('the fake refuses pesos with a fraction and an expiry in milliseconds (wrong units)', async () => {
    const send = (body: unknown) => fetch(`${fake.url}/orders`, { method: 'POST', headers: { authorization: `Bearer ${fake.apiKey}`, accept: 'application/vnd.conekta-v2.1.0+json', 'content-type': 'application/json' }, body: JSON.stringify(body) })
    const base = { currency: 'MXN', customer_info: { name: 'x', email: 'a@b.mx', phone: '+525512345678' }, line_items: [{ name: 'x', unit_price: 1500, quantity: 1 }] }
    const seconds = Math.floor(Date.now() / 1000) + 3600
    expect((await send({ ...base, line_items: [{ name: 'x', unit_price: 15.5, quantity: 1 }], charges: [{ payment_method: { type: 'spei', expires_at: seconds } }] })).status).toBe(422)
    expect((await send({ ...base, charges: [{ payment_method: { type: 'spei', expires_at: seconds * 1000 } }] })).status).toBe(422)
    const missing = await send({ ...base, customer_info: { name: 'x', email: 'a@b.mx' }, charges: [{ payment_method: { type: 'spei', expires_at: seconds } }] })
    expect(missing.status).toBe(422)
    expect(await missing.json()).toMatchObject({ type: 'parameter_validation_error', details: [{ code: 'conekta.errors.parameter_validation.customer_info.phone.invalid' }] })
  })

  it('a wrong key is refused by the fake and reads "unavailable" for the borrower', async () => {
    const error = await refusal(gateway({ apiKey: 'key_wrong12345678' }).issueAccount(spei()))
    expect(error.key).toBe('unavailable')
    expect(warnings[0]).toMatchObject({ provider: 'conekta', status: 401, type: 'authentication_error', ours: true })
    expect(JSON.stringify(warnings)).not.toContain('key_')
  })

  it('a processing error (OXXO above its ceiling) reads "choose another method"', async () => {
    const error = await refusal(gateway().issueAccount(oxxo('103', 1_500_000)))
    expect(error.key).toBe('payMethodUnknown')
  })

  it('a parameter error is ours: "internal", logged with its code', async () => {
    const error = await refusal(gateway({ customerEmail: '' }).issueAccount(spei()))
    expect(error.key).toBe('internal')
    expect(warnings[0]).toMatchObject({ type: 'parameter_validation_error', code: 'conekta.errors.parameter_validation.customer_info.email.invalid' })
  })

  it('a 500 is not sent again (Conekta has no idempotency key for orders): "unavailable", one call', async () => {
    fake.failNext(500)
    const error = await refusal(gateway().issueAccount(spei('104')))
    expect(error.key).toBe('unavailable')
    expect(fake.calls).toHaveLength(1)
    // the borrower asks again: a new call, a new order
    const issued = await gateway().issueAccount(spei('104'))
    expect(fake.calls).toHaveLength(2)
    expect(isValidClabe(issued.accountNo)).toBe(true)
  })

  it('a 429 is not retried in place: "unavailable"', async () => {
    fake.failNext(429)
    const error = await refusal(gateway().issueAccount(spei('105')))
    expect(error.key).toBe('unavailable')
    expect(fake.calls).toHaveLength(1)
  })

  it('an answer slower than the timeout is not sent again: "unavailable", one call, one order left unseen at Conekta', async () => {
    const before = fake.orders.size
    fake.slowNext(400)
    const error = await refusal(gateway({}, 100).issueAccount(spei('106')))
    expect(error.key).toBe('unavailable')
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(fake.calls).toHaveLength(1)
    // a second attempt would have made a second order: the one made expires unpaid
    expect(fake.orders.size).toBe(before + 1)
  })

  it('cards and hosted pages are not offered with conekta', async () => {
    const tokenize = await refusal(gateway().tokenizeCard({ cardNo: '4242424242424242', holderName: 'x', market: 'MX' }))
    expect(tokenize.key).toBe('payMethodUnknown')
    expect(String((tokenize.cause as Error).message)).toContain('not offered with conekta')
    await refusal(gateway().chargeCard({ cardToken: 't', amount: cents(100), market: 'MX', reference: '1', expiresAt: inADay() }))
    expect(() => gateway().hostedPageUrl('x')).toThrow(ProviderError)
  })
})

describe('verifyCallback', () => {
  it('a payment at the fake posts a signed order.paid that our webhook accepts, with the charge as the payment', async () => {
    const issued = await gateway().issueAccount(spei('201', 123_456))
    const answer = await fake.pay(issued.accountNo, `${receiver.url}/h5-api/v3/payments/callback/conekta`)
    expect(answer.status).toBe(200)
    const verified = received[0]!
    expect(verified.ok).toBe(true)
    if (!verified.ok) return
    const order = fake.orders.get(issued.gatewayRef)!
    expect(verified.event).toMatchObject({ gatewayPaymentId: order.charges.data[0]!.id, accountNo: issued.accountNo, externalId: '201', amount: 123_456, method: 'SPEI' })
  })

  it('an OXXO payment by charge.paid is read the same way', async () => {
    const issued = await gateway().issueAccount(oxxo('202', 20_000))
    const order = fake.orders.get(issued.gatewayRef)!
    const c = { ...order.charges.data[0]!, status: 'paid', paid_at: Math.floor(Date.now() / 1000) }
    const { body, headers } = fake.eventOf('charge.paid', c)
    const verified = gateway().verifyCallback(Buffer.from(body), headers)
    expect(verified).toMatchObject({ ok: true, event: { gatewayPaymentId: c.id, accountNo: issued.accountNo, externalId: '202', amount: 20_000, method: 'OXXO' } })
  })

  const paidOrder = async (reference = '203') => {
    const issued = await gateway().issueAccount(spei(reference, 10_000))
    const order = structuredClone(fake.orders.get(issued.gatewayRef)!)
    order.charges.data[0]!.status = 'paid'
    order.charges.data[0]!.paid_at = Math.floor(Date.now() / 1000)
    return order
  }

  it('refuses a missing digest, a bad signature, a body changed after signing, and a key not Conekta\'s', async () => {
    const { body, headers } = fake.eventOf('order.paid', await paidOrder())
    expect(gateway().verifyCallback(Buffer.from(body), { 'content-type': 'application/json' })).toEqual({ ok: false, reason: 'missingSignature' })
    expect(gateway().verifyCallback(Buffer.from(body), { digest: 'not base64!' })).toEqual({ ok: false, reason: 'badSignature' })
    expect(gateway().verifyCallback(Buffer.from(body.replace('"amount":10000', '"amount":99999999')), headers)).toEqual({ ok: false, reason: 'badSignature' })
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString()
    expect(gateway({ webhookPublicKey: other }).verifyCallback(Buffer.from(body), headers)).toEqual({ ok: false, reason: 'badSignature' })
  })

  it('refuses a replayed old event and one dated in the future', () => {
    const old = fake.eventOf('order.paid', {}, { createdAt: Math.floor(Date.now() / 1000) - CONEKTA_EVENT_MAX_AGE_SECONDS - 60 })
    expect(gateway().verifyCallback(Buffer.from(old.body), old.headers)).toEqual({ ok: false, reason: 'staleTimestamp' })
    const future = fake.eventOf('order.paid', {}, { createdAt: Math.floor(Date.now() / 1000) + 3600 })
    expect(gateway().verifyCallback(Buffer.from(future.body), future.headers)).toEqual({ ok: false, reason: 'staleTimestamp' })
  })

  it('refuses signed bodies that are not a payment: not JSON, another event type, an unpaid charge, no reference of ours', async () => {
    const signed = (body: string) => gateway().verifyCallback(Buffer.from(body), { digest: fake.sign(body) })
    expect(signed('not json')).toEqual({ ok: false, reason: 'malformed' })
    const order = await paidOrder('204')
    const created = fake.eventOf('order.created', order)
    expect(gateway().verifyCallback(Buffer.from(created.body), created.headers)).toEqual({ ok: false, reason: 'malformed' })
    const unpaid = structuredClone(order)
    unpaid.charges.data[0]!.status = 'pending_payment'
    const e1 = fake.eventOf('order.paid', unpaid)
    expect(gateway().verifyCallback(Buffer.from(e1.body), e1.headers)).toEqual({ ok: false, reason: 'malformed' })
    const foreign = structuredClone(order)
    foreign.metadata = { kilat_reference: 'someone-else' }
    foreign.charges.data[0]!.reference_id = null
    const e2 = fake.eventOf('order.paid', foreign)
    expect(gateway().verifyCallback(Buffer.from(e2.body), e2.headers)).toEqual({ ok: false, reason: 'malformed' })
  })

  it("another account's reference is carried as is: the inbox refuses it because the CLABE is not that account's", async () => {
    const order = await paidOrder('205')
    order.metadata = { kilat_reference: '999' }
    const { body, headers } = fake.eventOf('order.paid', order)
    const verified = gateway().verifyCallback(Buffer.from(body), headers)
    // the event names account 999 with the CLABE issued for 205: modules/repayment/payments.ts matches both and refuses it
    expect(verified).toMatchObject({ ok: true, event: { externalId: '999', accountNo: order.charges.data[0]!.payment_method.clabe } })
  })

  it('the same event twice reads the same payment id (a duplicate the inbox ignores)', async () => {
    const { body, headers } = fake.eventOf('order.paid', await paidOrder('206'))
    const a = gateway().verifyCallback(Buffer.from(body), headers)
    const b = gateway().verifyCallback(Buffer.from(body), headers)
    expect(a.ok && b.ok && a.event.gatewayPaymentId === b.event.gatewayPaymentId).toBe(true)
  })
})

describe('reportOf', () => {
  it("lists the charges paid on Mexico City's day with Conekta's fee, and none of another day", async () => {
    const day = new Date()
    const a = await gateway().issueAccount(spei('301', 40_000))
    const b = await gateway().issueAccount(oxxo('302', 30_000))
    const c = await gateway().issueAccount(spei('303', 20_000))
    const url = `${receiver.url}/h5-api/v3/payments/callback/conekta`
    // 18:00 UTC is noon in Mexico City
    const noon = new Date(`${day.toISOString().slice(0, 10)}T18:00:00Z`)
    await fake.pay(a.accountNo, url, { paidAt: noon, fee: 1_660 })
    await fake.pay(b.accountNo, url, { paidAt: new Date(noon.getTime() + 3600_000), fee: 1_370 })
    await fake.pay(c.accountNo, url, { paidAt: new Date(noon.getTime() - 2 * 86400_000) })
    const localDay = noon.toISOString().slice(0, 10)
    const report = await gateway().reportOf('MX', localDay)
    const ours = report.lines.filter((l) => [a.accountNo, b.accountNo, c.accountNo].includes(l.accountNo))
    expect(ours.map((l) => [l.accountNo, l.amount, l.fee])).toEqual(
      expect.arrayContaining([
        [a.accountNo, 40_000, 1_660],
        [b.accountNo, 30_000, 1_370],
      ]),
    )
    expect(ours).toHaveLength(2)
    const query = new URLSearchParams(fake.calls.at(-1)!.query)
    expect(query.get('payment_status')).toBe('paid')
  })

  it('follows the pages', async () => {
    const localDay = new Date().toISOString().slice(0, 10)
    const whole = await gateway().reportOf('MX', localDay)
    fake.pageSize = 1
    fake.calls.length = 0
    try {
      const paged = await gateway().reportOf('MX', localDay)
      expect(paged.lines).toEqual(whole.lines)
      expect(fake.calls.length).toBeGreaterThan(2)
      expect(fake.calls[1]!.query.get('next')).toMatch(/^ord_/)
    } finally {
      fake.pageSize = 250
    }
  })
})

describe('check', () => {
  it('ok, and the callback matches when a webhook points at it', async () => {
    expect(await gateway().check('https://kilat.example/h5-api/v3/payments/callback/conekta')).toMatchObject({ provider: 'conekta', keys: 'ok', callback: 'matches' })
    expect(await gateway().check('https://other.example/cb')).toMatchObject({ keys: 'ok', callback: 'differs' })
  })

  it('a refused key, and an unreachable API', async () => {
    expect(await gateway({ apiKey: 'key_wrong12345678' }).check('x')).toMatchObject({ keys: 'refused', callback: 'unknown' })
    expect(await gateway({ apiUrl: 'http://127.0.0.1:9' }).check('x')).toMatchObject({ keys: 'unreachable' })
  })
})
