import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTwilioFake, type TwilioFake } from '../../../test/fakes/twilio.js'
import { startFakeApi, type FakeApi } from '../../../test/fakes/fake-api.js'
import { SMS_STATE_RANK, SmsRefused, isTrackedSmsSender, type SmsMessage } from '../../sms/sms-sender.js'
import { ProviderUnavailable } from '../provider-http.js'
import { readTwilioSettings, type TwilioSettings } from './twilio-settings.js'
import { TwilioSmsSender, marketOfNumber } from './twilio-sms-sender.js'

const SID = `AC${'a1'.repeat(16)}`
const TOKEN = 'f0'.repeat(16)
const SERVICE_ID = `MG${'b2'.repeat(16)}`
const FROM_MX = '+525598765432'
const PUBLIC_URL = 'https://kilat.example'
const STATUS_URL = `${PUBLIC_URL}/h5-api/v3/sms/status/twilio`
const PE_ID = '1101234567890123456'
const TEMPLATES = { login: '1107000000000000001', register: '1107000000000000002', repay: '1107000000000000003' }

const ID_PHONE = '+6281234567890'
const IN_PHONE = '+919876543210'
const MX_PHONE = '+525512345678'
const login = (to: string): SmsMessage => ({ to, text: 'Your Kilat verification code: 123456.', purpose: 'login' })

let fake: TwilioFake
let warnings: { details: Record<string, unknown>; message: string }[]

function settingsFor(url: string, env: Record<string, string | undefined> = {}): TwilioSettings {
  const settings = readTwilioSettings({
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM_ID: SERVICE_ID,
    TWILIO_FROM_IN: 'KILATP',
    TWILIO_FROM_MX: FROM_MX,
    SMS_DLT_ENTITY_ID_IN: PE_ID,
    SMS_DLT_TEMPLATES_IN: Object.entries(TEMPLATES).map(([purpose, id]) => `${purpose}:${id}`).join(','),
    TWILIO_API_URL: url,
    TWILIO_MESSAGING_API_URL: url,
    PUBLIC_URL,
    ...env,
  })
  if (!settings) throw new Error('no settings')
  return settings
}

function sender(settings = settingsFor(fake.url), timeoutMs = 300): TwilioSmsSender {
  return new TwilioSmsSender(settings, { timeoutMs, retries: 2, backoffMs: 5, log: { warn: (details, message) => warnings.push({ details, message }) } })
}

async function refusalOf(promise: Promise<unknown>): Promise<SmsRefused> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SmsRefused)
  return error as SmsRefused
}

beforeEach(async () => {
  warnings = []
  fake = await startTwilioFake({ accountSid: SID, authToken: TOKEN, services: { [SERVICE_ID]: { statusCallback: null } }, senders: ['KILATP', FROM_MX] })
})

afterEach(async () => {
  await fake.close()
})

