import { createHmac } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cents } from '@kilat/domain'
import { ConfigError } from '../../../config.js'
import { startRazorpayFake, type RazorpayFake } from '../../../test/fakes/razorpay.js'
import { ProviderUnavailable } from '../provider-http.js'
import { RazorpayXPayouts, idempotencyKeyOf, type PayoutDestination, type RazorpayPayoutInput } from './razorpayx-payouts.js'
import type { RazorpaySettings } from './settings.js'
import { EVENT_TOLERANCE_SECONDS } from './webhook.js'

const KEYS = { keyId: 'rzp_test_KilatPayouts01', keySecret: 'payoutsecretforthetests001', webhookSecret: 'webhook-secret-of-kilat' }
const ACCOUNT = '7878780080316316'
const QUICK = { timeoutMs: 300, retries: 2, backoffMs: 5 }
const BANK: PayoutDestination = { channelCode: 'IMPS', accountNumber: '50100012345678', holderName: 'Asha Verma', ifsc: 'HDFC0001234' }
const VPA: PayoutDestination = { channelCode: 'UPI', accountNumber: '', holderName: 'Asha Verma', vpa: 'asha.verma@okhdfcbank' }

let fake: RazorpayFake
let settings: RazorpaySettings
let payouts: RazorpayXPayouts
const warnings: Record<string, unknown>[] = []
let nextRef = 100

beforeAll(async () => {
  fake = await startRazorpayFake({ ...KEYS, accountNumber: ACCOUNT, balance: 50_000_00 })
  settings = { ...KEYS, payoutAccountNumber: ACCOUNT, apiUrl: fake.url }
  payouts = new RazorpayXPayouts(settings, { ...QUICK, log: { warn: (d) => warnings.push(d) } })
})

afterAll(() => fake.close())

afterEach(() => {
  fake.calls.length = 0
  warnings.length = 0
})

const input = (over: Partial<RazorpayPayoutInput> = {}): RazorpayPayoutInput => ({
  reference: String((nextRef += 1)),
  orderNo: 'KLT-IN-0001',
  amount: cents(5_000_00),
  market: 'IN',
  destination: BANK,
  ...over,
})

