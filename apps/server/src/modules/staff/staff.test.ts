import { and, eq, gt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ERRORS,
  OPS_CALLS,
  PERMISSIONS,
  STAFF_ROLES,
  staffCreate,
  staffDemoCode,
  staffDisable,
  staffEnrolmentFinish,
  staffEnrolmentStart,
  staffList,
  staffMe,
  staffSetLanguage,
  staffSignIn,
  staffSignInCode,
  staffSignOut,
  userInfo,
  type StaffRole,
} from '@kilat/contract'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession } from '../../db/factories.js'
import { SESSION_COOKIE } from '../../http/sessions.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { auditLog } from '../audit/audit.schema.js'
import { verifyChain } from '../audit/audit.service.js'
import { ARGON2_OPTIONS, totpCodeAt, totpStepAt } from './staff.credentials.js'
import { staff, staffSessions } from './staff.schema.js'
import { DEMO_STAFF, DEMO_STAFF_PASSWORD, seedDemoStaff } from './staff.seed.js'
import { SIGN_IN_FAILURES_PER_WINDOW, SYSTEM_ACTOR, createStaff } from './staff.service.js'
import { STAFF_COOKIE } from './staff.sessions.js'
import {
  MINUTE,
  STEP,
  emptyStaff,
  enrolledStaff,
  freshAddress,
  opsGet,
  opsMultipart,
  opsPost,
  signIn,
  staffCookieOf,
  testClock,
  type OpsOptions,
  type TestStaff,
} from './test-helpers.js'

let database: Database
let app: FastifyInstance
const clock = testClock()

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  app = await buildTestApp(database, { now: clock.now })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const lastAuditId = async () => (await database.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog))[0]!.id
const auditSince = (id: number) => database.db.select().from(auditLog).where(gt(auditLog.id, id)).orderBy(auditLog.id)
const accountRow = async (id: number) => (await database.db.select().from(staff).where(eq(staff.id, id)))[0]!

const passwordStep = (who: TestStaff, password = who.password) => opsPost(app, staffSignIn.path, { email: who.email, password }, { ip: who.ip })

describe('passwords', () => {
  it('are hashed with argon2id, 19 MiB and 2 passes', async () => {
    expect(ARGON2_OPTIONS).toMatchObject({ memoryCost: 19_456, timeCost: 2 })
    const who = await enrolledStaff(app, database, clock, 'agent')
    expect((await accountRow(who.id)).passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })
})

describe('enrolment', () => {
  it('shows the QR code, refuses a wrong code, then sets the password, signs in and is used up', async () => {
    const since = await lastAuditId()
    const email = `new.${Date.now()}@staff.test`
    const created = await createStaff({ db: database.db, now: clock.now, secrets: app.secrets }, { email, role: 'risk', markets: ['ID', 'MX'], language: 'id' }, SYSTEM_ACTOR)
    const ip = freshAddress()
    const start = await opsPost(app, staffEnrolmentStart.path, { token: created.enrolmentToken }, { ip })
    expect(start.statusCode, start.body).toBe(200)
    const { otpauthUri, qrSvg, secret } = start.json().data
    expect(otpauthUri).toMatch(/^otpauth:\/\/totp\/Kilat:.+\?.*secret=[A-Z2-7]+/)
    expect(otpauthUri).toContain('algorithm=SHA1&digits=6&period=30')
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/)

    const code = totpCodeAt(secret, totpStepAt(clock.now()))
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0')
    const password = 'a long enough passphrase'
    const refused = await opsPost(app, staffEnrolmentFinish.path, { token: created.enrolmentToken, password, code: wrong }, { ip })
    expect(refused.statusCode).toBe(401)
    expect(refused.json().code).toBe(ERRORS.staffCodeWrong.code)
    expect((await accountRow(created.account.id)).passwordHash).toBeNull()

    const done = await opsPost(app, staffEnrolmentFinish.path, { token: created.enrolmentToken, password, code }, { ip })
    expect(done.statusCode, done.body).toBe(200)
    expect(done.json().data).toMatchObject({ email, role: 'risk', markets: ['ID', 'MX'], language: 'id' })
    const cookie = done.cookies.find((c) => c.name === STAFF_COOKIE)!
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' })
    const me = await opsGet(app, staffMe.path, { cookie: cookie.value })
    expect(me.json().data.email).toBe(email)

    const again = await opsPost(app, staffEnrolmentStart.path, { token: created.enrolmentToken }, { ip })
    expect(again.statusCode).toBe(410)
    // before signing in the console speaks English unless the address asks otherwise
    expect(again.json().message).toBe(ERRORS.enrolmentInvalid.messages.en)
    const rows = await auditSince(since)
    expect(rows.map((r) => r.action)).toEqual(['staff.create', 'staff.enrol'])
    expect(JSON.stringify(rows)).not.toContain(secret)
  })

  it('refuses an expired link', async () => {
    const created = await createStaff(
      { db: database.db, now: clock.now, secrets: app.secrets },
      { email: `late.${Date.now()}@staff.test`, role: 'agent', markets: ['ID'], language: 'en' },
      SYSTEM_ACTOR,
    )
    clock.tick(72 * 60 * MINUTE)
    const res = await opsPost(app, staffEnrolmentStart.path, { token: created.enrolmentToken }, { ip: freshAddress() })
    expect(res.statusCode).toBe(410)
  })
})

