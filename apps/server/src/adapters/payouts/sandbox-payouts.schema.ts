import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, money, ts, createdAt } from '../../db/columns.js'

/**
 * The payout sandbox's own state (adapters/payouts/sandbox-payouts.ts), in the database so that
 * several server processes and restarts agree on what it paid: one row per idempotency key (our
 * payout request's id), whatever the number of sends (`sends` counts them: a test proves "one
 * payout at the provider" by one row and its count). `plan` is fixed at the first send: what the
 * sandbox will do with it (complete, fail, or complete silently without a callback), and
 * `faults_left` how many sends still time out or answer 500 first. A completed or failed payout's
 * signed callback is queued in the row itself (`callback_*`) and posted by
 * payout-callback-deliverer.ts until our webhook answers 2xx.
 */
export const sandboxPayouts = pgTable(
  'sandbox_payouts',
  {
    id: id(),
    /** Our payout request's id: the idempotency key. */
    key: text('key').notNull(),
    providerRef: text('provider_ref').notNull(),
    orderNo: text('order_no').notNull(),
    amount: money('amount'),
    market: text('market').notNull(),
    /** received (not answered yet), refused, accepted, completed, failed. */
    status: text('status').$type<'received' | 'refused' | 'accepted' | 'completed' | 'failed'>().notNull().default('received'),
    plan: text('plan').$type<'complete' | 'fail' | 'refuse' | 'silent'>().notNull(),
    reason: text('reason'),
    /** timeout or error: what the sends before acceptance meet, `faults_left` of them. */
    fault: text('fault').$type<'timeout' | 'error'>(),
    faultsLeft: integer('faults_left').notNull().default(0),
    sends: integer('sends').notNull().default(1),
    /** When the money arrives (or the payout fails): accepted + the sandbox's delay. */
    finishAt: ts('finish_at'),
    finishedAt: ts('finished_at'),
    callbackAttempts: integer('callback_attempts').notNull().default(0),
    callbackNextAt: ts('callback_next_at'),
    callbackDeliveredAt: ts('callback_delivered_at'),
    callbackError: text('callback_error'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sandbox_payouts_key_key').on(t.key),
    uniqueIndex('sandbox_payouts_provider_ref_key').on(t.providerRef),
    index('sandbox_payouts_callback_due_idx').on(t.callbackNextAt).where(sql`callback_delivered_at is null and callback_next_at is not null`),
    check('sandbox_payouts_status_check', sql`${t.status} in ('received', 'refused', 'accepted', 'completed', 'failed')`),
    check('sandbox_payouts_plan_check', sql`${t.plan} in ('complete', 'fail', 'refuse', 'silent')`),
  ],
)

export type SandboxPayoutRow = typeof sandboxPayouts.$inferSelect
