import { LOCALES, MARKETS } from '@kilat/domain'
import { z } from 'zod'
import { STORABLE_TEXT } from './text.js'
import { STAFF_ROLES, defineOpsCall } from './ops.js'

/**
 * The operations console's staff calls (docs/product/operations.md): sign-in, the staff accounts
 * and the audit trail.
 */
/** docs/product/operations.md#sign-in */
export const STAFF_LIMITS = {
  passwordMin: 12,
  passwordMax: 128,
  emailMax: 254,
  /** Wrong passwords or codes in a row that lock an account. */
  attemptsBeforeLock: 5,
  lockMinutes: 15,
  idleMinutes: 30,
  absoluteHours: 12,
  /** Between the password and the code. */
  codeStepMinutes: 5,
  enrolmentHours: 72,
} as const

const email = z.string().trim().toLowerCase().min(3).max(STAFF_LIMITS.emailMax).pipe(z.email())
const password = z.string().min(STAFF_LIMITS.passwordMin).max(STAFF_LIMITS.passwordMax)
/** Six digits; spaces people type between the groups are dropped. */
const totpCode = z
  .string()
  .max(16)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/))
/** The enrolment link's token: 43 URL-safe characters. */
const enrolmentToken = z.string().min(20).max(64).regex(/^[A-Za-z0-9_-]+$/)
const markets = z.array(z.enum(MARKETS)).min(1).max(MARKETS.length).refine((m) => new Set(m).size === m.length, 'repeated market')
const staffId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)

export const staffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(STAFF_ROLES),
  markets: z.array(z.enum(MARKETS)),
  language: z.enum(LOCALES),
})
export type StaffMe = z.infer<typeof staffMeSchema>

export const staffAccountSchema = staffMeSchema.extend({
  /** True once the account's owner set a password and confirmed a code. */
  enrolled: z.boolean(),
  disabled: z.boolean(),
  createdAt: z.string(),
  /** staff administration: the last full sign-in (password and code) and the address it came from. */
  lastSignInAt: z.string().nullable(),
  lastSignInIp: z.string().nullable(),
})

const ALL_ROLES = STAFF_ROLES

/** First step: the password. The answer says what comes next; a cookie carries the step. */
export const staffSignIn = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/sign-in',
  roles: [],
  body: z.object({ email, password: z.string().min(1).max(STAFF_LIMITS.passwordMax) }),
  data: z.object({ next: z.literal('code') }),
})

/** Second step: the authenticator's code; the session is opened. */
export const staffSignInCode = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/sign-in/code',
  roles: [],
  body: z.object({ code: totpCode }),
  data: staffMeSchema,
})

/** The enrolment link's first screen: the QR code to scan. Does not use up the link. */
export const staffEnrolmentStart = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/enrolment/start',
  roles: [],
  body: z.object({ token: enrolmentToken }),
  data: z.object({
    email: z.string(),
    /** `otpauth://totp/…`, for authenticators that take a link. */
    otpauthUri: z.string(),
    /** The same as a QR code, an SVG document. */
    qrSvg: z.string(),
    /** The secret in base32, for typing by hand. */
    secret: z.string(),
  }),
})

/** The enrolment link's second screen: the password chosen and a first code; signs in. */
export const staffEnrolmentFinish = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/enrolment/finish',
  roles: [],
  body: z.object({ token: enrolmentToken, password, code: totpCode }),
  data: staffMeSchema,
})

export const staffMe = defineOpsCall({
  method: 'GET',
  path: '/ops-api/staff/me',
  roles: ALL_ROLES,
  data: staffMeSchema,
})

export const staffSetLanguage = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/me/language',
  roles: ALL_ROLES,
  body: z.object({ language: z.enum(LOCALES) }),
  data: staffMeSchema,
})

export const staffSignOut = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/sign-out',
  roles: ALL_ROLES,
})

/** Accounts sharing a market with the admin, newest first. */
export const staffList = defineOpsCall({
  method: 'GET',
  path: '/ops-api/staff/accounts',
  roles: ['admin'],
  data: z.object({ accounts: z.array(staffAccountSchema) }),
})

/** A new account, in the admin's own markets; the answer's link is shown once. */
export const staffCreate = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/accounts',
  roles: ['admin'],
  body: z.object({ email, role: z.enum(STAFF_ROLES), markets, language: z.enum(LOCALES).default('en') }),
  data: z.object({ account: staffAccountSchema, enrolmentPath: z.string(), enrolmentExpiresAt: z.string() }),
})

/** Disabling ends the account's sessions at once. */
export const staffDisable = defineOpsCall({
  method: 'POST',
  path: '/ops-api/staff/accounts/disable',
  roles: ['admin'],
  body: z.object({ staffId }),
  data: z.object({ account: staffAccountSchema }),
})

export const AUDIT_PAGE_MAX = 100

const isoInstant = z.iso.datetime({ offset: true })

/** The audit trail by staff member, record and time, newest first; `before` is the last row's id of the previous page. */
export const auditSearch = defineOpsCall({
  method: 'GET',
  path: '/ops-api/audit/entries',
  roles: ['admin'],
  query: z.object({
    staffId: staffId.optional(),
    recordType: z.string().trim().min(1).max(64).regex(/^[a-z][a-z0-9_.-]*$/).optional(),
    recordId: z.string().trim().min(1).max(128).regex(STORABLE_TEXT).optional(),
    from: isoInstant.optional(),
    to: isoInstant.optional(),
    before: staffId.optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(50),
  }),
  data: z.object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        at: z.string(),
        staffId: z.number().int().nullable(),
        role: z.string().nullable(),
        action: z.string(),
        recordType: z.string(),
        recordId: z.string(),
        before: z.unknown(),
        after: z.unknown(),
        ip: z.string().nullable(),
      }),
    ),
    /** Pass as `before` for the next page; null on the last one. */
    nextBefore: z.number().int().nullable(),
  }),
})

/** Demo mode only: the current code of a demo account's authenticator (the secret is public). */
export const staffDemoCode = defineOpsCall({
  method: 'GET',
  path: '/ops-api/demo/staff-code',
  roles: [],
  query: z.object({ email }),
  data: z.object({ code: z.string() }),
})

/** The staff and audit calls, in the console's access matrix (ops-calls.ts). */
export const STAFF_OPS_CALLS = [
  staffSignIn,
  staffSignInCode,
  staffEnrolmentStart,
  staffEnrolmentFinish,
  staffMe,
  staffSetLanguage,
  staffSignOut,
  staffList,
  staffCreate,
  staffDisable,
  auditSearch,
  staffDemoCode,
] as const
