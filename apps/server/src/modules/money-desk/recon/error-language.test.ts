import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, reconRun, smsLogin, staffSetLanguage } from '@kilat/contract'
import type { Database } from '../../../db/client.js'
import { buildTestApp, openTestDatabase } from '../../../test/setup-db.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock } from '../../staff/test-helpers.js'
import { STAFF_COOKIE } from '../../staff/staff.sessions.js'

/**
 * Answers given before a call's own checks ran (a body that is not JSON, an unknown path) are in the
 * caller's language as every other answer is: the console's (`?lang=`, else the staff member's,
 * else English; docs/product/operations.md#sessions), the page's for a borrower
 * (docs/product/markets-and-formats.md#choosing-the-market-and-language).
 */

const clock = testClock()
let database: Database
let app: FastifyInstance
let english: { cookie: string }
let spanish: { cookie: string }

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  app = await buildTestApp(database, { now: clock.now, env: { JOB_INTERVAL_SECONDS: '0' } })
  await app.ready()
  english = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  spanish = await enrolledStaff(app, database, clock, 'finance', ['ID'])
  const changed = await opsPost(app, staffSetLanguage.path, { language: 'es' }, { cookie: spanish.cookie })
  expect(changed.statusCode, changed.body).toBe(200)
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

const BROKEN = '{"market": "ID", "day":'

function postBroken(path: string, options: { cookie?: string; query?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: options.query ? `${path}?${options.query}` : path,
    headers: {
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(options.cookie ? { cookie: `${STAFF_COOKIE}=${options.cookie}` } : {}),
    },
    payload: BROKEN,
  })
}

describe('a body that is not JSON', () => {
  it('is answered in the staff member’s language, not the borrowers’ default', async () => {
    const en = await postBroken(reconRun.path, { cookie: english.cookie })
    expect(en.statusCode, en.body).toBe(400)
    expect(en.json()).toMatchObject({ code: ERRORS.invalidRequest.code, message: ERRORS.invalidRequest.messages.en })
    const es = await postBroken(reconRun.path, { cookie: spanish.cookie })
    expect(es.json()).toMatchObject({ code: ERRORS.invalidRequest.code, message: ERRORS.invalidRequest.messages.es })
  })

  it('follows ?lang= over the staff member’s language, and is English without a session', async () => {
    const id = await postBroken(reconRun.path, { cookie: english.cookie, query: 'lang=id' })
    expect(id.json().message).toBe(ERRORS.invalidRequest.messages.id)
    const none = await postBroken(reconRun.path)
    expect(none.statusCode).toBe(400)
    expect(none.json().message).toBe(ERRORS.invalidRequest.messages.en)
  })

  it('is answered in the page’s language on a borrower’s call', async () => {
    const broken = (query: string) =>
      app.inject({ method: 'POST', url: `${smsLogin.path}${query}`, headers: { 'content-type': 'application/json' }, payload: BROKEN })
    const mx = await broken('?market=MX')
    expect(mx.statusCode, mx.body).toBe(400)
    expect(mx.json().message).toBe(ERRORS.invalidRequest.messages.es)
    expect((await broken('?lang=en')).json().message).toBe(ERRORS.invalidRequest.messages.en)
    // an Indonesian page stays Indonesian
    expect((await broken('')).json().message).toBe(ERRORS.invalidRequest.messages.id)
  })
})

describe('a console path that does not exist', () => {
  it('is answered in the staff member’s language', async () => {
    const es = await opsGet(app, '/ops-api/payments/nothing-here', { cookie: spanish.cookie })
    expect(es.statusCode).toBe(404)
    expect(es.json()).toMatchObject({ code: ERRORS.notFound.code, message: ERRORS.notFound.messages.es })
    const none = await opsGet(app, '/ops-api/payments/nothing-here')
    expect(none.json().message).toBe(ERRORS.notFound.messages.en)
  })
})