describe('sign-in', () => {
  it('takes the password, then the code, and opens a new session only then', async () => {
    const who = await enrolledStaff(app, database, clock, 'finance', ['IN'])
    const since = await lastAuditId()
    const first = await passwordStep(who)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toEqual({ next: 'code' })
    const pending = staffCookieOf(first)!
    // the password alone opens nothing
    expect((await opsGet(app, staffMe.path, { cookie: pending })).statusCode).toBe(401)

    const second = await opsPost(app, staffSignInCode.path, { code: who.code() }, { ip: who.ip, cookie: pending })
    expect(second.statusCode, second.body).toBe(200)
    expect(second.json().data).toMatchObject({ email: who.email, role: 'finance', markets: ['IN'] })
    const active = staffCookieOf(second)!
    expect(active).not.toBe(pending)
    expect((await opsGet(app, staffMe.path, { cookie: active })).statusCode).toBe(200)
    expect((await opsGet(app, staffMe.path, { cookie: pending })).statusCode).toBe(401)
    // stored hashed: the token itself is nowhere in the table
    const stored = await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, who.id))
    expect(JSON.stringify(stored)).not.toContain(active)
    expect((await auditSince(since)).map((r) => [r.action, r.ip])).toEqual([['staff.sign-in', who.ip]])
  })

  it('answers the same for an unknown email and a wrong password, and records both', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    const since = await lastAuditId()
    const unknown = await opsPost(app, staffSignIn.path, { email: 'nobody@staff.test', password: 'whatever it is' }, { ip: who.ip })
    const wrong = await passwordStep(who, 'not the password')
    expect(unknown.statusCode).toBe(401)
    expect(wrong.statusCode).toBe(401)
    expect(unknown.json()).toEqual(wrong.json())
    expect(wrong.json().message).toBe(ERRORS.staffSignInFailed.messages.en)
    expect((await auditSince(since)).map((r) => r.action)).toEqual(['staff.sign-in-failed', 'staff.sign-in-failed'])
  })

  it('locks the account for 15 minutes after 5 wrong passwords, even against the right one', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    const since = await lastAuditId()
    for (let i = 1; i <= 4; i++) expect((await passwordStep(who, `wrong password ${i}`)).statusCode).toBe(401)
    const fifth = await passwordStep(who, 'wrong password 5')
    expect(fifth.statusCode).toBe(423)
    expect(fifth.json().code).toBe(ERRORS.staffLocked.code)
    const right = await passwordStep(who)
    expect(right.statusCode).toBe(423)
    expect(staffCookieOf(right)).toBeUndefined()
    clock.tick(14 * MINUTE)
    expect((await passwordStep(who)).statusCode).toBe(423)
    clock.tick(MINUTE)
    const open = await passwordStep(who)
    expect(open.statusCode, open.body).toBe(200)
    expect((await auditSince(since)).map((r) => r.action)).toEqual([
      ...Array(4).fill('staff.sign-in-failed'),
      'staff.lock',
      'staff.sign-in-refused',
      'staff.sign-in-refused',
    ])
  })

  it('counts wrong codes too, and a lock ends the sign-in waiting for its code', async () => {
    const who = await enrolledStaff(app, database, clock, 'risk')
    const first = await passwordStep(who, 'wrong password')
    expect(first.statusCode).toBe(401)
    const pending = staffCookieOf(await passwordStep(who))!
    const bad = String((Number(who.code()) + 1) % 1_000_000).padStart(6, '0')
    for (let i = 1; i <= 3; i++) expect((await opsPost(app, staffSignInCode.path, { code: bad }, { ip: who.ip, cookie: pending })).statusCode).toBe(401)
    const locking = await opsPost(app, staffSignInCode.path, { code: bad }, { ip: who.ip, cookie: pending })
    expect(locking.statusCode).toBe(423)
    // the waiting session is gone: even the right code cannot finish it
    expect((await opsPost(app, staffSignInCode.path, { code: who.code() }, { ip: who.ip, cookie: pending })).statusCode).toBe(401)
    expect((await passwordStep(who)).statusCode).toBe(423)
  })

  it('resets the count after a full sign-in', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    for (let i = 0; i < 4; i++) await passwordStep(who, 'wrong password')
    await signIn(app, who, clock)
    expect((await accountRow(who.id)).failedAttempts).toBe(0)
    for (let i = 0; i < 4; i++) expect((await passwordStep(who, 'wrong password')).statusCode).toBe(401)
  })
})

