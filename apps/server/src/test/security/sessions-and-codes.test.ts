/**
 * Sessions and codes: every way in that must be refused, and the refusal the caller reads.
 *
 * Borrower sessions (docs/product/shell-and-sessions.md): an expired, a logged-out (revoked), a
 *   reused (after logout) and a forged token, in each form it can travel in.
 * Staff sessions (docs/product/operations.md#sessions): idle for 30 minutes, 12 hours old, signed
 *   out, of a disabled account, the password-only session used as a full one or after its code,
 *   a forged cookie and a borrower's token.
 * Login SMS codes (docs/product/shell-and-sessions.md#sms-codes): expiry, single use, the fifth
 *   wrong try killing the code, the 60 s resend gap, the daily sends per number and the hourly
 *   sends per address.
 * Registration codes (docs/product/registration.md): the same for its codes, its limits per
 *   number (hour and day), per address and per number range, and captcha reuse.
 * Staff sign-in codes (TOTP): single use, and five wrong tries locking the account.
 *
 * Each refusal is checked for its HTTP status, its error code and its message in the caller's
 * language, all taken from the error catalogue. Other suites test the same rules in more detail
 * (auth/, registration/, staff/): this one is the list a reader can check in one place.
 */
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ERRORS,
  demoLastCaptcha,
  demoLastRegistrationSms,
  demoLastSms,
  getCaptcha,
  getSid,
  getSms,
  logout,
  register,
  sendSmsCode,
  smsLogin,
  staffDisable,
  staffMe,
  staffSignIn,
  staffSignInCode,
  staffSignOut,
  userInfo,
  type ErrorKey,
} from '@kilat/contract'
import type { Locale, Market } from '@kilat/domain'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, randomPhone } from '../../db/factories.js'
import { sessions, smsCodes } from '../../modules/auth/auth.schema.js'
import { DAILY_SENDS_PER_PHONE, HOURLY_SENDS_PER_IP, MAX_ATTEMPTS } from '../../modules/auth/auth.service.js'
import { seedReference } from '../../db/seed.js'
import { MINUTE, STEP, emptyStaff, enrolledStaff, opsGet, opsPost, signIn, staffCookieOf, testClock, type TestStaff } from '../../modules/staff/test-helpers.js'
import { STAFF_COOKIE } from '../../modules/staff/staff.sessions.js'
import { buildTestApp, openTestDatabase } from '../setup-db.js'

let database: Database
let app: FastifyInstance
const clock = testClock(new Date().toISOString())
/** Above the 10 a day one number may get, so that the per-number limit is reached first. */
const RANGE_DAILY = 12

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  await seedReference(database.db)
  // no session cache: a session ended in the database is refused on the next call
  app = await buildTestApp(database, { now: clock.now, sessionCacheMs: 0, env: { REGISTRATION_SMS_RANGE_DAILY: String(RANGE_DAILY) } })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

/** The refusal as the catalogue writes it: status, code (a string in the '00' family) and message. */
function expectRefused(res: LightMyRequestResponse, key: ErrorKey, locale: Locale) {
  const body = res.json() as { code: number | string; message: string; data: unknown }
  expect(res.statusCode, res.body).toBe(ERRORS[key].status)
  expect(Number(body.code), res.body).toBe(ERRORS[key].code)
  expect(body.message).toBe(ERRORS[key].messages[locale])
}

let ipCount = 0
/** Each test calls from its own address: the per-address limits count across tests otherwise. */
const newIp = () => `203.0.113.${++ipCount}`

type Query = Record<string, string>

