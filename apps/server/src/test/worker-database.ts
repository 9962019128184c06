import pg from 'pg'

/**
 * On PostgreSQL each test worker has a database of its own, created from the migrated template
 * global-setup.ts prepares, so that two files run side by side without truncating each other's
 * rows. Before each test file the worker's setup file (worker-setup.ts) points DATABASE_URL at the
 * worker's database (what setup-db.ts and the files that open a second connection read), creating
 * it on the worker's first file. DATABASE_URL names the suite's own database, which stays the
 * one the template and the workers' databases are named after.
 */
const BASE = 'KILAT_TEST_DATABASE_BASE'

function withDatabase(url: string, name: string): string {
  const next = new URL(url)
  next.pathname = `/${name}`
  return next.toString()
}

function nameOf(url: string): string {
  return decodeURIComponent(new URL(url).pathname.slice(1))
}

/** The migrated, empty database the workers' databases are copied from. */
export function templateUrl(baseUrl: string): string {
  return withDatabase(baseUrl, `${nameOf(baseUrl)}__template`)
}

/** Every worker's database name starts so (and what a test creates beside it, its `_restore`). */
export function workerPrefix(baseUrl: string): string {
  return `${nameOf(baseUrl)}__worker`
}

/** Points DATABASE_URL at this worker's database (worker-setup.ts calls it before each file). */
export async function useWorkerDatabase(): Promise<void> {
  const base = process.env[BASE] ?? process.env.DATABASE_URL
  if (!base) return
  process.env[BASE] = base
  const name = `${workerPrefix(base)}${process.env.VITEST_POOL_ID ?? '1'}`
  const admin = new pg.Client({ connectionString: base })
  await admin.connect()
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (found.rowCount === 0) await admin.query(`create database "${name}" template "${nameOf(templateUrl(base))}"`)
  } finally {
    await admin.end()
  }
  process.env.DATABASE_URL = withDatabase(base, name)
}