describe('codes', () => {
  async function tryCode(who: TestStaff, code: string) {
    const pending = staffCookieOf(await passwordStep(who))!
    return opsPost(app, staffSignInCode.path, { code }, { ip: who.ip, cookie: pending })
  }

  it('accepts a code once', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    const code = who.code()
    expect((await tryCode(who, code)).statusCode).toBe(200)
    const reuse = await tryCode(who, code)
    expect(reuse.statusCode).toBe(401)
    expect(reuse.json().code).toBe(ERRORS.staffCodeWrong.code)
  })

  it('accepts one step of drift either way, not two, and never a step before one used', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    clock.tick(10 * MINUTE)
    expect((await tryCode(who, who.code(-2))).statusCode).toBe(401)
    expect((await tryCode(who, who.code(2))).statusCode).toBe(401)
    expect((await tryCode(who, who.code(-1))).statusCode).toBe(200)
    expect((await tryCode(who, who.code(1))).statusCode).toBe(200)
    // the current step is older than the one just used
    expect((await tryCode(who, who.code(0))).statusCode).toBe(401)
    expect((await accountRow(who.id)).lastTotpStep).toBe(totpStepAt(clock.now()) + 1)
  })

  it('takes spaces between the digits', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    const code = who.code()
    expect((await tryCode(who, `${code.slice(0, 3)} ${code.slice(3)}`)).statusCode).toBe(200)
  })

  it('gives the code step 5 minutes', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    const pending = staffCookieOf(await passwordStep(who))!
    clock.tick(5 * MINUTE)
    expect((await opsPost(app, staffSignInCode.path, { code: who.code() }, { ip: who.ip, cookie: pending })).statusCode).toBe(401)
  })
})

