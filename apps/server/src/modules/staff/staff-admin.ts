import { sealTotpSecret } from './staff.secrets.js'
import { randomBytes } from 'node:crypto'
import { and, arrayOverlaps, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { StaffRole, StaffRoleRequestView } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import type { Executor, Tx } from '../../db/client.js'
import { uniqueViolation } from '../../db/errors.js'
import { AppError } from '../../http/errors.js'
import { hashToken } from '../../http/sessions.js'
import type { StaffPrincipal } from '../../http/types.js'
import { record } from '../audit/audit.service.js'
import { newTotpSecret } from './staff.credentials.js'
import { staff, staffEnrolments, staffRoleRequests, staffSessions, type Staff, type StaffRoleRequest } from './staff.schema.js'
import { accountView, actorOf, type StaffAccountView, type StaffDeps } from './staff.service.js'
import { checkFourEyes, fourEyesPeople } from './four-eyes.js'

/**
 * Staff administration (docs/product/operations.md#staff-administration): an admin changes a
 * member's role and markets (a change that ends in `admin` waits for a second admin), gives a
 * member a new second factor, and ends a member's sessions. Sessions are read from the database on
 * every call (staff.sessions.ts), so each change holds in every process at once.
 */

const ENROLMENT_MS = 72 * 3_600_000
const within = (markets: readonly Market[], allowed: readonly Market[]) => markets.every((m) => allowed.includes(m))
const sameSet = (a: readonly Market[], b: readonly Market[]) => a.length === b.length && within(a, b)

/**
 * The member an admin acts on, locked: one of none of the admin's markets is not found; one that
 * also works in a market not the admin's is refused; the admin's own account is refused.
 */
async function targetOf(tx: Tx, principal: StaffPrincipal, staffId: number): Promise<Staff> {
  const [target] = await tx.select().from(staff).where(eq(staff.id, staffId)).for('update')
  if (!target || !target.markets.some((m) => principal.markets.includes(m))) throw new AppError('notFound')
  if (!within(target.markets, principal.markets)) throw new AppError('staffForbidden')
  if (target.id === principal.staffId) throw new AppError('staffSelfChange')
  return target
}

async function requestViews(db: Executor, rows: StaffRoleRequest[]): Promise<StaffRoleRequestView[]> {
  if (rows.length === 0) return []
  const ids = [...new Set(rows.flatMap((r) => [r.staffId, r.proposedBy, ...(r.decidedBy === null ? [] : [r.decidedBy])]))]
  const people = new Map((await db.select().from(staff).where(inArray(staff.id, ids))).map((p) => [p.id, p]))
  const emails = new Map([...people.values()].map((p) => [p.id, p.email]))
  return rows.map((r) => {
    const member = people.get(r.staffId)!
    return {
      id: r.id,
      staffId: r.staffId,
      email: member.email,
      fromRole: member.role,
      fromMarkets: member.markets,
      role: r.role,
      markets: r.markets,
      ...fourEyesPeople('staffRole', { ...r, requestedBy: r.proposedBy, requestedAt: r.proposedAt }, emails),
    }
  })
}

/** Pending grants about members sharing a market with the admin, oldest first. */
export async function pendingRoleRequests(db: Executor, principal: StaffPrincipal): Promise<StaffRoleRequestView[]> {
  const rows = await db
    .select({ request: staffRoleRequests })
    .from(staffRoleRequests)
    .innerJoin(staff, eq(staff.id, staffRoleRequests.staffId))
    .where(and(eq(staffRoleRequests.status, 'pending'), arrayOverlaps(staff.markets, principal.markets)))
    .orderBy(asc(staffRoleRequests.proposedAt), asc(staffRoleRequests.id))
    .limit(200)
  return requestViews(db, rows.map((r) => r.request))
}

export interface RoleInput {
  staffId: number
  role: StaffRole
  markets: Market[]
}

/**
 * A new role and markets for a member. Ending in `admin` (granting it, or an admin's new markets)
 * is four eyes: it is proposed here and applied by another admin's confirmation. Any other change
 * applies at once; the member's next call already works with it.
 */
export async function changeRole(
  deps: StaffDeps,
  principal: StaffPrincipal,
  input: RoleInput,
  ip: string,
): Promise<{ account: StaffAccountView; pending: StaffRoleRequestView | null }> {
  const now = deps.now()
  try {
    return await deps.db.transaction(async (tx) => {
      // another market's member first reads "not found", whatever markets were asked for
      const target = await targetOf(tx, principal, input.staffId)
      if (!within(input.markets, principal.markets)) throw new AppError('staffForbidden')
      const [open] = await tx
        .select({ id: staffRoleRequests.id })
        .from(staffRoleRequests)
        .where(and(eq(staffRoleRequests.staffId, target.id), eq(staffRoleRequests.status, 'pending')))
        .limit(1)
      if (open) throw new AppError('staffRolePending')
      const actor = actorOf(principal, ip)
      if (input.role === 'admin') {
        if (target.role === 'admin' && sameSet(target.markets, input.markets)) return { account: accountView(target), pending: null }
        const [request] = await tx
          .insert(staffRoleRequests)
          .values({ staffId: target.id, role: input.role, markets: input.markets, proposedBy: principal.staffId, proposedAt: now })
          .returning()
        await record(tx, {
          ...actor,
          action: 'staff.role-propose',
          recordType: 'staff',
          recordId: target.id,
          markets: [...new Set([...target.markets, ...input.markets])],
          before: { role: target.role, markets: target.markets },
          after: { requestId: request!.id, role: input.role, markets: input.markets },
          at: now,
        })
        const [pending] = await requestViews(tx, [request!])
        return { account: accountView(target), pending: pending! }
      }
      const [row] = await tx.update(staff).set({ role: input.role, markets: input.markets }).where(eq(staff.id, target.id)).returning()
      await record(tx, {
        ...actor,
        action: 'staff.role',
        recordType: 'staff',
        recordId: target.id,
        markets: [...new Set([...target.markets, ...input.markets])],
        before: accountView(target),
        after: accountView(row!),
        at: now,
      })
      return { account: accountView(row!), pending: null }
    })
  } catch (error) {
    // two admins proposing at once: the partial unique index lets one through
    if (uniqueViolation(error) === 'staff_role_requests_pending_key') throw new AppError('staffRolePending')
    throw error
  }
}

async function pendingRequestOf(tx: Tx, principal: StaffPrincipal, requestId: number): Promise<{ request: StaffRoleRequest; target: Staff }> {
  const [request] = await tx.select().from(staffRoleRequests).where(eq(staffRoleRequests.id, requestId)).for('update')
  if (!request) throw new AppError('notFound')
  const [target] = await tx.select().from(staff).where(eq(staff.id, request.staffId)).for('update')
  if (!target || !target.markets.some((m) => principal.markets.includes(m))) throw new AppError('notFound')
  if (!within(target.markets, principal.markets) || !within(request.markets, principal.markets)) throw new AppError('staffForbidden')
  if (request.status !== 'pending') throw new AppError('staffRoleNotPending')
  return { request, target }
}

/** The second admin confirms: the grant applies now. Never the proposer, never the member. */
export async function confirmRole(deps: StaffDeps, principal: StaffPrincipal, requestId: number, ip: string): Promise<StaffAccountView> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const { request, target } = await pendingRequestOf(tx, principal, requestId)
    checkFourEyes('staffRole', { requestedBy: request.proposedBy, requestedAt: request.proposedAt }, principal, 'confirm', now)
    if (target.id === principal.staffId) throw new AppError('staffSelfChange')
    await tx.update(staffRoleRequests).set({ status: 'confirmed', decidedBy: principal.staffId, decidedAt: now }).where(eq(staffRoleRequests.id, request.id))
    const [row] = await tx.update(staff).set({ role: request.role, markets: request.markets }).where(eq(staff.id, target.id)).returning()
    await record(tx, {
      ...actorOf(principal, ip),
      action: 'staff.role-confirm',
      recordType: 'staff',
      recordId: target.id,
      markets: [...new Set([...target.markets, ...request.markets])],
      before: accountView(target),
      after: { ...accountView(row!), requestId: request.id, proposedBy: request.proposedBy },
      at: now,
    })
    return accountView(row!)
  })
}

