import { maskPhone, type Locale, type Market } from '@kilat/domain'
import type { SmsSender } from '../../adapters/sms/sms-sender.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import { createSession } from './session-store.js'
import { hitRateLimit } from '../../http/throttle.js'
import { count, textsFor } from '../../i18n/index.js'
import * as repo from './auth.repo.js'
import { checkCode, phoneOf, sendCode, useCode } from './sms-codes.js'

// The SMS codes' one home, for the modules that send codes of their own purpose (registration).
export { checkCode, hashCode, phoneOf, sameHash, sendCode, useCode, type CodeSend } from './sms-codes.js'

export const LOGIN_PURPOSE = 'login'
export const CODE_LENGTH = 6
/** docs/product/shell-and-sessions.md#sms-codes: the resend countdown is 60 s; the server enforces the same gap. */
export const RESEND_SECONDS = 60
/** A code dies after this many wrong tries, so six digits cannot be guessed online. */
export const MAX_ATTEMPTS = 5
export const DAILY_SENDS_PER_PHONE = 10
/** Keeps one address from spraying codes at many numbers (SMS costs money and annoys people). */
export const HOURLY_SENDS_PER_IP = 100

export interface AuthDeps {
  db: Db
  sms: SmsSender
  config: Pick<Config, 'SMS_CODE_TTL_SECONDS' | 'SESSION_TTL_DAYS'>
}

export interface Caller {
  market: Market
  locale: Locale
  ip: string
}

/** The login SMS in the borrower's language, with the code's life in whole minutes. */
export function loginCodeText(code: string, locale: Locale, ttlSeconds: number): string {
  return textsFor(locale).sms.loginCode(code, count(locale, Math.max(1, Math.ceil(ttlSeconds / 60)), 'minutes'))
}

export async function sendLoginCode(deps: AuthDeps, caller: Caller, input: string): Promise<{ resendSeconds: number }> {
  const phone = phoneOf(input, caller.market)
  if (!(await hitRateLimit(deps.db, `sms-ip:${caller.ip}`, 3600, HOURLY_SENDS_PER_IP))) {
    throw new AppError('tooManyRequests')
  }
  await sendCode(deps, {
    phone,
    purpose: LOGIN_PURPOSE,
    length: CODE_LENGTH,
    ttlSeconds: deps.config.SMS_CODE_TTL_SECONDS,
    resendSeconds: RESEND_SECONDS,
    limits: async (_tx, sentSince) => {
      if ((await sentSince(new Date(Date.now() - 86_400_000))) >= DAILY_SENDS_PER_PHONE) throw new AppError('tooManyRequests')
    },
    text: (code) => loginCodeText(code, caller.locale, deps.config.SMS_CODE_TTL_SECONDS),
  })
  return { resendSeconds: RESEND_SECONDS }
}

export interface LoginResult {
  token: string
  expiresAt: Date
  phone: string
}

export async function loginWithCode(deps: AuthDeps, caller: Caller, input: { phone: string; code: string }): Promise<LoginResult> {
  const phone = phoneOf(input.phone, caller.market)
  const codeId = await checkCode(deps.db, { phone, purpose: LOGIN_PURPOSE, code: input.code, length: CODE_LENGTH, maxTries: MAX_ATTEMPTS })
  return deps.db.transaction(async (tx) => {
    await useCode(tx, codeId, MAX_ATTEMPTS)
    const borrower = await repo.findOrCreateBorrower(tx, { phone, market: caller.market, locale: caller.locale })
    const session = await createSession(tx, borrower.id, { ttlDays: deps.config.SESSION_TTL_DAYS })
    return { token: session.token, expiresAt: session.expiresAt, phone: maskPhone(phone) }
  })
}

export type { Borrower } from './auth.schema.js'
export { borrowerForStaff, borrowerLocale, insertBorrower, isPhoneRegistered } from './auth.repo.js'
/** The sessions' storage, for http/'s request context (app.ts) and the sign-out. */
export { createSession, deleteSession, sessionStore } from './session-store.js'
/** Pieces of another area's statement that joins the borrower its rows point at (the ops console's order lists). */
export { borrowerJoin, borrowerPhone, phonesOf } from './borrower-join.js'