function call(method: 'GET' | 'POST', path: string, query: Query, fields?: Query, options: { ip?: string; headers?: Record<string, string> } = {}) {
  const qs = new URLSearchParams(query).toString()
  return app.inject({
    method,
    url: qs ? `${path}?${qs}` : path,
    remoteAddress: options.ip ?? '192.0.2.1',
    headers: { ...(fields ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...options.headers },
    ...(fields ? { payload: new URLSearchParams(fields).toString() } : {}),
  })
}

// ---------------------------------------------------------------------------------------------

describe('borrower sessions', () => {
  /** The ways a token travels: each must be refused alike. */
  const ways = (token: string): Array<{ query: Query; headers?: Record<string, string> }> => [
    { query: { tok: token } },
    { query: { sessionId: token } },
    { query: {}, headers: { 'x-session-id': token } },
    { query: {}, headers: { cookie: `sid=${token}` } },
  ]

  async function expectAllRefused(token: string, locale: Locale, lang: Query = {}) {
    for (const way of ways(token)) {
      const res = await call('GET', userInfo.path, { ...way.query, ...lang }, undefined, way.headers ? { headers: way.headers } : {})
      expectRefused(res, 'sessionRequired', locale)
    }
  }

  it('works with a live token in every form (so the refusals below are of the token alone)', async () => {
    const { token } = await createBorrowerWithSession(database.db)
    for (const way of ways(token)) {
      const res = await call('GET', userInfo.path, way.query, undefined, way.headers ? { headers: way.headers } : {})
      expect(res.statusCode, JSON.stringify(way)).toBe(200)
    }
  })

  it('refuses an expired session', async () => {
    const { token, sessionId } = await createBorrowerWithSession(database.db)
    await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, sessionId))
    await expectAllRefused(token, 'id')
  })

  it('refuses a session ended by logout, and the same token used again afterwards', async () => {
    const { token } = await createBorrowerWithSession(database.db)
    expect((await call('POST', logout.path, { tok: token })).statusCode).toBe(200)
    await expectAllRefused(token, 'en', { lang: 'en' })
    // logging out again with it is refused too: the token is nothing now
    expectRefused(await call('POST', logout.path, { tok: token, lang: 'es' }), 'sessionRequired', 'es')
  })

  it('refuses a forged token: random, altered by one character, or a live one with more added', async () => {
    const { token } = await createBorrowerWithSession(database.db)
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1)
    for (const forged of ['A'.repeat(43), 'f'.repeat(64), flip(token, 0), flip(token, token.length - 1), `${token}x`, token.slice(0, -1)]) {
      await expectAllRefused(forged, 'id')
    }
  })

  it('refuses a staff session as a borrower one', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    await expectAllRefused(who.cookie, 'id')
  })
})

// ---------------------------------------------------------------------------------------------

