import type { CallDef, Family, SharedParams, StaffRole } from '@kilat/contract'
import type { Locale, Market } from '@kilat/domain'
import type { Keyring } from '../adapters/secrets/secret-box.js'
import type { SmsSender } from '../adapters/sms/sms-sender.js'
import type { Config } from '../config.js'
import type { Database, Db } from '../db/client.js'
import type { ResolvedSession, SessionCache } from './sessions.js'

/** The signed-in staff member of an ops call (modules/staff resolves it from the staff cookie). */
export interface StaffPrincipal {
  staffId: number
  sessionId: number
  email: string
  role: StaffRole
  markets: Market[]
  language: Locale
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    /** Drizzle over PGlite or PostgreSQL; services do not care which. */
    db: Db
    /** The connection itself (kind, ping, close). */
    database: Database
    sms: SmsSender
    /** The keys of secrets at rest (docs/decisions/0021-secrets-at-rest.md), from the configuration. */
    secrets: Keyring
    /** Sessions resolved in the last few seconds (docs/product/platform.md#scale-out). */
    sessionCache: SessionCache
  }

  interface FastifyRequest {
    /** The one CSP nonce of a page request (script-src and style-src); empty on every other request. */
    cspNonce: string
    market: Market
    locale: Locale
    /** The shared parameters of the query string (docs/product/shell-and-sessions.md#shared-parameters). */
    sharedParams: SharedParams
    /** The session of the request's token (query, header, then cookie), looked up once. */
    resolveSession(): Promise<ResolvedSession | null>
    /** The staff session of the request's staff cookie, looked up once (never a borrower's token). */
    resolveStaff(): Promise<StaffPrincipal | null>
  }

  interface FastifyContextConfig {
    /** Envelope family of the route's answers, errors included (code0 when absent). */
    family?: Family
    /** The contract call a route serves (registerCall), for the OpenAPI document. */
    call?: CallDef
  }
}

export {}
