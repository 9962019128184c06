import { execFile } from 'node:child_process'
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import { sql } from 'drizzle-orm'
import { openPglite, openPostgres, rowsOf, type Database } from './client.js'

/**
 * Backup and restore of either engine (docs/product/platform.md#backup-and-restore): PGlite's
 * data folder as the tarball of its `dumpDataDir`, PostgreSQL as `pg_dump`'s custom format. A
 * backup file says by its first bytes which engine it came from; it is restored into that engine.
 */

export type Engine = 'pglite' | 'postgres'

const execFileAsync = promisify(execFile)

/** pg_dump's custom format starts with this; a gzip tarball (PGlite's) with 1f 8b. */
const PG_DUMP_MAGIC = 'PGDMP'

export function engineOfFile(file: string): Engine {
  const head = readFileSync(file).subarray(0, 5)
  if (head.toString('latin1') === PG_DUMP_MAGIC) return 'postgres'
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite'
  throw new Error(`${file} is neither a PGlite backup (gzip tarball) nor a pg_dump custom-format file`)
}

export interface TableSum {
  rows: number
  /** md5 of every row's text, in the order of that text: equal tables give equal sums. */
  md5: string
}

/** Every table of every schema but the system's, as `schema.table`, and its quoted name. */
async function tablesOf(database: Database): Promise<Array<{ name: string; quoted: string }>> {
  const tables = await rowsOf<{ schema: string; name: string }>(
    database.db.execute(sql`
      select table_schema as schema, table_name as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by table_schema, table_name`),
  )
  const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`
  return tables.map(({ schema, name }) => ({ name: `${schema}.${name}`, quoted: `${quote(schema)}.${quote(name)}` }))
}

/** Row count and checksum of every table, by `schema.table`. */
export async function tableChecksums(database: Database): Promise<Record<string, TableSum>> {
  const sums: Record<string, TableSum> = {}
  for (const { name, quoted } of await tablesOf(database)) {
    const [row] = await rowsOf<{ rows: number; md5: string | null }>(
      database.db.execute(sql`select count(*)::int as rows, md5(string_agg(t::text, E'\n' order by t::text)) as md5 from ${sql.raw(quoted)} t`),
    )
    sums[name] = { rows: row!.rows, md5: row!.md5 ?? '' }
  }
  return sums
}

/** Row count of every table, by `schema.table`. */
export async function tableRows(database: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const { name, quoted } of await tablesOf(database)) {
    const [row] = await rowsOf<{ rows: number }>(database.db.execute(sql`select count(*)::int as rows from ${sql.raw(quoted)}`))
    counts[name] = row!.rows
  }
  return counts
}

/** Rows in the application's tables (the migrations' own bookkeeping does not count). */
export async function applicationRows(database: Database): Promise<number> {
  return Object.entries(await tableRows(database))
    .filter(([name]) => name.startsWith('public.'))
    .reduce((n, [, rows]) => n + rows, 0)
}

/**
 * A PGlite data folder can be open in one process only (db/client.ts locks it): the backup opens
 * it itself, so it refuses while the server runs, saying which process holds it. Stopping the
 * server for the seconds a backup takes is the price of the embedded engine; PostgreSQL is
 * backed up while it serves.
 */
export async function backupPglite(dataDir: string, out: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`no embedded database in ${dataDir}`)
  const database = await openPglite(dataDir)
  try {
    if (database.handle.kind !== 'pglite') throw new Error('expected PGlite')
    // everything written reaches the data files before they are copied
    await database.handle.client.exec('checkpoint')
    const tarball = await database.handle.client.dumpDataDir('gzip')
    writeFileSync(out, Buffer.from(await tarball.arrayBuffer()))
  } finally {
    await database.close()
  }
}

export interface RestoreOutcome {
  /** Where the database that was there before went (PGlite, with --force), if there was one. */
  movedAside?: string
}

/**
 * Restores a PGlite backup as `dataDir`. A database already there with rows is refused unless
 * `force`; with it (or when it has no rows) the folder is moved aside, never deleted.
 */
export async function restorePglite(file: string, dataDir: string, options: { force?: boolean; now?: Date } = {}): Promise<RestoreOutcome> {
  const outcome: RestoreOutcome = {}
  if (existsSync(dataDir) && statSync(dataDir).isDirectory()) {
    if (existsSync(path.join(dataDir, 'PG_VERSION'))) {
      const existing = await openPglite(dataDir)
      let rows: number
      try {
        rows = await applicationRows(existing)
      } finally {
        await existing.close()
      }
      if (rows > 0 && !options.force) throw new RefusedError(`the embedded database in ${dataDir} has ${rows} rows; restore over it with --force (it is moved aside, not deleted)`)
    }
    const stamp = (options.now ?? new Date()).toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')
    outcome.movedAside = `${dataDir}.before-restore-${stamp}`
    renameSync(dataDir, outcome.movedAside)
  }
  const restored = await openPglite(dataDir, { loadDataDir: new Blob([readFileSync(file)]) })
  await restored.close()
  return outcome
}

/** A refusal the command line reports as it is, without a stack. */
export class RefusedError extends Error {
  override name = 'RefusedError'
}

/** pg_dump and pg_restore: on PATH, else Debian's PostgreSQL 15 folder. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  const debian = `/usr/lib/postgresql/15/bin/${name}`
  return process.env.PATH?.split(path.delimiter).some((dir) => existsSync(path.join(dir, name))) ? name : existsSync(debian) ? debian : name
}

export async function backupPostgres(url: string, out: string): Promise<void> {
  await execFileAsync(pgTool('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${out}`, `--dbname=${url}`])
}

/**
 * Restores a pg_dump file into the database of `url`, in one transaction: all of it or nothing. A
 * database with rows is refused unless `force`; its objects are then dropped and replaced.
 */
export async function restorePostgres(file: string, url: string, options: { force?: boolean } = {}): Promise<RestoreOutcome> {
  const target = await openPostgres(url, { max: 1 })
  try {
    const rows = await applicationRows(target)
    if (rows > 0 && !options.force) throw new RefusedError(`the database has ${rows} rows; restore over it with --force (its tables are dropped and replaced)`)
  } finally {
    await target.close()
  }
  await execFileAsync(pgTool('pg_restore'), ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${url}`, file])
  return {}
}
