import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { backupPglite, backupPostgres } from '../../apps/server/src/db/backup.js'
import { fail, sizeOf, target } from './common.js'

/**
 * `npm run backup [-- --out FILE]`: a backup of the configured database (docs/product/platform.md#backup-and-restore).
 * PGlite: a gzip tarball of its data folder, taken with the server stopped (the folder is one
 * process's). PostgreSQL: pg_dump's custom format, taken while the server runs.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } })
  const { config, engine, pgliteDir, where } = target()
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '')
  const out = path.resolve(values.out ?? path.join('backups', `kilat-${engine}-${stamp}.${engine === 'pglite' ? 'tar.gz' : 'dump'}`))
  mkdirSync(path.dirname(out), { recursive: true })
  if (engine === 'pglite') await backupPglite(pgliteDir, out)
  else await backupPostgres(config.DATABASE_URL!, out)
  process.stdout.write(`Backed up the ${where} to ${path.relative(process.cwd(), out) || out} (${sizeOf(out)}).\n`)
  process.stdout.write(`Restore it with: npm run restore -- ${path.relative(process.cwd(), out) || out}\n`)
}

main().catch(fail('backup'))
