import { demoKeyring } from '../../adapters/secrets/secret-box.js'
import { reserveStaffId, sealTotpSecret } from './staff.secrets.js'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, staffSignIn, staffSignInCode } from '@kilat/contract'
import type { Database } from '../../db/client.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { hashPassword, newTotpSecret, totpCodeAt, totpStepAt } from './staff.credentials.js'
import { staff } from './staff.schema.js'
import { SIGN_IN_FAILURES_PER_WINDOW } from './staff.service.js'
import { emptyStaff, freshAddress, opsPost, staffCookieOf, testClock } from './test-helpers.js'

/** The per-address sign-in throttle (docs/product/operations.md#lockout): failures count, sign-ins do not. */

let database: Database
let app: FastifyInstance
const clock = testClock()
const OFFICE = 200
const PASSWORD = 'correct horse office battery'
let accounts: { email: string; secret: string }[] = []

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  app = await buildTestApp(database, { now: clock.now })
  await app.ready()
  // an office's accounts, enrolled directly: one password hash shared, each with its own second factor
  const passwordHash = await hashPassword(PASSWORD)
  // each secret sealed at rest as createStaff seals it (docs/decisions/0021-secrets-at-rest.md)
  const rows = []
  for (let i = 0; i < OFFICE; i++) {
    const id = await reserveStaffId(database.db)
    const secret = newTotpSecret()
    rows.push({
      id,
      secret,
      row: { id, email: `office.${i}.${Date.now()}@staff.test`, role: 'agent' as const, markets: ['ID' as const], language: 'en' as const, totpSecret: sealTotpSecret(secret, demoKeyring(), id), passwordHash, enrolledAt: clock.now(), createdAt: clock.now() },
    })
  }
  await database.db.insert(staff).overridingSystemValue().values(rows.map((r) => r.row))
  accounts = rows.map((r) => ({ email: r.row.email, secret: r.secret }))
})

afterAll(async () => {
  await app.close()
  await database.close()
})

const code = (secret: string) => totpCodeAt(secret, totpStepAt(clock.now()))

describe('the sign-in throttle of one address', () => {
  it('lets an office of 200 behind one address sign in, then still refuses a run of failures', { timeout: 300_000 }, async () => {
    const office = freshAddress()
    for (const account of accounts) {
      const first = await opsPost(app, staffSignIn.path, { email: account.email, password: PASSWORD }, { ip: office })
      expect(first.statusCode, first.body).toBe(200)
      const second = await opsPost(app, staffSignInCode.path, { code: code(account.secret) }, { ip: office, cookie: staffCookieOf(first) })
      expect(second.statusCode, second.body).toBe(200)
    }

    // failures, spread over accounts so that no account locks: the address's allowance runs out
    for (let i = 0; i < SIGN_IN_FAILURES_PER_WINDOW; i++) {
      const res = await opsPost(app, staffSignIn.path, { email: accounts[i % OFFICE]!.email, password: 'wrong password here' }, { ip: office })
      expect(res.statusCode, res.body).toBe(401)
    }
    const refused = await opsPost(app, staffSignIn.path, { email: accounts[OFFICE - 1]!.email, password: PASSWORD }, { ip: office })
    expect(refused.statusCode).toBe(429)
    expect(refused.json().code).toBe(ERRORS.tooManyRequests.code)

    // another address is not held back by this one
    const elsewhere = await opsPost(app, staffSignIn.path, { email: accounts[OFFICE - 1]!.email, password: PASSWORD }, { ip: freshAddress() })
    expect(elsewhere.statusCode, elsewhere.body).toBe(200)
  })

  // a hundred argon2id checks one after the other (the decoy hash of an unknown email): seconds on a busy machine
  it('counts wrong codes and unknown emails as failures too', { timeout: 120_000 }, async () => {
    const ip = freshAddress()
    const [account] = await database.db.select().from(staff).where(sql`${staff.email} = ${accounts[0]!.email}`)
    expect(account).toBeDefined()
    let last = 0
    for (let i = 0; i < SIGN_IN_FAILURES_PER_WINDOW; i++) {
      last = (await opsPost(app, staffSignIn.path, { email: `nobody.${i}@staff.test`, password: 'long enough password' }, { ip })).statusCode
    }
    expect(last).toBe(401)
    const code401 = await opsPost(app, staffSignInCode.path, { code: '000000' }, { ip })
    expect(code401.statusCode).toBe(429)
  })

  it('keeps the per-account lockout: five wrong passwords lock the account whatever the address', async () => {
    // one the first test signed in but never failed
    const account = accounts[150]!
    for (let i = 0; i < 4; i++) {
      expect((await opsPost(app, staffSignIn.path, { email: account.email, password: 'wrong password here' }, { ip: freshAddress() })).statusCode).toBe(401)
    }
    const locked = await opsPost(app, staffSignIn.path, { email: account.email, password: 'wrong password here' }, { ip: freshAddress() })
    expect(locked.statusCode).toBe(423)
    const right = await opsPost(app, staffSignIn.path, { email: account.email, password: PASSWORD }, { ip: freshAddress() })
    expect(right.statusCode).toBe(423)
  })
})