describe('RazorpayXPayouts.send', () => {
  it('makes a composite IMPS payout with the idempotency key, our reference and the amount in paise', async () => {
    const sent = input()
    const result = await payouts.send(sent)
    expect(result).toEqual({ ok: true, providerRef: expect.stringMatching(/^pout_/) })
    const [call] = fake.calls
    expect(call?.headers['x-payout-idempotency']).toBe(idempotencyKeyOf(sent.reference))
    expect(call?.body).toMatchObject({
      account_number: ACCOUNT,
      amount: 500000,
      currency: 'INR',
      mode: 'IMPS',
      purpose: 'payout',
      reference_id: sent.reference,
      fund_account: { account_type: 'bank_account', bank_account: { ifsc: 'HDFC0001234', account_number: BANK.accountNumber, name: 'Asha Verma' }, contact: { name: 'Asha Verma', type: 'customer' } },
    })
  })

  it('pays a UPI id by UPI', async () => {
    expect(await payouts.send(input({ destination: VPA }))).toMatchObject({ ok: true })
    expect(fake.calls[0]?.body).toMatchObject({ mode: 'UPI', fund_account: { account_type: 'vpa', vpa: { address: VPA.vpa } } })
  })

  it('refuses for good, without a call, what cannot be sent', async () => {
    const { destination: _, ...bare } = input()
    expect(await payouts.send(bare)).toEqual({ ok: false, reason: expect.stringMatching(/No destination/) })
    expect(await payouts.send(input({ destination: { ...BANK, ifsc: 'HDFC1234' } }))).toEqual({ ok: false, reason: expect.stringMatching(/IFSC/) })
    expect(await payouts.send(input({ amount: cents(99) }))).toEqual({ ok: false, reason: expect.stringMatching(/minimum/) })
    expect(await payouts.send(input({ market: 'MX' }))).toMatchObject({ ok: false })
    await expect(payouts.send(input({ amount: 100.5 as never }))).rejects.toThrow(/whole number of paise/)
    expect(fake.calls).toHaveLength(0)
  })

  it('answers the first payout again for a repeated key: one payout at the provider', async () => {
    const sent = input()
    const first = await payouts.send(sent)
    const again = await payouts.send(sent)
    expect(again).toEqual(first)
    expect([...fake.payouts.values()].filter((p) => p.reference_id === sent.reference)).toHaveLength(1)
  })

  it('retries a 500 with the same key, and one payout is made even when the first attempt was', async () => {
    const sent = input()
    fake.failNext({ kind: 'errorAfter' })
    const result = await payouts.send(sent)
    expect(result).toMatchObject({ ok: true })
    expect(fake.calls.map((c) => c.headers['x-payout-idempotency'])).toEqual([idempotencyKeyOf(sent.reference), idempotencyKeyOf(sent.reference)])
    expect([...fake.payouts.values()].filter((p) => p.reference_id === sent.reference)).toHaveLength(1)
    expect(JSON.stringify(warnings)).not.toContain(BANK.accountNumber)
  })

  it('throws (unknown outcome) on 429, on 500s past the retries, and on a slow answer; a later send makes one payout', async () => {
    const sent = input()
    fake.failNext({ kind: 'rateLimit' })
    await expect(payouts.send(sent)).rejects.toBeInstanceOf(ProviderUnavailable)
    fake.failNext({ kind: 'error' }, 3)
    await expect(payouts.send(sent)).rejects.toThrow(/HTTP 500/)
    fake.failNext({ kind: 'slow', delayMs: 600 }, 3)
    await expect(payouts.send(sent)).rejects.toThrow(/timed out/)
    expect(await payouts.send(sent)).toMatchObject({ ok: true })
    expect([...fake.payouts.values()].filter((p) => p.reference_id === sent.reference)).toHaveLength(1)
    expect(new Set(fake.calls.map((c) => c.headers['x-payout-idempotency']))).toEqual(new Set([idempotencyKeyOf(sent.reference)]))
  })

  it('maps Razorpay\'s refusals to our reasons', async () => {
    expect(await payouts.send(input({ amount: cents(60_000_00) }))).toEqual({ ok: false, reason: expect.stringMatching(/^Our RazorpayX account does not have the balance.*BAD_REQUEST_ERROR\/insufficient_balance/) })
    fake.failNext({ kind: 'refuse', status: 400, code: 'BAD_REQUEST_ERROR', description: 'Invalid IFSC', reason: 'invalid_ifsc', field: 'fund_account.bank_account.ifsc' })
    expect(await payouts.send(input())).toEqual({ ok: false, reason: expect.stringMatching(/^The receiving account or UPI id is not valid/) })
    fake.failNext({ kind: 'refuse', status: 400, code: 'BAD_REQUEST_ERROR', description: 'Beneficiary account is closed', reason: 'beneficiary_account_closed' })
    expect(await payouts.send(input())).toEqual({ ok: false, reason: expect.stringMatching(/closed, frozen/) })
    fake.failNext({ kind: 'refuse', status: 400, code: 'BAD_REQUEST_ERROR', description: 'Amount exceeds the IMPS limit', reason: 'amount_limit_exceeded' })
    expect(await payouts.send(input())).toEqual({ ok: false, reason: expect.stringMatching(/over the limit/) })
    fake.failNext({ kind: 'refuse', status: 400, code: 'GATEWAY_ERROR', description: 'Bank rejected', reason: 'beneficiary_bank_rejected' })
    expect(await payouts.send(input())).toEqual({ ok: false, reason: expect.stringMatching(/receiving bank refused/) })
  })

  it('throws, never refuses, when our key or account is wrong or the idempotency key was used with another body', async () => {
    const wrong = new RazorpayXPayouts({ ...settings, keySecret: 'notthesecretatall000001' }, QUICK)
    await expect(wrong.send(input())).rejects.toThrow(/key refused/)
    const otherAccount = new RazorpayXPayouts({ ...settings, payoutAccountNumber: '1111111111' }, QUICK)
    await expect(otherAccount.send(input())).rejects.toThrow(/our account number refused/)
    const sent = input()
    await payouts.send(sent)
    await expect(payouts.send({ ...sent, amount: cents(4_000_00) })).rejects.toThrow(/idempotency conflict/)
  })

  it('needs our RazorpayX account number', () => {
    expect(() => new RazorpayXPayouts({ ...settings, payoutAccountNumber: null })).toThrow(ConfigError)
  })
})

