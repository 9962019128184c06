import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { Db } from '../../db/client.js'
import { promotionSids } from './registration.schema.js'
import { hashCaptcha, hashSid } from './registration.service.js'

/**
 * The answer of the captcha last drawn for a sid, as the tests' server (demo mode) stored it beside
 * its hash; checked against that hash, so that it is the answer the server will accept and not only
 * what the demo's reader would say.
 */
export async function drawnCaptcha(db: Db, sid: string): Promise<string> {
  const sidHash = hashSid(sid)
  const [row] = await db.select({ answer: promotionSids.demoCaptchaAnswer, hash: promotionSids.captchaHash }).from(promotionSids).where(eq(promotionSids.sidHash, sidHash))
  expect(row?.answer, `a drawn captcha for ${sid}`).toBeTruthy()
  expect(hashCaptcha(sidHash, row!.answer!)).toBe(row!.hash)
  return row!.answer!
}
