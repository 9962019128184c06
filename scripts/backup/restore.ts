import path from 'node:path'
import { parseArgs } from 'node:util'
import { openDatabase } from '../../apps/server/src/db/client.js'
import { engineOfFile, restorePglite, restorePostgres, tableRows } from '../../apps/server/src/db/backup.js'
import { fail, target } from './common.js'

/**
 * `npm run restore -- FILE [--force]`: restores a backup of `npm run backup` into the configured
 * database, of the engine the file came from (docs/product/platform.md#backup-and-restore). A
 * database with rows is refused without --force; with it, PGlite's folder is moved aside and
 * PostgreSQL's objects are dropped and replaced in one transaction. Stop the server first.
 */
async function main(): Promise<void> {
  const { values, positionals } = parseArgs({ options: { force: { type: 'boolean', default: false } }, allowPositionals: true })
  if (positionals.length !== 1) throw new Error('usage: npm run restore -- FILE [--force]')
  const file = path.resolve(positionals[0]!)
  const { config, engine, pgliteDir, where } = target()
  const from = engineOfFile(file)
  if (from !== engine) {
    throw new Error(`${positionals[0]} is a ${from === 'pglite' ? 'PGlite' : 'PostgreSQL'} backup, but the configured database is ${engine === 'pglite' ? 'the embedded one (set DATABASE_URL for PostgreSQL)' : 'PostgreSQL (unset DATABASE_URL for the embedded one)'}`)
  }
  const outcome = engine === 'pglite' ? await restorePglite(file, pgliteDir, { force: values.force }) : await restorePostgres(file, config.DATABASE_URL!, { force: values.force })
  const database = await openDatabase(config)
  try {
    const counts = Object.values(await tableRows(database))
    const rows = counts.reduce((a, b) => a + b, 0)
    process.stdout.write(`Restored ${positionals[0]} into the ${where}: ${counts.length} tables, ${rows} rows.\n`)
    if (outcome.movedAside) process.stdout.write(`The database that was there is kept in ${path.relative(process.cwd(), outcome.movedAside)}.\n`)
  } finally {
    await database.close()
  }
}

main().catch(fail('restore'))
