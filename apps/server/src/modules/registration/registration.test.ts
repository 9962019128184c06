import { randomInt } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ERRORS,
  channelTemplate,
  demoLastCaptcha,
  demoLastRegistrationSms,
  getCaptcha,
  getSid,
  getSms,
  register,
  sendSmsCode,
  smsLogin,
  trackClick,
  trackVisit,
  userInfo,
  type ErrorKey,
} from '@kilat/contract'
import type { Market } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { randomPhone } from '../../db/factories.js'
import { smsOutbox } from '../../adapters/sms/sms-outbox.schema.js'
import { borrowers, smsCodes } from '../auth/auth.schema.js'
import { promotionEvents, promotionSids } from './registration.schema.js'
import { hashSid } from './registration.service.js'
import { seedReference } from '../../db/seed.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { drawnCaptcha } from './test-helpers.js'


let app: FastifyInstance
let database: Database
/** Above the 10 a day one number may get, so that limit is reached first. */
const RANGE_DAILY = 12

beforeAll(async () => {
  database = await openTestDatabase()
  await seedReference(database.db)
  app = await buildTestApp(database, { env: { REGISTRATION_SMS_RANGE_DAILY: String(RANGE_DAILY) } })
  await app.ready()
})
afterAll(async () => {
  await app?.close()
  await database?.close()
})

let ipSeq = 0
/** Each test calls from its own address, so the per-address limits of one do not reach another. */
const newIp = () => `198.51.100.${(ipSeq += 1)}`

type Query = Record<string, string>
const qs = (query: Query) => new URLSearchParams(query).toString()