describe('send', () => {
  it("sends Indonesia's message through its messaging service, with our status address, Basic auth", async () => {
    const sent = await sender().sendTracked(login(ID_PHONE))
    expect(sent.provider).toBe('twilio')
    expect(sent.messageId).toMatch(/^SM[0-9a-f]{32}$/)
    expect(fake.calls).toHaveLength(1)
    const call = fake.calls[0]
    expect(call?.path).toBe(`/2010-04-01/Accounts/${SID}/Messages.json`)
    expect(call?.headers.authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`)
    expect(call?.body).toEqual({ To: ID_PHONE, Body: 'Your Kilat verification code: 123456.', StatusCallback: STATUS_URL, MessagingServiceSid: SERVICE_ID })
    expect(fake.messages[0]?.sid).toBe(sent.messageId)
  })

  it("sends Mexico's message from its number, with no DLT ids", async () => {
    await sender().send(login(MX_PHONE))
    expect(fake.calls[0]?.body).toEqual({ To: MX_PHONE, Body: 'Your Kilat verification code: 123456.', StatusCallback: STATUS_URL, From: FROM_MX })
  })

  it("carries India's DLT entity id and the purpose's template id", async () => {
    const s = sender()
    await s.send(login(IN_PHONE))
    await s.send({ to: IN_PHONE, text: 'Your Kilat payment code: 654321.', purpose: 'repay' })
    expect(fake.messages.map((m) => [m.from, m.dltEntityId, m.dltTemplateId])).toEqual([
      ['KILATP', PE_ID, TEMPLATES.login],
      ['KILATP', PE_ID, TEMPLATES.repay],
    ])
  })

  it('sends nothing to India for a purpose without a DLT template', async () => {
    const refusal = await refusalOf(sender().send({ to: IN_PHONE, text: 'Hello', purpose: 'marketing' }))
    expect(refusal.reason).toBe('dlt-refused')
    expect(fake.calls).toHaveLength(0)
  })

  it('sends nothing to a number outside the markets, nor to a market without a sender', async () => {
    expect((await refusalOf(sender().send(login('+14155550100')))).reason).toBe('invalid-number')
    expect((await refusalOf(sender().send(login('0812345678')))).reason).toBe('invalid-number')
    const noMexico = sender(settingsFor(fake.url, { TWILIO_FROM_MX: undefined }))
    expect((await refusalOf(noMexico.send(login(MX_PHONE)))).reason).toBe('region-not-enabled')
    expect(fake.calls).toHaveLength(0)
  })

  it.each([
    [21211, 400, 'invalid-number'],
    [21614, 400, 'invalid-number'],
    [21610, 400, 'unsubscribed'],
    [21408, 400, 'region-not-enabled'],
    [21612, 400, 'unreachable'],
    [21212, 400, 'sender-refused'],
    [21659, 400, 'sender-refused'],
    [21701, 400, 'sender-refused'],
    [21705, 400, 'sender-refused'],
    [21900, 400, 'dlt-refused'],
    [21901, 400, 'dlt-refused'],
    [20003, 401, 'keys-refused'],
    [21602, 400, 'rejected'],
    [21617, 400, 'rejected'],
  ] as const)('maps Twilio error %i (HTTP %i) to %s, once', async (code, status, reason) => {
    fake.refuseNext(code, status)
    const refusal = await refusalOf(sender().send(login(ID_PHONE)))
    expect(refusal.reason).toBe(reason)
    expect(refusal.providerCode).toBe(String(code))
    expect(fake.calls).toHaveLength(1)
  })

  it('is refused by the fake with wrong keys (Twilio 20003)', async () => {
    const wrong = sender({ ...settingsFor(fake.url), authToken: '0'.repeat(32) })
    const refusal = await refusalOf(wrong.send(login(ID_PHONE)))
    expect(refusal).toMatchObject({ reason: 'keys-refused', providerCode: '20003' })
    expect(fake.messages).toHaveLength(0)
  })

  it('throws ProviderUnavailable on 429, sent once', async () => {
    fake.rateLimitNext()
    await expect(sender().send(login(ID_PHONE))).rejects.toBeInstanceOf(ProviderUnavailable)
    expect(fake.calls).toHaveLength(1)
  })

  it('never sends twice after a 500: one call, the outcome unknown (the borrower asks again)', async () => {
    fake.failNext(500)
    await expect(sender().send(login(ID_PHONE))).rejects.toMatchObject({ name: 'ProviderUnavailable', status: 500 })
    expect(fake.calls).toHaveLength(1)
  })

  it('never sends twice after a timeout, though Twilio took the message', async () => {
    fake.slowNext(400)
    await expect(sender(settingsFor(fake.url), 100).send(login(ID_PHONE))).rejects.toMatchObject({ name: 'ProviderUnavailable', detail: 'timed out after 100 ms' })
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(fake.calls).toHaveLength(1)
    // Why no retry: the slow answer still sent it. A second attempt would have sent a second code.
    expect(fake.messages).toHaveLength(1)
  })

  it('logs no phone number, no text and no key', async () => {
    fake.refuseNext(21610)
    await refusalOf(sender().send(login(ID_PHONE)))
    fake.failNext(503)
    await sender().send(login(MX_PHONE)).catch(() => undefined)
    const logged = JSON.stringify(warnings)
    expect(warnings.length).toBeGreaterThanOrEqual(2)
    for (const secret of [ID_PHONE, MX_PHONE, ID_PHONE.slice(1), TOKEN, '123456']) expect(logged).not.toContain(secret)
    expect(logged).toContain('+62812******90')
  })

  it('is a tracked sender', () => {
    expect(isTrackedSmsSender(sender())).toBe(true)
  })
})

describe('the fake refuses what Twilio refuses', () => {
  const post = (form: Record<string, string>, auth = `Basic ${Buffer.from(`${SID}:${TOKEN}`).toString('base64')}`) =>
    fetch(`${fake.url}/2010-04-01/Accounts/${SID}/Messages.json`, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    }).then(async (r) => ({ status: r.status, body: (await r.json()) as { code: number } }))
  const full = { To: ID_PHONE, Body: 'hello', From: 'KILATP' }

  it.each([
    ['no To', { ...full, To: '' }, 21604],
    ['a To not in E.164', { ...full, To: '081234567890' }, 21211],
    ['no Body', { ...full, Body: '' }, 21602],
    ['no From nor MessagingServiceSid', { To: ID_PHONE, Body: 'hello' }, 21603],
    ['a From the account does not own', { ...full, From: '+15005550006' }, 21659],
    ['India without DltPEId', { ...full, To: IN_PHONE, DltTemplateId: TEMPLATES.login }, 21900],
    ['India without DltTemplateId', { ...full, To: IN_PHONE, DltPEId: PE_ID }, 21901],
  ])('%s', async (_, form, code) => {
    const answer = await post(form)
    expect(answer).toMatchObject({ status: 400, body: { code } })
    expect(fake.messages).toHaveLength(0)
  })

  it('wrong Basic auth', async () => {
    expect(await post(full, `Basic ${Buffer.from(`${SID}:wrong`).toString('base64')}`)).toMatchObject({ status: 401, body: { code: 20003 } })
  })
})

describe('verifyStatusCallback', () => {
  async function sentMessageId(): Promise<string> {
    return (await sender().sendTracked(login(ID_PHONE))).messageId
  }

  it('accepts a genuine callback and reads it', async () => {
    const messageId = await sentMessageId()
    const { rawBody, headers } = fake.statusCallback({ messageSid: messageId, status: 'delivered' })
    expect(sender().verifyStatusCallback(rawBody, headers)).toEqual({
      ok: true,
      event: { provider: 'twilio', messageId, state: 'delivered', providerStatus: 'delivered', reason: null, providerCode: null },
    })
  })

  it("reads a failure's reason from its ErrorCode", async () => {
    const messageId = await sentMessageId()
    const { rawBody, headers } = fake.statusCallback({ messageSid: messageId, status: 'undelivered', errorCode: '30003' })
    expect(sender().verifyStatusCallback(rawBody, headers)).toMatchObject({ ok: true, event: { state: 'failed', reason: 'unreachable', providerCode: '30003' } })
  })

  it('refuses a forged signature, a missing one, a changed body and another address', async () => {
    const messageId = await sentMessageId()
    const forged = fake.statusCallback({ messageSid: messageId, status: 'delivered', authToken: 'e'.repeat(32) })
    expect(sender().verifyStatusCallback(forged.rawBody, forged.headers)).toEqual({ ok: false, reason: 'badSignature' })

    const genuine = fake.statusCallback({ messageSid: messageId, status: 'failed', errorCode: '30007' })
    const { 'x-twilio-signature': _, ...unsigned } = genuine.headers
    expect(sender().verifyStatusCallback(genuine.rawBody, unsigned)).toEqual({ ok: false, reason: 'missingSignature' })

    const changed = Buffer.from(genuine.rawBody.toString().replace('MessageStatus=failed', 'MessageStatus=delivered'))
    expect(sender().verifyStatusCallback(changed, genuine.headers)).toEqual({ ok: false, reason: 'badSignature' })

    const elsewhere = fake.statusCallback({ messageSid: messageId, status: 'delivered', url: 'https://attacker.example/h5-api/v3/sms/status/twilio' })
    expect(sender().verifyStatusCallback(elsewhere.rawBody, elsewhere.headers)).toEqual({ ok: false, reason: 'badSignature' })
  })

  it("refuses another account's callback and a malformed one", async () => {
    const messageId = await sentMessageId()
    const other = fake.statusCallback({ messageSid: messageId, status: 'delivered', accountSid: `AC${'c3'.repeat(16)}` })
    expect(sender().verifyStatusCallback(other.rawBody, other.headers)).toEqual({ ok: false, reason: 'otherAccount' })

    const inbound = fake.statusCallback({ messageSid: messageId, status: 'received' })
    expect(sender().verifyStatusCallback(inbound.rawBody, inbound.headers)).toEqual({ ok: false, reason: 'malformed' })

    const noSid = fake.statusCallback({ messageSid: 'not-a-sid', status: 'delivered', url: STATUS_URL })
    expect(sender().verifyStatusCallback(noSid.rawBody, noSid.headers)).toEqual({ ok: false, reason: 'malformed' })

    const inherited = fake.statusCallback({ messageSid: messageId, status: 'constructor' })
    expect(sender().verifyStatusCallback(inherited.rawBody, inherited.headers)).toEqual({ ok: false, reason: 'malformed' })

    const oddCode = fake.statusCallback({ messageSid: messageId, status: 'failed', errorCode: 'toString' })
    expect(sender().verifyStatusCallback(oddCode.rawBody, oddCode.headers)).toMatchObject({ ok: true, event: { state: 'failed', reason: 'rejected' } })

    const garbage = Buffer.from('%%%not a form')
    expect(sender().verifyStatusCallback(garbage, { 'x-twilio-signature': 'AAAA' })).toEqual({ ok: false, reason: 'badSignature' })
  })

  it('verifies against the address it is given, when the route passes one', async () => {
    const messageId = await sentMessageId()
    const url = 'https://api.kilat.example/h5-api/v3/sms/status/twilio'
    const signed = fake.statusCallback({ messageSid: messageId, status: 'sent', url })
    expect(sender().verifyStatusCallback(signed.rawBody, signed.headers, url)).toMatchObject({ ok: true, event: { state: 'sent' } })
    expect(sender().verifyStatusCallback(signed.rawBody, signed.headers)).toEqual({ ok: false, reason: 'badSignature' })
  })

  it('a replayed old callback verifies but moves nothing back: states only move forward', async () => {
    const messageId = await sentMessageId()
    const sent = fake.statusCallback({ messageSid: messageId, status: 'sent' })
    const delivered = fake.statusCallback({ messageSid: messageId, status: 'delivered' })
    const s = sender()
    const first = s.verifyStatusCallback(delivered.rawBody, delivered.headers)
    const replayed = s.verifyStatusCallback(sent.rawBody, sent.headers)
    if (!first.ok || !replayed.ok) throw new Error('not verified')
    expect(SMS_STATE_RANK[replayed.event.state]).toBeLessThan(SMS_STATE_RANK[first.event.state])
  })

  it('is posted by the fake, signed for the address each message named, to a webhook that verifies it', async () => {
    let verifier: TwilioSmsSender | undefined
    const ours: FakeApi = await startFakeApi([
      {
        method: 'POST',
        pattern: '/h5-api/v3/sms/status/twilio',
        handle: (req) => (verifier?.verifyStatusCallback(req.rawBody, req.headers).ok ? { status: 200 } : { status: 401 }),
      },
    ])
    try {
      const settings = settingsFor(fake.url, { PUBLIC_URL: ours.url })
      verifier = sender(settings)
      const { messageId } = await verifier.sendTracked(login(ID_PHONE))
      expect(fake.messages[0]?.statusCallback).toBe(`${ours.url}/h5-api/v3/sms/status/twilio`)
      expect(await fake.postStatusCallback({ messageSid: messageId, status: 'delivered' })).toBe(200)
      expect(await fake.postStatusCallback({ messageSid: messageId, status: 'delivered', authToken: 'e'.repeat(32) })).toBe(401)
    } finally {
      await ours.close()
    }
  })
})

describe('check', () => {
  it("matches when the keys work and the messaging service's callback is ours", async () => {
    await fake.close()
    fake = await startTwilioFake({ accountSid: SID, authToken: TOKEN, services: { [SERVICE_ID]: { statusCallback: STATUS_URL } } })
    expect(await sender().check(STATUS_URL)).toMatchObject({ provider: 'twilio', keys: 'ok', callback: 'matches' })
    expect(fake.calls.map((c) => c.path)).toEqual([`/2010-04-01/Accounts/${SID}.json`, `/v1/Services/${SERVICE_ID}`])
  })

  it('asks a service shared by two markets once', async () => {
    const shared = sender(settingsFor(fake.url, { TWILIO_FROM_MX: SERVICE_ID }))
    const check = await shared.check(STATUS_URL)
    expect(check).toMatchObject({ keys: 'ok', callback: 'matches' })
    expect(check.detail).toContain('ID/MX')
    expect(fake.calls.filter((c) => c.path.startsWith('/v1/Services/'))).toHaveLength(1)
  })

  it("differs when the service posts elsewhere, or when PUBLIC_URL is not the expected address", async () => {
    await fake.close()
    fake = await startTwilioFake({ accountSid: SID, authToken: TOKEN, services: { [SERVICE_ID]: { statusCallback: 'https://old.example/sms' } } })
    const check = await sender().check(STATUS_URL)
    expect(check).toMatchObject({ keys: 'ok', callback: 'differs' })
    expect(check.detail).toContain('https://old.example/sms')
    expect(await sender().check('https://other.example/h5-api/v3/sms/status/twilio')).toMatchObject({ keys: 'ok', callback: 'differs' })
  })

  it('is unknown without a messaging service (each message carries our address)', async () => {
    const numbersOnly = sender(settingsFor(fake.url, { TWILIO_FROM_ID: 'KILAT' }))
    expect(await numbersOnly.check(STATUS_URL)).toMatchObject({ keys: 'ok', callback: 'unknown' })
  })

  it('asks the account again after a 500 (a read, safe to retry)', async () => {
    fake.failNext(500)
    expect(await sender().check(STATUS_URL)).toMatchObject({ keys: 'ok' })
    expect(fake.calls.filter((c) => c.path.endsWith(`${SID}.json`))).toHaveLength(2)
  })

  it('says refused for wrong keys and for a suspended account, never naming the token', async () => {
    const wrong = await sender({ ...settingsFor(fake.url), authToken: '0'.repeat(32) }).check(STATUS_URL)
    expect(wrong).toMatchObject({ keys: 'refused', callback: 'unknown' })
    expect(wrong.detail).toContain('20003')
    await fake.close()
    fake = await startTwilioFake({ accountSid: SID, authToken: TOKEN, accountStatus: 'suspended' })
    const suspended = await sender().check(STATUS_URL)
    expect(suspended).toMatchObject({ keys: 'refused' })
    expect(suspended.detail).toContain('suspended')
    expect(JSON.stringify([wrong, suspended])).not.toContain(TOKEN)
  })

  it('says unreachable when nothing answers, or too slowly', async () => {
    const closed = await startFakeApi([])
    await closed.close()
    expect(await sender(settingsFor(closed.url)).check(STATUS_URL)).toMatchObject({ keys: 'unreachable', callback: 'unknown' })
    for (let i = 0; i < 3; i += 1) fake.slowNext(200)
    expect(await sender(settingsFor(fake.url), 50).check(STATUS_URL)).toMatchObject({ keys: 'unreachable' })
  })
})

describe('marketOfNumber', () => {
  it('reads the market from the calling code', () => {
    expect([ID_PHONE, IN_PHONE, MX_PHONE, '+14155550100', '6281234567890'].map(marketOfNumber)).toEqual(['ID', 'IN', 'MX', null, null])
  })
})