describe('the fake refuses what RazorpayX refuses', () => {
  const auth = `Basic ${Buffer.from(`${KEYS.keyId}:${KEYS.keySecret}`).toString('base64')}`
  const post = (body: unknown, key?: string) =>
    fetch(`${fake.url}/v1/payouts`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json', ...(key ? { 'x-payout-idempotency': key } : {}) }, body: JSON.stringify(body) })
  const good = { account_number: ACCOUNT, amount: 100_00, currency: 'INR', mode: 'IMPS', purpose: 'payout', fund_account: { account_type: 'bank_account', bank_account: { name: 'Asha Verma', ifsc: 'HDFC0001234', account_number: '50100012345678' }, contact: { name: 'Asha Verma' } } }

  it('no idempotency key, a fractional amount, a missing purpose', async () => {
    expect(await (await post(good)).json()).toMatchObject({ error: { field: 'X-Payout-Idempotency' } })
    expect(await (await post({ ...good, amount: 100.5 }, 'k-0001')).json()).toMatchObject({ error: { field: 'amount' } })
    const { purpose: _, ...noPurpose } = good
    expect(await (await post(noPurpose, 'k-0002')).json()).toMatchObject({ error: { field: 'purpose' } })
  })
})

describe('RazorpayXPayouts.status', () => {
  it('tells unknown, accepted, completed and failed by our reference', async () => {
    expect(await payouts.status('999999')).toEqual({ status: 'unknown' })
    const done = input()
    const sent = await payouts.send(done)
    const ref = sent.ok ? sent.providerRef : ''
    expect(await payouts.status(done.reference)).toEqual({ status: 'accepted', providerRef: ref })
    await fake.finishPayout(ref, 'processed')
    expect(await payouts.status(done.reference)).toMatchObject({ status: 'completed', providerRef: ref })
    const bad = input()
    const badSent = await payouts.send(bad)
    await fake.finishPayout(badSent.ok ? badSent.providerRef : '', 'reversed', { reason: 'beneficiary_bank_rejected' })
    expect(await payouts.status(bad.reference)).toEqual({ status: 'failed', providerRef: expect.stringMatching(/^pout_/), reason: expect.stringMatching(/receiving bank refused.*reversed\/beneficiary_bank_rejected/) })
  })

  it('throws when unreachable or rate limited', async () => {
    fake.failNext({ kind: 'rateLimit' })
    await expect(payouts.status('1')).rejects.toBeInstanceOf(ProviderUnavailable)
    const away = new RazorpayXPayouts({ ...settings, apiUrl: 'http://127.0.0.1:1' }, { ...QUICK, retries: 0 })
    await expect(away.status('1')).rejects.toBeInstanceOf(ProviderUnavailable)
  })
})

describe('RazorpayXPayouts.verifyCallback', () => {
  const sendOne = async () => {
    const sent = input()
    const result = await payouts.send(sent)
    return { reference: sent.reference, providerRef: result.ok ? result.providerRef : '' }
  }

  it('reads payout.processed as completed, with the event id Razorpay sends', async () => {
    const { reference, providerRef } = await sendOne()
    const { body, headers } = await fake.finishPayout(providerRef, 'processed')
    const verified = payouts.verifyCallback(Buffer.from(body), headers)
    expect(verified).toEqual({ ok: true, event: expect.objectContaining({ eventId: headers['x-razorpay-event-id'], reference, providerRef, status: 'completed', reason: null }) })
  })

  it('reads payout.failed, .reversed and .rejected as failed with our reason', async () => {
    for (const outcome of ['failed', 'reversed', 'rejected'] as const) {
      const { reference } = await sendOne()
      const { body, headers } = await fake.finishPayout(reference, outcome)
      const verified = payouts.verifyCallback(Buffer.from(body), headers)
      expect(verified.ok && verified.event).toMatchObject({ reference, status: 'failed', reason: expect.stringContaining(`razorpayx ${outcome}/`) })
    }
  })

  it('refuses a missing or wrong signature, a stale event and a malformed one', async () => {
    const { providerRef } = await sendOne()
    const { body, headers } = await fake.finishPayout(providerRef, 'processed')
    const { 'x-razorpay-signature': _, ...unsigned } = headers
    expect(payouts.verifyCallback(Buffer.from(body), unsigned)).toEqual({ ok: false, reason: 'missingSignature' })
    const forged = body.replace('"status":"processed"', '"status":"reversed"')
    expect(payouts.verifyCallback(Buffer.from(forged), headers)).toEqual({ ok: false, reason: 'badSignature' })
    const old = fake.signedEvent('payout.processed', JSON.parse(body).payload, { at: new Date(Date.now() - (EVENT_TOLERANCE_SECONDS + 60) * 1000) })
    expect(payouts.verifyCallback(Buffer.from(old.body), old.headers)).toEqual({ ok: false, reason: 'staleTimestamp' })
    const otherEvent = fake.signedEvent('payout.queued', JSON.parse(body).payload)
    expect(payouts.verifyCallback(Buffer.from(otherEvent.body), otherEvent.headers)).toEqual({ ok: false, reason: 'malformed' })
    const mismatch = fake.signedEvent('payout.failed', JSON.parse(body).payload)
    expect(payouts.verifyCallback(Buffer.from(mismatch.body), mismatch.headers)).toEqual({ ok: false, reason: 'malformed' })
    const raw = '{"entity":"event"'
    expect(payouts.verifyCallback(Buffer.from(raw), { 'x-razorpay-signature': createHmac('sha256', KEYS.webhookSecret).update(raw).digest('hex') })).toEqual({ ok: false, reason: 'malformed' })
  })

  it('refuses a payout that is not one of ours (no reference of ours)', () => {
    const foreign = fake.signedEvent('payout.processed', { payout: { entity: { id: 'pout_Foreign0000001', entity: 'payout', amount: 100_00, status: 'processed', reference_id: 'someone-else', notes: [], status_details: null, created_at: 1 } } })
    expect(payouts.verifyCallback(Buffer.from(foreign.body), foreign.headers)).toEqual({ ok: false, reason: 'malformed' })
  })

  it('falls back to the payout and its event as the event id when the header is missing', async () => {
    const { providerRef } = await sendOne()
    const { body, headers } = await fake.finishPayout(providerRef, 'processed')
    const { 'x-razorpay-event-id': _, ...noId } = headers
    const verified = payouts.verifyCallback(Buffer.from(body), noId)
    expect(verified.ok && verified.event.eventId).toBe(`${providerRef}.payout.processed`)
  })
})

describe('RazorpayXPayouts.check', () => {
  it('ok with our key and account, refused otherwise, unreachable when down', async () => {
    expect(await payouts.check('https://kilat.example/h5-api/v3/payouts/callback/razorpayx')).toMatchObject({ provider: 'razorpayx', keys: 'ok', callback: 'unknown' })
    expect(await new RazorpayXPayouts({ ...settings, keySecret: 'notthesecretatall000001' }, QUICK).check('x')).toMatchObject({ keys: 'refused' })
    expect(await new RazorpayXPayouts({ ...settings, payoutAccountNumber: '1111111111' }, QUICK).check('x')).toMatchObject({ keys: 'refused' })
    expect(await new RazorpayXPayouts({ ...settings, apiUrl: 'http://127.0.0.1:1' }, { ...QUICK, retries: 0 }).check('x')).toMatchObject({ keys: 'unreachable' })
  })
})
