import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ORDER_STATUS, bureauLayout } from '@kilat/domain'
import { DEMO_SECRETS_KEYS, Keyring, parseKeys } from '../../adapters/secrets/secret-box.js'
import { rowsOf, type Database } from '../../db/client.js'
import { createBorrower, createOrder, createProduct } from '../../db/factories.js'
import { testConfig, openTestDatabase } from '../../test/setup-db.js'
import { sealVersion } from '../kyc/kyc.secrets.js'
import { buildRun } from './build.js'
import { download } from './desk.js'

/**
 * docs/performance/credit-reporting.md: a run over ORDERS loans (1,000,000 on PostgreSQL) is built,
 * and its file streams in under 60 s, and the memory held does not grow with the number of loans. Run by `npm run bench:credit-reporting` (DATABASE_URL for PostgreSQL; PGlite otherwise,
 * with fewer loans).
 */
let database: Database
const NOW = new Date('2026-11-10T03:00:00Z')
const PG = Boolean(process.env.DATABASE_URL)
const ORDERS = Number(process.env.ORDERS ?? (PG ? 1_000_000 : 20_000))
/** Borrowers the loans belong to: each one's identity is sealed and opened as in production. */
const BORROWERS = Number(process.env.BORROWERS ?? Math.max(1, Math.floor(ORDERS / 10)))
const secrets = new Keyring(parseKeys(DEMO_SECRETS_KEYS), 'demo')
const NIK = '3273011506920001'

beforeAll(async () => {
  database = await openTestDatabase()
}, 1_200_000)
afterAll(async () => {
  await database?.close()
})

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1)

/** ORDERS overdue loans of Indonesia paid out in October, over BORROWERS borrowers with identities, copied in SQL from one. */
async function seed(): Promise<void> {
  const product = await createProduct(database.db, { market: 'ID' })
  // a borrower holds one unsettled loan per product: each borrower's loans are of different products
  const products: number[] = []
  for (let i = 0; i <= ORDERS / BORROWERS; i++) products.push((await createProduct(database.db, { market: 'ID' })).id)
  const template = await createBorrower(database.db, { market: 'ID' })
  const { order } = await createOrder(database.db, { product, borrowerId: template.id, status: ORDER_STATUS.overdue, now: new Date('2026-10-25T03:00:00Z') })
  const db = database.db
  await db.execute(sql`insert into borrowers (phone, market, locale)
    select '+62813' || lpad(i::text, 8, '0'), 'ID', 'id' from generate_series(1, ${BORROWERS}) i`)
  const [range] = await rowsOf<{ lo: string }>(db.execute(sql`select min(id) as lo from borrowers where phone like '+62813%'`))
  const lo = Number(range!.lo)
  // identities: one version each, sealed for its own row as the kyc module seals it
  const details = { market: 'ID', documentKind: 'nik', documentNumber: NIK, birthDate: '1992-06-15', gender: 'male', placeOfBirth: 'Bandung', rfc: null, aadhaarLastFour: null, aadhaarReference: null, address: { street: 'Jl. Dago No. 1', provinceCode: '32', cityCode: '3273', pinCode: null, postalCode: null } } as const
  for (let from = 0; from < BORROWERS; from += 5_000) {
    const ids: number[] = []
    const sealed: string[] = []
    for (let i = from; i < Math.min(BORROWERS, from + 5_000); i++) {
      ids.push(1_000_000 + i)
      sealed.push(sealVersion(details, secrets, 1_000_000 + i))
    }
    await db.execute(sql`insert into identity_versions (id, borrower_id, version, full_name, document_masked, details, kyc_result)
      overriding system value
      select v.id, ${lo} + v.id - 1000000, 1, 'Dewi Lestari', '3273 **** **** 0001', v.details, 'verified'
      from unnest(${`{${ids.join(',')}}`}::bigint[], ${`{${sealed.map((v) => `"${v}"`).join(',')}}`}::text[]) as v(id, details)`)
  }
  await db.execute(sql`insert into borrower_identities (borrower_id, market, full_name, document_kind, document_masked, details, id_lookup, kyc_vendor, kyc_reference, kyc_result, kyc_checked_at, version)
    select borrower_id, 'ID', full_name, 'nik', document_masked, details, 'bench-' || borrower_id, 'bench', 'bench', 'verified', now(), 1 from identity_versions where id >= 1000000`)
  await db.execute(sql`insert into orders (order_no, borrower_id, product_id, status, principal, fee, received, interest, total_repay, paid, penalty, penalty_paid, penalty_waived,
      term_unit, term_days, periods, daily_rate_bps, late_fee_new, late_fee_repeat, late_tiers, late_cap_bps, applied_at, decided_at, disbursed_at, due_at, created_at, updated_at)
    select 'B' || lpad(i::text, 9, '0'), ${lo} + (i % ${BORROWERS}), (${`{${products.join(',')}}`}::bigint[])[1 + i / ${BORROWERS}], o.status, o.principal, o.fee, o.received, o.interest, o.total_repay, o.paid, o.penalty, o.penalty_paid, o.penalty_waived,
      o.term_unit, o.term_days, o.periods, o.daily_rate_bps, o.late_fee_new, o.late_fee_repeat, o.late_tiers, o.late_cap_bps, o.applied_at, o.decided_at, o.disbursed_at, o.due_at, o.created_at, o.updated_at
    from orders o, generate_series(1, ${ORDERS - 1}) i where o.id = ${order.id}`)
  await db.execute(sql`insert into order_periods (order_id, period_no, due_at, principal, interest, total, paid, interest_paid, principal_paid, interest_waived, status)
    select n.id, p.period_no, p.due_at, p.principal, p.interest, p.total, p.paid, p.interest_paid, p.principal_paid, p.interest_waived, p.status
    from orders n cross join order_periods p where p.order_id = ${order.id} and n.order_no like 'B%'`)
  // the template's loan goes to the first borrower, who has an identity and no loan of its product
  await db.execute(sql`update orders set borrower_id = ${lo} where id = ${order.id}`)
  await db.execute(sql`analyze`)
}

