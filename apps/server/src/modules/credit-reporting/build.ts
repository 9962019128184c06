import { and, eq, inArray, isNull, max, or, sql } from 'drizzle-orm'
import {
  accountFigures,
  cutoffOf,
  isReportingPeriod,
  localDate,
  paidPartsOf,
  periodDays,
  previousPeriod,
  recordFindings,
  type BureauSubject,
  type Cents,
  type Market,
  type PeriodAtCutoff,
  type ReportingPeriod,
} from '@kilat/domain'
import type { Keyring } from '../../adapters/secrets/secret-box.js'
import type { Db, Tx } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import { phonesOf } from '../auth/auth.service.js'
import { record as audit } from '../audit/audit.service.js'
import { currentIdentityRows, openVersionRows, type SubjectIdentity } from '../kyc/kyc.service.js'
import { interestReliefTotalSince, reliefAtCutoff } from '../money-desk/money-desk.service.js'
import { reportableOrdersPage, reportableOrdersSql, reportableTotals, type ReportableOrder, type ReportableScope } from '../orders/orders.service.js'
import { paidAtCutoff, paidTotalSince } from '../repayment/repayment.service.js'
import { bureauCorrections, bureauFindings, bureauRecords, bureauRuns, bureauSends } from './credit-reporting.schema.js'

/**
 * A period's run (docs/product/credit-reporting.md#runs): every loan the period reports, with its
 * figures at the cut-off worked out by the domain from what the orders, the ledger and the money
 * desk say, the identity version the borrower holds, and the checks. Built in one transaction, page
 * by page, so a run is kept whole or not at all; a rebuild supersedes the period's run before.
 */

export interface BuildDeps {
  db: Db
  secrets: Keyring
  now: () => Date
}

/** Who builds: a finance member (a rebuild) or the job. */
export interface Builder {
  staffId: number
  role: string
  ip: string
}

/** Orders per page: what the build holds at once, whatever the number of loans. */
export const PAGE = 5_000

/** The borrower's number with us as the bureaus know it (SLIK's CIF): the same for the borrower's life. */
export const subjectNoOf = (borrowerId: number) => `K${String(borrowerId).padStart(12, '0')}`

/** The kept identity version in the shape the layouts and checks read. */
export function subjectOf(market: Market, identity: SubjectIdentity, phone: string): BureauSubject | null {
  if (identity.market !== market) return null
  const { address } = identity
  if (market === 'ID')
    return {
      market,
      fullName: identity.fullName,
      nik: identity.documentNumber,
      birthDate: identity.birthDate,
      gender: identity.gender === 'female' ? 'female' : 'male',
      placeOfBirth: identity.placeOfBirth ?? '',
      address: { street: address.street, provinceCode: address.provinceCode ?? '', cityCode: address.cityCode ?? '' },
      phone,
    }
  if (market === 'IN')
    return {
      market,
      fullName: identity.fullName,
      pan: identity.documentNumber,
      birthDate: identity.birthDate,
      gender: identity.gender === 'female' ? 'female' : 'male',
      address: { street: address.street, pinCode: address.pinCode ?? '' },
      phone,
    }
  return {
    market,
    fullName: identity.fullName,
    curp: identity.documentNumber,
    rfc: identity.rfc,
    birthDate: identity.birthDate,
    gender: identity.gender,
    address: { street: address.street, postalCode: address.postalCode ?? '' },
    phone,
  }
}

/** The period's scope: its instants, and the corrections it carries. */
async function scopeOf(tx: Tx, market: Market, period: ReportingPeriod): Promise<{ scope: ReportableScope; correctionIds: number[] }> {
  const cutoffAt = cutoffOf(market, period)
  const periodStartAt = cutoffOf(market, previousPeriod(market, period))
  // a correction not yet carried, or carried by an earlier build of this period
  const corrections = await tx
    .select({ id: bureauCorrections.id, orderKey: bureauCorrections.orderKey })
    .from(bureauCorrections)
    .where(
      and(
        eq(bureauCorrections.market, market),
        or(isNull(bureauCorrections.runId), inArray(bureauCorrections.runId, tx.select({ id: bureauRuns.id }).from(bureauRuns).where(and(eq(bureauRuns.market, market), eq(bureauRuns.period, period))))),
      ),
    )
  return {
    scope: { market, periodStartAt, cutoffAt, also: [...new Set(corrections.map((c) => c.orderKey))] },
    correctionIds: corrections.map((c) => c.id),
  }
}

