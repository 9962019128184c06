import { and, desc, eq } from 'drizzle-orm'
import { maskPhone } from '@kilat/domain'
import type { FastifyBaseLogger } from 'fastify'
import type { Executor } from '../../db/client.js'
import { smsOutbox } from './sms-outbox.schema.js'
import type { SmsMessage, SmsSender } from './sms-sender.js'

/**
 * Sandbox sender: every message lands in `sms_outbox`, where /testPreview (demo mode) reads it back.
 * The log names the masked number and the purpose only: never the text, which holds the code.
 */
export class OutboxSmsSender implements SmsSender {
  constructor(
    private readonly db: Executor,
    private readonly log: Pick<FastifyBaseLogger, 'info'>,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.db.insert(smsOutbox).values({ toPhone: message.to, body: message.text, purpose: message.purpose })
    this.log.info({ to: maskPhone(message.to), purpose: message.purpose }, 'sms stored in outbox')
  }
}

/** The latest message of the outbox to a number for a purpose (demo mode reads codes back with it). */
export async function latestOutboxMessage(db: Executor, toPhone: string, purpose: string): Promise<{ body: string; createdAt: Date } | undefined> {
  const [message] = await db
    .select({ body: smsOutbox.body, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.toPhone, toPhone), eq(smsOutbox.purpose, purpose)))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(1)
  return message
}
