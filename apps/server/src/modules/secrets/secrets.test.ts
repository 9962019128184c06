import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bindCard, repaymentCommit, repaymentConfirm, repaymentWay } from '@kilat/contract'
import { DEMO_SECRETS_KEYS, Keyring, SecretError, parseKeys } from '../../adapters/secrets/secret-box.js'
import { smsOutbox } from '../../adapters/sms/sms-outbox.schema.js'
import { loadConfig } from '../../config.js'
import { openDatabase, rowsOf, type Database } from '../../db/client.js'
import { migrateDatabase } from '../../db/migrate.js'
import { DEMO_CARDS } from '../../db/seed-cards.js'
import { seedDemo } from '../../db/seed.js'
import { post } from '../../test/inject.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { smsCodes } from '../auth/auth.schema.js'
import { openCardToken } from '../repayment/cards/card-secrets.js'
import { CardTokenTaken, insertCard } from '../repayment/cards/cards.repo.js'
import { bankCards } from '../repayment/repayment.schema.js'
import { DEMO_STAFF_TOTP_SECRET, seedDemoStaff } from '../staff/staff.seed.js'
import { staff } from '../staff/staff.schema.js'
import { openTotpSecret } from '../staff/staff.secrets.js'
import { SYSTEM_ACTOR, createStaff } from '../staff/staff.service.js'
import { enrolledStaff, signIn, testClock, type TestStaff } from '../staff/test-helpers.js'
import { rotateSecrets, sealPlainSecrets } from './secrets.service.js'

// Secrets at rest (docs/decisions/0021-secrets-at-rest.md): the staff's authenticator secrets and
// the card tokens, sealed, rotated, and never readable from the database alone.

const k1 = `k1:${randomBytes(32).toString('base64')}`
const k2 = `k2:${randomBytes(32).toString('base64')}`
/** The demo key stays listed: on a shared PostgreSQL, earlier files' rows are sealed under it. */
const env = (keys: string[], current: string) => ({ JOB_INTERVAL_SECONDS: '0', SECRETS_KEYS: [DEMO_SECRETS_KEYS, ...keys].join(','), SECRETS_KEY_ID: current })
const keyring = (keys: string[], current: string) => new Keyring(parseKeys([DEMO_SECRETS_KEYS, ...keys].join(',')), current)
const ME = { tok: 'demo-borrower' }
const ME_PHONE = '+6281234567890'

const clock = testClock()
let database: Database
let app: FastifyInstance
let member: TestStaff

/** Both tables as text, every column of every row: what a dump of the database holds. */
async function dumpText(): Promise<string> {
  const rows = await rowsOf<{ j: string }>(
    database.db.execute(sql`select row_to_json(s)::text as j from staff s union all select row_to_json(c)::text from bank_cards c`),
  )
  return rows.map((r) => r.j).join('\n')
}

/** The key ids the two columns' values are sealed under, with how many; 'plain' for a value not sealed. */
async function keyIdsInUse(): Promise<Record<string, number>> {
  const rows = await rowsOf<{ key: string; n: string | number }>(
    database.db.execute(sql`
      select coalesce(nullif(split_part(v, ':', 2), ''), 'plain') as key, count(*) as n
      from (select case when totp_secret like 'v1:%' then totp_secret else 'plain' end as v from staff
            union all select case when card_token like 'v1:%' then card_token else 'plain' end from bank_cards
            union all select case when details like 'v1:%' then details else 'plain' end from borrower_identities
            union all select case when details like 'v1:%' then details else 'plain' end from identity_versions
            union all select case when account_number like 'v1:%' then account_number else 'plain' end from payout_destinations) x
      group by 1`),
  )
  return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]))
}