describe('staff sessions', () => {
  it('end after 30 minutes without a call, the limit sliding with each call', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    const cookie = await signIn(app, who, clock)
    clock.tick(29 * MINUTE)
    expect((await opsGet(app, staffMe.path, { cookie })).statusCode).toBe(200)
    clock.tick(29 * MINUTE)
    expect((await opsGet(app, staffMe.path, { cookie })).statusCode).toBe(200)
    clock.tick(30 * MINUTE)
    const ended = await opsGet(app, staffMe.path, { cookie })
    expect(ended.statusCode).toBe(401)
    expect(ended.json().code).toBe(ERRORS.sessionRequired.code)
  })

  it('end 12 hours after sign-in however busy', async () => {
    const who = await enrolledStaff(app, database, clock, 'agent')
    const cookie = await signIn(app, who, clock)
    // signIn moved the clock one step past the sign-in
    for (let elapsed = STEP; elapsed + 20 * MINUTE < 12 * 60 * MINUTE; elapsed += 20 * MINUTE) {
      clock.tick(20 * MINUTE)
      expect((await opsGet(app, staffMe.path, { cookie })).statusCode).toBe(200)
    }
    clock.tick(20 * MINUTE)
    expect((await opsGet(app, staffMe.path, { cookie })).statusCode).toBe(401)
  })

  it('end at sign-out', async () => {
    const who = await enrolledStaff(app, database, clock, 'collector')
    const cookie = await signIn(app, who, clock)
    const out = await opsPost(app, staffSignOut.path, {}, { ip: who.ip, cookie })
    expect(out.statusCode).toBe(200)
    expect(staffCookieOf(out)).toBe('')
    expect((await opsGet(app, staffMe.path, { cookie })).statusCode).toBe(401)
  })

  it('of a disabled account end at once, and it cannot sign in again', async () => {
    const admin = await enrolledStaff(app, database, clock, 'admin', ['ID', 'IN'])
    const agent = await enrolledStaff(app, database, clock, 'agent', ['IN'])
    const agentCookie = await signIn(app, agent, clock)
    const since = await lastAuditId()
    const res = await opsPost(app, staffDisable.path, { staffId: agent.id }, { ip: admin.ip, cookie: admin.cookie })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.account).toMatchObject({ id: agent.id, disabled: true })
    expect((await opsGet(app, staffMe.path, { cookie: agentCookie })).statusCode).toBe(401)
    expect((await opsGet(app, staffMe.path, { cookie: agent.cookie })).statusCode).toBe(401)
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, agent.id))).toEqual([])
    expect((await passwordStep(agent)).statusCode).toBe(401)
    const [disabled] = await auditSince(since)
    expect(disabled).toMatchObject({ action: 'staff.disable', staffId: admin.id, role: 'admin', recordType: 'staff', recordId: String(agent.id), ip: admin.ip })
    expect(disabled!.before).toMatchObject({ disabled: false })
    expect(disabled!.after).toMatchObject({ disabled: true })
  })

  it('an admin cannot disable their own account, in the language of the console', async () => {
    const admin = await enrolledStaff(app, database, clock, 'admin', ['ID'])
    const since = await lastAuditId()
    const res = await opsPost(app, `${staffDisable.path}?lang=es`, { staffId: admin.id }, { ip: admin.ip, cookie: admin.cookie })
    expect(res.statusCode).toBe(ERRORS.staffSelfDisable.status)
    expect(res.json()).toMatchObject({ code: ERRORS.staffSelfDisable.code, message: ERRORS.staffSelfDisable.messages.es })
    expect((await opsGet(app, staffMe.path, { cookie: admin.cookie })).statusCode).toBe(200)
    expect(await auditSince(since)).toEqual([])
  })

  it('are never a borrower session, nor a borrower session a staff one', async () => {
    const { token } = await createBorrowerWithSession(database.db)
    const borrowerWays: OpsOptions[] = [
      { query: { tok: token } },
      { headers: { 'x-session-id': token } },
      { headers: { cookie: `${SESSION_COOKIE}=${token}` } },
      { headers: { cookie: `${STAFF_COOKIE}=${token}` } },
    ]
    for (const options of borrowerWays) {
      expect((await opsGet(app, staffMe.path, options)).statusCode).toBe(401)
    }
    const who = await enrolledStaff(app, database, clock, 'admin')
    const asBorrower = await app.inject({ method: 'GET', url: userInfo.path, headers: { cookie: `${STAFF_COOKIE}=${who.cookie}` } })
    expect(asBorrower.statusCode).toBe(401)
    const tokenAsBorrower = await app.inject({ method: 'GET', url: `${userInfo.path}?tok=${who.cookie}` })
    expect(tokenAsBorrower.statusCode).toBe(401)
  })
})

