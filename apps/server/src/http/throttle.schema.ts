import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { ts } from '../db/columns.js'

/**
 * Fixed-window counters shared by every server process (docs/product/platform.md#scale-out: no throttle state in
 * process memory). `bucket` names what is counted, for example `sms-ip:203.0.113.7`.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    windowStart: ts('window_start').notNull(),
    hits: integer('hits').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limits_expires_at_idx').on(t.expiresAt)],
)
