import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { maskPhone, normalizeMobile, type Locale, type Market } from '@kilat/domain'
import type { SmsSender } from '../../adapters/sms/sms-sender.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import { createSession } from '../../http/sessions.js'
import { hitRateLimit } from '../../http/throttle.js'
import { count, textsFor } from '../../i18n/index.js'
import * as repo from './auth.repo.js'

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

/** Codes are stored hashed with their number, so a leaked row does not reveal a live code. */
export function hashCode(phone: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${purpose}:${phone}:${code}`, 'utf8').digest('hex')
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

export function phoneOf(input: string, market: Market): string {
  const phone = normalizeMobile(input, market)
  if (!phone) throw new AppError('phoneInvalid')
  return phone
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
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0')
  const codeId = await deps.db.transaction(async (tx) => {
    // Two sends racing for one number would both pass the checks below without this lock.
    await repo.lockPhone(tx, phone, LOGIN_PURPOSE)
    const last = await repo.latestCode(tx, phone, LOGIN_PURPOSE)
    if (last && Date.now() - last.createdAt.getTime() < RESEND_SECONDS * 1000) throw new AppError('smsTooFrequent')
    const sentToday = await repo.countCodesSince(tx, phone, LOGIN_PURPOSE, new Date(Date.now() - 86_400_000))
    if (sentToday >= DAILY_SENDS_PER_PHONE) throw new AppError('tooManyRequests')
    return repo.insertCode(tx, {
      phone,
      purpose: LOGIN_PURPOSE,
      codeHash: hashCode(phone, LOGIN_PURPOSE, code),
      expiresAt: new Date(Date.now() + deps.config.SMS_CODE_TTL_SECONDS * 1000),
    })
  })
  // The gateway call stays outside the transaction (a slow provider must not hold the lock);
  // when it fails the code is removed, so no code exists that nobody received.
  try {
    await deps.sms.send({ to: phone, text: loginCodeText(code, caller.locale, deps.config.SMS_CODE_TTL_SECONDS), purpose: LOGIN_PURPOSE })
  } catch (error) {
    await repo.deleteCode(deps.db, codeId)
    throw new AppError('unavailable', { cause: error })
  }
  return { resendSeconds: RESEND_SECONDS }
}

export interface LoginResult {
  token: string
  expiresAt: Date
  phone: string
}

export async function loginWithCode(deps: AuthDeps, caller: Caller, input: { phone: string; code: string }): Promise<LoginResult> {
  const phone = phoneOf(input.phone, caller.market)
  const row = await repo.latestCode(deps.db, phone, LOGIN_PURPOSE)
  if (!row) throw new AppError('smsCodeInvalid')
  // A used code reads as expired: the borrower's way out is the same, ask for a new one.
  if (row.consumedAt) throw new AppError('smsCodeExpired')
  if (row.attempts >= MAX_ATTEMPTS) throw new AppError('smsCodeTooManyTries')
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('smsCodeExpired')
  const code = input.code.trim()
  if (!sameHash(row.codeHash, hashCode(phone, LOGIN_PURPOSE, code))) {
    const attempts = await repo.recordWrongAttempt(deps.db, row.id, MAX_ATTEMPTS)
    if (attempts === null || attempts >= MAX_ATTEMPTS) throw new AppError('smsCodeTooManyTries')
    throw new AppError('smsCodeInvalid')
  }
  return deps.db.transaction(async (tx) => {
    if (!(await repo.consumeCode(tx, row.id, MAX_ATTEMPTS))) throw new AppError('smsCodeExpired')
    const borrower = await repo.findOrCreateBorrower(tx, { phone, market: caller.market, locale: caller.locale })
    const session = await createSession(tx, borrower.id, { ttlDays: deps.config.SESSION_TTL_DAYS })
    return { token: session.token, expiresAt: session.expiresAt, phone: maskPhone(phone) }
  })
}