describe('roles and markets', () => {
  it('refuse a call outside them with 403, and nothing changes', async () => {
    const admin = await enrolledStaff(app, database, clock, 'admin', ['ID'])
    const agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
    const mexican = await enrolledStaff(app, database, clock, 'agent', ['MX'])
    const both = await enrolledStaff(app, database, clock, 'agent', ['ID', 'MX'])
    const staffBefore = await database.db.select().from(staff)
    const since = await lastAuditId()

    const attempts = [
      await opsPost(app, staffCreate.path, { email: 'x@staff.test', role: 'admin', markets: ['ID'] }, { cookie: agent.cookie }),
      await opsPost(app, staffDisable.path, { staffId: admin.id }, { cookie: agent.cookie }),
      await opsPost(app, staffCreate.path, { email: 'y@staff.test', role: 'agent', markets: ['ID', 'MX'] }, { cookie: admin.cookie }),
      await opsPost(app, staffDisable.path, { staffId: both.id }, { cookie: admin.cookie }),
      await opsGet(app, staffList.path, { cookie: admin.cookie, query: { market: 'MX' } }),
    ]
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json()).toEqual({ code: ERRORS.staffForbidden.code, data: null, message: ERRORS.staffForbidden.messages.en })
    }
    // an account of none of the admin's markets is not in their list: not found, as an unknown id
    const hidden = await opsPost(app, staffDisable.path, { staffId: mexican.id }, { cookie: admin.cookie })
    expect(hidden.statusCode, hidden.body).toBe(404)
    expect(hidden.json()).toEqual({ code: ERRORS.notFound.code, data: null, message: ERRORS.notFound.messages.en })
    expect(await database.db.select().from(staff)).toEqual(staffBefore)
    expect(await auditSince(since)).toEqual([])
  })

  it('let an admin list and create accounts of their markets', async () => {
    const admin = await enrolledStaff(app, database, clock, 'admin', ['MX', 'IN'])
    const since = await lastAuditId()
    const email = `made.${Date.now()}@staff.test`
    const created = await opsPost(app, staffCreate.path, { email, role: 'finance', markets: ['MX'], language: 'es' }, { ip: admin.ip, cookie: admin.cookie })
    expect(created.statusCode, created.body).toBe(200)
    const { account, enrolmentPath } = created.json().data
    expect(account).toMatchObject({ email, role: 'finance', markets: ['MX'], enrolled: false, disabled: false })
    expect(enrolmentPath).toMatch(/^\/ops\/enrol#token=[A-Za-z0-9_-]{43}$/)
    const token = enrolmentPath.split('=')[1]
    expect((await opsPost(app, staffEnrolmentStart.path, { token }, { ip: freshAddress() })).statusCode).toBe(200)

    const again = await opsPost(app, staffCreate.path, { email: email.toUpperCase(), role: 'agent', markets: ['MX'] }, { cookie: admin.cookie })
    expect(again.statusCode).toBe(409)
    // an admin is made by a grant a second admin confirms, never created in one step
    const anAdmin = await opsPost(app, staffCreate.path, { email: `second.${email}`, role: 'admin', markets: ['MX'], language: 'es' }, { cookie: admin.cookie })
    expect(anAdmin.statusCode, anAdmin.body).toBe(409)
    expect(anAdmin.json()).toMatchObject({ code: ERRORS.staffAdminByGrant.code, message: ERRORS.staffAdminByGrant.messages.en })

    const list = await opsGet(app, staffList.path, { cookie: admin.cookie })
    const accounts = list.json().data.accounts as Array<{ email: string; markets: string[] }>
    expect(accounts.map((a) => a.email)).toContain(email)
    expect(accounts.every((a) => a.markets.some((m) => m === 'MX' || m === 'IN'))).toBe(true)
    const rows = await auditSince(since)
    expect(rows.map((r) => [r.action, r.staffId, r.recordId])).toEqual([['staff.create', admin.id, String(account.id)]])
    expect(rows[0]!.after).toMatchObject({ email, role: 'finance' })
  })

  it('each action that moves money or power has its own permission, named once in the table', () => {
    const named = OPS_CALLS.flatMap((call) => ('permission' in call && call.permission ? [call.permission] : []))
    // every permission of the table is some call's, and each such call takes its roles from it
    expect([...new Set(named)].sort()).toEqual(Object.keys(PERMISSIONS).sort())
    for (const call of OPS_CALLS) {
      if ('permission' in call && call.permission) expect(call.roles, call.path).toEqual(PERMISSIONS[call.permission])
    }
  })

  it('every ops call checks its roles and markets (OPS_CALLS)', async () => {
    const cookies = {} as Record<StaffRole, string>
    for (const role of STAFF_ROLES) cookies[role] = (await enrolledStaff(app, database, clock, role, ['ID'])).cookie
    const { token: borrowerToken } = await createBorrowerWithSession(database.db)
    const callsLast = [...OPS_CALLS].sort((a, b) => Number(a === staffSignOut) - Number(b === staffSignOut))
    for (const call of callsLast) {
      if (call.auth !== 'staff') continue
      const send = (options: Parameters<typeof opsGet>[2]) =>
        call.method === 'GET'
          ? opsGet(app, call.path, options)
          : call.bodyType === 'multipart'
            ? opsMultipart(app, call.path, {}, options)
            : opsPost(app, call.path, {}, options)
      expect((await send({})).statusCode, `${call.path} without a session`).toBe(401)
      expect((await send({ query: { tok: borrowerToken } })).statusCode, `${call.path} as a borrower`).toBe(401)
      for (const role of STAFF_ROLES) {
        expect((await send({ cookie: cookies[role], query: { market: 'MX' } })).statusCode, `${call.path} in another market`).toBe(403)
        const status = (await send({ cookie: cookies[role] })).statusCode
        if (call.roles.includes(role)) expect([200, 400], `${call.path} as ${role}`).toContain(status)
        else expect(status, `${call.path} as ${role}`).toBe(403)
      }
    }
  })
})

