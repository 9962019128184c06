import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
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
} from '@kilat/contract'
import { AppError } from '../../http/errors.js'
import { registerCall } from '../../http/route.js'
import { staff as staffTable } from './staff.schema.js'
import { demoStaffCode, isDemoStaff } from './staff.seed.js'
import {
  createStaffAsAdmin,
  disableStaff,
  enrolmentPath,
  finishEnrolment,
  listStaff,
  setLanguage,
  signInWithCode,
  signInWithPassword,
  signOut,
  startEnrolment,
  type StaffDeps,
} from './staff.service.js'
import { clearStaffCookie, setStaffCookie, staffTokenOf, type Clock } from './staff.sessions.js'

/** Staff sign-in, enrolment and accounts (docs/product/operations.md#calls). */
export async function staffRoutes(app: FastifyInstance, { now }: { now: Clock }): Promise<void> {
  const deps: StaffDeps = { db: app.db, now, secrets: app.secrets }

  registerCall(app, staffSignIn, async ({ req, reply, body }) => {
    const opened = await signInWithPassword(deps, body, req.ip)
    setStaffCookie(req, reply, opened.token, opened.expiresAt)
    return { next: 'code' as const }
  })

  registerCall(app, staffSignInCode, async ({ req, reply, body }) => {
    const opened = await signInWithCode(deps, staffTokenOf(req), body.code, req.ip)
    setStaffCookie(req, reply, opened.token, opened.expiresAt)
    return opened.me
  })

  registerCall(app, staffEnrolmentStart, ({ req, body }) => startEnrolment(deps, body.token, req.ip))

  registerCall(app, staffEnrolmentFinish, async ({ req, reply, body }) => {
    const opened = await finishEnrolment(deps, body, req.ip)
    setStaffCookie(req, reply, opened.token, opened.expiresAt)
    return opened.me
  })

  registerCall(app, staffMe, ({ staff }) => ({ id: staff.staffId, email: staff.email, role: staff.role, markets: staff.markets, language: staff.language }))

  registerCall(app, staffSetLanguage, ({ req, staff, body }) => setLanguage(deps, staff, body.language, req.ip))

  registerCall(app, staffSignOut, async ({ req, reply, staff }) => {
    await signOut(deps, staff, req.ip)
    clearStaffCookie(req, reply)
    return null
  })

  registerCall(app, staffList, async ({ staff }) => ({ accounts: await listStaff(app.db, staff) }))

  registerCall(app, staffCreate, async ({ req, staff, body }) => {
    const created = await createStaffAsAdmin(deps, staff, body, req.ip)
    return {
      account: created.account,
      enrolmentPath: enrolmentPath(created.enrolmentToken),
      enrolmentExpiresAt: created.enrolmentExpiresAt.toISOString(),
    }
  })

  registerCall(app, staffDisable, async ({ req, staff, body }) => ({ account: await disableStaff(deps, staff, body.staffId, req.ip) }))

  if (app.config.DEMO_MODE) {
    registerCall(app, staffDemoCode, async ({ query }) => {
      if (!isDemoStaff(query.email)) throw new AppError('notFound')
      const [row] = await app.db
        .select({ lastTotpStep: staffTable.lastTotpStep })
        .from(staffTable)
        .where(sql`lower(${staffTable.email}) = ${query.email}`)
        .limit(1)
      if (!row) throw new AppError('notFound')
      return { code: demoStaffCode(row.lastTotpStep, now()) }
    })
  }
}
