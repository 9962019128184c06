import { and, desc, eq } from 'drizzle-orm'
import { localDate, type Cents, type Market } from '@kilat/domain'
import type { Db, Executor, Tx } from '../../db/client.js'
import { uniqueViolation } from '../../db/errors.js'
import { AppError } from '../../http/errors.js'
import { assertStaffMarket } from '../../http/route.js'
import type { StaffPrincipal } from '../../http/types.js'
import { record } from '../audit/audit.service.js'
import { checkFourEyes, fourEyesPeople, staffEmailsOf } from '../staff/staff.service.js'
import { autoPayoutDays, autoPayoutLimits, decisionSwitches } from './decisions.schema.js'

/**
 * How much the system pays out on its own (docs/product/decisions.md#automatic-payout): finance sets
 * a per-loan and a daily limit per market with four eyes (the one maker-checker); above either,
 * today's four-eyes confirmation as before. And the switch: risk or an admin sends every new order
 * of a market to people, audited.
 */

export interface Limits {
  perLoanMax: Cents
  dailyMax: Cents
}

export interface LimitsDeps {
  db: Db
  now: () => Date
}

type LimitRow = typeof autoPayoutLimits.$inferSelect

/** Each market's latest confirmed limits; a market without any has none (zero): people pay out. */
export async function currentLimits(db: Executor): Promise<Map<Market, Limits>> {
  const rows = await db
    .selectDistinctOn([autoPayoutLimits.market], { market: autoPayoutLimits.market, perLoanMax: autoPayoutLimits.perLoanMax, dailyMax: autoPayoutLimits.dailyMax })
    .from(autoPayoutLimits)
    .where(eq(autoPayoutLimits.status, 'confirmed'))
    .orderBy(autoPayoutLimits.market, desc(autoPayoutLimits.decidedAt), desc(autoPayoutLimits.id))
  return new Map(rows.map((r) => [r.market, { perLoanMax: r.perLoanMax, dailyMax: r.dailyMax }]))
}

async function requestViews(db: Executor, rows: LimitRow[]) {
  const emails = await staffEmailsOf(
    db,
    rows.flatMap((r) => [r.requestedBy, r.decidedBy]),
  )
  return rows.map((r) => ({ id: r.id, market: r.market, perLoanMax: r.perLoanMax, dailyMax: r.dailyMax, status: r.status, ...fourEyesPeople('autoPayoutLimits', r, emails) }))
}

/** A market named in a call's query or body: a member of another market is refused, as for a market asked for by name. */
export function assertMarket(staff: StaffPrincipal, market: Market): void {
  if (!(staff.markets as string[]).includes(market)) throw new AppError('staffForbidden')
}

/** The settings screen: limits, a change waiting, today's total, the switch. */
export async function settingsOf(deps: LimitsDeps, staff: StaffPrincipal, market: Market) {
  assertMarket(staff, market)
  const now = deps.now()
  const [limits, [pending], [paid], [switched]] = await Promise.all([
    currentLimits(deps.db),
    deps.db.select().from(autoPayoutLimits).where(and(eq(autoPayoutLimits.market, market), eq(autoPayoutLimits.status, 'pending'))),
    deps.db.select({ total: autoPayoutDays.total }).from(autoPayoutDays).where(and(eq(autoPayoutDays.market, market), eq(autoPayoutDays.day, localDate(now, market)))),
    deps.db.select().from(decisionSwitches).where(eq(decisionSwitches.market, market)),
  ])
  const by = switched ? (await staffEmailsOf(deps.db, [switched.changedBy])).get(switched.changedBy) ?? null : null
  return {
    limits: limits.get(market) ?? { perLoanMax: 0, dailyMax: 0 },
    pending: pending ? (await requestViews(deps.db, [pending]))[0]! : null,
    paidToday: paid?.total ?? 0,
    paused: { paused: switched?.paused ?? false, by, at: switched?.changedAt.toISOString() ?? null, reason: switched?.reason ?? null },
  }
}

