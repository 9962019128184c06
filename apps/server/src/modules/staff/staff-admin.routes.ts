import type { FastifyInstance } from 'fastify'
import { staffEndSessions, staffResetFactor, staffRoleCancel, staffRoleChange, staffRoleConfirm, staffRoleRequests } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { cancelRole, changeRole, confirmRole, endSessions, pendingRoleRequests, resetFactor } from './staff-admin.js'
import { enrolmentPath, type StaffDeps } from './staff.service.js'
import type { Clock } from './staff.sessions.js'

/** Staff administration's calls (docs/product/operations.md#staff-administration). */
export async function staffAdminRoutes(app: FastifyInstance, { now }: { now: Clock }): Promise<void> {
  const deps: StaffDeps = { db: app.db, now, secrets: app.secrets }

  registerCall(app, staffRoleRequests, async ({ staff }) => ({ requests: await pendingRoleRequests(app.db, staff) }))
  registerCall(app, staffRoleChange, ({ req, staff, body }) => changeRole(deps, staff, body, req.ip))
  registerCall(app, staffRoleConfirm, async ({ req, staff, body }) => ({ account: await confirmRole(deps, staff, body.requestId, req.ip) }))
  registerCall(app, staffRoleCancel, async ({ req, staff, body }) => {
    await cancelRole(deps, staff, body.requestId, req.ip)
    return null
  })
  registerCall(app, staffResetFactor, async ({ req, staff, body }) => {
    const reset = await resetFactor(deps, staff, body.staffId, req.ip)
    return { account: reset.account, enrolmentPath: enrolmentPath(reset.enrolmentToken), enrolmentExpiresAt: reset.enrolmentExpiresAt.toISOString() }
  })
  registerCall(app, staffEndSessions, ({ req, staff, body }) => endSessions(deps, staff, body.staffId, req.ip))
}
