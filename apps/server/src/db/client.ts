import { execFile } from 'node:child_process'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Config } from '../config.js'
/**
 * The Drizzle base both drivers share: services are written once for PGlite and PostgreSQL. It knows
 * no tables: each module brings its own (`modules/<area>/<area>.schema.ts`), so db/ depends on none.
 */
export type Db = PgDatabase<PgQueryResultHKT>

/** What a transaction callback receives; it runs the same queries as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/** `Db` or a transaction: repository functions take either. */
export type Executor = Db | Tx

export type DatabaseHandle =
  | { kind: 'pglite'; client: PGlite }
  | { kind: 'postgres'; client: pg.Pool }

export interface Database {
  db: Db
  kind: DatabaseHandle['kind']
  /** The driver's own client, for the migrator and tests. */
  handle: DatabaseHandle
  /** True when `select 1` answers within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>
  close(): Promise<void>
}

/**
 * PGlite's default shared_buffers (128 MB) alone would take a quarter of the memory budget
 * (docs/product/platform.md#memory: a restart must stay under 600 MB resident); the demo's data fits in far less.
 * PGlite touches all of its buffers at start, so each MB here is a MB resident: 16 MB instead of
 * 32 keeps the server under 300 MB after the benchmarks (docs/decisions/0008-api-performance.md).
 */
const PGLITE_CONF = ['shared_buffers=16MB', 'work_mem=4MB', 'maintenance_work_mem=16MB']

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * PGlite is one process's database: a second process opening the same folder would corrupt it
 * (scale-out needs PostgreSQL, docs/product/platform.md#scale-out). A lock file beside the folder refuses that
 * clearly; a lock left by a process that no longer runs is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const lockPath = `${dataDir}.lock`
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(lockPath, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10)
      if (Number.isInteger(owner) && owner !== process.pid && isRunning(owner)) {
        throw new Error(`the embedded database in ${dataDir} is in use by process ${owner}; stop it or set DATA_DIR or DATABASE_URL`)
      }
      rmSync(lockPath, { force: true })
    }
  }
  throw new Error(`could not lock ${lockPath}`)
}

const execFileAsync = promisify(execFile)

/**
 * Creates the PGlite database of a new `dataDir` in a short-lived child process. Creating one
 * (initdb) grows PGlite's WebAssembly memory past 550 MB; a process that did it stays about 120 MB
 * larger for the rest of its life than one that opened an existing database (measured at start:
 * about 390 against 270 MB resident, docs/decisions/0008-api-performance.md), so the server opens
 * what the child created instead.
 */
async function createPgliteInChild(dataDir: string): Promise<void> {
  const script = [
    "const { PGlite } = await import('@electric-sql/pglite')",
    `const db = new PGlite({ dataDir: ${JSON.stringify(dataDir)}, postgresqlconf: ${JSON.stringify(PGLITE_CONF)} })`,
    'await db.waitReady',
    'await db.close()',
  ].join('\n')
  // From this file's folder the package resolves as it does for the server itself.
  await execFileAsync(process.execPath, ['--input-type=module', '-e', script], { cwd: path.dirname(fileURLToPath(import.meta.url)) })
}

/**
 * PGlite runs each statement synchronously on this process's thread, and a statement that follows
 * another in a chain of promises runs among the microtasks Node drains after every I/O callback.
 * Under load that starved new connections: Node accepts a connection, drains the microtasks (the
 * next statement, several milliseconds) and only then accepts the next, so the 50th connection of a
 * burst waited for 50 statements (docs/decisions/0012-payment-gateway.md#acknowledging-callbacks).
 * Each statement therefore starts from the event loop's check phase, once the connections and
 * requests waiting have been taken in; an idle server pays one setImmediate per statement.
 */
function startStatementsFromIo(client: PGlite): void {
  const runExclusiveQuery = client._runExclusiveQuery.bind(client)
  client._runExclusiveQuery = <T>(fn: () => Promise<T>) =>
    runExclusiveQuery(async () => {
      await new Promise((resolve) => setImmediate(resolve))
      return fn()
    })
}

/**
 * `dataDir` undefined: an in-memory database (tests). `loadDataDir`: start from a tarball of
 * another database (PGlite's dumpDataDir), which is much faster than creating one.
 */
export async function openPglite(dataDir?: string, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  let unlock = () => {}
  if (dataDir) {
    mkdirSync(path.dirname(dataDir), { recursive: true })
    unlock = lockDataDir(dataDir)
  }
  try {
    if (dataDir && !options.loadDataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await createPgliteInChild(dataDir)
    const client = new PGlite({
      ...(dataDir ? { dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      postgresqlconf: PGLITE_CONF,
      // the chatbot's spelling correction (drizzle/0004 creates the extension)
      extensions: { pg_trgm },
    })
    await client.waitReady
    startStatementsFromIo(client)
    const db = drizzlePglite(client) as unknown as Db
    return wrap(db, { kind: 'pglite', client }, async () => {
      try {
        if (!client.closed) await client.close()
      } finally {
        unlock()
      }
    })
  } catch (error) {
    unlock()
    throw error
  }
}

export async function openPostgres(url: string, poolOptions: pg.PoolConfig = {}): Promise<Database> {
  const client = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 30_000, ...poolOptions })
  // An idle client that loses its connection emits here; without a listener the process would exit.
  client.on('error', () => {})
  // A client lent out (a transaction between statements) has no pool listener: the database
  // going away would throw its 'error' event and end the process. Its query fails all the same
  // and the pool drops it on release.
  client.on('connect', (lent) => lent.on('error', () => {}))
  const db = drizzlePg(client) as unknown as Db
  return wrap(db, { kind: 'postgres', client }, () => client.end())
}

/** PostgreSQL when DATABASE_URL is set, else PGlite persisted in DATA_DIR/pglite. */
export function openDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>): Promise<Database> {
  return config.DATABASE_URL ? openPostgres(config.DATABASE_URL) : openPglite(path.join(config.DATA_DIR, 'pglite'))
}

function wrap(db: Db, handle: DatabaseHandle, close: () => Promise<void>): Database {
  let closing: Promise<void> | undefined
  return {
    db,
    kind: handle.kind,
    handle,
    async ping(timeoutMs = 2000) {
      let timer: NodeJS.Timeout | undefined
      const timeout = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), timeoutMs)
      })
      try {
        return await Promise.race([db.execute(sql`select 1`).then(() => true), timeout])
      } catch {
        return false
      } finally {
        clearTimeout(timer)
      }
    },
    close() {
      closing ??= close()
      return closing
    },
  }
}

/** Rows of a raw `db.execute`, whatever the driver (both answer with `{ rows }`). */
export async function rowsOf<T>(query: Promise<unknown> | PromiseLike<unknown>): Promise<T[]> {
  const result = (await query) as { rows?: T[] }
  return result.rows ?? []
}
