import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cents, type Cents } from '@kilat/domain'
import { startXenditFake, type XenditFake } from '../../../test/fakes/xendit.js'
import { PayoutUnavailable, type AccountCheckInput, type PayoutDestination } from '../../payouts/payout-provider.js'
import { CALLBACK_TOKEN, FAST, SECRET_KEY, deadUrl, settingsFor, startNameValidatorFake, startReceiver, type NameValidatorFake } from './test-support.js'
import { XenditPayouts, type XenditPayoutInput } from './xendit-payouts.js'

let fake: XenditFake
let payouts: XenditPayouts
const logged: Array<Record<string, unknown>> = []
const log = { warn: (details: Record<string, unknown>) => void logged.push(details) }

beforeAll(async () => {
  fake = await startXenditFake({ callbackToken: CALLBACK_TOKEN, secretKey: SECRET_KEY })
  payouts = new XenditPayouts(settingsFor(fake.url), { ...FAST, log })
})
afterAll(() => fake.close())
beforeEach(() => {
  fake.calls.length = 0
  logged.length = 0
  fake.balance.value = 1_000_000_000
})

const rp = (rupiah: number): Cents => cents(rupiah * 100)
let nextRef = 5000
function input(over: Partial<XenditPayoutInput> = {}): XenditPayoutInput {
  nextRef += 1
  return {
    reference: String(nextRef),
    orderNo: `KL${nextRef}`,
    amount: rp(2_000_000),
    market: 'ID',
    destination: { channelCode: 'BCA', accountNumber: '1234567890', holderName: 'Siti Rahayu' },
    ...over,
  }
}

const sends = () => fake.calls.filter((c) => c.method === 'POST' && c.path === '/v2/payouts')
const heldFor = (reference: string) => [...fake.payouts.values()].filter((p) => p.referenceId === reference)

