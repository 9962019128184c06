import { demoKeyring } from '../../adapters/secrets/secret-box.js'
import { openTotpSecret } from './staff.secrets.js'
import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  ERRORS,
  staffEndSessions,
  staffEnrolmentFinish,
  staffEnrolmentStart,
  staffList,
  staffMe,
  staffResetFactor,
  staffRoleCancel,
  staffRoleChange,
  staffRoleConfirm,
  staffRoleRequests,
  staffSignIn,
  staffSignInCode,
} from '@kilat/contract'
import type { Database } from '../../db/client.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { auditLog } from '../audit/audit.schema.js'
import { verifyChain } from '../audit/audit.service.js'
import { totpCodeAt, totpStepAt } from './staff.credentials.js'
import { staff, staffSessions } from './staff.schema.js'
import { STEP, emptyStaff, enrolledStaff, opsGet, opsPost, signIn, staffCookieOf, testClock, type OpsOptions, type TestStaff } from './test-helpers.js'

let app: FastifyInstance
let database: Database
const clock = testClock(new Date().toISOString())
type Who = TestStaff & { cookie: string }
let admin: Who
let admin2: Who
let adminMx: Who

beforeAll(async () => {
  database = await openTestDatabase()
  app = await buildTestApp(database, { now: clock.now })
  await app.ready()
  await emptyStaff(database)
  admin = await enrolledStaff(app, database, clock, 'admin', ['ID', 'MX'])
  admin2 = await enrolledStaff(app, database, clock, 'admin', ['ID', 'MX'])
  adminMx = await enrolledStaff(app, database, clock, 'admin', ['MX'])
}, 120_000)
afterAll(async () => {
  await app?.close()
  await database?.close()
})

const as = (who: Who, extra: OpsOptions = {}): OpsOptions => ({ cookie: who.cookie, ip: who.ip, ...extra })
const me = (cookie: string) => opsGet(app, staffMe.path, { cookie })
const accountOf = async (who: Who, id: number) => (await opsGet(app, staffList.path, as(who))).json().data.accounts.find((a: { id: number }) => a.id === id)

