import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Locale, Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { prepared } from '../../db/prepared.js'
import {
  borrowers,
  channelTemplates,
  promotionEvents,
  promotionSids,
  smsCodes,
  smsOutbox,
  type ChannelTemplate,
  type PromotionEventKind,
  type PromotionSid,
} from '../../db/schema.js'

/** Registration codes share `sms_codes` with the login codes, under their own purpose. */
export const REGISTER_PURPOSE = 'register'

export type SmsCode = typeof smsCodes.$inferSelect

// Every landing page's first call: prepared, like the other hot reads (docs/decisions/0008-api-performance.md).
const activeTemplateStatement = prepared((db) =>
  db
    .select()
    .from(channelTemplates)
    .where(and(eq(channelTemplates.id, sql.placeholder('id')), eq(channelTemplates.status, 'active')))
    .limit(1)
    .prepare('active_channel_template'),
)

export async function activeTemplate(db: Executor, id: number): Promise<ChannelTemplate | undefined> {
  const [row] = await activeTemplateStatement(db).execute({ id })
  return row
}

export interface TrackFields {
  pageId?: string | undefined
  pageType?: string | undefined
  userFrom?: string | undefined
  clientType?: string | undefined
  utmTag?: string | undefined
  appFrom?: string | undefined
  phoneMasked?: string | null
  borrowerId?: number | null
}

export async function insertEvent(db: Executor, kind: PromotionEventKind, fields: TrackFields): Promise<void> {
  await db.insert(promotionEvents).values({ kind, ...fields })
}

export async function insertSid(db: Executor, sidHash: string, expiresAt: Date): Promise<void> {
  await db.insert(promotionSids).values({ sidHash, expiresAt })
}

/** Expired sessions are useless; removed a few at a time by whoever creates new ones. */
export async function deleteExpiredSids(db: Executor): Promise<void> {
  await db.execute(
    sql`delete from ${promotionSids} where ${promotionSids.sidHash} in (select ${promotionSids.sidHash} from ${promotionSids} where ${promotionSids.expiresAt} < now() limit 500)`,
  )
}

export async function liveSid(db: Executor, sidHash: string): Promise<PromotionSid | undefined> {
  const [row] = await db
    .select()
    .from(promotionSids)
    .where(and(eq(promotionSids.sidHash, sidHash), gt(promotionSids.expiresAt, sql`now()`)))
    .limit(1)
  return row
}

/** Gives a live sid a new captcha (the previous one is void); false when the sid is unknown or expired. */
export async function setCaptcha(db: Executor, sidHash: string, captchaHash: string, expiresAt: Date): Promise<boolean> {
  const rows = await db
    .update(promotionSids)
    .set({ captchaHash, captchaExpiresAt: expiresAt })
    .where(and(eq(promotionSids.sidHash, sidHash), gt(promotionSids.expiresAt, sql`now()`)))
    .returning({ sidHash: promotionSids.sidHash })
  return rows.length === 1
}

/**
 * Checks and uses the sid's live captcha in one statement: true when `captchaHash` is the live,
 * unexpired answer. Either way the captcha is void afterwards (single use; a wrong guess needs a
 * new image), and of two requests racing with one captcha at most one gets true.
 */
export async function takeCaptcha(db: Executor, sidHash: string, captchaHash: string): Promise<boolean> {
  const taken = await db
    .update(promotionSids)
    .set({ captchaHash: null, captchaExpiresAt: null })
    .where(
      and(
        eq(promotionSids.sidHash, sidHash),
        eq(promotionSids.captchaHash, captchaHash),
        gt(promotionSids.captchaExpiresAt, sql`now()`),
        gt(promotionSids.expiresAt, sql`now()`),
      ),
    )
    .returning({ sidHash: promotionSids.sidHash })
  if (taken.length === 1) return true
  await db.update(promotionSids).set({ captchaHash: null, captchaExpiresAt: null }).where(eq(promotionSids.sidHash, sidHash))
  return false
}

/** Remembers which captcha unlocked the code sent to `phone` (register checks it again). */
export async function markSent(db: Executor, sidHash: string, captchaHash: string | null, phone: string | null): Promise<void> {
  await db.update(promotionSids).set({ sentCaptchaHash: captchaHash, sentPhone: phone }).where(eq(promotionSids.sidHash, sidHash))
}

export async function isRegistered(db: Executor, phone: string): Promise<boolean> {
  const [row] = await db.select({ id: borrowers.id }).from(borrowers).where(eq(borrowers.phone, phone)).limit(1)
  return row !== undefined
}

/** Serialises sends to one number across processes for the rest of the transaction. */
export async function lockPhone(db: Executor, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`sms:${REGISTER_PURPOSE}:${phone}`}, 0))`)
}

export async function latestCode(db: Executor, phone: string): Promise<SmsCode | undefined> {
  const [row] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, REGISTER_PURPOSE)))
    .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
    .limit(1)
  return row
}

export async function countCodesSince(db: Executor, phone: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(smsCodes)
    .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, REGISTER_PURPOSE), gt(smsCodes.createdAt, since)))
  return row?.n ?? 0
}

export async function insertCode(db: Executor, values: { phone: string; codeHash: string; expiresAt: Date }): Promise<number> {
  const [row] = await db.insert(smsCodes).values({ ...values, purpose: REGISTER_PURPOSE }).returning({ id: smsCodes.id })
  if (!row) throw new Error('sms code insert returned no row')
  return row.id
}

export async function deleteCode(db: Executor, id: number): Promise<void> {
  await db.delete(smsCodes).where(eq(smsCodes.id, id))
}

/** Counts a wrong code; returns the attempts now recorded, or null when the code was already dead. */
export async function recordWrongAttempt(db: Executor, id: number, maxAttempts: number): Promise<number | null> {
  const [row] = await db
    .update(smsCodes)
    .set({ attempts: sql`${smsCodes.attempts} + 1` })
    .where(and(eq(smsCodes.id, id), lt(smsCodes.attempts, maxAttempts), isNull(smsCodes.consumedAt)))
    .returning({ attempts: smsCodes.attempts })
  return row?.attempts ?? null
}

/** Marks the code used; the conditions sit in the UPDATE, so of two racing registrations one wins. */
export async function consumeCode(db: Executor, id: number, maxAttempts: number): Promise<boolean> {
  const rows = await db
    .update(smsCodes)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(smsCodes.id, id), isNull(smsCodes.consumedAt), lt(smsCodes.attempts, maxAttempts), gt(smsCodes.expiresAt, sql`now()`)))
    .returning({ id: smsCodes.id })
  return rows.length === 1
}

/** The new borrower, or undefined when the number is taken (a race with another registration or a login). */
export async function insertBorrower(db: Executor, values: { phone: string; market: Market; locale: Locale }): Promise<number | undefined> {
  const [row] = await db.insert(borrowers).values(values).onConflictDoNothing({ target: borrowers.phone }).returning({ id: borrowers.id })
  return row?.id
}

/** Demo mode: the last registration message the outbox holds for a number. */
export async function lastRegistrationSms(db: Executor, phone: string): Promise<{ body: string; createdAt: Date } | undefined> {
  const [row] = await db
    .select({ body: smsOutbox.body, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.toPhone, phone), eq(smsOutbox.purpose, REGISTER_PURPOSE)))
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(1)
  return row
}
