import { sql } from 'drizzle-orm'
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { DecisionBand, Market } from '@kilat/domain'
import type { PolicyRule } from '@kilat/contract'
import { id, inList, money, ts } from '../../db/columns.js'
import { orders } from '../orders/orders.schema.js'

/**
 * Instant decisions (docs/product/decisions.md): each market's credit policy, version by version,
 * and every decision the system made with the version, inputs, fired rows and answer that made it;
 * how much the system may pay out on its own, and the switch that sends every order to people.
 */

export const POLICY_STATUSES = ['pending', 'published', 'superseded', 'withdrawn'] as const
export type PolicyStatus = (typeof POLICY_STATUSES)[number]

/**
 * The versions of a market's policy. A risk analyst's draft waits (`pending`, one per market) until
 * another risk member or an admin publishes it; then it is the market's one `published` version and
 * the one before is `superseded`. The rows and the decision model are never changed after.
 */
export const creditPolicies = pgTable(
  'credit_policies',
  {
    id: id(),
    market: text('market').$type<Market>().notNull(),
    /** 1, 2, … per market, given when published. */
    version: integer('version'),
    status: text('status').$type<PolicyStatus>().notNull().default('pending'),
    /** The decision table's rows as the console edits them. */
    rules: jsonb('rules').$type<PolicyRule[]>().notNull(),
    /** The same rows as a JSON Decision Model (GoRules JDM), the document the engine runs. */
    model: jsonb('model').$type<Record<string, unknown>>().notNull(),
    note: text('note').notNull().default(''),
    requestedBy: bigint('requested_by', { mode: 'number' }).notNull(),
    requestedAt: ts('requested_at').notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: ts('decided_at'),
    publishedAt: ts('published_at'),
  },
  (t) => [
    uniqueIndex('credit_policies_one_pending_key').on(t.market).where(sql`status = 'pending'`),
    uniqueIndex('credit_policies_one_published_key').on(t.market).where(sql`status = 'published'`),
    uniqueIndex('credit_policies_version_key').on(t.market, t.version),
    check('credit_policies_status_check', inList('status', POLICY_STATUSES)),
    check('credit_policies_market_check', sql`${t.market} in ('ID', 'IN', 'MX')`),
  ],
)
export type CreditPolicy = typeof creditPolicies.$inferSelect

/**
 * One decision per order the system looked at: the version (null when the market had none: the
 * hard rules alone, and people decided), the input object, each row that fired and the answer. A
 * new version never changes a row here; a replay reads them.
 */
export const orderDecisions = pgTable(
  'order_decisions',
  {
    id: id(),
    orderKey: bigint('order_id', { mode: 'number' })
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    market: text('market').$type<Market>().notNull(),
    policyId: bigint('policy_id', { mode: 'number' }).references(() => creditPolicies.id, { onDelete: 'restrict' }),
    band: text('band').$type<DecisionBand>().notNull(),
    asked: money('asked'),
    approvedAmount: money('approved_amount'),
    reasons: jsonb('reasons').$type<string[]>().notNull(),
    fired: jsonb('fired').$type<Array<{ id: string; band: DecisionBand; reason: string }>>().notNull(),
    inputs: jsonb('inputs').$type<Record<string, unknown>>().notNull(),
    /** What the hard rules read (domain HardRuleFacts): a replay holds a draft to them again. */
    hardFacts: jsonb('hard_facts').$type<Record<string, unknown>>().notNull(),
    /** The limits that let the system pay it out on its own; null when it did not. */
    autoPayout: jsonb('auto_payout').$type<{ perLoanMax: number; dailyMax: number } | null>(),
    micros: integer('micros').notNull(),
    decidedAt: ts('decided_at').notNull(),
  },
  (t) => [
    uniqueIndex('order_decisions_order_key').on(t.orderKey),
    index('order_decisions_market_decided_idx').on(t.market, t.decidedAt, t.id),
    check('order_decisions_band_check', inList('band', ['approve', 'refer', 'reject'])),
  ],
)
export type OrderDecisionRow = typeof orderDecisions.$inferSelect

export const LIMIT_STATUSES = ['pending', 'confirmed', 'withdrawn'] as const

/**
 * How much the system pays out on its own, per market: the latest confirmed row. Finance asks, another
 * finance member confirms (four eyes); one change waits per market.
 */
export const autoPayoutLimits = pgTable(
  'auto_payout_limits',
  {
    id: id(),
    market: text('market').$type<Market>().notNull(),
    perLoanMax: money('per_loan_max'),
    dailyMax: money('daily_max'),
    status: text('status').$type<(typeof LIMIT_STATUSES)[number]>().notNull().default('pending'),
    requestedBy: bigint('requested_by', { mode: 'number' }).notNull(),
    requestedAt: ts('requested_at').notNull(),
    decidedBy: bigint('decided_by', { mode: 'number' }),
    decidedAt: ts('decided_at'),
  },
  (t) => [
    uniqueIndex('auto_payout_limits_one_pending_key').on(t.market).where(sql`status = 'pending'`),
    index('auto_payout_limits_market_idx').on(t.market, t.status, t.decidedAt),
    check('auto_payout_limits_status_check', inList('status', LIMIT_STATUSES)),
    check('auto_payout_limits_amounts_check', sql`${t.perLoanMax} >= 0 and ${t.dailyMax} >= 0`),
  ],
)

/**
 * What the system paid out on its own per market and local day. A payout adds its amount in the
 * transaction that queues it, by one guarded statement: two processes can never together pass the
 * day's limit (the row is the lock).
 */
export const autoPayoutDays = pgTable(
  'auto_payout_days',
  {
    market: text('market').$type<Market>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    total: money('total'),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.market, t.day] }), check('auto_payout_days_total_check', sql`${t.total} >= 0`)],
)

/** The switch per market: on, every new order goes to people. Each change is in the audit trail too. */
export const decisionSwitches = pgTable('decision_switches', {
  market: text('market').$type<Market>().primaryKey(),
  paused: boolean('paused').notNull(),
  changedBy: bigint('changed_by', { mode: 'number' }).notNull(),
  changedAt: ts('changed_at').notNull(),
  reason: text('reason').notNull(),
})