function call(method: 'GET' | 'POST', path: string, query: Query, fields: Query | undefined, ip: string): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${path}?${qs(query)}`,
    remoteAddress: ip,
    ...(fields
      ? { payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : {}),
  })
}

function expectError(res: LightMyRequestResponse, key: ErrorKey, lang: 'id' | 'en' | 'es' = 'id') {
  expect(res.statusCode, res.body).toBe(ERRORS[key].status)
  expect(res.json().code).toBe(ERRORS[key].code)
  expect(res.json().message).toBe(ERRORS[key].messages[lang])
}

async function newSid(ip: string): Promise<string> {
  const res = await call('GET', getSid.path, {}, undefined, ip)
  expect(res.statusCode).toBe(200)
  expect(res.json().code).toBe(0)
  return res.json().data.sid as string
}

/** Shows a captcha for the sid and returns its answer. */
async function captcha(sid: string, ip: string): Promise<string> {
  const res = await call('GET', getCaptcha.path, { sid, a: String(Date.now()) }, undefined, ip)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.headers['content-type']).toBe('image/png')
  return drawnCaptcha(database.db, sid)
}

interface Flow {
  ip: string
  sid: string
  market: Market
  capcode: string
}

async function flow(market: Market = 'ID', ip = newIp()): Promise<Flow> {
  const sid = await newSid(ip)
  return { ip, sid, market, capcode: await captcha(sid, ip) }
}

function sendSms(f: Flow, phone: string, extra: Query = {}) {
  return call('POST', getSms.path, { market: f.market, ...extra }, { phone, capcode: f.capcode, sid: f.sid, deviceId: 'd1', appName: 'Kilat' }, f.ip)
}

function registerWith(f: Flow, phone: string, smsCode: string, extra: Query = {}) {
  return call(
    'POST',
    register.path,
    { market: f.market, ...extra },
    { phone, capcode: f.capcode, sid: f.sid, smsCode, userName: phone, merchantNumber: '0', id: '1', user_from: 'fb', app_from: 'h5', utm_tag: 'spring' },
    f.ip,
  )
}

async function lastCode(phone: string, market: Market = 'ID'): Promise<string> {
  const res = await call('GET', demoLastRegistrationSms.path, { phone, market }, undefined, newIp())
  expect(res.statusCode).toBe(200)
  return res.json().data.code as string
}

/** Sends a code with a fresh captcha; the flow keeps the sid and captcha of that send. */
async function sentFlow(phone: string, market: Market = 'ID', ip = newIp()): Promise<Flow> {
  const f = await flow(market, ip)
  const res = await sendSms(f, phone)
  expect(res.statusCode, res.body).toBe(200)
  expect(res.json()).toEqual({ code: 0, data: { resendSeconds: 60 }, message: 'success' })
  return f
}

/** Moves the number's codes back in time, as if `seconds` had passed. */
async function age(phone: string, seconds: number) {
  await database.db
    .update(smsCodes)
    .set({ createdAt: sql`${smsCodes.createdAt} - make_interval(secs => ${seconds})`, expiresAt: sql`${smsCodes.expiresAt} - make_interval(secs => ${seconds})` })
    .where(eq(smsCodes.phone, phone))
}

describe('channel-template', () => {
  it('answers template 1 in the code00 envelope, in the request’s language, cacheable', async () => {
    const res = await call('GET', channelTemplate.path, { templateId: '1' }, undefined, newIp())
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('public, max-age=300')
    const body = res.json()
    expect(body.code).toBe('00')
    expect(body.data).toMatchObject({ id: 1, market: 'ID', lang: 'id', appName: 'Kilat', themeColor: '#3360DD' })
    expect(body.data.title).toMatch(/Rp\u00a015\.000\.000/)
    expect(body.data.highlights.length).toBeGreaterThanOrEqual(2)
    expect(body.data.downloadLinks.android).toMatch(/^https:\/\//)
    const en = await call('GET', channelTemplate.path, { templateId: '1', lang: 'en' }, undefined, newIp())
    expect(en.json().data.lang).toBe('en')
    expect(en.json().data.buttonText).toBe('Register now')
    const mx = await call('GET', channelTemplate.path, { templateId: '3', lang: 'es' }, undefined, newIp())
    expect(mx.json().data).toMatchObject({ market: 'MX', buttonText: 'Regístrate ahora' })
  })

  it('serves the template’s images', async () => {
    const data = (await call('GET', channelTemplate.path, { templateId: '2' }, undefined, newIp())).json().data
    for (const url of [data.bannerUrl, data.logoUrl]) {
      const res = await app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
      expect(res.body).toMatch(/^<svg /)
    }
    expect((await app.inject({ method: 'GET', url: '/media/promotion/..%2Fsecret.svg' })).statusCode).toBe(404)
    expect((await app.inject({ method: 'GET', url: '/media/promotion/nope.svg' })).statusCode).toBe(404)
  })

  it('an unknown id answers a clear error in every language; bad ids are refused', async () => {
    const res = await call('GET', channelTemplate.path, { templateId: '999' }, undefined, newIp())
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: '5001', message: ERRORS.templateNotFound.messages.id })
    const en = await call('GET', channelTemplate.path, { templateId: '999', lang: 'en' }, undefined, newIp())
    expect(en.json().message).toBe('This promotion page is not available.')
    const bads: Query[] = [{}, { templateId: 'abc' }, { templateId: '-1' }, { templateId: '1e99' }, { templateId: "1' OR 1=1 --" }]
    for (const bad of bads) {
      const r = await call('GET', channelTemplate.path, bad, undefined, newIp())
      expect(r.statusCode).toBe(400)
      expect(r.json().code).toBe(String(ERRORS.invalidRequest.code))
    }
  })
})

describe('track-visit and track-click', () => {
  it('stores visits and clicks as events, the phone masked', async () => {
    const ip = newIp()
    const tags = { page_id: '1', user_from: 'fb-ads', client_type: 'android', page_type: '1', utm_tag: 'promo-7', app_from: 'h5' }
    const visit = await call('GET', trackVisit.path, tags, undefined, ip)
    expect(visit.json()).toEqual({ code: 0, data: null, message: 'success' })
    const phone = randomPhone('ID')
    await call('GET', trackClick.path, { ...tags, phone: `0${phone.slice(3)}` }, undefined, ip)
    const rows = await database.db.select().from(promotionEvents).where(eq(promotionEvents.utmTag, 'promo-7'))
    expect(rows.map((r) => r.kind).sort()).toEqual(['click', 'visit'])
    const click = rows.find((r) => r.kind === 'click')!
    expect(click).toMatchObject({ pageId: '1', userFrom: 'fb-ads', clientType: 'android', appFrom: 'h5' })
    expect(click.phoneMasked).toMatch(/^\+62812\*+\d{2}$/)
  })

  it('refuses too long fields and stores hostile text as plain data', async () => {
    expect((await call('GET', trackVisit.path, { utm_tag: 'x'.repeat(65) }, undefined, newIp())).statusCode).toBe(400)
    const hostile = `<script>'--`
    expect((await call('GET', trackVisit.path, { utm_tag: hostile }, undefined, newIp())).statusCode).toBe(200)
    const [row] = await database.db.select().from(promotionEvents).where(eq(promotionEvents.utmTag, hostile))
    expect(row?.kind).toBe('visit')
  })
})

