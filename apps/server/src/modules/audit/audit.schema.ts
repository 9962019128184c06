import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Market } from '@kilat/domain'

/**
 * The audit trail (docs/product/operations.md#audit-trail): one row per staff write, added in the
 * write's own transaction. Append-only (a trigger refuses UPDATE, DELETE and TRUNCATE, migration
 * 0010) and hash-chained: `hash` covers `prev_hash` and the row's fields (audit.chain.ts).
 * `staff_id` references nothing on purpose: the trail outlives whatever it names. `markets` says
 * whose staff may read the row (docs/product/operations.md#audit-trail): the market of the order or
 * complaint it is about, or the markets of the staff account; null for a row about no market (a
 * sign-in with an unknown email). It is not hashed: it decides who sees a row, not what it says,
 * and migration 0014 filled it in for the rows written before it.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Null for the system (demo mode's automatic work) or an unknown sign-in email. */
    staffId: bigint('staff_id', { mode: 'number' }),
    role: text('role'),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    markets: text('markets').array().$type<Market[]>(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_log_hash_key').on(t.hash),
    index('audit_log_staff_id_idx').on(t.staffId, t.id),
    index('audit_log_record_idx').on(t.recordType, t.recordId, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
)

export type AuditRow = typeof auditLog.$inferSelect