/** The proposer withdraws, or another admin turns the grant down. */
export async function cancelRole(deps: StaffDeps, principal: StaffPrincipal, requestId: number, ip: string): Promise<void> {
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const { request, target } = await pendingRequestOf(tx, principal, requestId)
    await tx.update(staffRoleRequests).set({ status: 'cancelled', decidedBy: principal.staffId, decidedAt: now }).where(eq(staffRoleRequests.id, request.id))
    await record(tx, {
      ...actorOf(principal, ip),
      action: 'staff.role-cancel',
      recordType: 'staff',
      recordId: target.id,
      markets: target.markets,
      before: { requestId: request.id, role: request.role, markets: request.markets },
      after: { status: 'cancelled' },
      at: now,
    })
  })
}

/**
 * A new second factor: a new authenticator secret (the old one's codes stop at once), no password,
 * every session and unused enrolment link ended, and a new one-time enrolment link (72 hours)
 * through which the member scans the new secret and chooses a password again. The secret is made
 * and sealed as createStaff does (staff.service.ts, docs/decisions/0021-secrets-at-rest.md).
 */
export async function resetFactor(
  deps: StaffDeps,
  principal: StaffPrincipal,
  staffId: number,
  ip: string,
): Promise<{ account: StaffAccountView; enrolmentToken: string; enrolmentExpiresAt: Date }> {
  const now = deps.now()
  const enrolmentToken = randomBytes(32).toString('base64url')
  const enrolmentExpiresAt = new Date(now.getTime() + ENROLMENT_MS)
  return deps.db.transaction(async (tx) => {
    const target = await targetOf(tx, principal, staffId)
    const [row] = await tx
      .update(staff)
      .set({ totpSecret: sealTotpSecret(newTotpSecret(), deps.secrets, target.id), passwordHash: null, enrolledAt: null, lastTotpStep: null, failedAttempts: 0, lockedUntil: null })
      .where(eq(staff.id, target.id))
      .returning()
    await tx.update(staffEnrolments).set({ usedAt: now }).where(and(eq(staffEnrolments.staffId, target.id), isNull(staffEnrolments.usedAt)))
    const ended = await tx.delete(staffSessions).where(eq(staffSessions.staffId, target.id)).returning({ id: staffSessions.id })
    await tx.insert(staffEnrolments).values({ staffId: target.id, tokenHash: hashToken(enrolmentToken), expiresAt: enrolmentExpiresAt, createdAt: now })
    await record(tx, {
      ...actorOf(principal, ip),
      action: 'staff.reset-factor',
      recordType: 'staff',
      recordId: target.id,
      markets: target.markets,
      before: accountView(target),
      after: { ...accountView(row!), sessionsEnded: ended.length },
      at: now,
    })
    return { account: accountView(row!), enrolmentToken, enrolmentExpiresAt }
  })
}

/** Ends every session of the member (signed in or waiting for a code) at once. */
export async function endSessions(deps: StaffDeps, principal: StaffPrincipal, staffId: number, ip: string): Promise<{ account: StaffAccountView; ended: number }> {
  const now = deps.now()
  return deps.db.transaction(async (tx) => {
    const target = await targetOf(tx, principal, staffId)
    const ended = await tx.delete(staffSessions).where(eq(staffSessions.staffId, target.id)).returning({ id: staffSessions.id })
    await record(tx, {
      ...actorOf(principal, ip),
      action: 'staff.end-sessions',
      recordType: 'staff',
      recordId: target.id,
      markets: target.markets,
      after: { sessionsEnded: ended.length },
      at: now,
    })
    return { account: accountView(target), ended: ended.length }
  })
}
