import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { defineCall, logout, userInfo } from '@kilat/contract'
import type { Database } from '../../db/client.js'
import { createBorrowerWithSession } from '../../db/factories.js'
import { sessions } from './auth.schema.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { registerCall } from '../../http/route.js'
import { hashToken, SessionCache, type FoundSession } from '../../http/sessions.js'

const whoAmI = defineCall({
  method: 'GET', path: '/h5-api/test/who', family: 'success', auth: 'borrower',
  data: z.object({ borrowerId: z.number(), via: z.string() }),
})
const change = defineCall({
  method: 'POST', path: '/h5-api/test/change', family: 'code0', auth: 'borrower',
  data: z.object({ borrowerId: z.number() }),
})
const maybe = defineCall({
  method: 'GET', path: '/h5-api/test/maybe', family: 'code00', auth: 'optional',
  data: z.object({ borrowerId: z.number().nullable() }),
})

let database: Database
let app: FastifyInstance

/** An app with the test calls; `sessionCacheMs` as buildApp takes it. */
async function appWithCalls(sessionCacheMs?: number): Promise<FastifyInstance> {
  const built = await buildTestApp(database, sessionCacheMs === undefined ? {} : { sessionCacheMs })
  await built.register(async (scope) => {
    registerCall(scope, whoAmI, ({ borrower, session }) => ({ borrowerId: borrower.id, via: session!.via }))
    registerCall(scope, change, ({ borrower }) => ({ borrowerId: borrower.id }))
    registerCall(scope, maybe, ({ maybeBorrower }) => ({ borrowerId: maybeBorrower?.id ?? null }))
  })
  await built.ready()
  return built
}

