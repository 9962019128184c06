import { loadConfigOrExit } from '../../config.js'
import { openDatabase } from '../../db/client.js'
import { migrateDatabase } from '../../db/migrate.js'
import { verifyChain } from './audit.service.js'

/**
 * `npm run audit:verify` (docs/product/operations.md#commands): walks the audit trail's hash chain
 * on the configured database and reports the first broken link; exits 1 when there is one.
 */
async function main(): Promise<void> {
  const config = loadConfigOrExit(process.env)
  const database = await openDatabase(config)
  try {
    await migrateDatabase(database)
    const { rows, broken } = await verifyChain(database.db)
    if (broken) {
      const what = broken.reason === 'prev_hash' ? 'does not follow the row before it (a row removed or inserted)' : 'was changed after it was written'
      console.error(`Audit trail broken at row ${broken.id}: it ${what}. ${rows} rows before it are intact.`)
      process.exitCode = 1
    } else {
      process.stdout.write(`${rows} rows, chain intact.\n`)
    }
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error('audit:verify failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