describe('XenditPayouts.send', () => {
  it('sends whole rupiah to the bank account with our reference as the Idempotency-key', async () => {
    const req = input()
    const result = await payouts.send(req)
    const [call] = sends()
    expect(call?.headers['idempotency-key']).toBe(req.reference)
    expect(call?.body).toEqual({
      reference_id: req.reference,
      channel_code: 'ID_BCA',
      channel_properties: { account_number: '1234567890', account_holder_name: 'Siti Rahayu' },
      amount: 2_000_000,
      currency: 'IDR',
      description: `Kilat loan ${req.orderNo}`,
    })
    const [held] = heldFor(req.reference)
    expect(result).toEqual({ ok: true, providerRef: held?.id })
  })

  it("refuses at once, without calling, what Xendit cannot pay: no destination, another market, a fraction of a rupiah", async () => {
    expect(await payouts.send(input({ destination: undefined }))).toEqual({ ok: false, reason: expect.stringContaining('destination') })
    expect(await payouts.send(input({ market: 'MX' }))).toEqual({ ok: false, reason: expect.stringContaining('Indonesia') })
    expect(await payouts.send(input({ amount: cents(2_000_050) }))).toEqual({ ok: false, reason: expect.stringContaining('whole number of rupiah') })
    expect(await payouts.send(input({ destination: { channelCode: 'BCA', accountNumber: '12-34', holderName: 'A' } }))).toMatchObject({ ok: false })
    expect(fake.calls).toHaveLength(0)
  })

  it('the fake refuses a payout without its key, with a fractional amount or a missing field', async () => {
    const headers = { authorization: `Basic ${Buffer.from(`${SECRET_KEY}:`).toString('base64')}`, 'content-type': 'application/json' }
    const body = { reference_id: '1', channel_code: 'ID_BCA', channel_properties: { account_number: '1234567890', account_holder_name: 'A' }, amount: 20_000, currency: 'IDR' }
    const post = (b: object, key?: string) =>
      fetch(`${fake.url}/v2/payouts`, { method: 'POST', headers: key ? { ...headers, 'idempotency-key': key } : headers, body: JSON.stringify(b) }).then(async (r) => ({ status: r.status, code: ((await r.json()) as { error_code?: string }).error_code }))
    expect(await post(body)).toEqual({ status: 400, code: 'API_VALIDATION_ERROR' })
    expect(await post({ ...body, amount: 20_000.5 }, 'k-frac')).toEqual({ status: 400, code: 'API_VALIDATION_ERROR' })
    expect(await post({ ...body, currency: undefined }, 'k-cur')).toEqual({ status: 400, code: 'API_VALIDATION_ERROR' })
  })

  it('500 then success: the same key on every attempt, one payout at Xendit', async () => {
    fake.failNext({ status: 500, body: { error_code: 'SERVER_ERROR', message: 'x' } })
    const req = input()
    const result = await payouts.send(req)
    expect(sends().map((c) => c.headers['idempotency-key'])).toEqual([req.reference, req.reference])
    expect(heldFor(req.reference)).toHaveLength(1)
    expect(result).toEqual({ ok: true, providerRef: heldFor(req.reference)[0]?.id })
  })

  it('an answer lost after Xendit took the payout: the retry meets the taken key and answers the first payout', async () => {
    fake.failNext({ answer: { status: 502, body: {} }, afterProcessing: true })
    const req = input()
    const result = await payouts.send(req)
    expect(heldFor(req.reference)).toHaveLength(1)
    expect(result).toEqual({ ok: true, providerRef: heldFor(req.reference)[0]?.id })
    // and a send of the same key much later (another worker, after a crash) answers the same
    expect(await payouts.send(req)).toEqual(result)
    expect(heldFor(req.reference)).toHaveLength(1)
  })

  it('429, 500 on every attempt, or too slow: the outcome is unknown (PayoutUnavailable), sent again later', async () => {
    fake.failNext({ status: 429, body: { error_code: 'RATE_LIMIT_EXCEEDED', message: 'x' } })
    await expect(payouts.send(input())).rejects.toBeInstanceOf(PayoutUnavailable)
    expect(sends()).toHaveLength(1)
    fake.failNext({ status: 500, body: {} }, 3)
    await expect(payouts.send(input())).rejects.toBeInstanceOf(PayoutUnavailable)
    fake.slowNext(400, 3)
    const req = input()
    await expect(payouts.send(req)).rejects.toThrow(/timed out/)
    // the slow attempts were done at Xendit all the same: the next send answers the first one's result
    expect(await payouts.send(req)).toMatchObject({ ok: true })
    expect(heldFor(req.reference)).toHaveLength(1)
  })

  it("maps Xendit's refusals to short reasons", async () => {
    expect(await payouts.send(input({ destination: { channelCode: 'XYZ', accountNumber: '1234567890', holderName: 'A' } }))).toEqual({ ok: false, reason: 'Xendit does not pay out to this bank' })
    expect(await payouts.send(input({ amount: rp(5_000) }))).toEqual({ ok: false, reason: "The amount is outside the bank's limits" })
    expect(await payouts.send(input({ amount: rp(200_000_000) }))).toEqual({ ok: false, reason: "The amount is above the bank's transfer limit" })
    fake.balance.value = 0
    expect(await payouts.send(input())).toEqual({ ok: false, reason: 'Not enough balance at Xendit to send the payout' })
    fake.failNext({ status: 400, body: { error_code: 'RECIPIENT_ACCOUNT_NUMBER_ERROR', message: 'x' } })
    expect(await payouts.send(input())).toEqual({ ok: false, reason: 'The bank account number is not valid for this bank' })
    fake.failNext({ status: 400, body: { error_code: 'SOMETHING_NEW', message: 'x' } })
    expect(await payouts.send(input())).toEqual({ ok: false, reason: 'Xendit refused the payout (SOMETHING_NEW)' })
  })

  it('a refused key is not a refused payout: thrown, to be sent again once the key is fixed', async () => {
    const wrong = new XenditPayouts(settingsFor(fake.url, { secretKey: 'xnd_development_wrongwrongwrongwrongwrong' }), FAST)
    await expect(wrong.send(input())).rejects.toThrow(/XENDIT_SECRET_KEY/)
  })

  it('logs no key, account number or body', async () => {
    fake.failNext({ status: 500, body: {} })
    await payouts.send(input())
    const text = JSON.stringify(logged)
    expect(logged.length).toBeGreaterThan(0)
    expect(text).not.toContain(SECRET_KEY)
    expect(text).not.toContain('1234567890')
    expect(text).not.toContain('Siti')
  })
})

