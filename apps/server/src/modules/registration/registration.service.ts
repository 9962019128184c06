import { createHash, randomBytes, randomInt } from 'node:crypto'
import { REGISTRATION_LIMITS, type ChannelTemplate } from '@kilat/contract'
import { maskPhone, normalizeCaptchaAnswer, normalizeMobile, numberRange, type Locale, type Market } from '@kilat/domain'
import type { SmsSender } from '../../adapters/sms/sms-sender.js'
import type { Config } from '../../config.js'
import type { Db } from '../../db/client.js'
import { AppError } from '../../http/errors.js'
import { hitRateLimit } from '../../http/throttle.js'
import { count, textsFor } from '../../i18n/index.js'
import { checkCode, phoneOf, sameHash, sendCode, useCode } from '../auth/auth.service.js'
import { captchaPng, newCaptchaAnswer } from './captcha.js'
import * as funnel from './funnel.js'
import * as repo from './registration.repo.js'

/** docs/product/registration.md#limits */
export const SID_TTL_SECONDS = 30 * 60
export const SENDS_PER_HOUR_PER_PHONE = 5
export const SENDS_PER_DAY_PER_PHONE = 10
export const SENDS_PER_HOUR_PER_ADDRESS = 20
/** Visits and clicks stored per address and hour; more are answered but not stored. */
export const TRACKS_PER_HOUR_PER_ADDRESS = 600

const HOUR_MS = 3_600_000
const DAY_MS = 86_400_000

export interface RegistrationDeps {
  db: Db
  sms: SmsSender
  config: Pick<Config, 'REGISTRATION_SMS_RANGE_DAILY'>
}

