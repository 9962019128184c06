import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { cents } from '@kilat/domain'
import { SandboxGateway } from '../adapters/payments/sandbox-gateway.js'
import { DEMO_PAYMENT_CALLBACK_SECRET } from '../config.js'
import {
  backupPglite,
  backupPostgres,
  engineOfFile,
  RefusedError,
  restorePglite,
  restorePostgres,
  tableChecksums,
  type TableSum,
} from '../db/backup.js'
import { openPglite, openPostgres, type Database } from '../db/client.js'
import { migrateDatabase } from '../db/migrate.js'
import { seedDemo } from '../db/seed.js'
import { record } from '../modules/audit/audit.service.js'
import { orders } from '../modules/orders/orders.schema.js'
import { issueRepaymentAccount } from '../modules/repayment/accounts.js'
import { receivePayment } from '../modules/repayment/payments.js'
import { seedDemoStaff } from '../modules/staff/staff.seed.js'
import { emptyStaff } from '../modules/staff/test-helpers.js'
import { openTestDatabase } from './setup-db.js'

/**
 * The demo data plus writes of the kinds a running server makes: an audit row, and a repayment
 * (an account issued, a payment received, its ledger entries, the order's periods updated).
 */
async function fill(database: Database): Promise<void> {
  await emptyStaff(database)
  await seedDemo(database.db, { sessionTtlDays: 30 })
  await seedDemoStaff(database.db)
  await database.db.transaction((tx) => record(tx, { staffId: null, role: null, action: 'backup.test', recordType: 'test', recordId: 1, markets: ['ID'], after: { note: 'a row to find' } }))
  const [order] = await database.db.select().from(orders).where(eq(orders.orderNo, 'K2026000005'))
  const gateway = new SandboxGateway(DEMO_PAYMENT_CALLBACK_SECRET)
  const account = await issueRepaymentAccount({ db: database.db, gateway }, { borrowerId: order!.borrowerId, orderNo: order!.orderNo, methodCode: 'BCA', purpose: 'repay', periodCount: undefined })
  const paid = await receivePayment(database.db, 'sandbox', {
    gatewayPaymentId: `backup-test-${Date.now()}`,
    accountNo: account.accountNo,
    externalId: String(account.accountId),
    amount: cents(account.amount),
    paidAt: new Date(),
    method: 'BCA',
    raw: {},
  })
  expect(paid.duplicate).toBe(false)
}

/** Every table has its rows back, byte for byte: the same count and checksum. */
function expectSame(after: Record<string, TableSum>, before: Record<string, TableSum>): void {
  expect(Object.keys(after)).toEqual(Object.keys(before))
  for (const name of Object.keys(before)) expect(after[name], name).toEqual(before[name])
  for (const name of ['public.audit_log', 'public.ledger_entries', 'public.payments', 'public.orders', 'public.borrowers', 'public.staff']) {
    expect(before[name]?.rows, name).toBeGreaterThan(0)
  }
}

const folder = mkdtempSync(path.join(tmpdir(), 'kilat-backup-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function pgliteSuite() {
  describe('backup and restore on PGlite', () => {
    const source = path.join(folder, 'source', 'pglite')
    const file = path.join(folder, 'pglite-backup.tar.gz')
    let before: Record<string, TableSum>

    beforeAll(async () => {
      // a data folder as `npm start` makes one, from the suite's migrated database (faster than initdb)
      const snapshot = inject('pgliteSnapshot')!
      const database = await openPglite(source, { loadDataDir: new Blob([readFileSync(snapshot)]) })
      try {
        await migrateDatabase(database)
        await fill(database)
        before = await tableChecksums(database)
      } finally {
        await database.close()
      }
    })

    it('backs up a data folder and restores it into a fresh one with every row', async () => {
      await backupPglite(source, file)
      expect(engineOfFile(file)).toBe('pglite')
      const target = path.join(folder, 'restored', 'pglite')
      expect(await restorePglite(file, target)).toEqual({})
      const restored = await openPglite(target)
      try {
        expectSame(await tableChecksums(restored), before)
      } finally {
        await restored.close()
      }
    })

    it('refuses a data folder another process has open, naming it', async () => {
      // the server's lock, held by a process that runs (this one's parent)
      writeFileSync(`${source}.lock`, String(process.ppid))
      try {
        await expect(backupPglite(source, path.join(folder, 'refused.tar.gz'))).rejects.toThrow(`in use by process ${process.ppid}`)
        expect(existsSync(path.join(folder, 'refused.tar.gz'))).toBe(false)
      } finally {
        rmSync(`${source}.lock`)
      }
    })

    it('refuses to restore over a database with rows unless forced, then moves it aside', async () => {
      await expect(restorePglite(file, source)).rejects.toBeInstanceOf(RefusedError)
      const outcome = await restorePglite(file, source, { force: true, now: new Date('2026-03-02T08:00:00Z') })
      expect(outcome.movedAside).toBe(`${source}.before-restore-20260302T080000`)
      expect(existsSync(path.join(outcome.movedAside!, 'PG_VERSION'))).toBe(true)
      const restored = await openPglite(source)
      try {
        expectSame(await tableChecksums(restored), before)
      } finally {
        await restored.close()
      }
    })
  })
}

function postgresSuite() {
  describe('backup and restore on PostgreSQL', () => {
    // the suite's database, and a fresh one beside it to restore into
    const url = process.env.DATABASE_URL ?? 'postgres://unused/unused'
    const target = new URL(url)
    const targetName = `${target.pathname.slice(1)}_restore`
    target.pathname = `/${targetName}`
    const file = path.join(folder, 'postgres-backup.dump')
    let source: Database
    let before: Record<string, TableSum>

    const dropTarget = () => source.db.execute(sql.raw(`drop database if exists "${targetName}" with (force)`))

    beforeAll(async () => {
      source = await openTestDatabase()
      await fill(source)
      before = await tableChecksums(source)
      await dropTarget()
      await source.db.execute(sql.raw(`create database "${targetName}"`))
    })

    afterAll(async () => {
      if (!source) return
      await dropTarget()
      await source.close()
    })

    it('backs up with pg_dump and restores into a fresh database with every row', async () => {
      await backupPostgres(url, file)
      expect(engineOfFile(file)).toBe('postgres')
      await restorePostgres(file, target.toString())
      const restored = await openPostgres(target.toString(), { max: 1 })
      try {
        expectSame(await tableChecksums(restored), before)
      } finally {
        await restored.close()
      }
    })

    it('refuses to restore over a database with rows unless forced', async () => {
      await expect(restorePostgres(file, target.toString())).rejects.toBeInstanceOf(RefusedError)
      await restorePostgres(file, target.toString(), { force: true })
      const restored = await openPostgres(target.toString(), { max: 1 })
      try {
        expectSame(await tableChecksums(restored), before)
      } finally {
        await restored.close()
      }
    })
  })
}

// the server suite runs on one engine at a time: PGlite in `npm test`, PostgreSQL in `npm run test:pg`
if (process.env.DATABASE_URL) postgresSuite()
else pgliteSuite()