describe('credit bureau reporting at scale', () => {
  it(`builds October's run over ${ORDERS.toLocaleString('en')} loans and streams its file in under 60 s`, async () => {
    const seeding = performance.now()
    await seed()
    process.stdout.write(`seeded ${ORDERS} loans of ${BORROWERS} borrowers in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`)
    global.gc?.()
    const heapBefore = process.memoryUsage().heapUsed
    let heapPeak = heapBefore
    const watch = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 50)
    const started = performance.now()
    const run = await buildRun({ db: database.db, secrets, now: () => NOW }, 'ID', '2026-10', null)
    const built = (performance.now() - started) / 1000
    expect(run!.records).toBe(ORDERS)
    expect(run!.balance).toBe(run!.ledgerBalance)
    expect(run!.recordsWithErrors).toBe(0)
    const config = testConfig()
    const staff = { staffId: 1, role: 'finance', markets: ['ID'] } as never
    const streaming = performance.now()
    const file = await download({ db: database.db, secrets, now: () => NOW, config }, staff, '127.0.0.1', { runId: run!.id, bureau: 'slik', file: 'F01' })
    let bytes = 0
    let lines = 0
    for await (const chunk of file.lines) {
      bytes += chunk.length
      lines += chunk.split(bureauLayout('slik', 'F01').lineEnding).length - 1
    }
    const streamed = (performance.now() - streaming) / 1000
    clearInterval(watch)
    process.stdout.write(
      `built ${ORDERS} records in ${built.toFixed(1)} s (${run!.millis} ms inside); streamed F01 ${lines} lines, ${mib(bytes)} MiB in ${streamed.toFixed(1)} s; heap ${mib(heapBefore)} → peak ${mib(heapPeak)} MiB\n`,
    )
    expect(lines).toBe(ORDERS + 1)
    expect(streamed).toBeLessThan(60)
    // the build opens every identity and checks every record in this process: 103 s for 1,000,000
    // on a two-core machine (docs/performance/credit-reporting.md), held here to twice what it took
    expect(built).toBeLessThan(PG ? 200 : 60)
    // pages of 5,000: what is held does not grow with the run. Uncollected garbage of the pages makes
    // the peak; it was +218 MiB for 100,000 loans and +266 MiB for 1,000,000
    expect(heapPeak - heapBefore).toBeLessThan(384 * 1024 * 1024)
  }, 1_200_000)
})