beforeAll(async () => {
  database = await openTestDatabase()
  app = await appWithCalls()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

describe('session resolution', () => {
  it('answers 401 sessionRequired in the call family when the token is missing or unknown', async () => {
    const none = await app.inject({ method: 'GET', url: whoAmI.path })
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ success: false, data: null, code: 1001, message: 'Sesi Anda telah berakhir. Silakan masuk kembali.' })
    const unknown = await app.inject({ method: 'GET', url: `${whoAmI.path}?tok=not-a-real-token` })
    expect(unknown.statusCode).toBe(401)
    expect(unknown.cookies).toHaveLength(0)
    const code0 = await app.inject({ method: 'POST', url: `${change.path}?tok=nope&lang=en` })
    expect(code0.json()).toEqual({ code: 1001, data: null, message: 'Your session has ended. Please log in again.' })
  })

  it('never resolves an expired session', async () => {
    // without the cache: this is the database's refusal (the cache's own checks are below)
    const uncached = await appWithCalls(0)
    try {
      const { token, sessionId } = await createBorrowerWithSession(database.db)
      expect((await uncached.inject({ method: 'GET', url: `${whoAmI.path}?tok=${token}` })).statusCode).toBe(200)
      await database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.id, sessionId))
      for (const req of [
        { url: `${whoAmI.path}?tok=${token}` },
        { url: whoAmI.path, headers: { 'x-session-id': token } },
        { url: whoAmI.path, cookies: { sid: token } },
      ]) {
        const res = await uncached.inject({ method: 'GET', ...req })
        expect(res.statusCode).toBe(401)
      }
    } finally {
      await uncached.close()
    }
  })

  it('ends a session at once on logout in this process, though it was cached', async () => {
    const { token } = await createBorrowerWithSession(database.db)
    expect((await app.inject({ method: 'GET', url: `${whoAmI.path}?tok=${token}` })).statusCode).toBe(200)
    expect((await app.inject({ method: 'POST', url: `${logout.path}?tok=${token}` })).statusCode).toBe(200)
    for (const req of [
      { url: `${whoAmI.path}?tok=${token}` },
      { url: whoAmI.path, headers: { 'x-session-id': token } },
      { url: whoAmI.path, cookies: { sid: token } },
    ]) {
      expect((await app.inject({ method: 'GET', ...req })).statusCode).toBe(401)
    }
  })

  it('serves a session deleted by another process for at most the cache\'s life', async () => {
    const short = await appWithCalls(300)
    try {
      const { token, sessionId } = await createBorrowerWithSession(database.db)
      expect((await short.inject({ method: 'GET', url: `${whoAmI.path}?tok=${token}` })).statusCode).toBe(200)
      await database.db.delete(sessions).where(eq(sessions.id, sessionId))
      expect((await short.inject({ method: 'GET', url: `${whoAmI.path}?tok=${token}` })).statusCode).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 350))
      expect((await short.inject({ method: 'GET', url: `${whoAmI.path}?tok=${token}` })).statusCode).toBe(401)
    } finally {
      await short.close()
    }
  })

  it('accepts the token as tok, sessionId, header or cookie, in that order', async () => {
    const a = await createBorrowerWithSession(database.db)
    const b = await createBorrowerWithSession(database.db)
    const cases = [
      [{ url: `${whoAmI.path}?tok=${a.token}` }, a, 'query'],
      [{ url: `${whoAmI.path}?sessionId=${a.token}` }, a, 'query'],
      [{ url: whoAmI.path, headers: { 'x-session-id': a.token } }, a, 'header'],
      [{ url: whoAmI.path, cookies: { sid: a.token } }, a, 'cookie'],
      [{ url: `${whoAmI.path}?tok=${b.token}`, cookies: { sid: a.token } }, b, 'query'],
      [{ url: whoAmI.path, headers: { 'x-session-id': b.token }, cookies: { sid: a.token } }, b, 'header'],
    ] as const
    for (const [req, who, via] of cases) {
      const res = await app.inject({ method: 'GET', ...req })
      expect(res.statusCode, JSON.stringify(req)).toBe(200)
      expect(res.json()).toEqual({ success: true, data: { borrowerId: who.borrower.id, via } })
    }
  })

  it('sets the HttpOnly cookie when a valid token comes in the query, on any route', async () => {
    const { token } = await createBorrowerWithSession(database.db)
    const res = await app.inject({ method: 'GET', url: `${whoAmI.path}?tok=${token}` })
    const cookie = res.cookies.find((c) => c.name === 'sid')
    expect(cookie).toMatchObject({ value: token, httpOnly: true, sameSite: 'Lax', path: '/' })
    expect(cookie?.secure).toBeUndefined()
    expect((cookie?.expires as Date).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
    const page = await app.inject({ method: 'GET', url: `/healthz?sessionId=${token}` })
    expect(page.cookies.find((c) => c.name === 'sid')?.value).toBe(token)
    const viaHeader = await app.inject({ method: 'GET', url: whoAmI.path, headers: { 'x-session-id': token } })
    expect(viaHeader.cookies).toHaveLength(0)
    // the browser sends the cookie back: it is not set again, but another session's cookie is replaced
    const carried = await app.inject({ method: 'GET', url: `${whoAmI.path}?tok=${token}`, cookies: { sid: token } })
    expect(carried.statusCode).toBe(200)
    expect(carried.headers['set-cookie']).toBeUndefined()
    const other = await createBorrowerWithSession(database.db)
    const replaced = await app.inject({ method: 'GET', url: `${whoAmI.path}?tok=${token}`, cookies: { sid: other.token } })
    expect(replaced.cookies.find((c) => c.name === 'sid')?.value).toBe(token)
  })

  it('marks the cookie Secure behind an https proxy it is told to trust', async () => {
    const { token } = await createBorrowerWithSession(database.db)
    const proxied = await buildTestApp(database, { env: { TRUST_PROXY: 'true' } })
    try {
      const headers = { 'x-forwarded-proto': 'https' }
      const res = await proxied.inject({ method: 'GET', url: `${userInfo.path}?tok=${token}`, headers })
      expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true)
      const direct = await app.inject({ method: 'GET', url: `${userInfo.path}?tok=${token}`, headers })
      expect(direct.cookies.find((c) => c.name === 'sid')?.secure).toBeUndefined()
    } finally {
      await proxied.close()
    }
  })

  it('refuses a POST authenticated only by the cookie unless it is an XMLHttpRequest', async () => {
    const { token, borrower } = await createBorrowerWithSession(database.db)
    const bare = await app.inject({ method: 'POST', url: change.path, cookies: { sid: token } })
    expect(bare.statusCode).toBe(403)
    expect(bare.json()).toMatchObject({ code: 1007, data: null })
    const xhr = await app.inject({ method: 'POST', url: change.path, cookies: { sid: token }, headers: { 'x-requested-with': 'XMLHttpRequest' } })
    expect(xhr.json()).toEqual({ code: 0, message: 'success', data: { borrowerId: borrower.id } })
    const withTok = await app.inject({ method: 'POST', url: `${change.path}?tok=${token}`, cookies: { sid: token } })
    expect(withTok.statusCode).toBe(200)
    const cookieGet = await app.inject({ method: 'GET', url: whoAmI.path, cookies: { sid: token } })
    expect(cookieGet.statusCode).toBe(200)
  })

  it('serves optional calls with or without a session', async () => {
    const { token, borrower } = await createBorrowerWithSession(database.db)
    expect((await app.inject({ method: 'GET', url: maybe.path })).json()).toEqual({ code: '00', message: 'success', data: { borrowerId: null } })
    expect((await app.inject({ method: 'GET', url: `${maybe.path}?tok=${token}` })).json().data).toEqual({ borrowerId: borrower.id })
    expect((await app.inject({ method: 'GET', url: `${maybe.path}?tok=unknown` })).json().data).toEqual({ borrowerId: null })
  })

  it('writes last_seen_at at most once a minute', async () => {
    const { token } = await createBorrowerWithSession(database.db)
    const read = async () => (await database.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(token))))[0]!.lastSeenAt
    const old = new Date(Date.now() - 10 * 60_000)
    await database.db.update(sessions).set({ lastSeenAt: old }).where(eq(sessions.tokenHash, hashToken(token)))
    await app.inject({ method: 'GET', url: `${whoAmI.path}?tok=${token}` })
    const touched = await read()
    expect(touched.getTime()).toBeGreaterThan(old.getTime() + 5 * 60_000)
    const recent = new Date(Date.now() - 10_000)
    await database.db.update(sessions).set({ lastSeenAt: recent }).where(eq(sessions.tokenHash, hashToken(token)))
    await app.inject({ method: 'GET', url: `${whoAmI.path}?tok=${token}` })
    expect((await read()).getTime()).toBe(recent.getTime())
  })
})

