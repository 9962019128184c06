import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm'
import {
  BUREAU_FILES,
  BUREAUS,
  bureauLayout,
  fileName,
  lastClosedPeriod,
  localDate,
  type Bureau,
  type BureauAccount,
  type Cents,
  type FileHeader,
  type Market,
} from '@kilat/domain'
import type { BureauRunView, BureauSendView } from '@kilat/contract'
import type { Config } from '../../config.js'
import type { Executor, Tx } from '../../db/client.js'
import { uniqueViolation } from '../../db/errors.js'
import { AppError } from '../../http/errors.js'
import { assertStaffMarket } from '../../http/route.js'
import type { StaffPrincipal } from '../../http/types.js'
import { record } from '../audit/audit.service.js'
import { openIdentityVersions } from '../kyc/kyc.service.js'
import { checkFourEyes, fourEyesPeople, staffEmailsOf } from '../staff/staff.service.js'
import { buildRun, isSendable, subjectOf, type BuildDeps, type RunRow } from './build.js'
import { bureauFindings, bureauRecords, bureauRuns, bureauSends } from './credit-reporting.schema.js'

/**
 * Finance's side of credit bureau reporting (docs/product/credit-reporting.md#console): the runs of
 * a market, one run's checks and findings, a rebuild, the streamed file, and "mark as sent" with
 * four eyes through the one maker-checker. Each action is in the audit trail.
 */

export interface DeskDeps extends BuildDeps {
  config: Pick<Config, 'BUREAU_MEMBER_IDS' | 'COMPANY'>
}

type SendRow = typeof bureauSends.$inferSelect

/** A market named in a call: a member of another market is refused, as for a market asked for by name. */
function assertMarket(staff: StaffPrincipal, market: Market): void {
  if (!(staff.markets as string[]).includes(market)) throw new AppError('staffForbidden')
}

async function sendViews(db: Executor, rows: SendRow[]): Promise<BureauSendView[]> {
  const emails = await staffEmailsOf(
    db,
    rows.flatMap((r) => [r.requestedBy, r.decidedBy]),
  )
  return rows.map((r) => ({ id: r.id, runId: r.runId, bureau: r.bureau, sentOn: r.sentOn, status: r.status, ...fourEyesPeople('bureauSent', r, emails) }))
}

async function runViews(db: Executor, runs: RunRow[]): Promise<BureauRunView[]> {
  if (runs.length === 0) return []
  const sends = await db
    .select()
    .from(bureauSends)
    .where(and(inArray(bureauSends.runId, runs.map((r) => r.id)), or(eq(bureauSends.status, 'pending'), eq(bureauSends.status, 'confirmed'))))
    .orderBy(desc(bureauSends.id))
  const views = await sendViews(db, sends)
  const builders = await staffEmailsOf(db, runs.map((r) => r.builtBy))
  return runs.map((run) => ({
    id: run.id,
    market: run.market,
    period: run.period,
    version: run.version,
    status: run.status,
    cutoffOn: run.cutoffOn,
    cutoffAt: run.cutoffAt.toISOString(),
    builtAt: run.builtAt.toISOString(),
    builtByEmail: run.builtBy === null ? null : (builders.get(run.builtBy) ?? null),
    records: run.records,
    corrections: run.corrections,
    balance: run.balance,
    overdue: run.overdue,
    ledgerBalance: run.ledgerBalance,
    missing: run.missing,
    recordsWithErrors: run.recordsWithErrors,
    sendable: isSendable(run),
    millis: run.millis,
    sends: (BUREAUS[run.market] as readonly Bureau[]).map((bureau) => ({
      bureau,
      files: [...BUREAU_FILES[bureau]],
      send: views.find((s) => s.runId === run.id && s.bureau === bureau) ?? null,
    })),
  }))
}

export async function runsOf(deps: DeskDeps, staff: StaffPrincipal, market: Market) {
  assertMarket(staff, market)
  const runs = await deps.db.select().from(bureauRuns).where(eq(bureauRuns.market, market)).orderBy(desc(bureauRuns.period), desc(bureauRuns.version)).limit(36)
  return { runs: await runViews(deps.db, runs), lastClosedPeriod: lastClosedPeriod(market, deps.now()) }
}

async function runFor(db: Executor, staff: StaffPrincipal, runId: number): Promise<RunRow> {
  const [run] = await db.select().from(bureauRuns).where(eq(bureauRuns.id, runId))
  if (!run) throw new AppError('notFound')
  assertStaffMarket(staff, run.market)
  return run
}

export const FINDINGS_SHOWN = 200

