import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPglite, openPostgres } from '../db/client.js'
import { migrateDatabase } from '../db/migrate.js'
import { templateUrl, workerPrefix } from './worker-database.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite database as a tarball; absent when the suite runs on PostgreSQL. */
    pgliteSnapshot?: string
  }
}

/**
 * Migrating a database takes seconds; copying a migrated one takes a fraction of that. So the
 * suite migrates one database and each test file starts from a copy of it: on PGlite a tarball
 * each file loads; on PostgreSQL a template database each worker's own database is created from
 * (worker-database.ts), so that files run side by side without sharing a database.
 *
 * The server's project and the fuzz project both name this file and run in one process: the
 * first does the work, the second reuses it (a promise kept on globalThis).
 */
const SHARED = Symbol.for('kilat.test.global-setup')
type Shared = { snapshot: Promise<string | undefined>; dir?: string }
const store = globalThis as unknown as Record<symbol, Shared | undefined>

export default async function setup(project: TestProject) {
  let shared = store[SHARED]
  if (!shared) {
    const created: Shared = { snapshot: Promise.resolve(undefined) }
    created.snapshot = process.env.DATABASE_URL ? preparePostgres(process.env.DATABASE_URL).then(() => undefined) : preparePglite(created)
    store[SHARED] = shared = created
  }
  const snapshot = await shared.snapshot
  if (snapshot) project.provide('pgliteSnapshot', snapshot)
  return () => {
    if (shared.dir) rmSync(shared.dir, { recursive: true, force: true })
  }
}

async function preparePglite(shared: Shared): Promise<string> {
  const database = await openPglite()
  await migrateDatabase(database)
  if (database.handle.kind !== 'pglite') throw new Error('expected PGlite')
  const tarball = await database.handle.client.dumpDataDir('none')
  await database.close()
  shared.dir = mkdtempSync(path.join(tmpdir(), 'kilat-pglite-'))
  const file = path.join(shared.dir, 'migrated.tar')
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()))
  return file
}

/**
 * A fresh template from the current migrations: the workers' databases of an earlier run are
 * dropped (they may hold an older schema), the template is migrated, then closed, since
 * PostgreSQL copies a template only while nobody is connected to it.
 */
async function preparePostgres(url: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  try {
    const stale = await admin.query<{ datname: string }>('select datname from pg_database where datname like $1 escape \'!\'', [`${workerPrefix(url).replace(/[!%_]/g, '!$&')}%`])
    for (const { datname } of stale.rows) await admin.query(`drop database if exists "${datname}" with (force)`)
    const template = new URL(templateUrl(url)).pathname.slice(1)
    await admin.query(`drop database if exists "${template}" with (force)`)
    await admin.query(`create database "${template}"`)
  } finally {
    await admin.end()
  }
  const database = await openPostgres(templateUrl(url), { max: 1 })
  try {
    await migrateDatabase(database)
  } finally {
    await database.close()
  }
}
