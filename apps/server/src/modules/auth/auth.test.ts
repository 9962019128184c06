import { Writable } from 'node:stream'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { demoLastSms, loginInit, logout, sendSmsCode, smsLogin, userInfo } from '@kilat/contract'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession, randomPhone } from '../../db/factories.js'
import { smsOutbox } from '../../adapters/sms/sms-outbox.schema.js'
import { borrowers, sessions, smsCodes } from './auth.schema.js'
import { hashToken } from '../../http/sessions.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { consumeCode, insertCode } from './auth.repo.js'
import { DAILY_SENDS_PER_PHONE, MAX_ATTEMPTS, loginCodeText } from './auth.service.js'

let database: Database
let app: FastifyInstance

beforeAll(async () => {
  database = await openTestDatabase()
  app = await buildTestApp(database)
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString()
const FORM = { 'content-type': 'application/x-www-form-urlencoded' }

function post(target: FastifyInstance, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return target.inject({ method: 'POST', url, payload: form(fields), headers: { ...FORM, ...headers } })
}

async function sendCode(phone: string, query = '') {
  return post(app, `${sendSmsCode.path}${query}`, { phone })
}

async function lastCode(phone: string, query = ''): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `${demoLastSms.path}?phone=${encodeURIComponent(phone)}${query}` })
  expect(res.statusCode).toBe(200)
  const code = res.json().data.code as string | null
  expect(code).toMatch(/^\d{6}$/)
  return code!
}

async function codeRow(phone: string) {
  const rows = await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))
  return rows.sort((a, b) => b.id - a.id)[0]!
}

/** A code that is certainly wrong for this row. */
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('login SMS text', () => {
  it.each([
    ['en', 60, 'Your Kilat verification code: 123456. Valid for 1 minute. Do not share this code with anyone.'],
    ['en', 300, 'Your Kilat verification code: 123456. Valid for 5 minutes. Do not share this code with anyone.'],
    // a code's life is counted up to whole minutes: 90 s is 2 minutes
    ['es', 60, 'Tu código de verificación de Kilat: 123456. Válido por 1 minuto. No compartas este código con nadie.'],
    ['es', 90, 'Tu código de verificación de Kilat: 123456. Válido por 2 minutos. No compartas este código con nadie.'],
    ['id', 60, 'Kode verifikasi Kilat Anda: 123456. Berlaku 1 menit. Jangan berikan kode ini kepada siapa pun.'],
    ['id', 300, 'Kode verifikasi Kilat Anda: 123456. Berlaku 5 menit. Jangan berikan kode ini kepada siapa pun.'],
  ] as const)('words a %s code living %i s with a real plural', (locale, ttl, text) => {
    expect(loginCodeText('123456', locale, ttl)).toBe(text)
  })

  it('sends "1 minute" when codes live a minute', async () => {
    const minute = await buildTestApp(database, { env: { SMS_CODE_TTL_SECONDS: '60' } })
    try {
      const phone = randomPhone()
      const res = await post(minute, `${sendSmsCode.path}?lang=en`, { phone })
      expect(res.statusCode).toBe(200)
      const [row] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone))
      expect(row!.body).toMatch(/^Your Kilat verification code: \d{6}\. Valid for 1 minute\. /)
    } finally {
      await minute.close()
    }
  })
})

describe('loginInit', () => {
  it('describes the market of the request', async () => {
    const id = await app.inject({ method: 'POST', url: loginInit.path })
    expect(id.json()).toEqual({
      code: 0,
      message: 'success',
      data: { market: 'ID', callingCode: '62', codeLength: 6, resendSeconds: 60, demo: true },
    })
    const india = await app.inject({ method: 'POST', url: `${loginInit.path}?isNeedPop=1` })
    expect(india.json().data).toMatchObject({ market: 'IN', callingCode: '91' })
    const mexico = await app.inject({ method: 'POST', url: `${loginInit.path}?market=MX` })
    expect(mexico.json().data).toMatchObject({ market: 'MX', callingCode: '52' })
  })
})

