import { randomBytes } from 'node:crypto'
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { pickSharedParams } from '@kilat/contract'
import { localeFrom, marketFrom } from '@kilat/domain'
import { isPagePath } from './paths.js'
import { resolveToken, tokenOf, type ResolvedSession, type SessionCache, type SessionStore } from './sessions.js'

const kSession = Symbol('kilat.session')

/**
 * Per-request facts every module reads: the CSP nonce (pages only), the market and language, the shared
 * parameters (docs/product/shell-and-sessions.md#shared-parameters), and the session (resolved on first use, then remembered).
 */
export const requestContext = fp<{ sessions: SessionCache; store: SessionStore }>(
  async (app, { sessions, store }) => {
    app.decorateRequest('cspNonce', '')
    app.decorateRequest('market', 'ID')
    app.decorateRequest('locale', 'id')
    app.decorateRequest('sharedParams', null as unknown as FastifyRequest['sharedParams'])
    app.decorateRequest(kSession, null)
    app.decorateRequest('resolveSession', function (this: FastifyRequest) {
      const self = this as FastifyRequest & { [kSession]: Promise<ResolvedSession | null> | null }
      self[kSession] ??= resolve(self)
      return self[kSession]
    })

    async function resolve(request: FastifyRequest): Promise<ResolvedSession | null> {
      const found = tokenOf(request)
      if (!found) return null
      const session = await resolveToken(app.db, store, sessions, found.token)
      if (!session) return null
      return {
        sessionId: session.sessionId,
        borrower: session.borrower,
        expiresAt: session.expiresAt,
        via: found.via,
        token: found.token,
      }
    }

    app.addHook('onRequest', async (request) => {
      // One nonce serves a page's CSP header, its scripts and its style elements; answers that are
      // not pages run nothing and get a fixed policy (http/security-headers.ts).
      if (isPagePath(request.url)) request.cspNonce = randomBytes(16).toString('base64')
      const query = (request.query ?? {}) as Record<string, unknown>
      request.sharedParams = pickSharedParams(query)
      request.market = marketFrom(request.sharedParams)
      request.locale = localeFrom(request.sharedParams, request.market)
    })
  },
  { name: 'kilat-request-context' },
)
