import { sql } from 'drizzle-orm'
import { bigint, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { id, ts, createdAt } from '../../db/columns.js'

/**
 * The key a callback points at: payment_accounts belongs to modules/repayment, above this adapter,
 * so the adapter names that table's key for the foreign key and nothing more. Not exported: it is
 * no table of this schema (drizzle-kit takes only exported tables), only the target of a reference.
 */
const paymentAccountKey = pgTable('payment_accounts', { id: bigint('id', { mode: 'number' }).primaryKey() })

/**
 * The sandbox gateway's durable delivery queue (adapters/payments/sandbox-gateway.ts): each
 * payment it simulates becomes one callback, posted to our webhook until it answers 2xx, with
 * exponential backoff. `body` is the exact JSON sent (it is what the signature covers). One
 * callback per account: a sandbox account is paid once.
 */
export const gatewayCallbacks = pgTable(
  'gateway_callbacks',
  {
    id: id(),
    paymentAccountId: bigint('payment_account_id', { mode: 'number' })
      .notNull()
      .references(() => paymentAccountKey.id, { onDelete: 'cascade' }),
    gatewayPaymentId: text('gateway_payment_id').notNull(),
    body: text('body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** The account's market and when the borrower paid: what the sandbox's daily report lists (reportOf). */
    market: text('market'),
    paidAt: ts('paid_at'),
  },
  (t) => [
    uniqueIndex('gateway_callbacks_payment_account_id_key').on(t.paymentAccountId),
    uniqueIndex('gateway_callbacks_gateway_payment_id_key').on(t.gatewayPaymentId),
    index('gateway_callbacks_due_idx').on(t.nextAttemptAt).where(sql`delivered_at is null`),
    index('gateway_callbacks_market_paid_at_idx').on(t.market, t.paidAt),
  ],
)

export type GatewayCallback = typeof gatewayCallbacks.$inferSelect
