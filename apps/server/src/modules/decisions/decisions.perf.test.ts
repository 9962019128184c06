import { getTableColumns, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS } from '@kilat/domain'
import { DEMO_SECRETS_KEYS, Keyring, parseKeys } from '../../adapters/secrets/secret-box.js'
import type { Database } from '../../db/client.js'
import { createProduct } from '../../db/factories.js'
import { openTestDatabase } from '../../test/setup-db.js'
import { demoPayouts } from '../money-desk/money-desk.service.js'
import { orders, type Order } from '../orders/orders.schema.js'
import { decideBatch } from './decide.js'
import { creditPolicies, orderDecisions } from './decisions.schema.js'
import { modelOf } from './policy-engine.js'
import { replay } from './replay.js'
import { cleanApplicant } from './test-helpers.js'
import type { PolicyRule, ReplayLine } from '@kilat/contract'

/**
 * docs/product/decisions.md: a decision (its facts' statements, the engine, the hard rules) under
 * 50 ms at the 99th percentile in process; a replay of 100,000 kept decisions under 30 s on
 * PostgreSQL. Run by `npm run bench:decisions` (DATABASE_URL for PostgreSQL; PGlite otherwise,
 * with `REPLAY_ROWS` smaller). Figures in docs/performance/decisions.md.
 */
let database: Database
const NOW = new Date('2026-11-10T03:00:00Z')
const DECISIONS = Number(process.env.DECISIONS ?? 300)
const REPLAY_ROWS = Number(process.env.REPLAY_ROWS ?? (process.env.DATABASE_URL ? 100_000 : 10_000))

/** A policy of the size a risk team keeps: twelve rows over the record, velocity and identity. */
const RULES: PolicyRule[] = [
  { id: 'kyc-failed', when: { 'identity.kycVerified': 'false' }, band: 'reject', reason: 'identity_unverified', maxAmount: null },
  { id: 'duplicate', when: { 'identity.duplicate': 'true' }, band: 'reject', reason: 'identity_duplicate', maxAmount: null },
  { id: 'name', when: { 'payoutAccount.nameCheck': '"mismatch", "pending", "none"' }, band: 'refer', reason: 'payout_name_mismatch', maxAmount: null },
  { id: 'overdue', when: { 'record.maxDaysOverdueEver': '> 30' }, band: 'reject', reason: 'overdue_history', maxAmount: null },
  { id: 'recent', when: { 'record.maxDaysOverdue180d': '[8..30]' }, band: 'refer', reason: 'recent_overdue', maxAmount: null },
  { id: 'sims', when: { 'velocity.phonePrefix24h': '>= 20' }, band: 'refer', reason: 'too_many_applications', maxAmount: null },
  { id: 'sims-month', when: { 'velocity.phonePrefix30d': '>= 200' }, band: 'reject', reason: 'too_many_applications', maxAmount: null },
  { id: 'fraud', when: { 'links.fraudOrWrittenOff': 'true' }, band: 'reject', reason: 'linked_to_fraud', maxAmount: null },
  { id: 'young-big', when: { 'identity.age': '< 25', 'application.amount': '> 300000000' }, band: 'refer', reason: 'outside_policy', maxAmount: null },
  { id: 'night', when: { 'application.localHour': '[0..4]', 'record.loansTaken': '0' }, band: 'refer', reason: 'manual_check', maxAmount: null },
  { id: 'new', when: { 'record.loansTaken': '0', 'application.amount': '> 400000000' }, band: 'approve', reason: 'new_borrower_limit', maxAmount: 400000000 },
  { id: 'many-ext', when: { 'record.extensions': '> 3' }, band: 'refer', reason: 'manual_check', maxAmount: null },
]

beforeAll(async () => {
  database = await openTestDatabase()
}, 600_000)
afterAll(async () => {
  await database?.close()
})

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!