describe('SMS login', () => {
  it('signs in with the code sent, creates the borrower and sets the session cookie', async () => {
    const phone = randomPhone()
    const sent = await sendCode(phone)
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toEqual({ code: 0, message: 'success', data: { resendSeconds: 60 } })

    const outbox = await database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone))
    expect(outbox).toHaveLength(1)
    expect(outbox[0]!.body).toMatch(/^Kode verifikasi Kilat Anda: \d{6}\. Berlaku 5 menit\./)
    const row = await codeRow(phone)
    expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/)
    const code = await lastCode(phone)
    expect(row.codeHash).not.toContain(code)

    const res = await post(app, smsLogin.path, { phone, code })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.code).toBe(0)
    expect(body.data.sessionId).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(body.data.phone).toBe(`+${phone.slice(1, 6)}${'*'.repeat(phone.length - 8)}${phone.slice(-2)}`)
    const days = (Date.parse(body.data.expiresAt) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29.9)
    expect(days).toBeLessThanOrEqual(30)

    const cookie = res.cookies.find((c) => c.name === 'sid')
    expect(cookie).toMatchObject({ value: body.data.sessionId, httpOnly: true, sameSite: 'Lax', path: '/' })

    const [borrower] = await database.db.select().from(borrowers).where(eq(borrowers.phone, phone))
    expect(borrower).toMatchObject({ market: 'ID', locale: 'id' })
    const [session] = await database.db.select().from(sessions).where(eq(sessions.borrowerId, borrower!.id))
    expect(session!.tokenHash).toBe(hashToken(body.data.sessionId))

    const info = await app.inject({ method: 'GET', url: `${userInfo.path}?tok=${body.data.sessionId}` })
    expect(info.statusCode).toBe(200)
    expect(info.json().data).toEqual({ phone: body.data.phone, market: 'ID', name: null })
  })

  it('accepts a local number and a second login of the same borrower', async () => {
    const phone = randomPhone()
    const local = `0${phone.slice(3)}`
    await sendCode(local)
    const first = await post(app, smsLogin.path, { phone: local, code: await lastCode(phone) })
    expect(first.statusCode).toBe(200)
    await database.db.update(smsCodes).set({ createdAt: new Date(Date.now() - 61_000) }).where(eq(smsCodes.phone, phone))
    await sendCode(phone)
    const second = await post(app, smsLogin.path, { phone, code: await lastCode(phone) })
    expect(second.statusCode).toBe(200)
    expect(await database.db.select().from(borrowers).where(eq(borrowers.phone, phone))).toHaveLength(1)
    expect(second.json().data.sessionId).not.toBe(first.json().data.sessionId)
  })

  it('validates the number by market', async () => {
    const cases: Array<[string, string]> = [
      ['12345', ''],
      ['+62215551234', ''], // Jakarta landline
      ['13812345678', ''], // the old app's mainland-China rule (docs/product/shell-and-sessions.md#phone-numbers)
      ['+919876543210', ''], // Indian number on the Indonesian site
      ['98765', '?isNeedPop=1'],
      ['+915123456789', '?isNeedPop=1'],
      ['123', '?market=MX'],
      ['<script>alert(1)</script>', ''],
    ]
    for (const [phone, query] of cases) {
      const res = await sendCode(phone, query)
      expect(res.statusCode, phone).toBe(400)
      expect(res.json().code, phone).toBe(2001)
    }
    const english = await sendCode('12345', '?lang=en')
    expect(english.json().message).toBe('Please enter the phone number correctly.')
    expect((await sendCode('+919876543210', '?isNeedPop=1')).statusCode).toBe(200)
    expect((await sendCode('+525512345678', '?market=MX')).statusCode).toBe(200)
    const outbox = await database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, '+525512345678'))
    expect(outbox[0]!.body).toMatch(/^Tu código de verificación de Kilat: \d{6}\./)
  })

  it('refuses a wrong code and counts the attempt', async () => {
    const phone = randomPhone()
    await sendCode(phone)
    const code = await lastCode(phone)
    const res = await post(app, smsLogin.path, { phone, code: wrongCodeFor(code) })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 2002, data: null, message: 'Silakan masukkan kode SMS dengan benar.' })
    expect((await codeRow(phone)).attempts).toBe(1)
    expect(await database.db.select().from(borrowers).where(eq(borrowers.phone, phone))).toHaveLength(0)
  })

  it('refuses a code that is not six digits without counting an attempt (it could never match)', async () => {
    const phone = randomPhone()
    await sendCode(phone)
    for (const code of ['12345', '1234567', 'abcdef', '<b>1</b>']) {
      const res = await post(app, smsLogin.path, { phone, code })
      expect(res.statusCode, code).toBe(400)
      expect(res.json().code, code).toBe(2002)
    }
    expect((await codeRow(phone)).attempts).toBe(0)
    expect((await post(app, smsLogin.path, { phone, code: await lastCode(phone) })).statusCode).toBe(200)
  })

  it('refuses an expired code', async () => {
    const phone = randomPhone()
    await sendCode(phone)
    const code = await lastCode(phone)
    await database.db.update(smsCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smsCodes.phone, phone))
    const res = await post(app, smsLogin.path, { phone, code })
    expect(res.statusCode).toBe(400)
    expect(res.json().code).toBe(2003)
  })

  it('refuses a code used once already (as expired)', async () => {
    const phone = randomPhone()
    await sendCode(phone)
    const code = await lastCode(phone)
    expect((await post(app, smsLogin.path, { phone, code })).statusCode).toBe(200)
    const again = await post(app, smsLogin.path, { phone, code })
    expect(again.statusCode).toBe(400)
    expect(again.json().code).toBe(2003)
  })

  it(`kills the code after ${MAX_ATTEMPTS} wrong tries, even for the right code`, async () => {
    const phone = randomPhone()
    await sendCode(phone)
    const code = await lastCode(phone)
    const codes: number[] = []
    for (let i = 0; i < MAX_ATTEMPTS; i++) codes.push((await post(app, smsLogin.path, { phone, code: wrongCodeFor(code) })).json().code)
    expect(codes).toEqual([2002, 2002, 2002, 2002, 2004])
    const right = await post(app, smsLogin.path, { phone, code })
    expect(right.statusCode).toBe(429)
    expect(right.json().code).toBe(2004)
    expect((await codeRow(phone)).attempts).toBe(MAX_ATTEMPTS)
  })

  it('lets exactly one of two parallel logins use a code', async () => {
    const phone = randomPhone()
    await sendCode(phone)
    const code = await lastCode(phone)
    const results = await Promise.all([post(app, smsLogin.path, { phone, code }), post(app, smsLogin.path, { phone, code })])
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400])
    expect(results.find((r) => r.statusCode === 400)!.json().code).toBe(2003)
    const [borrower] = await database.db.select().from(borrowers).where(eq(borrowers.phone, phone))
    expect(await database.db.select().from(sessions).where(eq(sessions.borrowerId, borrower!.id))).toHaveLength(1)
  })

  it('consumes a code once at the database level, however many try at once', async () => {
    const phone = randomPhone()
    const id = await insertCode(database.db, { phone, purpose: 'login', codeHash: 'ab'.repeat(32), expiresAt: new Date(Date.now() + 60_000) })
    const results = await Promise.all(Array.from({ length: 5 }, () => database.db.transaction((tx) => consumeCode(tx, id, MAX_ATTEMPTS))))
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await consumeCode(database.db, id, MAX_ATTEMPTS)).toBe(false)
    const expired = await insertCode(database.db, { phone, purpose: 'login', codeHash: 'cd'.repeat(32), expiresAt: new Date(Date.now() - 1000) })
    expect(await consumeCode(database.db, expired, MAX_ATTEMPTS)).toBe(false)
  })

  it('refuses a resend within 60 seconds', async () => {
    const phone = randomPhone()
    expect((await sendCode(phone)).statusCode).toBe(200)
    const again = await sendCode(phone)
    expect(again.statusCode).toBe(429)
    expect(again.json()).toMatchObject({ code: 2005, message: 'Jangan mengirim kode berulang kali.' })
    expect(await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(1)
  })

  it(`caps sends at ${DAILY_SENDS_PER_PHONE} a day per number`, async () => {
    const phone = randomPhone()
    for (let i = 0; i < DAILY_SENDS_PER_PHONE; i++) {
      expect((await sendCode(phone)).statusCode).toBe(200)
      // age every code past the resend gap, keeping them within the last day
      await database.db.update(smsCodes).set({ createdAt: new Date(Date.now() - 3_600_000) }).where(eq(smsCodes.phone, phone))
    }
    const capped = await sendCode(phone)
    expect(capped.statusCode).toBe(429)
    expect(capped.json().code).toBe(1006)
    await database.db.update(smsCodes).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) }).where(eq(smsCodes.phone, phone))
    expect((await sendCode(phone)).statusCode).toBe(200)
  })

  it('leaves no code behind when the SMS cannot be sent', async () => {
    const failing = await buildTestApp(database, { sms: { send: () => Promise.reject(new Error('gateway down')) } })
    try {
      const phone = randomPhone()
      const res = await post(failing, sendSmsCode.path, { phone })
      expect(res.statusCode).toBe(503)
      expect(res.json().code).toBe(1098)
      expect(await database.db.select().from(smsCodes).where(eq(smsCodes.phone, phone))).toHaveLength(0)
    } finally {
      await failing.close()
    }
  })

  it('keeps the token, the code and the full number out of the logs', async () => {
    const lines: string[] = []
    const logStream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk))
        done()
      },
    })
    const logged = await buildTestApp(database, { logStream })
    try {
      const phone = randomPhone()
      await post(logged, `${sendSmsCode.path}?mobilePhone=${encodeURIComponent(phone)}`, { phone })
      const [row] = await database.db.select().from(smsOutbox).where(eq(smsOutbox.toPhone, phone))
      const code = row!.body.match(/\d{6}/)![0]
      const wrong = await post(logged, smsLogin.path, { phone, code: wrongCodeFor(code) })
      expect(wrong.statusCode).toBe(400)
      const res = await post(logged, `${smsLogin.path}?phone=${encodeURIComponent(phone)}&code=${code}`, { phone, code })
      const token = res.json().data.sessionId as string
      await logged.inject({ method: 'GET', url: `${userInfo.path}?tok=${token}&userId=42` })
      await logged.inject({ method: 'GET', url: userInfo.path, headers: { 'x-session-id': token, cookie: `sid=${token}` } })

      const text = lines.join('')
      // one line per request answered, with its address (five), besides the outbox's own
      expect(lines.filter((l) => l.includes('"msg":"request completed"'))).toHaveLength(5)
      expect(text).toContain('sms stored in outbox')
      expect(text).toContain('[redacted]')
      expect(text).toContain(phone.slice(0, 6)) // the masked form is there
      expect(text).not.toContain(token)
      expect(text).not.toContain(phone.slice(1))
      expect(text).not.toContain(phone.slice(3)) // nor the national digits
      expect(text).not.toContain(code)
      expect(text).not.toContain(wrongCodeFor(code))
    } finally {
      await logged.close()
    }
  })
})