describe('get-sid and get-captcha', () => {
  it('gives a random sid stored hashed, and a PNG captcha of 4 characters', async () => {
    const ip = newIp()
    const [a, b] = [await newSid(ip), await newSid(ip)]
    expect(a).not.toBe(b)
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/)
    const stored = await database.db.select().from(promotionSids)
    expect(stored.some((r) => r.sidHash === a)).toBe(false)
    const res = await call('GET', getCaptcha.path, { sid: a, a: '1' }, undefined, ip)
    expect(res.headers['cache-control']).toBe('no-store')
    const meta = await sharp(res.rawPayload).metadata()
    expect(meta).toMatchObject({ format: 'png', width: 160, height: 60 })
    expect(await drawnCaptcha(database.db, a)).toMatch(/^[34679ACEFHJKMNPRTUVWXY]{4}$/)
  })

  it('an unknown or expired sid answers sidExpired; a malformed one is refused', async () => {
    expectError(await call('GET', getCaptcha.path, { sid: 'unknownsid' }, undefined, newIp()), 'sidExpired')
    const ip = newIp()
    const sid = await newSid(ip)
    await database.db.update(promotionSids).set({ expiresAt: sql`now() - interval '1 second'` })
    expectError(await call('GET', getCaptcha.path, { sid }, undefined, ip), 'sidExpired')
    expect((await call('GET', getCaptcha.path, { sid: '<svg onload=x>' }, undefined, ip)).statusCode).toBe(400)
    expect((await call('GET', getCaptcha.path, {}, undefined, ip)).statusCode).toBe(400)
  })

  it('a new captcha voids the previous one', async () => {
    const f = await flow()
    const old = f.capcode
    await captcha(f.sid, f.ip)
    expectError(await sendSms({ ...f, capcode: old }, randomPhone()), 'captchaWrong')
  })

  it('a captcha is single use and lives 5 minutes', async () => {
    const f = await sentFlow(randomPhone())
    // the same captcha again, for another number
    expectError(await sendSms(f, randomPhone()), 'captchaWrong')
    const g = await flow()
    await database.db.update(promotionSids).set({ captchaExpiresAt: sql`now() - interval '1 second'` }).where(sql`${promotionSids.captchaHash} is not null`)
    expectError(await sendSms(g, randomPhone()), 'captchaWrong')
  })
})

