import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPglite } from '../db/client.js'
import { migrateDatabase } from '../db/migrate.js'

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite database as a tarball; absent when the suite runs on PostgreSQL. */
    pgliteSnapshot?: string
  }
}

/**
 * Creating a PGlite database takes seconds; loading a tarball of one takes a fraction of that.
 * So the suite creates and migrates one database, and each test file starts from a copy.
 */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) return undefined
  const database = await openPglite()
  await migrateDatabase(database)
  if (database.handle.kind !== 'pglite') throw new Error('expected PGlite')
  const tarball = await database.handle.client.dumpDataDir('none')
  await database.close()
  const dir = mkdtempSync(path.join(tmpdir(), 'kilat-pglite-'))
  const file = path.join(dir, 'migrated.tar')
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()))
  project.provide('pgliteSnapshot', file)
  return () => rmSync(dir, { recursive: true, force: true })
}