/** A card charge end to end (repayment-way, -commit, the SMS code, -confirm): it opens the card's token. */
async function chargeFirstCard(server: FastifyInstance, orderId: string): Promise<void> {
  await database.db.update(smsCodes).set({ createdAt: sql`${smsCodes.createdAt} - interval '2 minutes'` }).where(eq(smsCodes.phone, ME_PHONE))
  const way = (await post(server, repaymentWay.path, { orderId }, ME)).json()
  expect(way.code, JSON.stringify(way)).toBe(0)
  const commit = (await post(server, repaymentCommit.path, { orderId, amount: way.data.amount, cardId: way.data.bankCards[0].id, repayToken: way.data.repayToken, sendMsg: 1 }, ME)).json()
  expect(commit.code, JSON.stringify(commit)).toBe(0)
  const [sms] = await database.db
    .select({ body: smsOutbox.body })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.toPhone, ME_PHONE), eq(smsOutbox.purpose, 'repay')))
    .orderBy(desc(smsOutbox.id))
    .limit(1)
  const verifyCode = sms!.body.match(/\b(\d{6})\b/)![1]!
  const confirm = (await post(server, repaymentConfirm.path, { orderId, verifyCode, repaymentRecordId: commit.data.repayRecordId }, ME)).json()
  expect(confirm, JSON.stringify(confirm)).toMatchObject({ code: 0 })
}