describe('the session cache', () => {
  const session = (id: number, expiresInMs: number, now: number): FoundSession => ({
    sessionId: id,
    borrower: { id } as FoundSession['borrower'],
    expiresAt: new Date(now + expiresInMs),
    lastSeenAt: new Date(now),
  })

  it('keeps a session for its life or the session\'s own expiry, whichever ends first', () => {
    const cache = new SessionCache(5_000, 10)
    cache.set('a', session(1, 60_000, 0), 0)
    cache.set('b', session(2, 1_000, 0), 0)
    expect(cache.get('a', 4_999)?.sessionId).toBe(1)
    expect(cache.get('a', 5_000)).toBeUndefined()
    expect(cache.get('b', 999)?.sessionId).toBe(2)
    expect(cache.get('b', 1_000)).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('holds at most its size, dropping the oldest', () => {
    const cache = new SessionCache(5_000, 3)
    for (let i = 1; i <= 5; i++) cache.set(`t${i}`, session(i, 60_000, 0), 0)
    expect(cache.size).toBe(3)
    expect(cache.get('t1', 1)).toBeUndefined()
    expect(cache.get('t2', 1)).toBeUndefined()
    expect(cache.get('t5', 1)?.sessionId).toBe(5)
  })

  it('forgets a session at once, and does not take it back from a lookup that began before', () => {
    const cache = new SessionCache(5_000, 10)
    cache.set('a', session(1, 60_000, 0), 0)
    cache.forget(1, 100)
    expect(cache.get('a', 101)).toBeUndefined()
    // a lookup that started at 50 answers after the delete
    cache.set('a', session(1, 60_000, 0), 50)
    expect(cache.get('a', 120)).toBeUndefined()
    // a session resolved anew after the cache's life is kept again
    cache.set('a', session(1, 60_000, 0), 5_200)
    expect(cache.get('a', 5_300)?.sessionId).toBe(1)
  })

  it('keeps nothing when its life is 0, and never lets a borrower be changed', () => {
    expect(() => new SessionCache(0).set('a', session(1, 60_000, 0), 0)).not.toThrow()
    const off = new SessionCache(0)
    off.set('a', session(1, 60_000, 0), 0)
    expect(off.get('a', 0)).toBeUndefined()
    const cache = new SessionCache()
    const now = Date.now()
    cache.set('a', session(1, 60_000, now), now)
    expect(Object.isFrozen(cache.get('a', now)?.borrower)).toBe(true)
  })
})