describe('role and markets', () => {
  it('changes a role at once; the member works with it on the next call', async () => {
    const agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
    const res = await opsPost(app, staffRoleChange.path, { staffId: agent.id, role: 'collector', markets: ['ID', 'MX'] }, as(admin))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ account: { role: 'collector', markets: ['ID', 'MX'] }, pending: null })
    expect((await me(agent.cookie)).json().data).toMatchObject({ role: 'collector', markets: ['ID', 'MX'] })
    const [row] = await database.db.select().from(auditLog).where(and(eq(auditLog.action, 'staff.role'), eq(auditLog.recordId, String(agent.id))))
    expect(row).toMatchObject({ staffId: admin.id })
    expect(row!.before).toMatchObject({ role: 'agent' })
  })

  it('granting admin waits for a second admin, who alone can confirm it', async () => {
    const risk = await enrolledStaff(app, database, clock, 'risk', ['ID'])
    const proposed = await opsPost(app, staffRoleChange.path, { staffId: risk.id, role: 'admin', markets: ['ID'] }, as(admin))
    expect(proposed.statusCode, proposed.body).toBe(200)
    const pending = proposed.json().data.pending
    expect(pending).toMatchObject({ staffId: risk.id, role: 'admin', fromRole: 'risk', requestedBy: admin.id, requestedByEmail: admin.email })
    expect(proposed.json().data.account.role).toBe('risk')
    expect((await me(risk.cookie)).json().data.role).toBe('risk')
    // one pending request per member
    const twice = await opsPost(app, staffRoleChange.path, { staffId: risk.id, role: 'finance', markets: ['ID'] }, as(admin2))
    expect(twice.json().code).toBe(ERRORS.staffRolePending.code)
    // the maker cannot be the checker
    const self = await opsPost(app, staffRoleConfirm.path, { requestId: pending.id }, as(admin))
    expect(self.statusCode).toBe(403)
    expect(self.json().code).toBe(ERRORS.fourEyesSameMember.code)
    const listed = (await opsGet(app, staffRoleRequests.path, as(admin2))).json().data.requests
    expect(listed.map((r: { id: number }) => r.id)).toContain(pending.id)
    const confirmed = await opsPost(app, staffRoleConfirm.path, { requestId: pending.id }, as(admin2))
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    expect(confirmed.json().data.account).toMatchObject({ role: 'admin', markets: ['ID'] })
    expect((await me(risk.cookie)).json().data.role).toBe('admin')
    const again = await opsPost(app, staffRoleConfirm.path, { requestId: pending.id }, as(admin2))
    expect(again.json().code).toBe(ERRORS.staffRoleNotPending.code)
    const actions = (await database.db.select().from(auditLog).where(eq(auditLog.recordId, String(risk.id)))).map((r) => r.action)
    expect(actions).toEqual(expect.arrayContaining(['staff.role-propose', 'staff.role-confirm']))
  })

  it('a pending grant can be withdrawn, then proposed again', async () => {
    const finance = await enrolledStaff(app, database, clock, 'finance', ['MX'])
    const first = (await opsPost(app, staffRoleChange.path, { staffId: finance.id, role: 'admin', markets: ['MX'] }, as(admin))).json().data.pending
    const cancelled = await opsPost(app, staffRoleCancel.path, { requestId: first.id }, as(admin))
    expect(cancelled.statusCode, cancelled.body).toBe(200)
    expect((await opsPost(app, staffRoleConfirm.path, { requestId: first.id }, as(admin2))).json().code).toBe(ERRORS.staffRoleNotPending.code)
    expect((await opsPost(app, staffRoleCancel.path, { requestId: first.id }, as(admin2))).json().code).toBe(ERRORS.staffRoleNotPending.code)
    const second = await opsPost(app, staffRoleChange.path, { staffId: finance.id, role: 'admin', markets: ['MX'] }, as(admin))
    expect(second.json().data.pending.id).not.toBe(first.id)
    expect((await me(finance.cookie)).json().data.role).toBe('finance')
  })

  it("refuses another market's member, markets beyond the admin's, one's own account and bad input", async () => {
    const idOnly = await enrolledStaff(app, database, clock, 'agent', ['ID'])
    const both = await enrolledStaff(app, database, clock, 'agent', ['ID', 'MX'])
    expect((await opsPost(app, staffRoleChange.path, { staffId: idOnly.id, role: 'risk', markets: ['ID'] }, as(adminMx))).statusCode).toBe(404)
    expect((await opsPost(app, staffRoleChange.path, { staffId: both.id, role: 'risk', markets: ['MX'] }, as(adminMx))).statusCode).toBe(403)
    expect((await opsPost(app, staffRoleChange.path, { staffId: idOnly.id, role: 'risk', markets: ['IN'] }, as(admin))).statusCode).toBe(403)
    const own = await opsPost(app, staffRoleChange.path, { staffId: admin.id, role: 'agent', markets: ['ID'] }, as(admin))
    expect(own.json().code).toBe(ERRORS.staffSelfChange.code)
    expect((await opsPost(app, staffRoleChange.path, { staffId: 999_999_999, role: 'risk', markets: ['ID'] }, as(admin))).statusCode).toBe(404)
    for (const body of [
      {},
      { staffId: idOnly.id, role: 'owner', markets: ['ID'] },
      { staffId: idOnly.id, role: 'risk', markets: [] },
      { staffId: idOnly.id, role: 'risk', markets: ['ID', 'ID'] },
      { staffId: idOnly.id, role: 'risk', markets: ['XX'] },
      { staffId: 'abc', role: 'risk', markets: ['ID'] },
      { staffId: -1, role: 'risk', markets: ['ID'] },
    ]) {
      expect((await opsPost(app, staffRoleChange.path, body, as(admin))).statusCode, JSON.stringify(body)).toBe(400)
    }
    expect((await opsPost(app, staffRoleConfirm.path, { requestId: 'x' }, as(admin))).statusCode).toBe(400)
    expect((await opsPost(app, staffRoleConfirm.path, { requestId: 999_999_999 }, as(admin))).statusCode).toBe(404)
    // a grant proposed in Indonesia is not Mexico's admin's to see or confirm
    const pending = (await opsPost(app, staffRoleChange.path, { staffId: idOnly.id, role: 'admin', markets: ['ID'] }, as(admin))).json().data.pending
    expect((await opsPost(app, staffRoleConfirm.path, { requestId: pending.id }, as(adminMx))).statusCode).toBe(404)
    expect((await opsGet(app, staffRoleRequests.path, as(adminMx))).json().data.requests.map((r: { id: number }) => r.id)).not.toContain(pending.id)
    expect((await opsPost(app, staffRoleChange.path, { staffId: idOnly.id, role: 'risk', markets: ['ID'] }, { cookie: idOnly.cookie, ip: idOnly.ip })).statusCode).toBe(403)
  })
})

