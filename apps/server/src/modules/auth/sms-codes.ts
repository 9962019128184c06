import { SmsRefused } from '../../adapters/sms/sms-sender.js'
import { createHash, randomInt, timingSafeEqual } from 'node:crypto'
import { normalizeMobile, type Market } from '@kilat/domain'
import type { SmsSender } from '../../adapters/sms/sms-sender.js'
import type { Db, Executor } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import * as repo from './auth.repo.js'

/**
 * SMS codes of every purpose (the login's and the registration's), in one place
 * (docs/product/shell-and-sessions.md#sms-codes): a code from a secure random source, stored
 * hashed with its number and purpose, one send per resend gap per number under a lock, checked in
 * constant time, dead after the allowed wrong tries, used once.
 */

/** Codes are stored hashed with their number, so a leaked row does not reveal a live code. */
export function hashCode(phone: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${purpose}:${phone}:${code}`, 'utf8').digest('hex')
}

/** Equal hex digests, compared in constant time. */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex')
  const y = Buffer.from(b, 'hex')
  return x.length === y.length && timingSafeEqual(x, y)
}

/** The number in its international form, if it is a mobile number of the market; else phoneInvalid. */
export function phoneOf(input: string, market: Market): string {
  const phone = normalizeMobile(input, market)
  if (!phone) throw new AppError('phoneInvalid')
  return phone
}

export interface CodeSend {
  phone: string
  purpose: string
  length: number
  ttlSeconds: number
  /** No new code for the number within this gap: smsTooFrequent. */
  resendSeconds: number
  /**
   * The purpose's own limits, checked under the number's lock in the send's transaction, so that a
   * refused send counts nothing; `sentSince` counts the number's codes of the purpose. Throws to refuse.
   */
  limits?: (tx: Executor, sentSince: (since: Date) => Promise<number>) => Promise<void>
  /** Written in the same transaction once the code is stored. */
  stored?: (tx: Executor) => Promise<void>
  /** The SMS's text for the code, in the reader's language. */
  text: (code: string) => string
}

/**
 * Stores a new code and sends it. The gateway call stays outside the transaction (a slow provider
 * must not hold the lock); when it fails the code is removed, so no code exists that nobody received.
 */
export async function sendCode(deps: { db: Db; sms: SmsSender }, send: CodeSend): Promise<void> {
  const { phone, purpose } = send
  const code = String(randomInt(0, 10 ** send.length)).padStart(send.length, '0')
  const codeId = await deps.db.transaction(async (tx) => {
    // Two sends racing for one number would both pass the checks below without this lock.
    await repo.lockPhone(tx, phone, purpose)
    const now = Date.now()
    const last = await repo.latestCode(tx, phone, purpose)
    if (last && now - last.createdAt.getTime() < send.resendSeconds * 1000) throw new AppError('smsTooFrequent')
    await send.limits?.(tx, (since) => repo.countCodesSince(tx, phone, purpose, since))
    const id = await repo.insertCode(tx, { phone, purpose, codeHash: hashCode(phone, purpose, code), expiresAt: new Date(now + send.ttlSeconds * 1000) })
    await send.stored?.(tx)
    return id
  })
  try {
    await deps.sms.send({ to: phone, text: send.text(code), purpose })
  } catch (error) {
    await repo.deleteCode(deps.db, codeId)
    // the provider's definite refusal, in our words; anything else (a timeout, a 5xx) is "try again later"
    if (error instanceof SmsRefused) throw new AppError(error.reason === 'invalid-number' ? 'phoneInvalid' : 'smsUndeliverable', { cause: error })
    throw new AppError('unavailable', { cause: error })
  }
}

/**
 * Checks a code against the number's latest of the purpose; answers the code's id to `useCode`.
 * A used code reads as expired (the way out is the same: ask for a new one); a wrong one counts a
 * try, and the last allowed wrong try kills it. Anything but `length` digits can never match, so it
 * is refused without using a try.
 */
export async function checkCode(db: Db, input: { phone: string; purpose: string; code: string; length: number; maxTries: number }): Promise<number> {
  const row = await repo.latestCode(db, input.phone, input.purpose)
  if (!row) throw new AppError('smsCodeInvalid')
  if (row.consumedAt) throw new AppError('smsCodeExpired')
  if (row.attempts >= input.maxTries) throw new AppError('smsCodeTooManyTries')
  if (row.expiresAt.getTime() <= Date.now()) throw new AppError('smsCodeExpired')
  const code = input.code.trim()
  if (!new RegExp(`^\\d{${input.length}}$`).test(code)) throw new AppError('smsCodeInvalid')
  if (!sameHash(row.codeHash, hashCode(input.phone, input.purpose, code))) {
    const attempts = await repo.recordWrongAttempt(db, row.id, input.maxTries)
    if (attempts === null || attempts >= input.maxTries) throw new AppError('smsCodeTooManyTries')
    throw new AppError('smsCodeInvalid')
  }
  return row.id
}

/** Marks a checked code used, in the caller's transaction; of two racing uses exactly one gets it. */
export async function useCode(tx: Executor, id: number, maxTries: number): Promise<void> {
  if (!(await repo.consumeCode(tx, id, maxTries))) throw new AppError('smsCodeExpired')
}
