import { readFileSync } from 'node:fs'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { inject } from 'vitest'
import { buildApp, type BuildAppOptions } from '../app.js'
import { loadConfig, type Config } from '../config.js'
import { openPglite, openPostgres, type Database } from '../db/client.js'
import { migrateDatabase } from '../db/migrate.js'
import { products, type Product } from '../modules/products/products.schema.js'
import { seedDemo } from '../db/seed.js'

/** Every table of the application, for truncation between test files on a worker's PostgreSQL database. */
const TABLES = ['events', 'ratings', 'order_periods', 'orders', 'products', 'sessions', 'sms_codes', 'sms_outbox', 'rate_limits', 'borrowers', 'stored_files', 'sandbox_payouts', 'recon_days', 'gateway_reports', 'unmatched_callbacks', 'bureau_runs', 'bureau_corrections']

/**
 * A migrated, empty database for one test file: an in-memory PGlite by default (a copy of the one
 * global-setup.ts migrated), or the PostgreSQL of DATABASE_URL, which worker-setup.ts has pointed at
 * this worker's own database (its files run one after the other there, and each starts by emptying it).
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL
  const snapshot = url ? undefined : inject('pgliteSnapshot')
  const database = url
    ? await openPostgres(url, { max: 5 })
    : await openPglite(undefined, snapshot ? { loadDataDir: new Blob([readFileSync(snapshot)]) } : {})
  await migrateDatabase(database)
  await truncateAll(database)
  return database
}

export async function truncateAll(database: Database): Promise<void> {
  await database.db.execute(sql.raw(`truncate ${TABLES.map((t) => `"${t}"`).join(', ')} restart identity cascade`))
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', DATA_DIR: 'unused-in-tests', ...overrides })
}

export async function buildTestApp(
  database: Database,
  options: { env?: Record<string, string> } & Omit<BuildAppOptions, 'config' | 'db'> = {},
) {
  const { env, ...rest } = options
  const app = await buildApp({ config: testConfig(env), db: database, ...rest })
  return app
}

export interface SeededApp {
  database: Database
  app: FastifyInstance
  products: Product[]
  /** A seeded product by its code. */
  product: (code: string) => Product
  close: () => Promise<void>
}

/** A test database with the demo data and an app ready to take requests, for the journey's modules. */
export async function openSeededApp(): Promise<SeededApp> {
  const database = await openTestDatabase()
  await seedDemo(database.db, { sessionTtlDays: 30 })
  const seededProducts = await database.db.select().from(products)
  const byCode = new Map(seededProducts.map((p) => [p.code, p]))
  const app = await buildTestApp(database)
  await app.ready()
  return {
    database,
    app,
    products: seededProducts,
    product: (code) => {
      const found = byCode.get(code)
      if (!found) throw new Error(`no seeded product ${code}`)
      return found
    },
    close: async () => {
      await app.close()
      await database.close()
    },
  }
}
