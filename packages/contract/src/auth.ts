import { z } from 'zod'
import { STORABLE_TEXT } from './text.js'
import { MARKETS } from '@kilat/domain'
import { defineCall } from './call.js'

/**
 * Login calls (login init, SMS code, SMS login, logout; docs/product/shell-and-sessions.md#login-calls). The app shell makes
 * them; /testPreview uses them to stand in for the shell (docs/product/shell-and-sessions.md#login-calls).
 */
const phone = z.string().trim().min(1).max(32).regex(STORABLE_TEXT)

export const loginInit = defineCall({
  method: 'POST',
  path: '/h5-api/v3/user/login-init',
  family: 'code0',
  auth: 'none',
  data: z.object({
    market: z.enum(MARKETS),
    callingCode: z.string(),
    codeLength: z.number().int(),
    resendSeconds: z.number().int(),
    /** Demo mode: the SMS outbox can be read back on /testPreview. */
    demo: z.boolean(),
  }),
})

export const sendSmsCode = defineCall({
  method: 'POST',
  path: '/h5-api/v3/user/sms-code',
  family: 'code0',
  auth: 'none',
  body: z.object({ phone }),
  data: z.object({ resendSeconds: z.number().int() }),
})

export const smsLogin = defineCall({
  method: 'POST',
  path: '/h5-api/v3/user/sms-login',
  family: 'code0',
  auth: 'none',
  body: z.object({ phone, code: z.string().trim().min(1).max(16) }),
  data: z.object({
    /** The session token: the shell passes it to pages as `tok` (or `sessionId`). */
    sessionId: z.string(),
    expiresAt: z.string(),
    phone: z.string(),
  }),
})

export const logout = defineCall({
  method: 'POST',
  path: '/h5-api/v3/user/logout',
  family: 'code0',
  auth: 'borrower',
})

export const userInfo = defineCall({
  method: 'GET',
  path: '/h5-api/v3/user/info',
  family: 'code0',
  auth: 'borrower',
  data: z.object({ phone: z.string(), market: z.enum(MARKETS), name: z.string().nullable() }),
})

/**
 * Demo mode only: the last SMS code sent to a number, so /testPreview can stand in for a phone;
 * `purpose` 'repay' reads the card repayment's code instead of the login's.
 */
export const demoLastSms = defineCall({
  method: 'GET',
  path: '/h5-api/v3/demo/last-sms',
  family: 'code0',
  auth: 'none',
  query: z.object({ phone, purpose: z.enum(['login', 'repay']).default('login') }),
  data: z.object({ code: z.string().nullable(), sentAt: z.string().nullable() }),
})

/**
 * Demo mode only: the signed-in borrower's orders and a product they may apply for, so that
 * /testPreview fills its ids with working values and links every order by status.
 */
export const demoOrders = defineCall({
  method: 'GET',
  path: '/h5-api/v3/demo/orders',
  family: 'code0',
  auth: 'borrower',
  data: z.object({
    /** A product of ours the borrower may apply for now, or null when none is free. */
    productId: z.number().int().nullable(),
    orders: z.array(z.object({ orderNo: z.string(), productId: z.number().int(), productName: z.string(), status: z.number().int() })),
  }),
})

/**
 * Demo mode only: a fresh paid-out order for the signed-in borrower, so that every browser test can
 * pay an order of its own. `due`: a single payment that may be extended, due in 5 days; `installments`:
 * `paidPeriods` installments already paid, the next due in 5 days; `overdue`: a single payment 3 days late, with its
 * late charges; `approved`: approved and waiting for its payout (docs/product/operations.md#the-payout-sandbox),
 * what the borrower receives ending in `payoutCents` when given, so that a demo or a browser test
 * can make the payout sandbox refuse (13) or fail (14) it on purpose.
 */
export const demoNewOrder = defineCall({
  method: 'POST',
  path: '/h5-api/v3/demo/new-order',
  family: 'code0',
  auth: 'borrower',
  body: z.object({
    /** `paidOutToday`: a due single payment paid out moments ago (India's cooling-off exit, docs/product/money-rules.md#cooling-off). */
    kind: z.enum(['due', 'installments', 'overdue', 'approved', 'paidOutToday']),
    /** `installments`: how many are already paid (fewer than the product's count). */
    paidPeriods: z.coerce.number().int().min(0).max(11).default(1),
    /** `approved`: the cents the amount received ends in (the payout sandbox's rules). */
    payoutCents: z.coerce.number().int().min(0).max(99).optional(),
  }),
  data: z.object({ orderNo: z.string() }),
})

export const authCalls = { loginInit, sendSmsCode, smsLogin, logout, userInfo, demoLastSms, demoOrders, demoNewOrder }