describe('staff sessions', () => {
  const me = (cookie: string, query: Query = {}) => opsGet(app, staffMe.path, { cookie, query })

  it('refuse a session idle for 30 minutes', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    const cookie = await signIn(app, who, clock)
    clock.tick(29 * MINUTE)
    expect((await me(cookie)).statusCode).toBe(200)
    clock.tick(30 * MINUTE)
    expectRefused(await me(cookie), 'sessionRequired', 'en')
  })

  it('refuse a session 12 hours after sign-in, however busy', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    const cookie = await signIn(app, who, clock)
    for (let elapsed = STEP; elapsed + 25 * MINUTE < 12 * 60 * MINUTE; elapsed += 25 * MINUTE) {
      clock.tick(25 * MINUTE)
      expect((await me(cookie)).statusCode).toBe(200)
    }
    clock.tick(25 * MINUTE)
    expectRefused(await me(cookie, { lang: 'es' }), 'sessionRequired', 'es')
  })

  it('refuse a signed-out session, and its cookie used again', async () => {
    const who = await enrolledStaff(app, database, clock, 'collector')
    const cookie = await signIn(app, who, clock)
    expect((await opsPost(app, staffSignOut.path, {}, { ip: who.ip, cookie })).statusCode).toBe(200)
    expectRefused(await me(cookie), 'sessionRequired', 'en')
    expectRefused(await opsPost(app, staffSignOut.path, {}, { ip: who.ip, cookie }), 'sessionRequired', 'en')
  })

  it('refuse every session of a disabled account at once', async () => {
    const admin = await enrolledStaff(app, database, clock, 'admin', ['ID'])
    const agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
    const cookie = await signIn(app, agent, clock)
    expect((await opsPost(app, staffDisable.path, { staffId: agent.id }, { ip: admin.ip, cookie: admin.cookie })).statusCode).toBe(200)
    expectRefused(await me(cookie), 'sessionRequired', 'en')
    expectRefused(await me(agent.cookie, { lang: 'id' }), 'sessionRequired', 'id')
  })

  it('refuse the password-only session as a full one, and after its code was taken', async () => {
    const who = await enrolledStaff(app, database, clock, 'risk')
    const first = await opsPost(app, staffSignIn.path, { email: who.email, password: who.password }, { ip: who.ip })
    const pending = staffCookieOf(first)!
    expectRefused(await me(pending), 'sessionRequired', 'en')
    expect((await opsPost(app, staffSignInCode.path, { code: who.code() }, { ip: who.ip, cookie: pending })).statusCode).toBe(200)
    clock.tick(STEP)
    // the waiting session was replaced by the full one: it finishes nothing again
    expectRefused(await opsPost(app, staffSignInCode.path, { code: who.code() }, { ip: who.ip, cookie: pending }), 'sessionRequired', 'en')
    expectRefused(await me(pending), 'sessionRequired', 'en')
  })

  it('refuse a forged cookie and a borrower token in the staff cookie', async () => {
    const { token } = await createBorrowerWithSession(database.db)
    for (const forged of ['A'.repeat(43), 'f'.repeat(64), token, 'demo-borrower']) {
      expectRefused(await opsGet(app, staffMe.path, { headers: { cookie: `${STAFF_COOKIE}=${forged}` } }), 'sessionRequired', 'en')
    }
    expectRefused(await opsGet(app, staffMe.path, { query: { tok: token } }), 'sessionRequired', 'en')
  })
})

// ---------------------------------------------------------------------------------------------

describe('login SMS codes', () => {
  const send = (phone: string, ip = newIp(), lang: Query = {}) => call('POST', sendSmsCode.path, lang, { phone }, { ip })
  const login = (phone: string, code: string, lang: Query = {}) => call('POST', smsLogin.path, lang, { phone, code })

  async function codeSent(phone: string): Promise<string> {
    expect((await send(phone)).statusCode).toBe(200)
    const res = await call('GET', demoLastSms.path, { phone })
    return res.json().data.code as string
  }
  const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

  it('refuse an expired code', async () => {
    const phone = randomPhone()
    const code = await codeSent(phone)
    await database.db.update(smsCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smsCodes.phone, phone))
    expectRefused(await login(phone, code), 'smsCodeExpired', 'id')
  })

  it('refuse a code used once already', async () => {
    const phone = randomPhone()
    const code = await codeSent(phone)
    expect((await login(phone, code)).statusCode).toBe(200)
    expectRefused(await login(phone, code, { lang: 'en' }), 'smsCodeExpired', 'en')
  })

  it(`refuse wrong codes, wrong try ${MAX_ATTEMPTS} killing the code, even for the right one after`, async () => {
    const phone = randomPhone()
    const code = await codeSent(phone)
    for (let i = 1; i < MAX_ATTEMPTS; i++) expectRefused(await login(phone, wrong(code)), 'smsCodeInvalid', 'id')
    expectRefused(await login(phone, wrong(code)), 'smsCodeTooManyTries', 'id')
    expectRefused(await login(phone, code, { lang: 'es' }), 'smsCodeTooManyTries', 'es')
  })

  it('refuse a second send to a number within 60 seconds', async () => {
    const phone = randomPhone()
    await codeSent(phone)
    expectRefused(await send(phone), 'smsTooFrequent', 'id')
  })

  it(`refuse a send past ${DAILY_SENDS_PER_PHONE} a day to one number`, async () => {
    const phone = randomPhone()
    for (let i = 0; i < DAILY_SENDS_PER_PHONE; i++) {
      expect((await send(phone)).statusCode).toBe(200)
      // past the resend gap, within the day
      await database.db.update(smsCodes).set({ createdAt: new Date(Date.now() - 3_600_000) }).where(eq(smsCodes.phone, phone))
    }
    expectRefused(await send(phone, newIp(), { lang: 'en' }), 'tooManyRequests', 'en')
  })

  it(`refuse a send past ${HOURLY_SENDS_PER_IP} an hour from one address`, async () => {
    const ip = newIp()
    for (let i = 0; i < HOURLY_SENDS_PER_IP; i++) expect((await send(randomPhone(), ip)).statusCode).toBe(200)
    expectRefused(await send(randomPhone(), ip), 'tooManyRequests', 'id')
    // another address is not affected
    expect((await send(randomPhone())).statusCode).toBe(200)
  })
})

