import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ERRORS, auditSearch } from '@kilat/contract'
import type { Database } from '../../db/client.js'
import { buildTestApp, openTestDatabase } from '../../test/setup-db.js'
import { emptyStaff, enrolledStaff, opsGet, signIn, testClock } from '../staff/test-helpers.js'
import { auditLog } from './audit.schema.js'
import { record, verifyChain } from './audit.service.js'

let database: Database
let app: FastifyInstance
const clock = testClock()

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  app = await buildTestApp(database, { now: clock.now })
  await app.ready()
})

afterAll(async () => {
  await app?.close()
  await database?.close()
})

/** Rows written directly here name staff ids no account of the search tests has. */
const FAKE_STAFF = 900_000

async function countRows(belowId = Number.MAX_SAFE_INTEGER): Promise<number> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(sql`${auditLog.id} < ${belowId}`)
  return row!.n
}

/** The driver's error text, wherever Drizzle wrapped it. */
async function refusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run()
  } catch (error) {
    const messages: string[] = []
    for (let e: unknown = error; e instanceof Error; e = e.cause) messages.push(e.message)
    return messages.join(' / ')
  }
  throw new Error('expected a refusal')
}

describe('the audit trail', () => {
  it('records within the caller\'s transaction: a rolled-back change leaves no row', async () => {
    const before = await countRows()
    await expect(
      database.db.transaction(async (tx) => {
        await record(tx, { staffId: FAKE_STAFF, role: 'admin', action: 'test.rollback', recordType: 'test', recordId: 1 , markets: null})
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    expect(await countRows()).toBe(before)
  })

  it('keeps one chain under concurrent appends', async () => {
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        database.db.transaction((tx) => record(tx, { staffId: FAKE_STAFF + i, role: 'agent', action: 'test.concurrent', recordType: 'test', recordId: i, markets: null, after: { i } })),
      ),
    )
    expect(await verifyChain(database.db)).toMatchObject({ broken: null })
  })

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await database.db.transaction((tx) => record(tx, { staffId: FAKE_STAFF, role: 'admin', action: 'test.write', recordType: 'test', recordId: 'a' , markets: null}))
    expect(await refusal(() => database.db.execute(sql`update audit_log set action = 'x'`))).toMatch(/append-only: UPDATE/)
    expect(await refusal(() => database.db.execute(sql`delete from audit_log`))).toMatch(/append-only: DELETE/)
    expect(await refusal(() => database.db.execute(sql`truncate audit_log`))).toMatch(/append-only: TRUNCATE/)
    expect((await verifyChain(database.db)).rows).toBeGreaterThan(0)
  })

  it('finds a tampered row, and is intact again once it is put back', async () => {
    const row = await database.db.transaction((tx) =>
      record(tx, { staffId: FAKE_STAFF, role: 'finance', action: 'test.tamper', recordType: 'order', recordId: 'K1', markets: null, after: { amount: 100 } }),
    )
    await database.db.transaction((tx) => record(tx, { staffId: FAKE_STAFF, role: 'finance', action: 'test.after', recordType: 'order', recordId: 'K1' , markets: null}))
    expect(await verifyChain(database.db)).toMatchObject({ broken: null })
    // as the table's owner could: the trigger off for a moment
    await database.db.execute(sql`alter table audit_log disable trigger audit_log_no_update_or_delete`)
    try {
      await database.db.execute(sql`update audit_log set after = '{"amount": 1000}'::jsonb where id = ${row.id}`)
      const tampered = await verifyChain(database.db, 3)
      expect(tampered.broken).toEqual({ id: row.id, reason: 'hash' })
      expect(tampered.rows).toBe(await countRows(row.id))

      await database.db.execute(sql`update audit_log set after = '{"amount": 100}'::jsonb where id = ${row.id}`)
      expect(await verifyChain(database.db)).toMatchObject({ broken: null })
      await database.db.execute(sql`delete from audit_log where id = ${row.id}`)
      expect((await verifyChain(database.db)).broken).toEqual({ id: row.id + 1, reason: 'prev_hash' })
      // put back as it was (ids are generated, so the row goes back with its own)
      await database.db.execute(sql`
        insert into audit_log overriding system value
        values (${row.id}, ${row.at.toISOString()}, ${row.staffId}, ${row.role}, ${row.action}, ${row.recordType}, ${row.recordId},
                ${null}, ${JSON.stringify(row.after)}::jsonb, ${null}, ${row.prevHash}, ${row.hash})`)
    } finally {
      await database.db.execute(sql`alter table audit_log enable trigger audit_log_no_update_or_delete`)
    }
    expect(await verifyChain(database.db)).toMatchObject({ broken: null })
  })
})

