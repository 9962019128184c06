import { and, desc, eq, max } from 'drizzle-orm'
import type { PolicyRule, PolicyVersionView } from '@kilat/contract'
import type { Market } from '@kilat/domain'
import type { Db, Executor, Tx } from '../../db/client.js'
import { uniqueViolation } from '../../db/errors.js'
import { AppError } from '../../http/errors.js'
import { assertStaffMarket } from '../../http/route.js'
import type { StaffPrincipal } from '../../http/types.js'
import { record } from '../audit/audit.service.js'
import { checkFourEyes, fourEyesPeople, staffEmailsOf } from '../staff/staff.service.js'
import { creditPolicies, type CreditPolicy } from './decisions.schema.js'
import { assertMarket } from './limits.js'
import { modelOf, policyProblems } from './policy-engine.js'

/**
 * A market's credit policy by staff (docs/product/decisions.md#versions): a risk analyst drafts a
 * version, another risk member or an admin publishes it through the one maker-checker
 * (staff.service checkFourEyes), and from the next order on it decides. A version is never edited:
 * a change is a new draft.
 */

export interface PolicyDeskDeps {
  db: Db
  now: () => Date
}

const VERSIONS_SHOWN = 50

async function viewsOf(db: Executor, rows: CreditPolicy[]): Promise<PolicyVersionView[]> {
  const emails = await staffEmailsOf(
    db,
    rows.flatMap((r) => [r.requestedBy, r.decidedBy]),
  )
  return rows.map((r) => ({
    id: r.id,
    market: r.market,
    version: r.version,
    status: r.status,
    rules: r.rules,
    note: r.note,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    ...fourEyesPeople('creditPolicy', r, emails),
  }))
}

/** The market's published version, the one waiting, and every version newest first. */
export async function policiesOf(deps: PolicyDeskDeps, staff: StaffPrincipal, market: Market) {
  assertMarket(staff, market)
  const rows = await deps.db.select().from(creditPolicies).where(eq(creditPolicies.market, market)).orderBy(desc(creditPolicies.id)).limit(VERSIONS_SHOWN)
  const views = await viewsOf(deps.db, rows)
  return { published: views.find((v) => v.status === 'published') ?? null, pending: views.find((v) => v.status === 'pending') ?? null, versions: views }
}

/** A version of the market's rows, refused with each condition the engine cannot read. */
export function checkedRules(rules: PolicyRule[]): PolicyRule[] {
  const problems = policyProblems(rules)
  if (problems.length) throw new AppError('policyInvalid', { data: { problems } })
  // a condition left empty is any value: not stored, so that the row reads as written
  return rules.map((rule) => ({ ...rule, when: Object.fromEntries(Object.entries(rule.when).filter(([, v]) => v !== undefined && v.trim() !== '').map(([k, v]) => [k, v!.trim()])) }))
}

async function audit(tx: Tx, staff: StaffPrincipal, ip: string, at: Date, action: string, row: CreditPolicy, before: unknown, after: unknown) {
  await record(tx, { staffId: staff.staffId, role: staff.role, action, recordType: 'creditPolicy', recordId: String(row.id), before, after, ip, markets: [row.market], at })
}

const auditState = (r: CreditPolicy) => ({ status: r.status, version: r.version, rules: r.rules.length })

/** The maker: a new version of the market's rows, waiting for a checker. One waits per market. */
export async function draftPolicy(deps: PolicyDeskDeps, staff: StaffPrincipal, ip: string, body: { market: Market; rules: PolicyRule[]; note: string }) {
  assertMarket(staff, body.market)
  const rules = checkedRules(body.rules)
  const now = deps.now()
  const row = await deps.db
    .transaction(async (tx) => {
      const [inserted] = await tx
        .insert(creditPolicies)
        .values({ market: body.market, rules, model: modelOf(rules), note: body.note, requestedBy: staff.staffId, requestedAt: now })
        .returning()
      await audit(tx, staff, ip, now, 'decisions.policyDraft', inserted!, null, { ...auditState(inserted!), note: body.note })
      return inserted!
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === 'credit_policies_one_pending_key') throw new AppError('policyVersionPending')
      throw error
    })
  return { version: (await viewsOf(deps.db, [row]))[0]! }
}

async function lockPending(tx: Tx, staff: StaffPrincipal, id: number): Promise<CreditPolicy> {
  const [found] = await tx.select().from(creditPolicies).where(eq(creditPolicies.id, id)).for('update')
  if (!found) throw new AppError('notFound')
  assertStaffMarket(staff, found.market)
  if (found.status !== 'pending') throw new AppError('policyVersionNotPending')
  return found
}

/**
 * The checker, never the maker: the waiting version becomes the market's published one, numbered
 * after the last, and the one before is superseded. Orders decided before keep their version.
 */
export async function publishPolicy(deps: PolicyDeskDeps, staff: StaffPrincipal, ip: string, id: number) {
  const now = deps.now()
  const row = await deps.db.transaction(async (tx) => {
    const found = await lockPending(tx, staff, id)
    checkFourEyes('creditPolicy', found, staff, 'confirm', now)
    const [last] = await tx.select({ version: max(creditPolicies.version) }).from(creditPolicies).where(eq(creditPolicies.market, found.market))
    await tx
      .update(creditPolicies)
      .set({ status: 'superseded' })
      .where(and(eq(creditPolicies.market, found.market), eq(creditPolicies.status, 'published')))
    const [published] = await tx
      .update(creditPolicies)
      .set({ status: 'published', version: (last?.version ?? 0) + 1, decidedBy: staff.staffId, decidedAt: now, publishedAt: now })
      .where(and(eq(creditPolicies.id, found.id), eq(creditPolicies.status, 'pending')))
      .returning()
    if (!published) throw new AppError('policyVersionNotPending')
    await audit(tx, staff, ip, now, 'decisions.policyPublish', published, auditState(found), auditState(published))
    return published
  })
  return { version: (await viewsOf(deps.db, [row]))[0]! }
}

/** Either side withdraws the waiting version; nothing else changes. */
export async function withdrawPolicy(deps: PolicyDeskDeps, staff: StaffPrincipal, ip: string, id: number) {
  const now = deps.now()
  const row = await deps.db.transaction(async (tx) => {
    const found = await lockPending(tx, staff, id)
    const [closed] = await tx
      .update(creditPolicies)
      .set({ status: 'withdrawn', decidedBy: staff.staffId, decidedAt: now })
      .where(and(eq(creditPolicies.id, found.id), eq(creditPolicies.status, 'pending')))
      .returning()
    if (!closed) throw new AppError('policyVersionNotPending')
    await audit(tx, staff, ip, now, 'decisions.policyWithdraw', closed, auditState(found), auditState(closed))
    return closed
  })
  return { version: (await viewsOf(deps.db, [row]))[0]! }
}

/** A version by id for a replay: any status, in the member's markets. */
export async function policyForReplay(db: Executor, staff: StaffPrincipal, id: number): Promise<CreditPolicy> {
  const [found] = await db.select().from(creditPolicies).where(eq(creditPolicies.id, id))
  if (!found) throw new AppError('notFound')
  assertStaffMarket(staff, found.market)
  return found
}
