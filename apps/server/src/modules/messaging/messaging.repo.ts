import { and, eq, sql } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import { SMS_STATE_RANK, type SmsStatusEvent } from '../../adapters/sms/sms-sender.js'
import type { Executor } from '../../db/client.js'
import { smsDeliveries } from './messaging.schema.js'

export async function recordSent(db: Executor, row: { provider: string; messageId: string; purpose: string; market: Market; at: Date }): Promise<void> {
  await db
    .insert(smsDeliveries)
    .values({ provider: row.provider, messageId: row.messageId, purpose: row.purpose, market: row.market, sentAt: row.at, updatedAt: row.at })
    .onConflictDoNothing()
}

const rankSql = (column: typeof smsDeliveries.state) =>
  sql`case ${column} ${sql.join(
    Object.entries(SMS_STATE_RANK).map(([state, rank]) => sql`when ${state} then ${rank}`),
    sql` `,
  )} end`

/**
 * A delivery status, applied when it moves the message forward (a late or repeated callback changes
 * nothing). False when the message is not one we sent through that provider.
 */
export async function applyStatus(db: Executor, event: SmsStatusEvent, at: Date): Promise<{ known: boolean; moved: boolean }> {
  const moved = await db
    .update(smsDeliveries)
    .set({ state: event.state, reason: event.reason, providerCode: event.providerCode, providerStatus: event.providerStatus, updatedAt: at })
    .where(and(eq(smsDeliveries.provider, event.provider), eq(smsDeliveries.messageId, event.messageId), sql`${rankSql(smsDeliveries.state)} < ${SMS_STATE_RANK[event.state]}`))
    .returning({ id: smsDeliveries.id })
  if (moved.length > 0) return { known: true, moved: true }
  const [seen] = await db.select({ id: smsDeliveries.id }).from(smsDeliveries).where(and(eq(smsDeliveries.provider, event.provider), eq(smsDeliveries.messageId, event.messageId))).limit(1)
  return { known: seen !== undefined, moved: false }
}

export async function deliveryOf(db: Executor, provider: string, messageId: string) {
  const [row] = await db.select().from(smsDeliveries).where(and(eq(smsDeliveries.provider, provider), eq(smsDeliveries.messageId, messageId))).limit(1)
  return row
}