describe('get-sms', () => {
  it('sends a 6-digit code through the outbox, stored hashed, in the request’s language', async () => {
    const phone = randomPhone()
    await sentFlow(phone)
    const [message] = await database.db.select().from(smsOutbox).where(and(eq(smsOutbox.toPhone, phone), eq(smsOutbox.purpose, 'register')))
    expect(message?.body).toMatch(/^Kode pendaftaran Kilat Anda: \d{6}\. Berlaku 5 menit\./)
    const code = await lastCode(phone)
    expect(code).toMatch(/^\d{6}$/)
    const [row] = await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/)
    expect(row?.codeHash).not.toContain(code)
    const en = randomPhone()
    const f = await flow()
    await sendSms(f, en, { lang: 'en' })
    const [enMessage] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, en))
    expect(enMessage?.body).toMatch(/^Your Kilat registration code: \d{6}\. Valid for 5 minutes\./)
  })

  it('accepts the market’s local and international forms', async () => {
    const id = randomPhone('ID')
    await sentFlow(`0${id.slice(3)}`)
    expect(await lastCode(id)).toMatch(/^\d{6}$/)
    const inPhone = randomPhone('IN')
    await sentFlow(inPhone.slice(3), 'IN')
    expect(await lastCode(inPhone, 'IN')).toMatch(/^\d{6}$/)
    const mx = randomPhone('MX')
    await sentFlow(mx, 'MX')
    expect(await lastCode(mx, 'MX')).toMatch(/^\d{6}$/)
  })

  it('a wrong captcha answers 101, voids the captcha, and a new one works', async () => {
    const f = await flow()
    const phone = randomPhone()
    const wrong = f.capcode === 'AAAA' ? 'CCCC' : 'AAAA'
    const res = await sendSms({ ...f, capcode: wrong }, phone, { lang: 'es' })
    expectError(res, 'captchaWrong', 'es')
    expect(res.json().code).toBe(101)
    // the right answer of the voided captcha no longer works
    expectError(await sendSms(f, phone), 'captchaWrong')
    const capcode = await captcha(f.sid, f.ip)
    expect((await sendSms({ ...f, capcode: capcode.toLowerCase() }, phone)).statusCode).toBe(200)
    expectError(await sendSms({ ...f, capcode: '' }, randomPhone()), 'captchaWrong')
  })

  it('refuses malformed numbers of each market without using the captcha', async () => {
    const lang = { ID: 'id', IN: 'en', MX: 'es' } as const
    const cases: Array<[Market, string[]]> = [
      ['ID', ['13812345678', '0215551234', '0812', '+919876543210', 'abc', '081234567890123456789', '<script>', "0812' OR 1=1"]],
      ['IN', ['12345', '0123456789', '+6281234567890', '5876543210']],
      ['MX', ['123', '+6281234567890', '0000000000']],
    ]
    for (const [market, phones] of cases) {
      const f = await flow(market)
      for (const phone of phones) expectError(await sendSms(f, phone), 'phoneInvalid', lang[market])
      expect((await sendSms(f, randomPhone(market))).statusCode).toBe(200)
    }
    const f = await flow()
    expect((await sendSms(f, 'x'.repeat(33))).statusCode).toBe(400)
    expect((await call('POST', getSms.path, {}, { capcode: f.capcode, sid: f.sid }, f.ip)).statusCode).toBe(400)
    expect((await call('POST', getSms.path, {}, { phone: randomPhone(), capcode: 'ABCDE', sid: f.sid }, f.ip)).statusCode).toBe(400)
    const json = await app.inject({ method: 'POST', url: getSms.path, payload: { phone: 81234, capcode: [], sid: {} }, remoteAddress: f.ip })
    expect(json.statusCode).toBe(400)
  })

  it('an unknown sid answers sidExpired', async () => {
    expectError(await sendSms({ ip: newIp(), sid: 'nosuchsid', market: 'ID', capcode: 'AAAA' }, randomPhone()), 'sidExpired')
  })

  it('a registered number answers 11', async () => {
    const phone = randomPhone()
    await database.db.insert(borrowers).values({ phone, market: 'ID', locale: 'id' })
    const res = await sendSms(await flow(), phone)
    expectError(res, 'alreadyRegistered')
    expect(res.json().code).toBe(11)
  })

  it('refuses a second send to one number within 60 s: do not send the code repeatedly', async () => {
    const phone = randomPhone()
    await sentFlow(phone)
    const res = await sendSms(await flow(), phone, { lang: 'en' })
    expectError(res, 'smsTooFrequent', 'en')
    expect(res.json().message).toBe('Please do not send the code repeatedly.')
    await age(phone, 61)
    await sentFlow(phone)
  })

  it('sends at most 5 codes an hour and 10 a day to one number', async () => {
    const phone = randomPhone()
    for (let i = 0; i < 5; i += 1) {
      await sentFlow(phone)
      await age(phone, 61)
    }
    expectError(await sendSms(await flow(), phone), 'smsQuotaReached')
    // an hour later the hour's budget is back, but the day's counts all ten
    await age(phone, 3600)
    for (let i = 0; i < 5; i += 1) {
      await sentFlow(phone)
      await age(phone, 61)
    }
    await age(phone, 3600)
    expectError(await sendSms(await flow(), phone), 'smsQuotaReached')
  })

  it('sends at most 20 codes an hour from one address; refused sends do not count', async () => {
    const ip = newIp()
    const taken = randomPhone()
    await sentFlow(taken, 'ID', ip)
    // refused for the number (60 s): not counted against the address
    expectError(await sendSms(await flow('ID', ip), taken), 'smsTooFrequent')
    for (let i = 1; i < 20; i += 1) await sentFlow(randomPhone(), 'ID', ip)
    expectError(await sendSms(await flow('ID', ip), randomPhone()), 'smsQuotaReached')
    // another address is not affected
    await sentFlow(randomPhone())
  })

  it('has a daily ceiling per number range against SMS pumping', async () => {
    // A range randomPhone() never gives (+62812…): the other calls' numbers, hundreds of them in a
    // run (the generated bad input sends to random ones), cannot fall into it and count against it.
    const head = `+62819${String(randomInt(0, 10_000)).padStart(4, '0')}`
    for (let i = 0; i < RANGE_DAILY; i += 1) await sentFlow(`${head}${String(1000 + i)}`)
    expectError(await sendSms(await flow(), `${head}9999`), 'smsQuotaReached')
    await sentFlow(randomPhone())
  })
})