beforeAll(async () => {
  database = await openTestDatabase()
  app = await buildTestApp(database, { env: env([k1], 'k1'), now: clock.now })
  await seedDemo(database.db, { sessionTtlDays: 30, secrets: app.secrets })
  await seedDemoStaff(database.db, clock.now(), app.secrets)
  member = await enrolledStaff(app, database, clock, 'agent')
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

describe('secrets at rest', () => {
  it('a dump of the tables shows no authenticator secret and no card token in plain', async () => {
    const bound = (await post(app, bindCard.path, { bankCode: 'MANDIRI', cardNo: '4242424242424242', holderName: 'Budi Santoso' }, ME)).json()
    expect(bound.code, JSON.stringify(bound)).toBe(0)
    const [card] = await database.db.select().from(bankCards).where(eq(bankCards.id, bound.data.id))
    const token = openCardToken(card!, app.secrets)
    expect(token).toMatch(/^sbx_card_[0-9a-f]{32}$/)

    const dump = await dumpText()
    for (const plain of [member.secret, DEMO_STAFF_TOTP_SECRET, token, ...DEMO_CARDS.map((c) => c.token)]) expect(dump).not.toContain(plain)
    expect(dump).not.toMatch(/sbx_card_/)
    expect(dump).not.toContain('4242424242424242')
    // what the dump does hold: sealed values naming their key
    expect(card!.cardToken).toMatch(/^v1:k1:/)
    const [row] = await database.db.select().from(staff).where(eq(staff.id, member.id))
    expect(row!.totpSecret).toMatch(/^v1:k1:/)
    expect(openTotpSecret(row!, app.secrets)).toBe(member.secret)
  })

  it('a sealed value copied onto another row does not open there', async () => {
    const other = await createStaff({ db: database.db, now: clock.now, secrets: app.secrets }, { email: `copy.${Date.now()}@staff.test`, role: 'agent', markets: ['ID'], language: 'en' }, SYSTEM_ACTOR)
    const [source] = await database.db.select().from(staff).where(eq(staff.id, member.id))
    expect(() => openTotpSecret({ id: other.account.id, totpSecret: source!.totpSecret }, app.secrets)).toThrow(SecretError)
    const [card] = await database.db.select().from(bankCards).orderBy(bankCards.id).limit(1)
    expect(() => openCardToken({ id: card!.id + 1, cardToken: card!.cardToken }, app.secrets)).toThrow(SecretError)
    // nor in another column: a card token where a secret is expected
    expect(() => openTotpSecret({ id: card!.id, totpSecret: card!.cardToken }, app.secrets)).toThrow(SecretError)
  })

  it('keeps a card token unique by its lookup, under any listed key', async () => {
    const [budi] = await database.db.select().from(bankCards).orderBy(bankCards.id).limit(1)
    const card = { borrowerId: budi!.borrowerId, bankCode: 'BCA', bankName: 'BCA', maskedNo: '411111******1111', last4: '1111', gateway: 'sandbox', holderName: 'Budi Santoso' }
    const token = `sbx_card_${randomBytes(16).toString('hex')}`
    const first = await insertCard(database.db, { ...card, cardToken: token }, app.secrets)
    await expect(insertCard(database.db, { ...card, cardToken: token }, app.secrets)).rejects.toBeInstanceOf(CardTokenTaken)
    // once k2 seals, the card sealed under k1 still counts
    await expect(insertCard(database.db, { ...card, cardToken: token }, keyring([k1, k2], 'k2'))).rejects.toBeInstanceOf(CardTokenTaken)
    // and the index holds even past the repository: the same lookup twice is refused by the database
    await expect(database.db.insert(bankCards).values({ ...card, cardToken: `v1:k1:x:y:z`, cardTokenLookup: first.cardTokenLookup })).rejects.toThrow()
    // another gateway's equal token is another card
    await expect(insertCard(database.db, { ...card, gateway: 'other', cardToken: token }, app.secrets)).resolves.toMatchObject({ gateway: 'other' })
    await database.db.delete(bankCards).where(eq(bankCards.id, first.id))
  })

  it('seals at start the values of before the upgrade, and they work', async () => {
    // the demo borrower's first card: the one chargeFirstCard charges
    const [card] = await database.db.select().from(bankCards).orderBy(bankCards.id).limit(1)
    const plainToken = openCardToken(card!, app.secrets)
    // as a database of the previous version holds them
    await database.db.update(staff).set({ totpSecret: member.secret }).where(eq(staff.id, member.id))
    await database.db.update(bankCards).set({ cardToken: plainToken, cardTokenLookup: null }).where(eq(bankCards.id, card!.id))
    expect(await keyIdsInUse()).toMatchObject({ plain: 2 })

    const counts = await sealPlainSecrets(database.db, app.secrets)
    expect(counts.map((c) => [c.column, c.plain, c.old, c.unreadable])).toEqual([
      ['staff.totp_secret', 1, 0, 0],
      ['bank_cards.card_token', 1, 0, 0],
      ['borrower_identities.details', 0, 0, 0],
      ['identity_versions.details', 0, 0, 0],
      ['payout_destinations.account_number', 0, 0, 0],
    ])
    expect((await keyIdsInUse()).plain).toBeUndefined()
    expect((await sealPlainSecrets(database.db, app.secrets)).map((c) => c.plain)).toEqual([0, 0, 0, 0, 0])
    await signIn(app, member, clock)
    await chargeFirstCard(app, 'K2026000006')
  })

  it('rotates from k1 to k2 in batches while the server keeps working, then finds nothing left to do', async () => {
    const before = await keyIdsInUse()
    // the demo cards, the card bound above, the staff of this file (and the demo staff, when this database had none)
    expect(before.k1).toBeGreaterThanOrEqual(9)
    // the servers restart with k2 listed and current: new values under k2, old ones still open with k1
    const server = await buildTestApp(database, { env: env([k1, k2], 'k2'), now: clock.now })
    try {
      const ring = server.secrets
      const dryRun = await rotateSecrets(database.db, ring, { dryRun: true, batchSize: 3 })
      expect(await keyIdsInUse()).toEqual(before)
      let batches = 0
      const counts = await rotateSecrets(database.db, ring, {
        batchSize: 3,
        afterBatch: async () => {
          batches += 1
          // sign-in (opens a secret) and a card charge (opens a token) between batches
          await signIn(server, member, clock)
          if (batches === 2) await chargeFirstCard(server, 'K2026000005')
        },
      })
      expect(batches).toBeGreaterThanOrEqual(3)
      expect(counts.map((c) => [c.old, c.plain, c.unreadable])).toEqual(dryRun.map((c) => [c.old, c.plain, c.unreadable]))
      expect(counts.reduce((n, c) => n + c.old, 0)).toBe(Object.entries(before).filter(([k]) => k !== 'k2').reduce((n, [, v]) => n + v, 0))
      const after = await keyIdsInUse()
      expect(Object.keys(after)).toEqual(['k2'])

      // k1 and the demo key can go: every value opens with k2 alone
      const k2Only = keyring([k2], 'k2')
      for (const row of await database.db.select().from(staff)) expect(() => openTotpSecret(row, new Keyring(parseKeys(k2), 'k2'))).not.toThrow()
      for (const row of await database.db.select().from(bankCards)) expect(openCardToken(row, new Keyring(parseKeys(k2), 'k2'))).toMatch(/^sbx_card_/)
      expect(k2Only.currentKeyId).toBe('k2')

      // idempotent: a second run re-seals nothing
      expect((await rotateSecrets(database.db, ring)).map((c) => c.old + c.plain + c.changed + c.unreadable)).toEqual([0, 0, 0, 0, 0])
      await signIn(server, member, clock)
    } finally {
      await server.close()
    }
  })

  it('reports values no listed key opens, and leaves them', async () => {
    const onlyK1 = keyring([k1], 'k1')
    const counts = await rotateSecrets(database.db, onlyK1, { dryRun: true })
    const total = await keyIdsInUse()
    expect(counts.reduce((n, c) => n + c.unreadable, 0)).toBe(total.k2)
    expect(counts[0]!.unreadableIds.length).toBeGreaterThan(0)
  })

  it('runs as npm run secrets:rotate, from the command line, with --dry-run', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'kilat-secrets-'))
    const cliEnv: Record<string, string> = { ...(process.env as Record<string, string>), NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', SECRETS_KEYS: [DEMO_SECRETS_KEYS, k1, k2].join(','), SECRETS_KEY_ID: 'demo' }
    try {
      if (!process.env.DATABASE_URL) {
        // the embedded database is one process's: the command gets a copy of its own, with one value under k2
        const copy = await openDatabase(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }))
        await migrateDatabase(copy)
        await createStaff({ db: copy.db, now: clock.now, secrets: keyring([k1, k2], 'k2') }, { email: 'cli@staff.test', role: 'agent', markets: ['ID'], language: 'en' }, SYSTEM_ACTOR)
        await copy.close()
      }
      const run = (args: string[]) => spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../../../../scripts/operator.mjs'), 'secrets-rotate', ...args], { env: cliEnv, encoding: 'utf8' })
      const dry = run(['--dry-run', '--batch-size', '2'])
      expect(dry.stderr).toBe('')
      expect(dry.status).toBe(0)
      expect(dry.stdout).toContain('Dry run: nothing is written. Current key: demo; keys listed: demo, k1, k2.')
      expect(dry.stdout).toMatch(/staff\.totp_secret: [1-9]\d* to re-seal from an older key, 0 plain to seal/)
      const real = run([])
      expect(real.status, real.stderr).toBe(0)
      expect(real.stdout).toMatch(/staff\.totp_secret: [1-9]\d* re-sealed from an older key/)
      expect(real.stdout).toContain('Every secret is sealed under demo: the other keys can be removed from SECRETS_KEYS.')
      expect(run(['--batch-size', 'x']).stderr).toContain('--batch-size must be an integer 1-10000')
      const noKeys = spawnSync(process.execPath, [path.resolve(import.meta.dirname, '../../../../../scripts/operator.mjs'), 'secrets-rotate'], {
        env: { ...cliEnv, NODE_ENV: 'production', SECRETS_KEYS: '', SECRETS_KEY_ID: '' },
        encoding: 'utf8',
      })
      expect(noKeys.status).toBe(1)
      expect(noKeys.stderr.trim()).toBe('Invalid configuration: SECRETS_KEYS is required when DEMO_MODE is off')
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
    // Four runs of the command, each compiling the server's TypeScript through tsx and opening a
    // database: 15-25 s on a quiet two-core machine, over 60 s on a loaded one (a clean-clone CI run
    // timed out there with every other test green). The time is the host's, not the command's.
  }, 240_000)
})
