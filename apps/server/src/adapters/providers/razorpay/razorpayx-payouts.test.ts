import { createHmac, randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { cents } from '@kilat/domain'
import { ConfigError } from '../../../config.js'
import { startFakeApi, type FakeAnswer, type FakeApi, type FakeRequest } from '../../../test/fakes/fake-api.js'
import { startRazorpayFake, type RazorpayFake } from '../../../test/fakes/razorpay.js'
import type { AccountCheckAnswer } from '../../payouts/payout-provider.js'
import { ProviderUnavailable } from '../provider-http.js'
import { CHECK_LOOKBACK_SECONDS, RazorpayXPayouts, checkKeyOf, idempotencyKeyOf, type PayoutDestination, type RazorpayPayoutInput } from './razorpayx-payouts.js'
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

/** What a receiving bank does with a penny drop, in the validations fake. */
interface FakeBank {
  /** The name the bank keeps; absent: no such account (the penny comes back). */
  name?: string
  /** The bank answers later: the validation stays created until `settle`. */
  slow?: boolean
  /** The next validations fail with these reasons, one each. */
  failures?: string[]
}

interface FakeValidation {
  id: string
  entity: 'fund_account.validation'
  status: 'created' | 'completed' | 'failed'
  validation_results: { account_status: string | null; registered_name: string | null }
  status_details: { reason: string; description: string; source: string }
  reference_id: string | null
  notes: Record<string, unknown>
  fund_account: Record<string, unknown>
  created_at: number
}

type ValidationsFault = 'error' | 'errorAfter' | 'rateLimit' | { slowMs: number } | FakeAnswer

interface ValidationsFake extends FakeApi {
  /** The banks' accounts, by account number or UPI id. */
  banks: Map<string, FakeBank>
  validations: FakeValidation[]
  /** The idempotency key each create came with. */
  keys: string[]
  /** The next `times` creates (or searches) meet this fault, or answer this refusal. */
  failNext(on: 'create' | 'search', fault: ValidationsFault, times?: number): void
  /** The bank answers a created validation. */
  settle(id: string): void
}

/**
 * RazorpayX's fund account validations as the account check uses them, from Razorpay's account
 * validation pages: the composite create (our account as `source_account_number`, the fund account
 * inline, `reference_id`, `notes`), answered created, completed (the account active with its
 * registered name, or invalid) or failed with a reason; the list by our account from a time, 100 a
 * page at most. It does not honour the idempotency key (promised for payouts, not for validations):
 * the tests prove the adapter's own search.
 */
async function startValidationsFake(options: { keyId: string; keySecret: string; accountNumber: string }): Promise<ValidationsFake> {
  const banks = new Map<string, FakeBank>()
  const validations: FakeValidation[] = []
  const keys: string[] = []
  const faults: Record<'create' | 'search', ValidationsFault[]> = { create: [], search: [] }
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString('base64')}`
  const refusal = (status: number, description: string, field: string | null, reason = 'input_validation_failed'): FakeAnswer => ({
    status,
    body: { error: { code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR', description, source: 'business', step: null, reason, metadata: {}, field } },
  })

  const answerOfBank = (v: FakeValidation, bank: FakeBank | undefined) => {
    const failure = bank?.failures?.shift()
    if (failure) {
      v.status = 'failed'
      v.status_details = { reason: failure, description: 'Validation failed', source: 'beneficiary_bank' }
    } else {
      v.status = 'completed'
      v.validation_results = bank?.name ? { account_status: 'active', registered_name: bank.name } : { account_status: 'invalid', registered_name: null }
      v.status_details = { reason: 'validation_completed', description: 'Validation request is completed', source: 'beneficiary_bank' }
    }
  }

  const create = (req: FakeRequest): FakeAnswer => {
    const body = req.body
    if (!body) return refusal(400, 'The request body is not valid JSON', null)
    if (body.source_account_number !== options.accountNumber) return refusal(400, 'The source account number is invalid', 'source_account_number')
    if (body.validation_type !== 'pennydrop' && body.validation_type !== 'optimized') return refusal(400, 'The validation type is invalid', 'validation_type')
    const fa = body.fund_account as Record<string, Record<string, string> | string> | undefined
    const contact = fa?.contact
    if (!fa || typeof contact !== 'object' || !contact.name) return refusal(400, 'The fund account and its contact are required', 'fund_account')
    const account = fa.account_type === 'vpa' && typeof fa.vpa === 'object' ? fa.vpa.address : fa.account_type === 'bank_account' && typeof fa.bank_account === 'object' ? fa.bank_account.account_number : undefined
    if (!account) return refusal(400, 'The fund account type is invalid', 'fund_account.account_type')
    if (fa.account_type === 'bank_account' && typeof fa.bank_account === 'object' && !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(fa.bank_account.ifsc ?? '')) {
      return refusal(400, 'Invalid IFSC Code in Bank Account', 'fund_account.bank_account.ifsc', 'invalid_ifsc')
    }
    keys.push(String(req.headers['x-payout-idempotency']))
    const v: FakeValidation = {
      id: `fav_${randomBytes(7).toString('hex')}`,
      entity: 'fund_account.validation',
      status: 'created',
      validation_results: { account_status: null, registered_name: null },
      status_details: { reason: 'validation_request_created', description: 'Validation request is created', source: 'internal' },
      reference_id: typeof body.reference_id === 'string' ? body.reference_id : null,
      notes: (body.notes as Record<string, unknown> | undefined) ?? {},
      fund_account: { id: `fa_${randomBytes(7).toString('hex')}`, entity: 'fund_account', ...fa },
      created_at: Math.floor(Date.now() / 1000),
    }
    validations.push(v)
    const bank = banks.get(account)
    if (!bank?.slow) answerOfBank(v, bank)
    return { status: 200, body: v }
  }

  const list = (req: FakeRequest): FakeAnswer => {
    if (req.query.get('account_number') !== options.accountNumber) return refusal(400, 'The account number is invalid', 'account_number')
    const count = Number(req.query.get('count') ?? 10)
    if (!Number.isInteger(count) || count < 1 || count > 100) return refusal(400, 'The count may not be greater than 100', 'count')
    const from = Number(req.query.get('from') ?? 0)
    const skip = Number(req.query.get('skip') ?? 0)
    const items = validations.filter((v) => v.created_at >= from).sort((a, b) => b.created_at - a.created_at).slice(skip, skip + count)
    return { status: 200, body: { entity: 'collection', count: items.length, items } }
  }

  const guarded = (on: 'create' | 'search', handle: (req: FakeRequest) => FakeAnswer) => (req: FakeRequest): FakeAnswer => {
    if (req.headers.authorization !== expectedAuth) return refusal(401, 'The api key provided is invalid', null, 'authentication_failed')
    const fault = faults[on].shift()
    if (fault === undefined) return handle(req)
    if (fault === 'error') return refusal(500, 'The server encountered an error', null, 'server_error')
    if (fault === 'rateLimit') return refusal(429, 'Too many requests', null, 'NA')
    if (fault === 'errorAfter') {
      handle(req)
      return refusal(500, 'The server encountered an error', null, 'server_error')
    }
    if ('slowMs' in fault) return { ...handle(req), delayMs: fault.slowMs }
    return fault
  }

  const api = await startFakeApi([
    { method: 'POST', pattern: '/v1/fund_accounts/validations', handle: guarded('create', create) },
    { method: 'GET', pattern: '/v1/fund_accounts/validations', handle: guarded('search', list) },
  ])
  return {
    ...api,
    banks,
    validations,
    keys,
    failNext(on, fault, times = 1) {
      for (let i = 0; i < times; i += 1) faults[on].push(fault)
    },
    settle(id) {
      const v = validations.find((x) => x.id === id)
      if (!v) throw new Error(`no validation ${id}`)
      const fa = v.fund_account as { vpa?: { address: string }; bank_account?: { account_number: string } }
      answerOfBank(v, banks.get(fa.vpa?.address ?? fa.bank_account?.account_number ?? ''))
    },
  }
}

describe('RazorpayXPayouts.checkAccount (the penny drop)', () => {
  let bank: ValidationsFake
  let checker: RazorpayXPayouts
  let nextAccount = 50_100_000_000_000
  let nextCheck = 1000
  beforeAll(async () => {
    bank = await startValidationsFake({ ...KEYS, accountNumber: ACCOUNT })
    checker = new RazorpayXPayouts({ ...KEYS, payoutAccountNumber: ACCOUNT, apiUrl: bank.url }, { ...QUICK, log: { warn: (d) => warnings.push(d) } })
  })
  afterAll(() => bank.close())
  beforeEach(() => {
    bank.calls.length = 0
  })

  /** A bank account of its own for each test, as the bank keeps it. */
  function account(kept: FakeBank): PayoutDestination {
    const accountNumber = String((nextAccount += 1))
    bank.banks.set(accountNumber, kept)
    return { ...BANK, accountNumber }
  }
  const ask = (destination: PayoutDestination, reference = `acct-${(nextCheck += 1)}-1`, signal?: AbortSignal): Promise<AccountCheckAnswer> =>
    checker.checkAccount({ reference, market: 'IN', destination }, signal)
  const creates = () => bank.calls.filter((c) => c.method === 'POST')
  const madeFor = (reference: string) => bank.validations.filter((v) => v.reference_id === reference)

  it('makes a penny-drop validation from our account, the fund account inline, our reference in it and in the key', async () => {
    const destination = account({ name: 'ASHA VERMA' })
    expect(await ask(destination, 'acct-31-1')).toEqual({ status: 'found', holderName: 'ASHA VERMA' })
    const [create] = creates()
    expect(create?.headers['x-payout-idempotency']).toBe(checkKeyOf('acct-31-1', 1))
    expect(create?.body).toEqual({
      source_account_number: ACCOUNT,
      validation_type: 'pennydrop',
      reference_id: 'acct-31-1',
      notes: { kilat_reference: 'acct-31-1' },
      fund_account: {
        account_type: 'bank_account',
        bank_account: { name: 'Asha Verma', ifsc: 'HDFC0001234', account_number: destination.accountNumber },
        contact: { name: 'Asha Verma', type: 'customer', reference_id: 'acct-31-1' },
      },
    })
    // searched first, within the last day, by our account
    const search = bank.calls.find((c) => c.method === 'GET')
    expect(search?.query.get('account_number')).toBe(ACCOUNT)
    expect(Number(search?.query.get('from'))).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - CHECK_LOOKBACK_SECONDS - 60)
  })

  it('validates a UPI id as its fund account', async () => {
    bank.banks.set('asha.check@okhdfcbank', { name: 'ASHA VERMA' })
    expect(await ask({ ...VPA, vpa: 'asha.check@okhdfcbank' })).toEqual({ status: 'found', holderName: 'ASHA VERMA' })
    expect(creates()[0]?.body).toMatchObject({ fund_account: { account_type: 'vpa', vpa: { address: 'asha.check@okhdfcbank' } } })
  })

  it("answers another person's registered name as found: telling it from the borrower's is the caller's", async () => {
    expect(await ask(account({ name: 'RAHUL KHANNA' }))).toEqual({ status: 'found', holderName: 'RAHUL KHANNA' })
  })

  it('no such account: completed invalid, failed as invalid, an IFSC Razorpay refuses, or one malformed (not sent)', async () => {
    expect(await ask(account({}))).toEqual({ status: 'unknownAccount' })
    expect(await ask(account({ failures: ['invalid_beneficiary_details'] }))).toEqual({ status: 'unknownAccount' })
    bank.failNext('create', { status: 400, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Invalid IFSC Code in Bank Account', source: 'business', step: null, reason: 'invalid_ifsc', metadata: {}, field: 'fund_account.bank_account.ifsc' } } })
    expect(await ask(account({ name: 'ASHA VERMA' }))).toEqual({ status: 'unknownAccount' })
    const sent = creates().length
    expect(await ask({ ...BANK, ifsc: 'HDFC1234' })).toEqual({ status: 'unknownAccount' })
    expect(creates()).toHaveLength(sent)
  })

  it('pending while the bank has not answered; the next ask finds the same validation, settled', async () => {
    const destination = account({ name: 'ASHA VERMA', slow: true })
    expect(await ask(destination, 'acct-32-1')).toEqual({ status: 'pending' })
    expect(await ask(destination, 'acct-32-1')).toEqual({ status: 'pending' })
    bank.settle(madeFor('acct-32-1')[0]!.id)
    expect(await ask(destination, 'acct-32-1')).toEqual({ status: 'found', holderName: 'ASHA VERMA' })
    expect(creates()).toHaveLength(1)
    expect(madeFor('acct-32-1')).toHaveLength(1)
  })

  it('an answer lost after the validation was made (a 500, a timeout): thrown, and the next ask finds it, no second penny', async () => {
    const destination = account({ name: 'ASHA VERMA' })
    bank.failNext('create', 'errorAfter')
    await expect(ask(destination, 'acct-33-1')).rejects.toThrow(/HTTP 500/)
    expect(await ask(destination, 'acct-33-1')).toEqual({ status: 'found', holderName: 'ASHA VERMA' })
    expect(madeFor('acct-33-1')).toHaveLength(1)

    const slow = account({ name: 'ASHA VERMA' })
    // the create is too slow: never sent again in place
    bank.failNext('create', { slowMs: 600 })
    await expect(ask(slow, 'acct-34-1')).rejects.toThrow(/timed out/)
    expect(creates()).toHaveLength(2)
    expect(await ask(slow, 'acct-34-1')).toEqual({ status: 'found', holderName: 'ASHA VERMA' })
    expect(madeFor('acct-34-1')).toHaveLength(1)
  })

  it('a technical failure is thrown; the next ask makes a new validation under the next key', async () => {
    const destination = account({ name: 'ASHA VERMA', failures: ['beneficiary_bank_offline'] })
    await expect(ask(destination, 'acct-35-1')).rejects.toThrow(/beneficiary_bank_offline/)
    expect(await ask(destination, 'acct-35-1')).toEqual({ status: 'found', holderName: 'ASHA VERMA' })
    expect(madeFor('acct-35-1').map((v) => v.status)).toEqual(['failed', 'completed'])
    expect(bank.keys.slice(-2)).toEqual([checkKeyOf('acct-35-1', 1), checkKeyOf('acct-35-1', 2)])
    // and asked once more, the completed one answers
    expect(await ask(destination, 'acct-35-1')).toEqual({ status: 'found', holderName: 'ASHA VERMA' })
    expect(madeFor('acct-35-1')).toHaveLength(2)
  })

  it("finds an earlier validation past the list's first page", async () => {
    const destination = account({ name: 'ASHA VERMA', slow: true })
    expect(await ask(destination, 'acct-36-1')).toEqual({ status: 'pending' })
    const others = Array.from({ length: 150 }, (_, i) => ({ ...bank.validations.at(-1)!, id: `fav_other${i}`, reference_id: `other-${i}`, notes: {}, created_at: Math.floor(Date.now() / 1000) + 1 }))
    bank.validations.push(...others)
    bank.calls.length = 0
    expect(await ask(destination, 'acct-36-1')).toEqual({ status: 'pending' })
    expect(bank.calls.filter((c) => c.method === 'GET').map((c) => c.query.get('skip'))).toEqual(['0', '100'])
    expect(creates()).toHaveLength(0)
  })

  it('429 and 5xx are thrown (unknown), the search asked again in place', async () => {
    const destination = account({ name: 'ASHA VERMA' })
    bank.failNext('search', 'rateLimit')
    await expect(ask(destination)).rejects.toBeInstanceOf(ProviderUnavailable)
    bank.failNext('search', 'error', 3)
    await expect(ask(destination)).rejects.toThrow(/HTTP 500/)
    expect(creates()).toHaveLength(0)
    bank.failNext('create', 'rateLimit')
    await expect(ask(destination)).rejects.toThrow(/429/)
    bank.failNext('search', 'error')
    await expect(ask(destination)).resolves.toEqual({ status: 'found', holderName: 'ASHA VERMA' })
  })

  it("throws once the caller's signal aborts, before anything is sent or while waiting", async () => {
    await expect(ask(account({ name: 'ASHA VERMA' }), undefined, AbortSignal.abort())).rejects.toThrow(/cancelled/)
    expect(bank.calls).toHaveLength(0)
    bank.failNext('search', { slowMs: 200 })
    await expect(ask(account({ name: 'ASHA VERMA' }), undefined, AbortSignal.timeout(20))).rejects.toThrow(/cancelled/)
    expect(creates()).toHaveLength(0)
  })

  it('our key refused is thrown, and so is a reference or a name we should not have sent', async () => {
    const wrong = new RazorpayXPayouts({ ...KEYS, keySecret: 'notthesecretatall000001', payoutAccountNumber: ACCOUNT, apiUrl: bank.url }, QUICK)
    await expect(wrong.checkAccount({ reference: 'acct-37-1', market: 'IN', destination: BANK })).rejects.toThrow(/key refused/)
    await expect(ask(BANK, 'not a reference!')).rejects.toThrow(/not a check reference/)
    await expect(ask({ ...BANK, holderName: 'A1' })).rejects.toThrow(/name/)
    await expect(checker.checkAccount({ reference: 'acct-37-1', market: 'ID', destination: BANK })).rejects.toThrow(/India only/)
    expect(madeFor('acct-37-1')).toHaveLength(0)
  })
})