// ---------------------------------------------------------------------------------------------

describe('registration codes and captchas', () => {
  interface Flow {
    ip: string
    sid: string
    capcode: string
    market: Market
  }

  async function captcha(sid: string, ip: string): Promise<string> {
    expect((await call('GET', getCaptcha.path, { sid, a: String(Date.now()) }, undefined, { ip })).statusCode).toBe(200)
    return (await call('GET', demoLastCaptcha.path, { sid }, undefined, { ip })).json().data.answer as string
  }

  async function flow(ip = newIp(), market: Market = 'ID'): Promise<Flow> {
    const sid = (await call('GET', getSid.path, {}, undefined, { ip })).json().data.sid as string
    return { ip, sid, market, capcode: await captcha(sid, ip) }
  }

  const sendSms = (f: Flow, phone: string, lang: Query = {}) =>
    call('POST', getSms.path, { market: f.market, ...lang }, { phone, capcode: f.capcode, sid: f.sid, deviceId: 'd1', appName: 'Kilat' }, { ip: f.ip })

  const registerWith = (f: Flow, phone: string, smsCode: string, lang: Query = {}) =>
    call('POST', register.path, { market: f.market, ...lang }, { phone, capcode: f.capcode, sid: f.sid, smsCode, userName: phone, merchantNumber: '0' }, { ip: f.ip })

  async function sent(phone: string, ip = newIp()): Promise<Flow> {
    const f = await flow(ip)
    const res = await sendSms(f, phone)
    expect(res.statusCode, res.body).toBe(200)
    return f
  }

  const lastCode = async (phone: string) => (await call('GET', demoLastRegistrationSms.path, { phone, market: 'ID' })).json().data.code as string

  /** Moves the number's codes back in time, as if `seconds` had passed. */
  const age = (phone: string, seconds: number) =>
    database.db
      .update(smsCodes)
      .set({ createdAt: sql`${smsCodes.createdAt} - make_interval(secs => ${seconds})`, expiresAt: sql`${smsCodes.expiresAt} - make_interval(secs => ${seconds})` })
      .where(eq(smsCodes.phone, phone))

  it('refuse a captcha used once already, for the same or another number', async () => {
    const phone = randomPhone()
    const f = await sent(phone)
    expectRefused(await sendSms(f, randomPhone()), 'captchaWrong', 'id')
    await age(phone, 61)
    expectRefused(await sendSms(f, phone, { lang: 'en' }), 'captchaWrong', 'en')
  })

  it('refuse the captcha of the send when registering a second time', async () => {
    const phone = randomPhone()
    const f = await sent(phone)
    expect((await registerWith(f, phone, await lastCode(phone))).statusCode).toBe(200)
    expectRefused(await registerWith(f, phone, await lastCode(phone)), 'registerCaptchaWrong', 'id')
  })

  it('refuse an expired code, and a used one', async () => {
    const phone = randomPhone()
    const f = await sent(phone)
    const code = await lastCode(phone)
    await database.db.update(smsCodes).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(smsCodes.phone, phone))
    expectRefused(await registerWith(f, phone, code), 'smsCodeExpired', 'id')

    const other = randomPhone()
    const g = await sent(other)
    const used = await lastCode(other)
    expect((await registerWith(g, other, used)).statusCode).toBe(200)
    await database.db.execute(sql`delete from borrowers where phone = ${other}`)
    expectRefused(await registerWith({ ...g, capcode: await captcha(g.sid, g.ip) }, other, used, { lang: 'es' }), 'smsCodeExpired', 'es')
  })

  it(`refuse wrong codes, wrong try ${MAX_ATTEMPTS} killing the code, even for the right one after`, async () => {
    const phone = randomPhone()
    const f = await sent(phone)
    const code = await lastCode(phone)
    const bad = code === '000000' ? '111111' : '000000'
    for (let i = 1; i < MAX_ATTEMPTS; i++) expectRefused(await registerWith(f, phone, bad), 'smsCodeInvalid', 'id')
    expectRefused(await registerWith(f, phone, bad), 'smsCodeTooManyTries', 'id')
    expectRefused(await registerWith(f, phone, code, { lang: 'en' }), 'smsCodeTooManyTries', 'en')
  })

  it('refuse a second send to a number within 60 seconds', async () => {
    const phone = randomPhone()
    await sent(phone)
    expectRefused(await sendSms(await flow(), phone, { lang: 'en' }), 'smsTooFrequent', 'en')
  })

  it('refuse a sixth send to a number in an hour, and an eleventh in a day', async () => {
    const phone = randomPhone()
    for (let i = 0; i < 5; i++) {
      await sent(phone)
      await age(phone, 61)
    }
    expectRefused(await sendSms(await flow(), phone), 'smsQuotaReached', 'id')
    await age(phone, 3600)
    for (let i = 0; i < 5; i++) {
      await sent(phone)
      await age(phone, 61)
    }
    await age(phone, 3600)
    expectRefused(await sendSms(await flow(), phone, { lang: 'es' }), 'smsQuotaReached', 'es')
  })

  it('refuse a 21st send from one address in an hour', async () => {
    const ip = newIp()
    for (let i = 0; i < 20; i++) await sent(randomPhone(), ip)
    expectRefused(await sendSms(await flow(ip), randomPhone()), 'smsQuotaReached', 'id')
    await sent(randomPhone())
  })

  it('refuse sends past the daily ceiling of a number range', async () => {
    const head = randomPhone().slice(0, -4)
    for (let i = 0; i < RANGE_DAILY; i++) await sent(`${head}${1000 + i}`)
    expectRefused(await sendSms(await flow(), `${head}9999`, { lang: 'en' }), 'smsQuotaReached', 'en')
    await sent(randomPhone())
  })
})