describe('register', () => {
  it('creates the borrower with the code, who can then sign in with the login calls', async () => {
    const phone = randomPhone()
    const f = await sentFlow(phone)
    const res = await registerWith(f, phone, await lastCode(phone))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toEqual({ code: 0, data: { phone: expect.stringMatching(/^\+62812\*+\d{2}$/) }, message: 'success' })
    const [borrower] = await database.db.select().from(borrowers).where(eq(borrowers.phone, phone))
    expect(borrower).toMatchObject({ market: 'ID', locale: 'id' })
    const [event] = await database.db.select().from(promotionEvents).where(eq(promotionEvents.borrowerId, borrower!.id))
    expect(event).toMatchObject({ kind: 'register', pageId: '1', userFrom: 'fb', appFrom: 'h5', utmTag: 'spring' })

    // sign in as /testPreview does
    expect((await call('POST', sendSmsCode.path, {}, { phone }, newIp())).statusCode).toBe(200)
    const [login] = await database.db.select().from(smsOutbox).where(and(eq(smsOutbox.toPhone, phone), eq(smsOutbox.purpose, 'login')))
    const code = login!.body.match(/\d{6}/)![0]
    const signedIn = await call('POST', smsLogin.path, {}, { phone, code }, newIp())
    expect(signedIn.statusCode, signedIn.body).toBe(200)
    const info = await call('GET', userInfo.path, { tok: signedIn.json().data.sessionId }, undefined, newIp())
    expect(info.json().data.market).toBe('ID')

    // registering again (with a new captcha: the send's one is used up) answers 11
    expectError(await registerWith(f, phone, code), 'registerCaptchaWrong')
    expectError(await registerWith({ ...f, capcode: await captcha(f.sid, f.ip) }, phone, code), 'alreadyRegistered')
  })

  it('registers an Indian and a Mexican number in their markets', async () => {
    for (const market of ['IN', 'MX'] as const) {
      const phone = randomPhone(market)
      const f = await sentFlow(phone, market)
      expect((await registerWith(f, phone, await lastCode(phone, market))).statusCode).toBe(200)
      const [b] = await database.db.select().from(borrowers).where(eq(borrowers.phone, phone))
      expect(b?.market).toBe(market)
    }
  })

  it('a wrong captcha answers -1; a new captcha of the same sid then works with the same code', async () => {
    const phone = randomPhone()
    const f = await sentFlow(phone)
    const code = await lastCode(phone)
    const wrong = f.capcode === 'AAAA' ? 'CCCC' : 'AAAA'
    const res = await registerWith({ ...f, capcode: wrong }, phone, code)
    expectError(res, 'registerCaptchaWrong')
    expect(res.json().code).toBe(-1)
    const fresh = await captcha(f.sid, f.ip)
    expect((await registerWith({ ...f, capcode: fresh }, phone, code)).statusCode).toBe(200)
  })

  it('the captcha of the send is bound to its number and sid', async () => {
    const phone = randomPhone()
    const f = await sentFlow(phone)
    const other = randomPhone()
    await database.db.insert(smsCodes).values({ phone: other, purpose: 'register', codeHash: 'x', expiresAt: new Date(Date.now() + 60_000) })
    expectError(await registerWith(f, other, '123456'), 'registerCaptchaWrong')
    expectError(await registerWith({ ...f, sid: await newSid(f.ip) }, phone, await lastCode(phone)), 'registerCaptchaWrong')
  })

  it('refuses a wrong code, and 5 wrong tries void it', async () => {
    const phone = randomPhone()
    const f = await sentFlow(phone)
    const code = await lastCode(phone)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 4; i += 1) expectError(await registerWith(f, phone, wrong), 'smsCodeInvalid')
    expectError(await registerWith(f, phone, wrong), 'smsCodeTooManyTries')
    expectError(await registerWith(f, phone, code), 'smsCodeTooManyTries')
    // malformed codes use no try but never pass
    expectError(await registerWith(f, phone, ''), 'smsCodeTooManyTries')
  })

  it('a code of another form is refused without using a try', async () => {
    const phone = randomPhone()
    const f = await sentFlow(phone)
    for (const bad of ['', '12345', 'abcdef', "1' OR"]) expectError(await registerWith(f, phone, bad), 'smsCodeInvalid')
    const [row] = await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))
    expect(row?.attempts).toBe(0)
    expect((await registerWith(f, phone, '1234567')).statusCode).toBe(400)
  })

  it('an expired code is refused; a used one too', async () => {
    const phone = randomPhone()
    const f = await sentFlow(phone)
    const code = await lastCode(phone)
    await database.db.update(smsCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(smsCodes.phone, phone))
    expectError(await registerWith(f, phone, code), 'smsCodeExpired')

    const reused = randomPhone()
    const g = await sentFlow(reused)
    const c = await lastCode(reused)
    expect((await registerWith(g, reused, c)).statusCode).toBe(200)
    await database.db.delete(borrowers).where(eq(borrowers.phone, reused))
    expectError(await registerWith({ ...g, capcode: await captcha(g.sid, g.ip) }, reused, c), 'smsCodeExpired')
  })

  it('without a code sent, or with a bad phone or sid, says why', async () => {
    const f = await flow()
    expectError(await registerWith(f, randomPhone(), '123456'), 'smsCodeInvalid')
    expectError(await registerWith(f, '13812345678', '123456'), 'phoneInvalid')
    expectError(await registerWith({ ...f, sid: 'expiredsid' }, randomPhone(), '123456'), 'sidExpired')
    expect((await call('POST', register.path, {}, { phone: randomPhone() }, f.ip)).statusCode).toBe(400)
    expect((await call('POST', register.path, {}, { phone: randomPhone(), capcode: 'A', sid: f.sid, smsCode: '1', id: 'x' }, f.ip)).statusCode).toBe(400)
  })
})