describe('sessions and the second factor', () => {
  it('ends a member\'s sessions at once and shows the last sign-in and its address', async () => {
    const agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
    const second = await signIn(app, agent, clock)
    const account = await accountOf(admin, agent.id)
    expect(account.lastSignInIp).toBe(agent.ip)
    expect(new Date(account.lastSignInAt).getTime()).toBeLessThanOrEqual(clock.now().getTime())
    const res = await opsPost(app, staffEndSessions.path, { staffId: agent.id }, as(admin))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.ended).toBe(2)
    expect((await me(agent.cookie)).statusCode).toBe(401)
    expect((await me(second)).statusCode).toBe(401)
    // the account still works: a new sign-in opens a session
    expect((await me(await signIn(app, agent, clock))).statusCode).toBe(200)
    expect((await opsPost(app, staffEndSessions.path, { staffId: agent.id }, as(adminMx))).statusCode).toBe(404)
    expect((await opsPost(app, staffEndSessions.path, { staffId: admin.id }, as(admin))).json().code).toBe(ERRORS.staffSelfChange.code)
  })

  it('a new second factor: the old codes and sessions stop at once, the new link enrols the new secret', async () => {
    const agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
    const reset = await opsPost(app, staffResetFactor.path, { staffId: agent.id }, as(admin))
    expect(reset.statusCode, reset.body).toBe(200)
    expect(reset.json().data.account).toMatchObject({ enrolled: false })
    expect((await me(agent.cookie)).statusCode).toBe(401)
    // the old password and code no longer sign in
    const first = await opsPost(app, staffSignIn.path, { email: agent.email, password: agent.password }, { ip: agent.ip })
    expect(first.json().code).toBe(ERRORS.staffSignInFailed.code)
    const [row] = await database.db.select().from(staff).where(eq(staff.id, agent.id))
    const newSecret = openTotpSecret(row!, demoKeyring())
    expect(newSecret).not.toBe(agent.secret)
    const token = (reset.json().data.enrolmentPath as string).split('#token=')[1]!
    expect((await opsPost(app, staffEnrolmentStart.path, { token }, { ip: agent.ip })).json().data.secret).toBe(newSecret)
    clock.tick(STEP)
    const oldCode = totpCodeAt(agent.secret, totpStepAt(clock.now()))
    const refused = await opsPost(app, staffEnrolmentFinish.path, { token, password: 'a brand new password', code: oldCode }, { ip: agent.ip })
    expect(refused.json().code).toBe(ERRORS.staffCodeWrong.code)
    const enrolled = await opsPost(
      app,
      staffEnrolmentFinish.path,
      { token, password: 'a brand new password', code: totpCodeAt(newSecret, totpStepAt(clock.now())) },
      { ip: agent.ip },
    )
    expect(enrolled.statusCode, enrolled.body).toBe(200)
    expect((await me(staffCookieOf(enrolled)!)).statusCode).toBe(200)
    expect(await database.db.select().from(staffSessions).where(eq(staffSessions.staffId, agent.id))).toHaveLength(1)
    // the earlier link (creation) is used up too
    expect((await opsPost(app, staffResetFactor.path, { staffId: agent.id }, as(adminMx))).statusCode).toBe(404)
    expect((await opsPost(app, staffResetFactor.path, { staffId: admin.id }, as(admin))).json().code).toBe(ERRORS.staffSelfChange.code)
    expect((await opsPost(app, staffResetFactor.path, { staffId: 'x' }, as(admin))).statusCode).toBe(400)
    const waiting = await opsPost(app, staffSignIn.path, { email: agent.email, password: 'a brand new password' }, { ip: agent.ip })
    clock.tick(STEP)
    const code = await opsPost(app, staffSignInCode.path, { code: totpCodeAt(newSecret, totpStepAt(clock.now())) }, { ip: agent.ip, cookie: staffCookieOf(waiting) })
    expect(code.statusCode, code.body).toBe(200)
    expect((await verifyChain(database.db)).broken).toBeNull()
  })
})