// ---------------------------------------------------------------------------------------------

describe('staff sign-in codes', () => {
  const passwordStep = (who: TestStaff, password = who.password) => opsPost(app, staffSignIn.path, { email: who.email, password }, { ip: who.ip })

  it('refuse a code used once already', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    const code = who.code()
    const first = staffCookieOf(await passwordStep(who))!
    expect((await opsPost(app, staffSignInCode.path, { code }, { ip: who.ip, cookie: first })).statusCode).toBe(200)
    const again = staffCookieOf(await passwordStep(who))!
    expectRefused(await opsPost(app, staffSignInCode.path, { code }, { ip: who.ip, cookie: again }), 'staffCodeWrong', 'en')
  })

  it('lock the account at the fifth wrong try, against the right code after', async () => {
    const who = await enrolledStaff(app, database, clock, 'finance')
    const pending = staffCookieOf(await passwordStep(who))!
    const bad = String((Number(who.code()) + 1) % 1_000_000).padStart(6, '0')
    for (let i = 1; i < 5; i++) expectRefused(await opsPost(app, staffSignInCode.path, { code: bad }, { ip: who.ip, cookie: pending }), 'staffCodeWrong', 'en')
    expectRefused(await opsPost(app, staffSignInCode.path, { code: bad }, { ip: who.ip, cookie: pending }), 'staffLocked', 'en')
    expectRefused(await passwordStep(who), 'staffLocked', 'en')
  })
})
