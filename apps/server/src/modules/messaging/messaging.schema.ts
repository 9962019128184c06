import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Market } from '@kilat/domain'
import { id, ts } from '../../db/columns.js'
import type { SmsDeliveryState, SmsFailureReason } from '../../adapters/sms/sms-sender.js'

/**
 * Each message a live SMS provider took, and where it is now (docs/operations/going-live.md#sms-delivery):
 * the provider's id of it, what it was for and the state its delivery-status callbacks reported,
 * which only moves forward. Never the text (it holds a code) and never the number.
 */
export const smsDeliveries = pgTable(
  'sms_deliveries',
  {
    id: id(),
    provider: text('provider').notNull(),
    messageId: text('message_id').notNull(),
    purpose: text('purpose').notNull(),
    market: text('market').$type<Market>().notNull(),
    state: text('state').$type<SmsDeliveryState>().notNull().default('queued'),
    reason: text('reason').$type<SmsFailureReason>(),
    providerCode: text('provider_code'),
    providerStatus: text('provider_status'),
    sentAt: ts('sent_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sms_deliveries_message_key').on(t.provider, t.messageId),
    index('sms_deliveries_sent_idx').on(t.sentAt),
    check('sms_deliveries_state_check', sql`${t.state} in ('queued', 'sent', 'delivered', 'failed')`),
  ],
)