describe('XenditPayouts.status', () => {
  it('unknown, accepted, completed, failed with its reason', async () => {
    expect(await payouts.status('999999')).toEqual({ status: 'unknown' })
    const receiver = await startReceiver(() => ({ ok: true }))
    try {
      const a = input()
      const sent = await payouts.send(a)
      expect(await payouts.status(a.reference)).toEqual({ status: 'accepted', providerRef: sent.ok && sent.providerRef })
      const at = new Date('2026-11-27T03:00:00.000Z')
      await fake.completePayout(a.reference, { url: receiver.url, at })
      expect(await payouts.status(a.reference)).toEqual({ status: 'completed', providerRef: sent.ok && sent.providerRef, completedAt: at })
      const b = input()
      await payouts.send(b)
      await fake.failPayout(b.reference, 'INVALID_DESTINATION', { url: receiver.url })
      expect(await payouts.status(b.reference)).toMatchObject({ status: 'failed', reason: 'The bank account does not exist or cannot receive transfers' })
      expect(fake.calls.filter((c) => c.method === 'GET' && c.path === '/v2/payouts').at(-1)?.query.get('reference_id')).toBe(b.reference)
    } finally {
      await receiver.close()
    }
  })

  it('throws when Xendit cannot be asked', async () => {
    fake.failNext({ status: 500, body: {} }, 3)
    await expect(payouts.status('1')).rejects.toBeInstanceOf(PayoutUnavailable)
  })
})

describe('XenditPayouts.verifyCallback', () => {
  const headers = (token: string | null = CALLBACK_TOKEN) => (token === null ? {} : { 'x-callback-token': token })
  const raw = (body: unknown) => Buffer.from(JSON.stringify(body))

  it('reads payout.succeeded and payout.failed as the fake sends them to the webhook', async () => {
    const receiver = await startReceiver((b, h) => payouts.verifyCallback(b, h))
    try {
      const a = input()
      const sent = await payouts.send(a)
      const delivered = await fake.completePayout(a.reference, { url: receiver.url })
      expect(delivered.status).toBe(200)
      const verified = payouts.verifyCallback(raw(delivered.body), headers())
      expect(verified.ok && verified.event).toMatchObject({ reference: a.reference, providerRef: sent.ok && sent.providerRef, status: 'completed', reason: null })
      const b = input()
      await payouts.send(b)
      const failed = await fake.failPayout(b.reference, 'REJECTED_BY_CHANNEL', { url: receiver.url })
      expect(failed.status).toBe(200)
      const f = payouts.verifyCallback(raw(failed.body), headers())
      expect(f.ok && f.event).toMatchObject({ reference: b.reference, status: 'failed', reason: 'The receiving bank refused the transfer' })
      // a forged callback for another payout: refused, nothing accepted
      const forged = await fake.sendCallback(receiver.url, { ...failed.body, event: 'payout.succeeded' }, 'forgedTokenforgedTokenforgedToken')
      expect(forged.status).toBe(401)
      expect(receiver.accepted).toHaveLength(2)
    } finally {
      await receiver.close()
    }
  })

  it('a redelivered callback is the same event', async () => {
    const a = input()
    await payouts.send(a)
    const receiver = await startReceiver(() => ({ ok: true }))
    try {
      await fake.completePayout(a.reference, { url: receiver.url })
    } finally {
      await receiver.close()
    }
    const body = raw(fake.payoutCallbackBody(a.reference))
    const one = payouts.verifyCallback(body, headers())
    const two = payouts.verifyCallback(body, headers())
    expect(one.ok && two.ok && one.event.eventId === two.event.eventId).toBe(true)
  })

  it('refuses a wrong or missing token and a malformed body', async () => {
    const a = input()
    await payouts.send(a)
    const receiver = await startReceiver(() => ({ ok: true }))
    try {
      await fake.completePayout(a.reference, { url: receiver.url })
    } finally {
      await receiver.close()
    }
    const body = fake.payoutCallbackBody(a.reference)
    expect(payouts.verifyCallback(raw(body), headers('nope'))).toEqual({ ok: false, reason: 'badSignature' })
    expect(payouts.verifyCallback(raw(body), headers(null))).toEqual({ ok: false, reason: 'missingSignature' })
    expect(payouts.verifyCallback(Buffer.from('<xml/>'), headers())).toEqual({ ok: false, reason: 'malformed' })
    expect(payouts.verifyCallback(raw({ ...body, event: 'payout.created' }), headers())).toEqual({ ok: false, reason: 'malformed' })
    // an event that contradicts its payout's status
    expect(payouts.verifyCallback(raw({ ...body, event: 'payout.failed' }), headers())).toEqual({ ok: false, reason: 'malformed' })
    expect(payouts.verifyCallback(raw({ ...body, data: { ...(body.data as object), reference_id: 'not-ours' } }), headers())).toEqual({ ok: false, reason: 'malformed' })
  })
})