describe('bad input', () => {
  const cases: Array<[string, unknown]> = [
    ['nothing', {}],
    ['no password', { email: 'a@staff.test' }],
    ['a number for the email', { email: 12345, password: 'long enough password' }],
    ['an array for the password', { email: 'a@staff.test', password: ['x'] }],
    ['an email too long', { email: `${'a'.repeat(250)}@staff.test`, password: 'long enough password' }],
    ['a password too long', { email: 'a@staff.test', password: 'p'.repeat(129) }],
    ['markup for the email', { email: '<script>alert(1)</script>', password: 'long enough password' }],
    ['SQL for the email', { email: "' or 1=1 --", password: 'long enough password' }],
  ]
  it.each(cases)('refuses %s with 400 in the envelope', async (_name, payload) => {
    const res = await opsPost(app, staffSignIn.path, payload, { ip: freshAddress() })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: ERRORS.invalidRequest.code, data: { fields: expect.any(Array) }, message: ERRORS.invalidRequest.messages.en })
  })

  it('speaks the language asked for, else the staff member\'s', async () => {
    const es = await opsPost(app, staffSignIn.path, {}, { ip: freshAddress(), query: { lang: 'es' } })
    expect(es.json().message).toBe(ERRORS.invalidRequest.messages.es)
    const admin = await enrolledStaff(app, database, clock, 'admin', ['ID'])
    const toIndonesian = await opsPost(app, staffSetLanguage.path, { language: 'id' }, { cookie: admin.cookie })
    expect(toIndonesian.json().data.language).toBe('id')
    for (const payload of [
      { email: 'z@staff.test', role: 'root', markets: ['ID'] },
      { email: 'z@staff.test', role: 'agent', markets: ['XX'] },
      { email: 'z@staff.test', role: 'agent', markets: [] },
      { email: 'z@staff.test', role: 'agent', markets: ['ID', 'ID'] },
      { email: 'z@staff.test', role: 'agent', markets: 'ID' },
      { email: 'z@staff.test\u0000', role: 'agent', markets: ['ID'] },
    ]) {
      const res = await opsPost(app, staffCreate.path, payload, { cookie: admin.cookie })
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().message).toBe(ERRORS.invalidRequest.messages.id)
    }
    const tooShort = await opsPost(app, staffEnrolmentFinish.path, { token: 'a'.repeat(43), password: 'short', code: '123456' }, { ip: freshAddress() })
    expect(tooShort.json().data.fields).toEqual(['password'])
  })

  it('refuses a POST without the XMLHttpRequest marker', async () => {
    const res = await app.inject({
      method: 'POST',
      url: staffSignIn.path,
      payload: JSON.stringify({ email: 'a@staff.test', password: 'long enough password' }),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.statusCode).toBe(403)
  })

  // 101 argon2id checks one after the other (the decoy hash of an unknown email): seconds on a busy machine
  it('throttles failed sign-in attempts per address', { timeout: 120_000 }, async () => {
    const ip = freshAddress()
    let last = 0
    for (let i = 0; i <= SIGN_IN_FAILURES_PER_WINDOW; i++) last = (await opsPost(app, staffSignIn.path, { email: 'nobody@staff.test', password: 'x' }, { ip })).statusCode
    expect(last).toBe(429)
  })
})