describe('instant decisions', () => {
  it(`decides ${DECISIONS} applications, each under 50 ms at the 99th percentile`, async () => {
    const secrets = new Keyring(parseKeys(DEMO_SECRETS_KEYS), 'demo')
    const product = await createProduct(database.db, { market: 'ID' })
    const made: Order[] = []
    // each with a record with us: a settled loan before this application
    for (let i = 0; i < DECISIONS; i++) made.push(await cleanApplicant(database.db, secrets, product, NOW, true))
    await database.db.insert(creditPolicies).values({ market: 'ID', version: 1, status: 'published', rules: RULES, model: modelOf(RULES), requestedBy: 1, requestedAt: NOW, decidedBy: 2, decidedAt: NOW, publishedAt: NOW })
    const started = performance.now()
    for (let round = 0; round < 100; round++) if ((await decideBatch({ db: database.db, secrets, payouts: demoPayouts }, NOW)).claimed === 0) break
    const wall = performance.now() - started
    const micros = (await database.db.select({ micros: orderDecisions.micros }).from(orderDecisions)).map((r) => r.micros)
    const p50 = percentile(micros, 50) / 1000
    const p99 = percentile(micros, 99) / 1000
    process.stdout.write(`decisions: ${micros.length} in ${(wall / 1000).toFixed(2)} s (with their writes); decision p50 ${p50.toFixed(2)} ms, p99 ${p99.toFixed(2)} ms\n`)
    expect(micros.length).toBeGreaterThanOrEqual(DECISIONS)
    expect(p99).toBeLessThan(50)
  }, 600_000)

  it(`replays a draft over ${REPLAY_ROWS.toLocaleString('en')} kept decisions${process.env.DATABASE_URL ? ' in under 30 s' : ''}`, async () => {
    // the first kept decision copied until there are REPLAY_ROWS, each with its own order, paid out
    // and settled (a borrower holds one unsettled order per product), in SQL
    const COPY_AS: Record<string, string> = { status: String(ORDER_STATUS.settled), disbursed_at: 'src.applied_at', settled_at: 'src.applied_at' }
    const [template] = await database.db.select().from(orderDecisions).limit(1)
    const columns = Object.values(getTableColumns(orders)).map((c) => c.name).filter((n) => n !== 'id' && n !== 'order_no')
    const list = columns.map((c) => `"${c}"`).join(', ')
    const copies = REPLAY_ROWS - (await database.db.$count(orderDecisions))
    await database.db.execute(sql.raw(`
      with src as (select * from orders where id = ${template!.orderKey}),
      made as (
        insert into orders (order_no, ${list})
        select 'R' || lpad(g::text, 9, '0'), ${columns.map((c) => (COPY_AS[c] ? COPY_AS[c] : `src."${c}"`)).join(', ')} from src, generate_series(1, ${copies}) g
        returning id
      )
      insert into order_decisions (order_id, market, policy_id, band, asked, approved_amount, reasons, fired, inputs, hard_facts, micros, decided_at)
      select made.id, d.market, d.policy_id, (array['approve','refer','reject'])[1 + made.id % 3], d.asked, d.approved_amount, d.reasons, d.fired,
        jsonb_set(d.inputs, '{record,maxDaysOverdueEver}', to_jsonb((made.id % 60)::int)), d.hard_facts, d.micros, d.decided_at
      from made, order_decisions d where d.id = ${template!.id}`))
    const stricter: PolicyRule[] = [...RULES, { id: 'stricter', when: { 'record.maxDaysOverdueEver': '> 10' }, band: 'reject', reason: 'overdue_history', maxAmount: null }]
    const started = performance.now()
    let last: ReplayLine | undefined
    let progress = 0
    for await (const line of replay(database.db, { market: 'ID', model: modelOf(stricter) }, 30, NOW)) {
      last = line
      if (line.type === 'progress') progress += 1
    }
    const seconds = (performance.now() - started) / 1000
    process.stdout.write(`replay: ${last?.type === 'result' ? last.total : '?'} decisions in ${seconds.toFixed(2)} s, ${progress} progress lines\n`)
    expect(last).toMatchObject({ type: 'result', total: REPLAY_ROWS })
    if (last?.type === 'result') expect(last.moves.approve.reject + last.moves.refer.reject).toBeGreaterThan(0)
    if (process.env.DATABASE_URL) expect(seconds).toBeLessThan(30)
  }, 600_000)
})