describe('logout and userInfo', () => {
  it('ends the session and clears the cookie', async () => {
    const { token } = await createBorrowerWithSession(database.db)
    expect((await app.inject({ method: 'GET', url: `${userInfo.path}?tok=${token}` })).statusCode).toBe(200)
    const res = await app.inject({ method: 'POST', url: `${logout.path}?tok=${token}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ code: 0, data: null, message: 'success' })
    const cleared = res.cookies.find((c) => c.name === 'sid')
    expect(cleared?.value).toBe('')
    expect(await database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token)))).toHaveLength(0)
    const after = await app.inject({ method: 'GET', url: `${userInfo.path}?tok=${token}` })
    expect(after.statusCode).toBe(401)
    expect(after.json().code).toBe(1001)
  })

  it("answers with the caller's own data only", async () => {
    const a = await createBorrowerWithSession(database.db, { phone: '+6281234500011', name: 'Ani' })
    const b = await createBorrowerWithSession(database.db, { phone: '+6281234500022', name: 'Beni' })
    const resA = await app.inject({ method: 'GET', url: `${userInfo.path}?sessionId=${a.token}` })
    const resB = await app.inject({ method: 'GET', url: `${userInfo.path}?tok=${b.token}` })
    expect(resA.json().data).toEqual({ phone: '+62812******11', market: 'ID', name: 'Ani' })
    expect(resB.json().data).toEqual({ phone: '+62812******22', market: 'ID', name: 'Beni' })
    expect(resB.body).not.toContain('Ani')
    expect(resB.body).not.toContain('11"')
  })
})

describe('demoLastSms', () => {
  it('is not served at all outside demo mode', async () => {
    const prod = await buildTestApp(database, { env: { DEMO_MODE: 'false' } })
    try {
      const res = await prod.inject({ method: 'GET', url: `${demoLastSms.path}?phone=%2B6281234567890` })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 1002, data: null })
      expect((await prod.inject({ method: 'POST', url: loginInit.path })).json().data.demo).toBe(false)
    } finally {
      await prod.close()
    }
  })

  it('answers null before any SMS and refuses a wrong number', async () => {
    const res = await app.inject({ method: 'GET', url: `${demoLastSms.path}?phone=${encodeURIComponent(randomPhone())}` })
    expect(res.json().data).toEqual({ code: null, sentAt: null })
    const bad = await app.inject({ method: 'GET', url: `${demoLastSms.path}?phone=123` })
    expect(bad.json().code).toBe(2001)
  })
})

describe('sms code rows', () => {
  it('never stores the code itself', async () => {
    const phone = randomPhone()
    await sendCode(phone)
    const code = await lastCode(phone)
    const rows = await database.db.select().from(smsCodes).where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, 'login')))
    expect(JSON.stringify(rows)).not.toContain(code)
  })
})