describe('demo accounts', () => {
  it('sign in with the known password and the demo code', async () => {
    await database.db.transaction((tx) => seedDemoStaff(tx, clock.now()))
    const admin = DEMO_STAFF.find((s) => s.role === 'admin')!
    const ip = freshAddress()
    for (let i = 0; i < 2; i++) {
      const first = await opsPost(app, staffSignIn.path, { email: admin.email, password: DEMO_STAFF_PASSWORD }, { ip })
      expect(first.statusCode, first.body).toBe(200)
      const code = await opsGet(app, staffDemoCode.path, { query: { email: admin.email } })
      expect(code.statusCode).toBe(200)
      // twice in the same 30 seconds: the second takes the next step's code
      const res = await opsPost(app, staffSignInCode.path, { code: code.json().data.code }, { ip, cookie: staffCookieOf(first) })
      expect(res.statusCode, res.body).toBe(200)
    }
    expect((await opsGet(app, staffDemoCode.path, { query: { email: 'someone@staff.test' } })).statusCode).toBe(404)
  })

  it('have no code call without demo mode', async () => {
    const production = await buildTestApp(database, { env: { DEMO_MODE: 'false' }, now: clock.now })
    try {
      expect((await opsGet(production, staffDemoCode.path, { query: { email: DEMO_STAFF[0]!.email } })).statusCode).toBe(404)
    } finally {
      await production.close()
    }
  })
})

describe('the audit trail of this file', () => {
  it('is intact', async () => {
    const { rows, broken } = await verifyChain(database.db)
    expect(broken).toBeNull()
    expect(rows).toBeGreaterThan(20)
    const signIns = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.sign-in')))
    expect(signIns.length).toBeGreaterThan(5)
  })
})