export interface Caller {
  market: Market
  locale: Locale
  ip: string
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

/** Only the SHA-256 of a sid is stored, so a database leak gives no live registration session. */
export const hashSid = (sid: string) => sha256(`sid:${sid}`)

/** A captcha answer is stored hashed with its sid: the same answer on two sids hashes differently. */
export const hashCaptcha = (sidHash: string, answer: string) => sha256(`captcha:${sidHash}:${normalizeCaptchaAnswer(answer)}`)

/** The landing page `/register` opens without an id: the market's first active one (docs/product/registration.md#channel-templates). */
export const defaultTemplateId = repo.defaultTemplateId

/** The channel template in the caller's language (docs/product/registration.md#channel-templates). */
export async function templateOf(db: Db, id: number, locale: Locale): Promise<ChannelTemplate> {
  const row = await repo.activeTemplate(db, id)
  if (!row) throw new AppError('templateNotFound')
  const copy = row.copy[locale]
  return {
    id: row.id,
    market: row.market,
    lang: locale,
    appName: row.appName,
    title: copy.title,
    subtitle: copy.subtitle,
    highlights: copy.highlights,
    buttonText: copy.buttonText,
    agreementText: copy.agreementText,
    agreementLinkText: copy.agreementLinkText,
    riskNote: copy.riskNote,
    bannerUrl: row.bannerUrl,
    bannerAlt: copy.bannerAlt,
    logoUrl: row.logoUrl,
    themeColor: row.themeColor,
    downloadLinks: { android: row.androidUrl, ios: row.iosUrl },
  }
}

export interface TrackInput {
  page_id?: string | undefined
  page_type?: string | undefined
  user_from?: string | undefined
  client_type?: string | undefined
  utm_tag?: string | undefined
  app_from?: string | undefined
  phone?: string | undefined
}

/** Stores a visit or a click (docs/product/registration.md#tracking); the phone masked, and only a valid one. */
export async function track(db: Db, caller: Caller, kind: 'visit' | 'click', input: TrackInput): Promise<null> {
  // A flood from one address is answered as usual but not stored.
  if (!(await hitRateLimit(db, `promo-track-ip:${caller.ip}`, 3600, TRACKS_PER_HOUR_PER_ADDRESS))) return null
  const phone = input.phone ? normalizeMobile(input.phone, caller.market) : null
  await db.transaction(async (tx) => {
    await repo.insertEvent(tx, kind, {
    pageId: input.page_id,
    pageType: input.page_type,
    userFrom: input.user_from,
    clientType: input.client_type,
    utmTag: input.utm_tag,
    appFrom: input.app_from,
    phoneMasked: phone ? maskPhone(phone) : null,
    })
    // docs/product/registration-funnel.md#steps: a stored visit is the funnel's first step
    if (kind === 'visit') await funnel.countVisit(tx, caller.market, input.page_id, input.utm_tag, new Date())
  })
  return null
}

/**
 * A new registration session: 128 random bits, URL-safe. It carries the landing page and utm_tag
 * of its visit to its SMS and registration (docs/product/registration-funnel.md#steps).
 */
export async function newSid(db: Db, caller?: Pick<Caller, 'market'>, source: { page_id?: string | undefined; utm_tag?: string | undefined } = {}): Promise<{ sid: string }> {
  const sid = randomBytes(16).toString('base64url')
  await repo.insertSid(db, hashSid(sid), new Date(Date.now() + SID_TTL_SECONDS * 1000))
  if (caller) await funnel.rememberSource(db, caller.market, hashSid(sid), source.page_id, source.utm_tag)
  // Expired sessions are cleared now and then by whoever makes new ones (no job needed).
  if (randomInt(0, 50) === 0) await repo.deleteExpiredSids(db)
  return { sid }
}

/**
 * A new captcha for the sid, replacing the previous one; the PNG to show. The database holds the
 * answer's hash, and with `demo` the answer itself too, for the demo's reader (lastCaptchaAnswer):
 * any server process answers it, whichever drew the captcha.
 */
export async function newCaptcha(db: Db, sid: string, options: { demo: boolean }): Promise<Buffer> {
  const sidHash = hashSid(sid)
  const answer = newCaptchaAnswer(REGISTRATION_LIMITS.captchaLength)
  const expiresAt = new Date(Date.now() + REGISTRATION_LIMITS.captchaTtlSeconds * 1000)
  if (!(await repo.setCaptcha(db, sidHash, hashCaptcha(sidHash, answer), expiresAt, options.demo ? answer : null))) throw new AppError('sidExpired')
  return captchaPng(answer)
}

/**
 * Demo mode only (the route exists only there, and only demo mode writes the answer): the answer
 * of the captcha last drawn for a live sid, as a person reading it would type it
 * (docs/product/registration.md#demo-mode); null when there is none.
 */
export async function lastCaptchaAnswer(db: Db, sid: string): Promise<{ answer: string | null }> {
  return { answer: (await repo.demoCaptchaAnswer(db, hashSid(sid))) ?? null }
}

async function liveSidHash(db: Db, sid: string) {
  const sidHash = hashSid(sid)
  const row = await repo.liveSid(db, sidHash)
  if (!row) throw new AppError('sidExpired')
  return { sidHash, row }
}

/** The registration SMS in the caller's language, with the code's life in whole minutes. */
export function registerCodeText(code: string, locale: Locale): string {
  return textsFor(locale).sms.registerCode(code, count(locale, REGISTRATION_LIMITS.smsCodeTtlSeconds / 60, 'minutes'))
}

/**
 * get-sms (docs/product/registration.md#get-sms): a right captcha every time, then the limits, then
 * a new code through the SMS adapter.
 */
export async function sendRegistrationCode(
  deps: RegistrationDeps,
  caller: Caller,
  input: { phone: string; capcode: string; sid: string; utm_tag?: string | undefined },
): Promise<{ resendSeconds: number }> {
  // A mistyped number does not cost the captcha.
  const phone = phoneOf(input.phone, caller.market)
  const { sidHash, row: sid } = await liveSidHash(deps.db, input.sid)
  const captchaHash = hashCaptcha(sidHash, input.capcode)
  if (!(await repo.takeCaptcha(deps.db, sidHash, captchaHash))) throw new AppError('captchaWrong')
  if (await repo.isRegistered(deps.db, phone)) throw new AppError('alreadyRegistered')

  await sendCode(deps, {
    phone,
    purpose: repo.REGISTER_PURPOSE,
    length: REGISTRATION_LIMITS.smsCodeLength,
    ttlSeconds: REGISTRATION_LIMITS.smsCodeTtlSeconds,
    resendSeconds: REGISTRATION_LIMITS.resendSeconds,
    limits: async (tx, sentSince) => {
      const now = Date.now()
      if ((await sentSince(new Date(now - HOUR_MS))) >= SENDS_PER_HOUR_PER_PHONE) throw new AppError('smsQuotaReached')
      if ((await sentSince(new Date(now - DAY_MS))) >= SENDS_PER_DAY_PER_PHONE) throw new AppError('smsQuotaReached')
      // Counted inside the transaction: a send refused here or below does not use the budget up.
      if (!(await hitRateLimit(tx, `reg-sms-ip:${caller.ip}`, 3600, SENDS_PER_HOUR_PER_ADDRESS))) throw new AppError('smsQuotaReached')
      // SMS pumping: many numbers of one range in a day (docs/product/registration.md#limits).
      if (!(await hitRateLimit(tx, `reg-sms-range:${numberRange(phone)}`, 86_400, deps.config.REGISTRATION_SMS_RANGE_DAILY))) {
        throw new AppError('smsQuotaReached')
      }
    },
    stored: async (tx) => {
      await repo.markSent(tx, sidHash, captchaHash, phone)
      await funnel.countSmsSent(tx, caller.market, sidHash, sid, input.utm_tag, new Date())
    },
    text: (code) => registerCodeText(code, caller.locale),
  })
  return { resendSeconds: REGISTRATION_LIMITS.resendSeconds }
}

export interface RegisterInput {
  phone: string
  capcode: string
  sid: string
  smsCode: string
  user_from?: string | undefined
  app_from?: string | undefined
  utm_tag?: string | undefined
  id?: number | '' | undefined
}

/**
 * register (docs/product/registration.md#register): the captcha of the send (or a new one), then
 * the code, then the borrower, the used code and the registration event in one transaction.
 */
export async function registerBorrower(deps: RegistrationDeps, caller: Caller, input: RegisterInput): Promise<{ phone: string }> {
  const phone = phoneOf(input.phone, caller.market)
  const { sidHash, row: sid } = await liveSidHash(deps.db, input.sid)
  const captchaHash = hashCaptcha(sidHash, input.capcode)
  const sameAsSend = sid.sentCaptchaHash !== null && sid.sentPhone === phone && sameHash(sid.sentCaptchaHash, captchaHash)
  if (!sameAsSend && !(await repo.takeCaptcha(deps.db, sidHash, captchaHash))) throw new AppError('registerCaptchaWrong')
  if (await repo.isRegistered(deps.db, phone)) throw new AppError('alreadyRegistered')

  const codeId = await checkCode(deps.db, {
    phone,
    purpose: repo.REGISTER_PURPOSE,
    code: input.smsCode,
    length: REGISTRATION_LIMITS.smsCodeLength,
    maxTries: REGISTRATION_LIMITS.smsCodeMaxTries,
  })
  await deps.db.transaction(async (tx) => {
    await useCode(tx, codeId, REGISTRATION_LIMITS.smsCodeMaxTries)
    const borrowerId = await repo.insertBorrower(tx, { phone, market: caller.market, locale: caller.locale })
    if (borrowerId === undefined) throw new AppError('alreadyRegistered')
    await repo.markSent(tx, sidHash, null, null)
    await repo.insertEvent(tx, 'register', {
      pageId: input.id === undefined || input.id === '' ? undefined : String(input.id),
      userFrom: input.user_from,
      utmTag: input.utm_tag,
      appFrom: input.app_from,
      phoneMasked: maskPhone(phone),
      borrowerId,
    })
    await funnel.countRegistration(tx, { id: borrowerId, market: caller.market }, sid, { pageId: input.id, utmTag: input.utm_tag }, new Date())
  })
  return { phone: maskPhone(phone) }
}

/** Demo mode: the code of the last registration SMS the outbox holds for a number. */
export async function lastRegistrationCode(db: Db, market: Market, input: string): Promise<{ code: string | null; sentAt: string | null }> {
  const phone = phoneOf(input, market)
  const message = await repo.lastRegistrationSms(db, phone)
  return {
    code: message?.body.match(/\b(\d{6})\b/)?.[1] ?? null,
    sentAt: message ? message.createdAt.toISOString() : null,
  }
}

export type { NewChannelTemplate, TemplateCopy } from './registration.schema.js'