export async function runOf(deps: DeskDeps, staff: StaffPrincipal, runId: number) {
  const run = await runFor(deps.db, staff, runId)
  const [findings, [count]] = await Promise.all([
    deps.db
      .select({ orderNo: bureauFindings.accountNo, problem: bureauFindings.problem, field: bureauFindings.field })
      .from(bureauFindings)
      .where(eq(bureauFindings.runId, run.id))
      .orderBy(asc(bureauFindings.seq), asc(bureauFindings.problem))
      .limit(FINDINGS_SHOWN),
    deps.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(bureauFindings).where(eq(bureauFindings.runId, run.id)),
  ])
  const problems: { problem: 'totals_mismatch' | 'account_missing'; count: number; amount: number }[] = []
  if (run.balance !== run.ledgerBalance) problems.push({ problem: 'totals_mismatch', count: 1, amount: run.ledgerBalance - run.balance })
  if (run.missing > 0) problems.push({ problem: 'account_missing', count: run.missing, amount: 0 })
  return { run: (await runViews(deps.db, [run]))[0]!, findings, findingsTotal: count?.n ?? 0, problems }
}

export async function rebuild(deps: DeskDeps, staff: StaffPrincipal, ip: string, body: { market: Market; period: string }) {
  assertMarket(staff, body.market)
  const run = await buildRun(deps, body.market, body.period, { staffId: staff.staffId, role: staff.role, ip })
  return { run: (await runViews(deps.db, [run!]))[0]! }
}

function assertBureau(market: Market, bureau: Bureau, file?: string): void {
  if (!(BUREAUS[market] as readonly string[]).includes(bureau)) throw new AppError('invalidRequest', { data: { fields: ['bureau'] } })
  if (file !== undefined && !(BUREAU_FILES[bureau] as readonly string[]).includes(file)) throw new AppError('invalidRequest', { data: { fields: ['file'] } })
}

/** Records read per page while a file streams: the memory held does not grow with the run. */
const DOWNLOAD_PAGE = 2_000

/**
 * The file of a run for a bureau: checked and audited before the first byte, then its lines as
 * they are written, page by page in the order of the subjects.
 */
export async function download(deps: DeskDeps, staff: StaffPrincipal, ip: string, query: { runId: number; bureau: Bureau; file: string }) {
  const run = await runFor(deps.db, staff, query.runId)
  assertBureau(run.market, query.bureau, query.file)
  if (!isSendable(run)) throw new AppError('bureauRunHasErrors')
  const now = deps.now()
  const header: FileHeader = {
    market: run.market,
    bureau: query.bureau,
    memberId: deps.config.BUREAU_MEMBER_IDS[query.bureau],
    memberName: deps.config.COMPANY[run.market].name,
    period: run.period,
    cutoffOn: run.cutoffOn,
    reportedOn: localDate(now, run.market),
  }
  const layout = bureauLayout(query.bureau, query.file as never)
  await deps.db.transaction((tx) =>
    audit(tx, staff, ip, now, 'bureau.download', run.market, String(run.id), null, { bureau: query.bureau, file: query.file, period: run.period, version: run.version }),
  )
  const totals = { records: run.records, subjects: run.subjects, balance: run.balance, overdue: run.overdue }
  const db = deps.db
  const secrets = deps.secrets
  async function* lines(): AsyncGenerator<string> {
    const end = layout.lineEnding
    for (const line of layout.header(header, totals)) yield line + end
    let after = { subjectNo: '', seq: 0 }
    for (;;) {
      const page = await db
        .select()
        .from(bureauRecords)
        .where(
          // a row comparison: one range of the index (run, subject, seq) per page, not a scan of the run
          and(eq(bureauRecords.runId, run.id), sql`(${bureauRecords.subjectNo}, ${bureauRecords.seq}) > (${after.subjectNo}, ${after.seq})`),
        )
        .orderBy(asc(bureauRecords.subjectNo), asc(bureauRecords.seq))
        .limit(DOWNLOAD_PAGE)
      if (page.length === 0) break
      const last = page[page.length - 1]!
      after = { subjectNo: last.subjectNo, seq: last.seq }
      const identities = await openIdentityVersions(db, secrets, page.flatMap((r) => (r.identityVersionId === null ? [] : [r.identityVersionId])))
      let chunk = ''
      for (const r of page) {
        const identity = r.identityVersionId === null ? undefined : identities.get(r.identityVersionId)
        const account: BureauAccount = {
          accountNo: r.accountNo,
          subjectNo: r.subjectNo,
          subject: identity ? subjectOf(run.market, identity, r.phone) : null,
          installments: r.installments,
          termDays: r.termDays,
          disbursed: r.disbursed,
          disbursedOn: r.disbursedOn,
          correction: r.correction,
          figures: {
            state: r.state,
            balance: r.balance,
            overdue: r.overdue,
            daysPastDue: r.daysPastDue,
            dueOn: r.dueOn,
            lastPayment: r.lastPaymentOn === null ? null : { on: r.lastPaymentOn, amount: (r.lastPaymentAmount ?? 0) as Cents },
            closedOn: r.closedOn,
          },
        }
        for (const line of layout.record(account, header)) chunk += line + end
      }
      yield chunk
    }
    for (const line of layout.trailer(header, totals)) yield line + end
  }
  return { filename: fileName(header, query.file as never), lines: lines(), run }
}

