import type { FastifyInstance, FastifyRequest } from 'fastify'
import { loginInit, logout, sendSmsCode, smsLogin, userInfo } from '@kilat/contract'
import { MARKET_INFO, maskPhone } from '@kilat/domain'
import { registerCall } from '../../http/route.js'
import { clearSessionCookie, setSessionCookie } from '../../http/sessions.js'
import { deleteSession } from './session-store.js'
import { CODE_LENGTH, RESEND_SECONDS, loginWithCode, sendLoginCode, type AuthDeps, type Caller } from './auth.service.js'

const callerOf = (req: FastifyRequest): Caller => ({ market: req.market, locale: req.locale, ip: req.ip })

/** The app shell's login calls (docs/product/shell-and-sessions.md#login-calls); /testPreview stands in for the shell. */
export async function authRoutes(app: FastifyInstance): Promise<void> {
  const deps: AuthDeps = { db: app.db, sms: app.sms, config: app.config }

  registerCall(app, loginInit, ({ req }) => ({
    market: req.market,
    callingCode: MARKET_INFO[req.market].callingCode,
    codeLength: CODE_LENGTH,
    resendSeconds: RESEND_SECONDS,
    demo: app.config.DEMO_MODE,
  }))

  registerCall(app, sendSmsCode, ({ req, body }) => sendLoginCode(deps, callerOf(req), body.phone))

  registerCall(app, smsLogin, async ({ req, reply, body }) => {
    const result = await loginWithCode(deps, callerOf(req), body)
    setSessionCookie(req, reply, result.token, result.expiresAt)
    return { sessionId: result.token, expiresAt: result.expiresAt.toISOString(), phone: result.phone }
  })

  registerCall(app, logout, async ({ req, reply, session }) => {
    if (session) await deleteSession(app.db, app.sessionCache, session.sessionId)
    clearSessionCookie(req, reply)
    return null
  })

  registerCall(app, userInfo, ({ borrower }) => ({
    phone: maskPhone(borrower.phone),
    market: borrower.market,
    name: borrower.name,
  }))
}