describe('the audit search', () => {
  it('finds by staff member, record and time, newest first, a page at a time', async () => {
    const admin = await enrolledStaff(app, database, clock, 'admin', ['ID'])
    const agent = await enrolledStaff(app, database, clock, 'agent', ['ID'])
    await signIn(app, agent, clock)
    await signIn(app, agent, clock)
    const from = clock.now().toISOString()
    await signIn(app, agent, clock)

    const byStaff = await opsGet(app, auditSearch.path, { cookie: admin.cookie, query: { staffId: String(agent.id) } })
    expect(byStaff.statusCode, byStaff.body).toBe(200)
    const all = byStaff.json().data.entries as Array<{ id: number; action: string; staffId: number }>
    expect(all.map((e) => e.action)).toEqual(['staff.sign-in', 'staff.sign-in', 'staff.sign-in', 'staff.enrol'])
    expect(all.every((e) => e.staffId === agent.id)).toBe(true)
    expect(all.map((e) => e.id)).toEqual([...all.map((e) => e.id)].sort((a, b) => b - a))

    const first = (await opsGet(app, auditSearch.path, { cookie: admin.cookie, query: { staffId: String(agent.id), limit: '3' } })).json().data
    expect(first.entries.map((e: { id: number }) => e.id)).toEqual(all.slice(0, 3).map((e) => e.id))
    expect(first.nextBefore).toBe(all[2]!.id)
    const second = (
      await opsGet(app, auditSearch.path, { cookie: admin.cookie, query: { staffId: String(agent.id), limit: '3', before: String(first.nextBefore) } })
    ).json().data
    expect(second.entries.map((e: { id: number }) => e.id)).toEqual([all[3]!.id])
    expect(second.nextBefore).toBeNull()

    const byRecord = (await opsGet(app, auditSearch.path, { cookie: admin.cookie, query: { recordType: 'staff', recordId: String(agent.id) } })).json().data
    expect(byRecord.entries.map((e: { action: string }) => e.action)).toEqual(['staff.sign-in', 'staff.sign-in', 'staff.sign-in', 'staff.enrol', 'staff.create'])

    const since = (await opsGet(app, auditSearch.path, { cookie: admin.cookie, query: { staffId: String(agent.id), from } })).json().data
    expect(since.entries).toHaveLength(1)
    const until = (await opsGet(app, auditSearch.path, { cookie: admin.cookie, query: { staffId: String(agent.id), to: new Date(Date.parse(from) - 1).toISOString() } })).json().data
    expect(until.entries).toHaveLength(3)
  })

  it('is for admins only, and checks its filters', async () => {
    const risk = await enrolledStaff(app, database, clock, 'risk', ['ID'])
    const refused = await opsGet(app, auditSearch.path, { cookie: risk.cookie })
    expect(refused.statusCode).toBe(403)
    const admin = await enrolledStaff(app, database, clock, 'admin', ['ID'])
    const queries: Array<Record<string, string>> = [{ staffId: 'abc' }, { from: 'yesterday' }, { limit: '1000' }, { recordType: "staff'; drop table audit_log; --" }, { before: '-1' }]
    for (const query of queries) {
      const res = await opsGet(app, auditSearch.path, { cookie: admin.cookie, query })
      expect(res.statusCode, JSON.stringify(query)).toBe(400)
      expect(res.json().code).toBe(ERRORS.invalidRequest.code)
    }
    expect(await database.db.select({ id: auditLog.id }).from(auditLog).limit(1)).toHaveLength(1)
  })
})
