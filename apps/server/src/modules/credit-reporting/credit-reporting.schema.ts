import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { AccountState, Bureau, Market, RecordProblem } from '@kilat/domain'
import { id, inList, money, ts } from '../../db/columns.js'

/**
 * Credit bureau reporting (docs/product/credit-reporting.md): each market's runs per period, the
 * records of each run as they were built, what the checks found, the four-eyes "mark as sent" per
 * bureau, and the corrections waiting for the next run. A built run and its records are never
 * changed (a trigger refuses it); a rebuild is a new run that supersedes the one before.
 */

export const RUN_STATUSES = ['built', 'superseded'] as const
export type RunStatus = (typeof RUN_STATUSES)[number]

export const bureauRuns = pgTable(
  'bureau_runs',
  {
    id: id(),
    market: text('market').$type<Market>().notNull(),
    period: text('period').notNull(),
    version: integer('version').notNull(),
    status: text('status').$type<RunStatus>().notNull().default('built'),
    cutoffOn: date('cutoff_on', { mode: 'string' }).notNull(),
    cutoffAt: ts('cutoff_at').notNull(),
    builtAt: ts('built_at').notNull(),
    /** Null when the job built it. */
    builtBy: bigint('built_by', { mode: 'number' }),
    records: integer('records').notNull(),
    subjects: integer('subjects').notNull(),
    corrections: integer('corrections').notNull(),
    balance: money('balance'),
    overdue: money('overdue'),
    /** What the ledger says the same accounts owed at the cut-off, counted apart from the records. */
    ledgerBalance: money('ledger_balance'),
    /** Accounts that should be in the run and are not. */
    missing: integer('missing').notNull(),
    recordsWithErrors: integer('records_with_errors').notNull(),
    millis: integer('millis').notNull(),
  },
  (t) => [
    uniqueIndex('bureau_runs_market_period_version_key').on(t.market, t.period, t.version),
    uniqueIndex('bureau_runs_one_built_key').on(t.market, t.period).where(sql`status = 'built'`),
    check('bureau_runs_status_check', inList('status', RUN_STATUSES)),
  ],
)

/**
 * One account of a run, with the figures the bureaus get. The subject is the identity version the
 * borrower held when the run was built (identity versions are never changed) and the phone then.
 */
export const bureauRecords = pgTable(
  'bureau_records',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => bureauRuns.id, { onDelete: 'restrict' }),
    /** The order in which the file lists it: by subject, then account. */
    seq: integer('seq').notNull(),
    orderKey: bigint('order_id', { mode: 'number' }).notNull(),
    accountNo: text('account_no').notNull(),
    subjectNo: text('subject_no').notNull(),
    identityVersionId: bigint('identity_version_id', { mode: 'number' }),
    phone: text('phone').notNull(),
    installments: integer('installments').notNull(),
    termDays: integer('term_days').notNull(),
    disbursed: money('disbursed'),
    disbursedOn: date('disbursed_on', { mode: 'string' }).notNull(),
    state: text('state').$type<AccountState>().notNull(),
    balance: money('balance'),
    overdue: money('overdue'),
    daysPastDue: integer('days_past_due').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    lastPaymentOn: date('last_payment_on', { mode: 'string' }),
    lastPaymentAmount: bigint('last_payment_amount', { mode: 'number' }),
    closedOn: date('closed_on', { mode: 'string' }),
    correction: boolean('correction').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.runId, t.seq] }),
    index('bureau_records_order_idx').on(t.orderKey, t.runId),
    // a file is written in the order of its subjects (SLIK's debtors once each), page by page
    index('bureau_records_file_idx').on(t.runId, t.subjectNo, t.seq),
  ],
)

/** What the checks found in a run's records, one row per record and problem. */
export const bureauFindings = pgTable(
  'bureau_findings',
  {
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => bureauRuns.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    accountNo: text('account_no').notNull(),
    problem: text('problem').$type<RecordProblem>().notNull(),
    field: text('field').notNull(),
  },
  (t) => [index('bureau_findings_run_idx').on(t.runId, t.seq)],
)

export const SEND_STATUSES = ['pending', 'confirmed', 'withdrawn'] as const
export type SendStatus = (typeof SEND_STATUSES)[number]

/**
 * "Mark as sent": a finance member says the run's file went to a bureau on a day; another confirms
 * (the one maker-checker). One waiting per run and bureau, and one confirmed per period and bureau.
 */
export const bureauSends = pgTable(
  'bureau_sends',
  {
    id: id(),
    runId: bigint('run_id', { mode: 'number' })
      .notNull()
      .references(() => bureauRuns.id, { onDelete: 'restrict' }),
    market: text('market').$type<Market>().notNull(),
    period: text('period').notNull(),
    bureau: text('bureau').$type<Bureau>().notNull(),
    sentOn: date('sent_on', { mode: 'string' }).notNull(),
    status: text('status').$type<SendStatus>().notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'number' }).notNull(),
    requestedAt: ts('requested_at').notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('bureau_sends_one_pending_key').on(t.runId, t.bureau).where(sql`status = 'pending'`),
    uniqueIndex('bureau_sends_one_confirmed_key').on(t.market, t.period, t.bureau).where(sql`status = 'confirmed'`),
    check('bureau_sends_status_check', inList('status', SEND_STATUSES)),
  ],
)

/**
 * A correction asked for an order (a resolved credit-report dispute): its record in the next run
 * carries the correction indicator. `run_id` is the latest run that carried it; a rebuild of that
 * period carries it again.
 */
export const bureauCorrections = pgTable(
  'bureau_corrections',
  {
    id: id(),
    orderKey: bigint('order_id', { mode: 'number' }).notNull(),
    market: text('market').$type<Market>().notNull(),
    complaintId: bigint('complaint_id', { mode: 'number' }),
    requestedBy: bigint('requested_by', { mode: 'number' }),
    requestedAt: ts('requested_at').notNull(),
    runId: bigint('run_id', { mode: 'number' }).references(() => bureauRuns.id, { onDelete: 'restrict' }),
  },
  (t) => [index('bureau_corrections_order_idx').on(t.orderKey), index('bureau_corrections_complaint_idx').on(t.complaintId), index('bureau_corrections_market_run_idx').on(t.market, t.runId)],
)