async function audit(tx: Tx, staff: StaffPrincipal, ip: string, at: Date, action: string, market: Market, recordId: string, before: unknown, after: unknown) {
  await record(tx, { staffId: staff.staffId, role: staff.role, action, recordType: 'decisionSettings', recordId, before, after, ip, markets: [market], at })
}

/** Finance, the maker: new limits, waiting for another finance member. */
export async function requestLimits(deps: LimitsDeps, staff: StaffPrincipal, ip: string, body: { market: Market; perLoanMax: number; dailyMax: number }) {
  assertMarket(staff, body.market)
  if (body.perLoanMax > body.dailyMax) throw new AppError('invalidRequest', { data: { fields: ['perLoanMax'] } })
  const now = deps.now()
  const row = await deps.db
    .transaction(async (tx) => {
      const [inserted] = await tx
        .insert(autoPayoutLimits)
        .values({ market: body.market, perLoanMax: body.perLoanMax as Cents, dailyMax: body.dailyMax as Cents, requestedBy: staff.staffId, requestedAt: now })
        .returning()
      await audit(tx, staff, ip, now, 'decisions.limitsRequest', body.market, String(inserted!.id), null, { perLoanMax: body.perLoanMax, dailyMax: body.dailyMax })
      return inserted!
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === 'auto_payout_limits_one_pending_key') throw new AppError('autoPayoutLimitsPending')
      throw error
    })
  return { request: (await requestViews(deps.db, [row]))[0]! }
}

async function lockPending(tx: Tx, staff: StaffPrincipal, id: number): Promise<LimitRow> {
  const [found] = await tx.select().from(autoPayoutLimits).where(eq(autoPayoutLimits.id, id)).for('update')
  if (!found) throw new AppError('notFound')
  assertStaffMarket(staff, found.market)
  if (found.status !== 'pending') throw new AppError('autoPayoutLimitsNotPending')
  return found
}

/** The checker confirms (never the maker), or either withdraws. */
export async function decideLimits(deps: LimitsDeps, staff: StaffPrincipal, ip: string, id: number, decision: 'confirm' | 'withdraw') {
  const now = deps.now()
  const row = await deps.db.transaction(async (tx) => {
    const found = await lockPending(tx, staff, id)
    if (decision === 'confirm') checkFourEyes('autoPayoutLimits', found, staff, 'confirm', now)
    const before = (await currentLimits(tx)).get(found.market) ?? null
    const [closed] = await tx
      .update(autoPayoutLimits)
      .set({ status: decision === 'confirm' ? 'confirmed' : 'withdrawn', decidedBy: staff.staffId, decidedAt: now })
      .where(and(eq(autoPayoutLimits.id, found.id), eq(autoPayoutLimits.status, 'pending')))
      .returning()
    if (!closed) throw new AppError('autoPayoutLimitsNotPending')
    await audit(tx, staff, ip, now, decision === 'confirm' ? 'decisions.limitsConfirm' : 'decisions.limitsWithdraw', found.market, String(found.id), before, {
      perLoanMax: found.perLoanMax,
      dailyMax: found.dailyMax,
      status: closed.status,
    })
    return closed
  })
  return { request: (await requestViews(deps.db, [row]))[0]! }
}

/** Risk or an admin: the switch, with the reason, in the audit trail. */
export async function setSwitch(deps: LimitsDeps, staff: StaffPrincipal, ip: string, body: { market: Market; paused: boolean; reason: string }) {
  assertMarket(staff, body.market)
  const now = deps.now()
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(decisionSwitches).where(eq(decisionSwitches.market, body.market)).for('update')
    const values = { market: body.market, paused: body.paused, changedBy: staff.staffId, changedAt: now, reason: body.reason }
    await tx.insert(decisionSwitches).values(values).onConflictDoUpdate({ target: decisionSwitches.market, set: values })
    await audit(tx, staff, ip, now, body.paused ? 'decisions.pause' : 'decisions.resume', body.market, body.market, { paused: before?.paused ?? false }, { paused: body.paused, reason: body.reason })
  })
  return { paused: body.paused }
}