/**
 * One order's facts at the cut-off, from the three modules' answers: what each installment holds
 * now, less what the ledger and the money desk wrote after the cut-off.
 */
function factsOf(market: Market, order: ReportableOrder, cutoffAt: Date, paid: Awaited<ReturnType<typeof paidAtCutoff>>, relief: Awaited<ReturnType<typeof reliefAtCutoff>>) {
  const p = paid.get(order.orderKey)
  const r = relief.get(order.orderKey)
  const back = (now: Cents, since: Cents | undefined) => Math.max(0, now - (since ?? 0)) as Cents
  const periods: PeriodAtCutoff[] = order.schedule.map((s) => {
    const paidNow = paidPartsOf(s)
    const since = p?.since.get(s.periodNo)
    return {
      periodNo: s.periodNo,
      dueOn: localDate(s.dueAt, market),
      principal: s.principal,
      interest: s.interest,
      principalPaid: back(paidNow.principalPaid, since?.principal),
      interestPaid: back(paidNow.interestPaid, since?.interest),
      interestWaived: back(s.interestWaived, r?.interestSince.get(s.periodNo)),
    }
  })
  return {
    disbursed: order.principal,
    disbursedOn: localDate(order.disbursedAt, market),
    settledOn: order.settledAt && order.settledAt < cutoffAt ? localDate(order.settledAt, market) : null,
    waived: r?.waived ?? (0 as Cents),
    periods,
    lastPayment: p?.lastPayment ? { on: localDate(p.lastPayment.at, market), amount: p.lastPayment.amount } : null,
  }
}

export type RunRow = typeof bureauRuns.$inferSelect
type RecordRow = typeof bureauRecords.$inferInsert

/** A value in PostgreSQL's array literal: quoted, or NULL. */
const element = (v: string | number | boolean | null | undefined) => (v === null || v === undefined ? 'NULL' : `"${String(v).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`)
const arrayOf = (rows: RecordRow[], pick: (r: RecordRow) => string | number | boolean | null | undefined) => `{${rows.map((r) => element(pick(r))).join(',')}}`

/**
 * A page of records in one statement of one array per column: a multi-row insert would bind 40,000
 * parameters a page, which costs more than the rest of the build.
 */
async function insertRecords(tx: Tx, rows: RecordRow[]): Promise<void> {
  await tx.execute(sql`insert into bureau_records (run_id, seq, order_id, account_no, subject_no, identity_version_id, phone, installments, term_days, disbursed, disbursed_on,
      state, balance, overdue, days_past_due, due_on, last_payment_on, last_payment_amount, closed_on, correction)
    select * from unnest(${arrayOf(rows, (r) => r.runId)}::bigint[], ${arrayOf(rows, (r) => r.seq)}::int[], ${arrayOf(rows, (r) => r.orderKey)}::bigint[],
      ${arrayOf(rows, (r) => r.accountNo)}::text[], ${arrayOf(rows, (r) => r.subjectNo)}::text[], ${arrayOf(rows, (r) => r.identityVersionId)}::bigint[],
      ${arrayOf(rows, (r) => r.phone)}::text[], ${arrayOf(rows, (r) => r.installments)}::int[], ${arrayOf(rows, (r) => r.termDays)}::int[],
      ${arrayOf(rows, (r) => r.disbursed)}::bigint[], ${arrayOf(rows, (r) => r.disbursedOn)}::date[], ${arrayOf(rows, (r) => r.state)}::text[],
      ${arrayOf(rows, (r) => r.balance)}::bigint[], ${arrayOf(rows, (r) => r.overdue)}::bigint[], ${arrayOf(rows, (r) => r.daysPastDue)}::int[],
      ${arrayOf(rows, (r) => r.dueOn)}::date[], ${arrayOf(rows, (r) => r.lastPaymentOn)}::date[], ${arrayOf(rows, (r) => r.lastPaymentAmount)}::bigint[],
      ${arrayOf(rows, (r) => r.closedOn)}::date[], ${arrayOf(rows, (r) => r.correction)}::boolean[])`)
}

