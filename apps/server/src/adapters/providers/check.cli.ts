import { loadConfigOrExit, ConfigError } from '../../config.js'
import type { Executor } from '../../db/client.js'
import { checkProviders, checkReport } from './check.js'
import { buildProviders } from './registry.js'

/**
 * `npm run providers:check` (docs/operations/going-live.md#before-the-first-real-loan): with the
 * server's configuration, asks each configured live provider whether its keys work and whether its
 * callback address is ours, and exits 1 when one does not. It opens no database.
 */
const noDatabase = new Proxy({}, {
  get() {
    throw new Error('providers:check uses no database')
  },
}) as Executor

const config = loadConfigOrExit(process.env)
const quiet = { warn: () => {}, info: () => {} } as unknown as Parameters<typeof buildProviders>[0]['log']
let providers
try {
  providers = buildProviders({ env: process.env, config, db: noDatabase, log: quiet })
} catch (error) {
  if (!(error instanceof ConfigError)) throw error
  console.error(error.message)
  process.exit(1)
}
const report = checkReport(providers, await checkProviders(providers, config))
process.stdout.write(`${report.text}\n`)
process.exit(report.ok ? 0 : 1)
