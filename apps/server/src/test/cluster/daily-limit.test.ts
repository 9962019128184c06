import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { localDate, type Cents } from '@kilat/domain'
import { DEMO_SECRETS_KEYS, Keyring, parseKeys } from '../../adapters/secrets/secret-box.js'
import { openPostgres, type Database } from '../../db/client.js'
import { createProduct } from '../../db/factories.js'
import { decideBatch, type DecideDeps } from '../../modules/decisions/decisions.service.js'
import { autoPayoutDays, autoPayoutLimits, creditPolicies, orderDecisions } from '../../modules/decisions/decisions.schema.js'
import { modelOf } from '../../modules/decisions/policy-engine.js'
import { cleanApplicant, emptyDecisions } from '../../modules/decisions/test-helpers.js'
import { demoPayouts } from '../../modules/money-desk/money-desk.service.js'
import { payoutRequests } from '../../modules/money-desk/payouts.schema.js'
import { BATCH } from '../../modules/orders/orders.service.js'
import type { Order } from '../../modules/orders/orders.schema.js'
import { openTestDatabase } from '../setup-db.js'

/**
 * Two server processes deciding at once never pay out past a market's daily limit
 * (docs/product/decisions.md#automatic-payout): on PostgreSQL each runner has its own connection
 * pool, as two processes would, and both work the same backlog of clean applications; the day's
 * row is the lock, taken by the guarded upsert in the transaction that queues each payout.
 */
const onPostgres = Boolean(process.env.DATABASE_URL)
const NOW = new Date('2026-11-10T03:00:00Z')
/** More than one batch each runner claims, so that their batches interleave. */
const APPLICATIONS = BATCH + 40
/** The day's limit lets this many of them be paid out by the system. */
const PAYABLE = 57

let a: Database
let b: Database
const made: Order[] = []

beforeAll(async () => {
  a = await openTestDatabase()
  await emptyDecisions(a)
  b = onPostgres ? await openPostgres(process.env.DATABASE_URL!, { max: 5 }) : a
  const secrets = new Keyring(parseKeys(DEMO_SECRETS_KEYS), 'demo')
  const product = await createProduct(a.db, { market: 'ID' })
  for (let i = 0; i < APPLICATIONS; i++) made.push(await cleanApplicant(a.db, secrets, product, NOW))
  const received = made[0]!.received
  // a policy of no rows approves every clean application; limits confirmed by finance long ago
  await a.db.insert(creditPolicies).values({ market: 'ID', version: 1, status: 'published', rules: [], model: modelOf([]), requestedBy: 1, requestedAt: NOW, decidedBy: 2, decidedAt: NOW, publishedAt: NOW })
  await a.db.insert(autoPayoutLimits).values({ market: 'ID', perLoanMax: received, dailyMax: (received * PAYABLE + received - 1) as Cents, status: 'confirmed', requestedBy: 3, requestedAt: NOW, decidedBy: 4, decidedAt: NOW })
})

afterAll(async () => {
  if (a) await emptyDecisions(a)
  if (b !== a) await b?.close()
  await a?.close()
})

async function drain(database: Database, secrets: Keyring) {
  const deps: DecideDeps = { db: database.db, secrets, payouts: demoPayouts }
  for (let round = 0; round < 50; round++) if ((await decideBatch(deps, NOW)).claimed === 0) return
}

describe('two processes deciding at once', () => {
  it('pay out no more than the daily limit together, and decide every application once', async () => {
    const secrets = new Keyring(parseKeys(DEMO_SECRETS_KEYS), 'demo')
    await Promise.all([drain(a, secrets), drain(b, secrets)])
    const received = made[0]!.received
    const [day] = await a.db.select().from(autoPayoutDays).where(eq(autoPayoutDays.day, localDate(NOW, 'ID')))
    expect(day).toMatchObject({ total: received * PAYABLE, count: PAYABLE })
    const [{ payouts }] = (await a.db.select({ payouts: sql<number>`count(*)`.mapWith(Number) }).from(payoutRequests).where(sql`${payoutRequests.orderKey} in (${sql.join(made.map((o) => sql`${o.id}`), sql`, `)})`)) as [{ payouts: number }]
    expect(payouts).toBe(PAYABLE)
    const decided = await a.db.select({ band: orderDecisions.band }).from(orderDecisions).where(sql`${orderDecisions.orderKey} in (${sql.join(made.map((o) => sql`${o.id}`), sql`, `)})`)
    expect(decided).toHaveLength(APPLICATIONS)
    expect(decided.every((d) => d.band === 'approve')).toBe(true)
  })
})