describe('XenditPayouts.check', () => {
  it('ok, refused, unreachable', async () => {
    expect(await payouts.check('https://kilat.example/h5-api/v3/payouts/callback/xendit')).toMatchObject({ keys: 'ok', callback: 'unknown' })
    const wrong = new XenditPayouts(settingsFor(fake.url, { secretKey: 'xnd_development_wrongwrongwrongwrongwrong' }), FAST)
    expect(await wrong.check('x')).toMatchObject({ keys: 'refused' })
    const dead = new XenditPayouts(settingsFor(await deadUrl()), { ...FAST, retries: 0 })
    expect(await dead.check('x')).toMatchObject({ keys: 'unreachable' })
  })
})

describe('XenditPayouts.checkAccount (the name validator)', () => {
  let validator: NameValidatorFake
  let checker: XenditPayouts
  let nextAccount = 1_234_500_000
  beforeAll(async () => {
    validator = await startNameValidatorFake()
    checker = new XenditPayouts(settingsFor(validator.url), { ...FAST, log })
  })
  afterAll(() => validator.close())
  beforeEach(() => {
    validator.calls.length = 0
    logged.length = 0
  })

  /** A BCA account of its own for each test, held by `holderName` (or by nobody). */
  function account(holderName: string | null, options: { pendingAsks?: number; virtual?: boolean } = {}): PayoutDestination {
    const accountNumber = String((nextAccount += 1))
    if (holderName) validator.accounts.set(`BCA:${accountNumber}`, { holderName, ...options })
    return { channelCode: 'BCA', accountNumber, holderName: 'Siti Rahayu' }
  }
  const ask = (destination: PayoutDestination, reference = `acct-${(nextRef += 1)}-1`, signal?: AbortSignal): Promise<unknown> =>
    checker.checkAccount({ reference, market: 'ID', destination } satisfies AccountCheckInput, signal)
  const asks = () => validator.calls.filter((c) => c.method === 'POST' && c.path === '/bank_account_data_requests')

  it("answers the holder's name as the bank keeps it, asking by Xendit's bank code with our reference", async () => {
    const destination = account('SITI RAHAYU')
    expect(await ask(destination, 'acct-7-1')).toEqual({ status: 'found', holderName: 'SITI RAHAYU' })
    expect(asks()[0]?.body).toEqual({ bank_code: 'BCA', bank_account_number: destination.accountNumber, reference_id: 'acct-7-1' })
    // the payouts' channel code names the same bank
    expect(await ask({ ...destination, channelCode: 'ID_BCA' })).toEqual({ status: 'found', holderName: 'SITI RAHAYU' })
    expect(asks()[1]?.body).toMatchObject({ bank_code: 'BCA' })
  })

  it("answers another person's name as found: telling it from the borrower's is the caller's", async () => {
    expect(await ask(account('HENDRA WIJAYA KUSUMA'))).toEqual({ status: 'found', holderName: 'HENDRA WIJAYA KUSUMA' })
  })

  it('an account the bank does not hold, a virtual account, a malformed number: unknown account (the last without asking)', async () => {
    expect(await ask(account(null))).toEqual({ status: 'unknownAccount' })
    expect(await ask(account('TOKO MAJU - SITI RAHAYU', { virtual: true }))).toEqual({ status: 'unknownAccount' })
    const asked = asks().length
    expect(await ask({ channelCode: 'BCA', accountNumber: '12-34', holderName: 'Siti Rahayu' })).toEqual({ status: 'unknownAccount' })
    expect(asks()).toHaveLength(asked)
  })

  it('pending while the bank is asked; asked again with the same reference, answered from the one inquiry', async () => {
    const destination = account('SITI RAHAYU', { pendingAsks: 2 })
    const reference = 'acct-8-1'
    expect(await ask(destination, reference)).toEqual({ status: 'pending' })
    expect(await ask(destination, reference)).toEqual({ status: 'pending' })
    expect(await ask(destination, reference)).toEqual({ status: 'found', holderName: 'SITI RAHAYU' })
    const inquiry = validator.inquiries.get(`BCA:${destination.accountNumber}`)
    expect(inquiry).toMatchObject({ asks: 3, referenceIds: [reference, reference, reference] })
  })

  it('a 500 is asked again in place with the same reference: one inquiry at the bank', async () => {
    const destination = account('SITI RAHAYU')
    validator.failNext({ answer: { status: 500, body: { error_code: 'SERVER_ERROR', message: 'x' } }, afterProcessing: true })
    expect(await ask(destination, 'acct-9-1')).toEqual({ status: 'found', holderName: 'SITI RAHAYU' })
    expect(asks().map((c) => c.body?.reference_id)).toEqual(['acct-9-1', 'acct-9-1'])
    expect(validator.inquiries.get(`BCA:${destination.accountNumber}`)?.asks).toBe(2)
    expect(JSON.stringify(logged)).not.toContain(destination.accountNumber)
  })

  it('429, 500 on every attempt, too slow: unknown (PayoutUnavailable), asked again later', async () => {
    const destination = account('SITI RAHAYU')
    validator.failNext({ answer: { status: 429, body: { error_code: 'RATE_LIMIT_EXCEEDED', message: 'x' } } })
    await expect(ask(destination)).rejects.toBeInstanceOf(PayoutUnavailable)
    expect(asks()).toHaveLength(1)
    validator.failNext({ answer: { status: 503, body: {} } }, 3)
    await expect(ask(destination)).rejects.toThrow(/HTTP 503/)
    validator.failNext({ delayMs: 400 }, 3)
    await expect(ask(destination)).rejects.toThrow(/timed out/)
    await expect(ask(destination)).resolves.toEqual({ status: 'found', holderName: 'SITI RAHAYU' })
  })

  it("throws once the caller's signal aborts: before the call, or while it waits", async () => {
    const destination = account('SITI RAHAYU')
    await expect(ask(destination, undefined, AbortSignal.abort())).rejects.toThrow(/cancelled/)
    expect(asks()).toHaveLength(0)
    validator.failNext({ delayMs: 150 })
    await expect(ask(destination, undefined, AbortSignal.timeout(20))).rejects.toThrow(/cancelled/)
    expect(asks()).toHaveLength(1)
  })

  it('a refused key, or a refusal of the request, is no answer about the account: thrown', async () => {
    const wrong = new XenditPayouts(settingsFor(validator.url, { secretKey: 'xnd_development_wrongwrongwrongwrongwrong' }), FAST)
    await expect(wrong.checkAccount({ reference: 'acct-1-1', market: 'ID', destination: account('SITI RAHAYU') })).rejects.toThrow(/XENDIT_SECRET_KEY/)
    validator.failNext({ answer: { status: 400, body: { error_code: 'API_VALIDATION_ERROR', message: 'x' } } })
    await expect(ask(account('SITI RAHAYU'))).rejects.toThrow(/API_VALIDATION_ERROR/)
    await expect(ask(account('SITI RAHAYU'))).resolves.toMatchObject({ status: 'found' })
    await expect(checker.checkAccount({ reference: 'acct-1-1', market: 'IN', destination: account('A') })).rejects.toThrow(/Indonesia only/)
  })
})