async function audit(tx: Tx, staff: StaffPrincipal, ip: string, at: Date, action: string, market: Market, recordId: string, before: unknown, after: unknown) {
  await record(tx, { staffId: staff.staffId, role: staff.role, action, recordType: 'bureauRun', recordId, before, after, ip, markets: [market], at })
}

/** Finance, the maker: the run's file went to the bureau on `sentOn`. */
export async function requestSend(deps: DeskDeps, staff: StaffPrincipal, ip: string, body: { runId: number; bureau: Bureau; sentOn: string }) {
  const now = deps.now()
  const run = await runFor(deps.db, staff, body.runId)
  assertBureau(run.market, body.bureau)
  if (body.sentOn > localDate(now, run.market) || body.sentOn < run.cutoffOn) throw new AppError('invalidRequest', { data: { fields: ['sentOn'] } })
  if (run.status !== 'built') throw new AppError('bureauRunSuperseded')
  if (!isSendable(run)) throw new AppError('bureauRunHasErrors')
  const row = await deps.db
    .transaction(async (tx) => {
      const [confirmed] = await tx
        .select({ id: bureauSends.id })
        .from(bureauSends)
        .where(and(eq(bureauSends.market, run.market), eq(bureauSends.period, run.period), eq(bureauSends.bureau, body.bureau), eq(bureauSends.status, 'confirmed')))
      if (confirmed) throw new AppError('bureauAlreadySent')
      const [inserted] = await tx
        .insert(bureauSends)
        .values({ runId: run.id, market: run.market, period: run.period, bureau: body.bureau, sentOn: body.sentOn, requestedBy: staff.staffId, requestedAt: now })
        .returning()
      await audit(tx, staff, ip, now, 'bureau.sendRequest', run.market, String(run.id), null, { bureau: body.bureau, sentOn: body.sentOn, sendId: inserted!.id })
      return inserted!
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === 'bureau_sends_one_pending_key') throw new AppError('bureauSendPending')
      throw error
    })
  return { send: (await sendViews(deps.db, [row]))[0]! }
}

/** The checker confirms (never the maker), or either withdraws. */
export async function decideSend(deps: DeskDeps, staff: StaffPrincipal, ip: string, id: number, decision: 'confirm' | 'withdraw') {
  const now = deps.now()
  const row = await deps.db
    .transaction(async (tx) => {
      const [found] = await tx.select().from(bureauSends).where(eq(bureauSends.id, id)).for('update')
      if (!found) throw new AppError('notFound')
      assertStaffMarket(staff, found.market)
      if (found.status !== 'pending') throw new AppError('bureauSendNotPending')
      if (decision === 'confirm') {
        checkFourEyes('bureauSent', found, staff, 'confirm', now)
        const [run] = await tx.select({ status: bureauRuns.status }).from(bureauRuns).where(eq(bureauRuns.id, found.runId))
        if (run?.status !== 'built') throw new AppError('bureauRunSuperseded')
      }
      const [closed] = await tx
        .update(bureauSends)
        .set({ status: decision === 'confirm' ? 'confirmed' : 'withdrawn', decidedBy: staff.staffId, decidedAt: now })
        .where(and(eq(bureauSends.id, found.id), eq(bureauSends.status, 'pending')))
        .returning()
      if (!closed) throw new AppError('bureauSendNotPending')
      await audit(tx, staff, ip, now, decision === 'confirm' ? 'bureau.sendConfirm' : 'bureau.sendWithdraw', found.market, String(found.runId), { status: 'pending' }, {
        bureau: found.bureau,
        sentOn: found.sentOn,
        status: closed.status,
        sendId: found.id,
      })
      return closed
    })
    .catch((error: unknown) => {
      if (uniqueViolation(error) === 'bureau_sends_one_confirmed_key') throw new AppError('bureauAlreadySent')
      throw error
    })
  return { send: (await sendViews(deps.db, [row]))[0]! }
}
