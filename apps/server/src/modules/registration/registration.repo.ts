import { and, eq, gt, sql } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { prepared } from '../../db/prepared.js'
import { latestOutboxMessage } from '../../adapters/sms/outbox-sms-sender.js'
import { channelTemplates, promotionEvents, promotionSids, type ChannelTemplate, type PromotionEventKind, type PromotionSid } from './registration.schema.js'

/** Registration codes share `sms_codes` with the login codes, under their own purpose. */
export const REGISTER_PURPOSE = 'register'

// Every landing page's first call: prepared, like the other hot reads (docs/decisions/0008-api-performance.md).
const activeTemplateStatement = prepared((db) =>
  db
    .select()
    .from(channelTemplates)
    .where(and(eq(channelTemplates.id, sql.placeholder('id')), eq(channelTemplates.status, 'active')))
    .limit(1)
    .prepare('active_channel_template'),
)

/** The market's first active landing page, by id: the one `/register` without an id opens. */
export async function defaultTemplateId(db: Executor, market: Market): Promise<number | undefined> {
  const [row] = await db
    .select({ id: channelTemplates.id })
    .from(channelTemplates)
    .where(and(eq(channelTemplates.market, market), eq(channelTemplates.status, 'active')))
    .orderBy(channelTemplates.id)
    .limit(1)
  return row?.id
}

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

/** The demo's copy of a live sid's last captcha answer (setCaptcha), if any. */
export async function demoCaptchaAnswer(db: Executor, sidHash: string): Promise<string | null | undefined> {
  const [row] = await db
    .select({ answer: promotionSids.demoCaptchaAnswer })
    .from(promotionSids)
    .where(and(eq(promotionSids.sidHash, sidHash), gt(promotionSids.expiresAt, sql`now()`)))
    .limit(1)
  return row?.answer
}

/**
 * Gives a live sid a new captcha (the previous one is void); false when the sid is unknown or
 * expired. `demoAnswer` is the answer itself, given in demo mode only (null otherwise).
 */
export async function setCaptcha(db: Executor, sidHash: string, captchaHash: string, expiresAt: Date, demoAnswer: string | null): Promise<boolean> {
  const rows = await db
    .update(promotionSids)
    .set({ captchaHash, captchaExpiresAt: expiresAt, demoCaptchaAnswer: demoAnswer })
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

// The borrowers' table is auth's: a registration asks it whether a number is taken and adds the borrower.
export { insertBorrower, isPhoneRegistered as isRegistered } from '../auth/auth.service.js'

/** Demo mode: the last registration message the outbox holds for a number. */
export async function lastRegistrationSms(db: Executor, phone: string): Promise<{ body: string; createdAt: Date } | undefined> {
  return latestOutboxMessage(db, phone, REGISTER_PURPOSE)
}
