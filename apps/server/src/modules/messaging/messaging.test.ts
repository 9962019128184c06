import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, sendSmsCode } from '@kilat/contract'
import { ByMarket } from '../../adapters/providers/by-market.js'
import { readTwilioSettings } from '../../adapters/providers/twilio/twilio-settings.js'
import { TwilioSmsSender } from '../../adapters/providers/twilio/twilio-sms-sender.js'
import { MarketSmsSender } from '../../adapters/sms/market-sms-sender.js'
import { OutboxSmsSender } from '../../adapters/sms/outbox-sms-sender.js'
import type { SmsSender } from '../../adapters/sms/sms-sender.js'
import type { Database } from '../../db/client.js'
import { startTwilioFake, type TwilioFake } from '../../test/fakes/twilio.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { deliveryOf } from './messaging.repo.js'
import { SMS_STATUS_PATH } from './messaging.routes.js'

const SID = `AC${'c3'.repeat(16)}`
const TOKEN = 'd4'.repeat(16)
const PUBLIC_URL = 'https://kilat.example.com'
const STATUS_URL = `${PUBLIC_URL}${SMS_STATUS_PATH}/twilio`

let database: Database
let app: FastifyInstance
let fake: TwilioFake

beforeAll(async () => {
  database = await openTestDatabase()
  fake = await startTwilioFake({ accountSid: SID, authToken: TOKEN, senders: ['+6281100000000'] })
  const settings = readTwilioSettings({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM_ID: '+6281100000000', TWILIO_API_URL: fake.url, TWILIO_MESSAGING_API_URL: fake.url, PUBLIC_URL })!
  const twilio = new TwilioSmsSender(settings, { timeoutMs: 2_000, retries: 0 })
  // Indonesia through Twilio, the other markets through the sandbox's outbox
  const sandbox = Object.assign(new OutboxSmsSender(database.db, { info: () => {} } as never), { name: 'sandbox' })
  app = await buildTestApp(database, { sms: new MarketSmsSender(ByMarket.of<SmsSender & { readonly name: string }>({ ID: twilio, IN: sandbox, MX: sandbox })) })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await fake?.close()
  await database?.close()
})

const sendCode = (phone: string, query = '') => app.inject({ method: 'POST', url: `${sendSmsCode.path}?lang=en${query}`, payload: new URLSearchParams({ phone }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
const postStatus = (signed: { rawBody: Buffer; headers: Record<string, string> }) => app.inject({ method: 'POST', url: `${SMS_STATUS_PATH}/twilio`, payload: signed.rawBody, headers: signed.headers })

// docs/operations/going-live.md#sms-delivery
describe('SMS through a live provider', () => {
  it('keeps the provider\'s id of each message and moves it only forward by signed status callbacks', async () => {
    expect((await sendCode('+6281234500001')).statusCode).toBe(200)
    const message = fake.messages.at(-1)!
    expect(message.to).toBe('+6281234500001')
    expect(message.statusCallback).toBe(STATUS_URL)
    expect(await deliveryOf(database.db, 'twilio', message.sid)).toMatchObject({ purpose: 'login', market: 'ID', state: 'queued' })

    expect((await postStatus(fake.statusCallback({ messageSid: message.sid, status: 'delivered' }))).statusCode).toBe(200)
    expect(await deliveryOf(database.db, 'twilio', message.sid)).toMatchObject({ state: 'delivered', reason: null })
    // a late "sent" after the delivery, or the same callback again, changes nothing
    const late = await postStatus(fake.statusCallback({ messageSid: message.sid, status: 'sent' }))
    expect(late.json().data).toEqual({ applied: false })
    expect(await deliveryOf(database.db, 'twilio', message.sid)).toMatchObject({ state: 'delivered' })
  })

  it('refuses a forged callback with nothing stored', async () => {
    expect((await sendCode('+6281234500002')).statusCode).toBe(200)
    const message = fake.messages.at(-1)!
    const forged = await postStatus(fake.statusCallback({ messageSid: message.sid, status: 'failed', errorCode: '30006', authToken: 'e5'.repeat(16) }))
    expect(forged.statusCode).toBe(401)
    const otherAccount = await postStatus(fake.statusCallback({ messageSid: message.sid, status: 'failed', accountSid: `AC${'f6'.repeat(16)}` }))
    expect(otherAccount.statusCode).toBe(401)
    const unsigned = fake.statusCallback({ messageSid: message.sid, status: 'failed' })
    delete unsigned.headers['x-twilio-signature']
    expect((await postStatus(unsigned)).statusCode).toBe(401)
    expect(await deliveryOf(database.db, 'twilio', message.sid)).toMatchObject({ state: 'queued' })
    // the genuine failure is kept with its reason in our words
    expect((await postStatus(fake.statusCallback({ messageSid: message.sid, status: 'undelivered', errorCode: '30006' }))).statusCode).toBe(200)
    expect(await deliveryOf(database.db, 'twilio', message.sid)).toMatchObject({ state: 'failed', reason: 'unreachable', providerCode: '30006' })
  })

  it('tells the borrower our words for a refused number, and withdraws the code', async () => {
    fake.refuseNext(21211)
    const invalid = await sendCode('+6281234500003')
    expect(invalid.statusCode).toBe(400)
    expect(invalid.json()).toMatchObject({ code: ERRORS.phoneInvalid.code, message: ERRORS.phoneInvalid.messages.en })
    fake.refuseNext(21610)
    const optedOut = await sendCode('+6281234500004')
    expect(optedOut.json()).toMatchObject({ code: ERRORS.smsUndeliverable.code, message: ERRORS.smsUndeliverable.messages.en })
    // the code was withdrawn: the borrower may ask again at once
    expect((await sendCode('+6281234500004')).statusCode).toBe(200)
    fake.failNext(503)
    expect((await sendCode('+6281234500005')).json()).toMatchObject({ code: ERRORS.unavailable.code })
  })

  it('sends the other markets through their own provider', async () => {
    const before = fake.messages.length
    const india = await sendCode('+919812345678', '&isNeedPop=1')
    expect(india.statusCode, india.body).toBe(200)
    expect(fake.messages.length).toBe(before)
  })
})
