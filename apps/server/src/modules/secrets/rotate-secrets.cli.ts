import { parseArgs } from 'node:util'
import { ConfigError, loadConfigOrExit, requireSecrets } from '../../config.js'
import { openDatabase } from '../../db/client.js'
import { migrateDatabase } from '../../db/migrate.js'
import { rotateSecrets } from './secrets.service.js'

/**
 * `npm run secrets:rotate [-- --dry-run] [--batch-size N]` (docs/product/operations.md#commands,
 * docs/decisions/0021-secrets-at-rest.md#rotation): re-seals every secret at rest under
 * SECRETS_KEY_ID on the configured database, in batches each of its own transaction, while the
 * servers keep running with the same SECRETS_KEYS. Prints what it did per column; run again, it
 * finds nothing to do. Exits 1 when a value opens with none of the listed keys.
 */
const USAGE = 'usage: npm run secrets:rotate -- [--dry-run] [--batch-size <1-10000>]'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'dry-run': { type: 'boolean' }, 'batch-size': { type: 'string' } }, strict: true })
  const batchSize = values['batch-size'] === undefined ? undefined : Number(values['batch-size'])
  if (batchSize !== undefined && !(Number.isInteger(batchSize) && batchSize >= 1 && batchSize <= 10_000)) fail(`--batch-size must be an integer 1-10000\n${USAGE}`)
  const dryRun = values['dry-run'] === true

  const config = loadConfigOrExit(process.env)
  let keyring
  try {
    keyring = requireSecrets(config)
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message)
    throw error
  }
  const database = await openDatabase(config)
  try {
    await migrateDatabase(database)
    const verb = dryRun ? 'to re-seal' : 're-sealed'
    process.stdout.write(`${dryRun ? 'Dry run: nothing is written. ' : ''}Current key: ${keyring.currentKeyId}; keys listed: ${keyring.keyIds.join(', ')}.\n`)
    const counts = await rotateSecrets(database.db, keyring, { dryRun, ...(batchSize ? { batchSize } : {}) })
    let unreadable = 0
    for (const c of counts) {
      process.stdout.write(`${c.column}: ${c.old} ${verb} from an older key, ${c.plain} plain ${dryRun ? 'to seal' : 'sealed'}, ${c.changed} changed meanwhile (left), ${c.unreadable} unreadable\n`)
      if (c.unreadable > 0) process.stderr.write(`${c.column}: rows that open with no listed key: ${c.unreadableIds.join(', ')}${c.unreadable > c.unreadableIds.length ? ', …' : ''}\n`)
      unreadable += c.unreadable
    }
    if (unreadable > 0) {
      console.error(`${unreadable} values open with none of the keys in SECRETS_KEYS: keep the key they were sealed under listed, or look at those rows.`)
      process.exitCode = 1
    } else if (!dryRun) {
      process.stdout.write(`Every secret is sealed under ${keyring.currentKeyId}: the other keys can be removed from SECRETS_KEYS.\n`)
    }
  } finally {
    await database.close()
  }
}

main().catch((error: unknown) => {
  console.error('secrets:rotate failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
