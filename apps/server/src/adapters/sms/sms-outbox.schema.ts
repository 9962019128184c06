import { index, pgTable, text } from 'drizzle-orm/pg-core'
import { id, createdAt } from '../../db/columns.js'

/** Sandbox SMS adapter (docs/product/platform.md#sandbox-adapters): every message is stored here instead of sent. */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    purpose: text('purpose').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_to_phone_created_idx').on(t.toPhone, t.createdAt)],
)
