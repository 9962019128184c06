import { LOCALES, MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { defineCall } from './call.js'
import { ID_MAX } from './screens.js'
import { STORABLE_TEXT } from './text.js'

/**
 * Promotion registration (docs/product/registration.md). The channel template answers in the
 * `code00` envelope, every other call in `code0`. All of them are public: no session.
 *
 * The phone's market is the request's (the shared `market` and `isNeedPop` parameters, as for every
 * call); a landing page sends the `market` of its template.
 */

/** Limits of the registration form and its codes (docs/product/registration.md#limits). */
export const REGISTRATION_LIMITS = {
  captchaLength: 4,
  smsCodeLength: 6,
  /** The 'get code' countdown; a second send to one number within it is refused. */
  resendSeconds: 60,
  captchaTtlSeconds: 300,
  smsCodeTtlSeconds: 300,
  smsCodeMaxTries: 5,
} as const

const templateId = z.coerce.number().int().positive().max(ID_MAX)
const tag = z.string().trim().max(64).regex(STORABLE_TEXT).optional()
const sid = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/)
const phone = z.string().trim().min(1).max(32).regex(STORABLE_TEXT)
const capcode = z.string().trim().max(REGISTRATION_LIMITS.captchaLength)
const smsCode = z.string().trim().max(REGISTRATION_LIMITS.smsCodeLength)

/** A channel template: the copy and images of one promotion landing page, in the request's language. */
export const channelTemplateSchema = z.object({
  id: z.number().int(),
  /** The market whose phone numbers the page takes; the page sends it as `market` on its calls. */
  market: z.enum(MARKETS),
  /** The language of the copy below (the `lang` parameter, else the market's language). */
  lang: z.enum(LOCALES),
  appName: z.string(),
  title: z.string(),
  subtitle: z.string(),
  /** Two to four selling points. */
  highlights: z.array(z.object({ title: z.string(), text: z.string() })),
  buttonText: z.string(),
  /** "By registering you agree to" ... followed by the link text to #/agreementTemplate. */
  agreementText: z.string(),
  agreementLinkText: z.string(),
  /** Risk warning shown under the form (Indonesia requires one on lenders' pages). */
  riskNote: z.string(),
  /** Same-origin image addresses (SVG). */
  bannerUrl: z.string(),
  bannerAlt: z.string(),
  logoUrl: z.string(),
  /** #rrggbb */
  themeColor: z.string(),
  /** Store links for the download page. */
  downloadLinks: z.object({ android: z.string(), ios: z.string() }),
})
export type ChannelTemplate = z.infer<typeof channelTemplateSchema>

/** An unknown or inactive id answers `templateNotFound` (HTTP 404, code '5001'). */
export const channelTemplate = defineCall({
  method: 'GET',
  path: '/api/v2/lender/service/channel/channel-template',
  family: 'code00',
  auth: 'none',
  query: z.object({ templateId }),
  data: channelTemplateSchema,
})

const trackQuery = z.object({
  page_id: tag,
  user_from: tag,
  client_type: tag,
  page_type: tag,
  utm_tag: tag,
  app_from: tag,
})

/** Stored as an event; always answers `{code: 0, data: null}` for valid input. */
export const trackVisit = defineCall({
  method: 'GET',
  path: '/api/v2/lender/promotion/track-visit',
  family: 'code0',
  auth: 'none',
  query: trackQuery,
})

/** As track-visit; the phone, when sent, is stored masked only. */
export const trackClick = defineCall({
  method: 'GET',
  path: '/api/v2/lender/promotion/track-click',
  family: 'code0',
  auth: 'none',
  query: trackQuery.extend({ phone: z.string().trim().max(32).regex(STORABLE_TEXT).optional() }),
})

/**
 * A new registration session id; it lives 30 minutes. The landing page passes its `page_id` and
 * `utm_tag`: the session carries them to its SMS and registration (the registration funnel).
 */
export const getSid = defineCall({
  method: 'GET',
  path: '/api/v2/lender/promotion/get-sid',
  family: 'code0',
  auth: 'none',
  query: z.object({ page_id: tag, utm_tag: tag }),
  data: z.object({ sid: z.string() }),
})