/**
 * Builds the period's run. Refused before the cut-off (`bureauPeriodOpen`) and once a bureau's send
 * of the period was confirmed (`bureauAlreadySent`). `by` null: the job, which builds only a period
 * without a run (another process may have built it a moment before).
 */
export async function buildRun(deps: BuildDeps, market: Market, period: string, by: Builder | null): Promise<RunRow | null> {
  if (!isReportingPeriod(market, period)) throw new AppError('invalidRequest', { data: { fields: ['period'] } })
  const started = deps.now()
  const cutoffAt = cutoffOf(market, period)
  if (started < cutoffAt) throw new AppError('bureauPeriodOpen')
  const cutoffOn = periodDays(market, period).lastDay
  const clock = performance.now()
  return deps.db.transaction(async (tx) => {
    // one build of a period at a time, whichever process
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`bureau:${market}:${period}`}))`)
    const [sent] = await tx
      .select({ id: bureauSends.id })
      .from(bureauSends)
      .where(and(eq(bureauSends.market, market), eq(bureauSends.period, period), eq(bureauSends.status, 'confirmed')))
      .limit(1)
    if (sent) throw new AppError('bureauAlreadySent')
    const [last] = await tx.select({ version: max(bureauRuns.version) }).from(bureauRuns).where(and(eq(bureauRuns.market, market), eq(bureauRuns.period, period)))
    if (!by && last?.version) return null
    const [before] = await tx
      .update(bureauRuns)
      .set({ status: 'superseded' })
      .where(and(eq(bureauRuns.market, market), eq(bureauRuns.period, period), eq(bureauRuns.status, 'built')))
      .returning({ id: bureauRuns.id })
    if (before) {
      // a send waiting on the run replaced is withdrawn with it
      await tx
        .update(bureauSends)
        .set({ status: 'withdrawn', decidedBy: by?.staffId ?? null, decidedAt: started })
        .where(and(eq(bureauSends.runId, before.id), eq(bureauSends.status, 'pending')))
    }
    const [run] = await tx
      .insert(bureauRuns)
      .values({
        market,
        period,
        version: (last?.version ?? 0) + 1,
        cutoffOn,
        cutoffAt,
        builtAt: started,
        builtBy: by?.staffId ?? null,
        records: 0,
        subjects: 0,
        corrections: 0,
        balance: 0 as Cents,
        overdue: 0 as Cents,
        ledgerBalance: 0 as Cents,
        missing: 0,
        recordsWithErrors: 0,
        millis: 0,
      })
      .returning()
    const { scope, correctionIds } = await scopeOf(tx, market, period)
    const corrected = new Set(scope.also)
    const subjects = new Set<number>()
    let seq = 0
    let balance = 0
    let overdue = 0
    let withErrors = 0
    let corrections = 0
    // one statement at a time: a transaction's statements run one after another on its connection
    const read = async (after: number) => {
      const page = await reportableOrdersPage(tx, scope, after, PAGE)
      if (page.length === 0) return null
      const keys = page.map((o) => o.orderKey)
      const borrowerIds = page.map((o) => o.borrowerId)
      const paid = await paidAtCutoff(tx, keys, cutoffAt)
      const relief = await reliefAtCutoff(tx, keys, cutoffAt)
      const sealed = await currentIdentityRows(tx, borrowerIds)
      const phones = await phonesOf(tx, borrowerIds)
      return { page, paid, relief, sealed, phones }
    }
    for (let after = 0; ; ) {
      const data = await read(after)
      if (!data) break
      const { page, paid, relief, sealed, phones } = data
      after = page[page.length - 1]!.orderKey
      const versions = new Map(sealed.map((r) => [r.borrowerId, r.id]))
      const identities = openVersionRows(sealed, deps.secrets)
      const records: RecordRow[] = []
      const findings: (typeof bureauFindings.$inferInsert)[] = []
      for (const order of page) {
        const facts = factsOf(market, order, cutoffAt, paid, relief)
        const figures = accountFigures(facts, cutoffOn)
        const versionId = versions.get(order.borrowerId) ?? null
        const identity = versionId === null ? undefined : identities.get(versionId)
        const phone = phones.get(order.borrowerId) ?? ''
        const correction = corrected.has(order.orderKey)
        const subjectNo = subjectNoOf(order.borrowerId)
        const found = recordFindings(
          {
            accountNo: order.orderNo,
            subjectNo,
            subject: identity ? subjectOf(market, identity, phone) : null,
            installments: order.schedule.length,
            termDays: order.termDays,
            figures,
            correction,
          },
          cutoffOn,
          market,
        )
        seq += 1
        subjects.add(order.borrowerId)
        balance += figures.balance
        overdue += figures.overdue
        if (found.length > 0) withErrors += 1
        if (correction) corrections += 1
        records.push({
          runId: run!.id,
          seq,
          orderKey: order.orderKey,
          accountNo: order.orderNo,
          subjectNo,
          identityVersionId: versionId,
          phone,
          installments: order.schedule.length,
          termDays: order.termDays,
          disbursed: facts.disbursed,
          disbursedOn: facts.disbursedOn,
          state: figures.state,
          balance: figures.balance,
          overdue: figures.overdue,
          daysPastDue: figures.daysPastDue,
          dueOn: figures.dueOn,
          lastPaymentOn: figures.lastPayment?.on ?? null,
          lastPaymentAmount: figures.lastPayment?.amount ?? null,
          closedOn: figures.closedOn,
          correction,
        })
        for (const f of found) findings.push({ runId: run!.id, seq, accountNo: order.orderNo, problem: f.problem, field: f.field })
      }
      await insertRecords(tx, records)
      if (findings.length > 0) await tx.insert(bureauFindings).values(findings)
    }
    // the ledger's side, counted over the same loans apart from the records
    const ordersSql = reportableOrdersSql(scope)
    const totals = await reportableTotals(tx, scope)
    const paidSince = await paidTotalSince(tx, ordersSql, cutoffAt)
    const reliefSince = await interestReliefTotalSince(tx, ordersSql, cutoffAt)
    const ledgerBalance = totals.owedNow + paidSince + reliefSince
    const [built] = await tx
      .update(bureauRuns)
      .set({
        records: seq,
        subjects: subjects.size,
        corrections,
        balance: balance as Cents,
        overdue: overdue as Cents,
        ledgerBalance: ledgerBalance as Cents,
        missing: Math.max(0, totals.orders - seq),
        recordsWithErrors: withErrors,
        millis: Math.round(performance.now() - clock),
      })
      .where(eq(bureauRuns.id, run!.id))
      .returning()
    if (correctionIds.length > 0) await tx.update(bureauCorrections).set({ runId: run!.id }).where(inArray(bureauCorrections.id, correctionIds))
    await audit(tx, {
      staffId: by?.staffId ?? null,
      role: by?.role ?? null,
      action: by ? 'bureau.rebuild' : 'bureau.build',
      recordType: 'bureauRun',
      recordId: String(run!.id),
      before: before ? { runId: before.id } : null,
      after: { market, period, version: built!.version, records: seq, balance, ledgerBalance, recordsWithErrors: withErrors },
      ip: by?.ip ?? null,
      markets: [market],
      at: started,
    })
    return built!
  })
}

/** A run is sendable when no record has a finding, no account is left out and the totals agree. */
export function isSendable(run: Pick<RunRow, 'recordsWithErrors' | 'missing' | 'balance' | 'ledgerBalance'>): boolean {
  return run.recordsWithErrors === 0 && run.missing === 0 && run.balance === run.ledgerBalance
}