describe('last-registration-sms (demo)', () => {
  it('answers null for a number without a registration SMS and refuses a bad number', async () => {
    const res = await call('GET', demoLastRegistrationSms.path, { phone: randomPhone() }, undefined, newIp())
    expect(res.json().data).toEqual({ code: null, sentAt: null })
    expectError(await call('GET', demoLastRegistrationSms.path, { phone: '123' }, undefined, newIp()), 'phoneInvalid')
  })

  it('is not served outside demo mode', async () => {
    const other = await buildTestApp(database, { env: { DEMO_MODE: 'false' } })
    await other.ready()
    const res = await other.inject({ method: 'GET', url: `${demoLastRegistrationSms.path}?phone=${encodeURIComponent(randomPhone())}` })
    expect(res.statusCode).toBe(404)
    await other.close()
  })
})

describe('last-captcha (demo)', () => {
  it('tells the answer of the captcha last drawn for a sid, and nothing of another sid', async () => {
    const ip = newIp()
    const sid = await newSid(ip)
    expect((await call('GET', demoLastCaptcha.path, { sid }, undefined, ip)).json().data).toEqual({ answer: null })
    const answer = await captcha(sid, ip)
    expect((await call('GET', demoLastCaptcha.path, { sid }, undefined, ip)).json().data).toEqual({ answer })
    const next = await captcha(sid, ip)
    expect((await call('GET', demoLastCaptcha.path, { sid }, undefined, ip)).json().data).toEqual({ answer: next })
    expect((await call('GET', demoLastCaptcha.path, { sid: await newSid(ip) }, undefined, ip)).json().data).toEqual({ answer: null })
    expect((await call('GET', demoLastCaptcha.path, { sid: '<script>' }, undefined, ip)).statusCode).toBe(400)
  })

  it('is answered by another server process on the same database (the answer is a row, not memory)', async () => {
    const ip = newIp()
    const sid = await newSid(ip)
    const answer = await captcha(sid, ip)
    const other = await buildTestApp(database)
    await other.ready()
    try {
      const res = await other.inject({ method: 'GET', url: `${demoLastCaptcha.path}?sid=${sid}`, remoteAddress: ip })
      expect(res.json().data).toEqual({ answer })
    } finally {
      await other.close()
    }
  })

  it('is not served outside demo mode, and no answer is stored there', async () => {
    const other = await buildTestApp(database, { env: { DEMO_MODE: 'false' } })
    await other.ready()
    try {
      const res = await other.inject({ method: 'GET', url: `${demoLastCaptcha.path}?sid=abc` })
      expect(res.statusCode).toBe(404)
      const sid = (await other.inject({ method: 'GET', url: getSid.path })).json().data.sid as string
      const png = await other.inject({ method: 'GET', url: `${getCaptcha.path}?sid=${sid}` })
      expect(png.headers['content-type']).toBe('image/png')
      const [row] = await database.db.select().from(promotionSids).where(eq(promotionSids.sidHash, hashSid(sid)))
      expect(row?.captchaHash).toMatch(/^[0-9a-f]{64}$/)
      expect(row?.demoCaptchaAnswer).toBeNull()
    } finally {
      await other.close()
    }
  })
})