/**
 * Answers an image (`image/png`, 160 × 60, not an envelope): `<img src="/api/v2/lender/promotion/get-captcha?sid={sid}&a={timestamp}">`.
 * Each request draws a new 4-character captcha for the sid and voids the previous one; it lives
 * 5 minutes. An unknown or expired sid answers the JSON envelope `sidExpired` (HTTP 400, code
 * 2007): call get-sid again.
 */
export const getCaptcha = defineCall({
  method: 'GET',
  path: '/api/v2/lender/promotion/get-captcha',
  family: 'code0',
  auth: 'none',
  query: z.object({ sid, a: z.string().trim().max(32).optional() }),
})

/** Fields both get-sms and register send besides phone, capcode and sid. */
const appFields = {
  deviceId: z.string().trim().max(128).regex(STORABLE_TEXT).optional(),
  appName: z.string().trim().max(64).regex(STORABLE_TEXT).optional(),
  app_from: tag,
  user_from: tag,
  utm_tag: tag,
}

/**
 * Sends the registration code by SMS. The captcha must be right every time: a wrong, expired or
 * already used one answers 101 `captchaWrong` and the page shows a new captcha. A captcha unlocks
 * one send. Errors: 2001 phoneInvalid, 101 captchaWrong, 2005 smsTooFrequent (within 60 s of the
 * last send: 'do not send the code repeatedly'), 2006 smsQuotaReached (5 an hour or 10 a day to one
 * number, 20 an hour from one address, or the daily ceiling of the number's range), 11
 * alreadyRegistered, 2007 sidExpired.
 */
export const getSms = defineCall({
  method: 'POST',
  path: '/api/v2/lender/promotion/get-sms',
  family: 'code0',
  auth: 'none',
  body: z.object({ phone, capcode, sid, ...appFields }),
  /** Seconds before another code may be asked for (60). */
  data: z.object({ resendSeconds: z.number().int() }),
})

/**
 * Creates the borrower. `capcode` must be the captcha that unlocked the send for this `sid`, or a
 * new live captcha of the sid (after a -1 the page shows a new image and the same SMS code may be
 * sent again with the new captcha); else -1 `registerCaptchaWrong`. Errors: 2001 phoneInvalid, -1 registerCaptchaWrong, 2002
 * smsCodeInvalid, 2003 smsCodeExpired (also a used code), 2004 smsCodeTooManyTries (5 wrong
 * tries void the code), 11 alreadyRegistered (go to the download page), 2007 sidExpired.
 */
export const register = defineCall({
  method: 'POST',
  path: '/api/v2/lender/promotion/register',
  family: 'code0',
  auth: 'none',
  body: z.object({
    phone,
    capcode,
    sid,
    smsCode,
    ...appFields,
    merchantNumber: z.string().trim().max(32).regex(STORABLE_TEXT).optional(),
    /** The phone again, as the app sends it; not used. */
    userName: z.string().trim().max(32).regex(STORABLE_TEXT).optional(),
    invite_code: tag,
    /** The channel template id of the landing page. */
    id: z.union([templateId, z.literal('')]).optional(),
  }),
  data: z.object({
    /** The number registered, masked. */
    phone: z.string(),
  }),
})

/**
 * Demo mode only: the last registration code the SMS outbox sent to a number (the login codes'
 * twin is demoLastSms), so browser tests can register without a phone. `phone` in the request's market.
 */
export const demoLastRegistrationSms = defineCall({
  method: 'GET',
  path: '/h5-api/v3/demo/last-registration-sms',
  family: 'code0',
  auth: 'none',
  query: z.object({ phone }),
  data: z.object({ code: z.string().nullable(), sentAt: z.string().nullable() }),
})

/**
 * Demo mode only: the answer of the captcha last drawn for a sid, so that the browser tests can
 * register as a person reading the image would (docs/product/registration.md#demo-mode).
 */
export const demoLastCaptcha = defineCall({
  method: 'GET',
  path: '/h5-api/v3/demo/last-captcha',
  family: 'code0',
  auth: 'none',
  query: z.object({ sid }),
  data: z.object({ answer: z.string().nullable() }),
})

export const registrationCalls = {
  channelTemplate,
  trackVisit,
  trackClick,
  getSid,
  getCaptcha,
  getSms,
  register,
  demoLastRegistrationSms,
}
