/**
 * The server's own log, at `info`, while secrets of every kind pass through it (session tokens in
 * each form, SMS and staff codes, the demo staff password, phone numbers, a card number, Mexico's
 * CLABEs), checked by the same checker CI runs on the browser journeys' log (npm run check:logs).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  identitySet,
  payoutAccountSet,
  bindCard,
  demoLastSms,
  generateVcode,
  getCaptcha,
  getSid,
  sendSmsCode,
  smsLogin,
  staffDemoCode,
  staffMe,
  staffSignIn,
  staffSignInCode,
  userInfo,
} from '@kilat/contract'
import type { Database } from '../../db/client.js'
import { DEMO_BORROWERS, seedDemo } from '../../db/seed.js'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, seedDemoStaff } from '../../modules/staff/staff.seed.js'
import { STAFF_COOKIE } from '../../modules/staff/staff.sessions.js'
import { opsGet, opsPost, staffCookieOf } from '../../modules/staff/test-helpers.js'
import { get, post, postJson } from '../inject.js'
import { buildTestApp, openTestDatabase } from '../setup-db.js'

const CHECKER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../scripts/check-logs.mjs')

let database: Database
let app: FastifyInstance
const lines: string[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  await seedDemo(database.db, { sessionTtlDays: 30 })
  await seedDemoStaff(database.db)
  const logStream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk))
      done()
    },
  })
  app = await buildTestApp(database, { logStream, env: { LOG_LEVEL: 'info' } })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

/** Runs the checker on what was logged: its exit status and what it said. */
function check(text: string): { status: number; out: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'kilat-log-'))
  const file = path.join(dir, 'server.log')
  writeFileSync(file, text)
  try {
    const run = spawnSync(process.execPath, [CHECKER, file], { encoding: 'utf8' })
    return { status: run.status ?? 1, out: `${run.stdout}${run.stderr}` }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

describe('the server log', () => {
  it('holds no secret after sign-ins, codes, cards and accounts of every kind', async () => {
    const [budi, , , maria] = DEMO_BORROWERS
    // a borrower signs in by SMS, the phone and code also (wrongly) in the address
    const phone = '+6285712345678'
    expect((await post(app, sendSmsCode.path, { phone }, { mobilePhone: phone })).statusCode).toBe(200)
    const code = (await get(app, demoLastSms.path, { phone })).json().data.code as string
    const login = await post(app, smsLogin.path, { phone, code }, { phone, code, smsCode: code })
    const token = login.json().data.sessionId as string
    expect(token).toBeTruthy()
    // the token in each form it travels in
    await get(app, userInfo.path, { tok: token })
    await get(app, userInfo.path, { sessionId: token })
    await app.inject({ method: 'GET', url: userInfo.path, headers: { 'x-session-id': token, cookie: `sid=${token}`, authorization: `Bearer ${token}` } })
    await get(app, userInfo.path, { tok: budi.token, userId: '1' })
    // a card number and a CLABE
    expect((await post(app, bindCard.path, { bankCode: 'MANDIRI', cardNo: '4242424242424242', holderName: budi.name }, { tok: budi.token })).json().code).toBe(0)
    const account = await post(app, generateVcode.path, { orderId: 'K2026000017', payCode: 'SPEI', pay_type: 1 }, { tok: maria.token, market: 'MX' })
    // the app shell's identity and bank steps: a NIK, an address and an account number, and a refused NIK
    const nik = '3273014507950001'
    const identity = { fullName: 'Ayu Lestari', nik, birthDate: '1995-07-05', gender: 'female', placeOfBirth: 'Bandung', address: { street: 'Jl. Tersembunyi No. 9', provinceCode: '32', cityCode: '3273' }, kyc: { vendor: 'acme-kyc', reference: 'KYC-LOG-1', result: 'verified', checkedAt: '2026-11-01T10:00:00+07:00' } }
    expect((await postJson(app, identitySet.path, identity, { tok: token })).json().code).toBe(0)
    expect((await postJson(app, identitySet.path, { ...identity, nik: '3273014507950000' }, { tok: token })).statusCode).toBe(422)
    expect((await postJson(app, payoutAccountSet.path, { kind: 'bank', bankCode: 'ID_BCA', accountNo: '6120098765' }, { tok: token })).json().code).toBe(0)
    // a bad request whose body holds secrets logs the names of its fields only
    expect((await post(app, bindCard.path, { bankCode: 'MANDIRI', cardNo: '4111111111111112', holderName: budi.name }, { tok: budi.token })).statusCode).toBe(400)
    // a registration round: its sid in the address
    const sid = (await get(app, getSid.path)).json().data.sid as string
    await get(app, getCaptcha.path, { sid, a: 1 })
    // a staff member signs in with the demo password and code
    const email = DEMO_STAFF[0]!.email
    const first = await opsPost(app, staffSignIn.path, { email, password: DEMO_STAFF_PASSWORD })
    const staffCode = (await get(app, staffDemoCode.path, { email })).json().data.code as string
    const second = await opsPost(app, staffSignInCode.path, { code: staffCode }, { cookie: staffCookieOf(first) })
    expect(second.statusCode, second.body).toBe(200)
    const staffCookie = staffCookieOf(second)!
    await opsGet(app, staffMe.path, { cookie: staffCookie })
    await app.inject({ method: 'GET', url: staffMe.path, headers: { cookie: `${STAFF_COOKIE}=${staffCookie}` } })

    const text = lines.join('')
    expect(text.split('\n').filter((l) => l.includes('"msg":"request completed"')).length).toBeGreaterThan(15)
    const result = check(text)
    expect(result.out).toContain('no secret found')
    expect(result.status, result.out).toBe(0)
    // the values themselves, in case the checker's patterns miss a form
    for (const secret of [token, code, phone, phone.slice(1), budi.token, '4242424242424242', DEMO_STAFF_PASSWORD, staffCookie, sid, nik, '3273014507950000', 'Tersembunyi', '6120098765']) {
      expect(text, secret).not.toContain(secret)
    }
    if (account.json().code === 0) expect(text).not.toContain(account.json().data.vcode)
  })

  it('is caught by the checker when a secret is planted in it', () => {
    const planted = `${lines.join('')}{"level":30,"msg":"oops","cardNo":"4242424242424242"}\n`
    const result = check(planted)
    expect(result.status).toBe(1)
    expect(result.out).toContain('card number')
  })
})
