import { SCREEN_PATHS } from '@kilat/contract'
import { buildApp } from './app.js'
import { ConfigError, loadConfigOrExit, requireSecrets } from './config.js'
import { buildProviders, describeProviders, type BuildProvidersOptions, type Providers } from './adapters/providers/registry.js'
import { openDatabase } from './db/client.js'
import { migrateDatabase } from './db/migrate.js'
import { seedDemo, seedReference } from './db/seed.js'
import { startOrderJob, type RunningJob } from './modules/orders/orders.job.js'
import { decisionStep } from './modules/decisions/decisions.service.js'
import { demoPayouts } from './modules/money-desk/money-desk.service.js'
import { seedDemoIdentities } from './modules/kyc/kyc.service.js'
import { sealPlainSecrets } from './modules/secrets/secrets.service.js'
import { disableDemoStaff, seedDemoStaff } from './modules/staff/staff.seed.js'
import { shutDown } from './modules/health/shutdown.js'
import { startMetricsServer } from './telemetry/metrics.plugin.js'
import { shutdownTracing } from './telemetry/tracing.js'

/**
 * The runtime the product is built and tested on (docs/decisions/0019-node-runtime.md): `npm install`
 * brings it as the `node` package, and `npm start` and every npm script run on it.
 */
const NODE_MAJOR = 24

/** After the drain, how long requests in flight may take before the process exits anyway. */
const SHUTDOWN_GRACE_SECONDS = 30

async function main(): Promise<void> {
  const major = Number(process.versions.node.split('.')[0])
  if (major < NODE_MAJOR) {
    console.error(`Kilat runs on Node ${NODE_MAJOR} or newer, not ${process.version}: start it with npm start (or npm run serve), which use the Node that npm install brought.`)
    process.exit(1)
  }
  const config = loadConfigOrExit(process.env)
  let secrets
  try {
    secrets = requireSecrets(config)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }

  const database = await openDatabase(config)
  await migrateDatabase(database)
  // docs/decisions/0021-secrets-at-rest.md#upgrade: secrets still plain are sealed before any request
  await sealPlainSecrets(database.db, secrets)
  if (config.DEMO_MODE) {
    const seeded = await seedDemo(database.db, { sessionTtlDays: config.SESSION_TTL_DAYS, secrets })
    // who the demo borrowers are and where their loans are paid (docs/product/identity-and-payout-account.md#demo-data)
    await seedDemoIdentities(database.db, secrets, seeded.borrowerIds, new Date())
  } else await seedReference(database.db)
  // The demo's staff accounts have a public password: seeded in demo mode, disabled without it.
  if (config.DEMO_MODE) await seedDemoStaff(database.db, new Date(), secrets)
  else await disableDemoStaff(database.db)
  // each market's providers, from the configuration: a chosen provider without its keys stops here, naming the variable
  // (their log is the server's, once it exists: adapters log only while calling out, after start)
  const serverLog: { current?: BuildProvidersOptions['log'] } = {}
  const laterLog: BuildProvidersOptions['log'] = {
    warn: (details, message) => serverLog.current?.warn(details, message),
    info: ((details: object, message: string) => serverLog.current?.info(details, message)) as BuildProvidersOptions['log']['info'],
  }
  const providers = buildProvidersOrExit({ env: process.env, config, db: database.db, log: laterLog })
  const app = await buildApp({ config, db: database, payments: providers.payments, payouts: providers.payouts, sms: providers.sms })
  serverLog.current = app.log
  let job: RunningJob | undefined

  let stopping = false
  const stop = (signal: NodeJS.Signals) => {
    // A second signal means "now": do not wait for slow requests.
    if (stopping) process.exit(1)
    stopping = true
    app.log.info({ signal, drainSeconds: config.SHUTDOWN_DRAIN_SECONDS }, 'shutting down')
    // A request that never ends must not keep a stopped process alive.
    setTimeout(() => {
      console.error('Shutdown took too long: exiting with requests still open.')
      process.exit(1)
    }, (config.SHUTDOWN_DRAIN_SECONDS + SHUTDOWN_GRACE_SECONDS) * 1000).unref()
    shutDown(app, { job, drainMs: config.SHUTDOWN_DRAIN_SECONDS * 1000 })
      // the spans still buffered go out before the process ends
      .then(() => shutdownTracing())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Shutdown failed:', error instanceof Error ? error.message : error)
          process.exit(1)
        },
      )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))

  await app.listen({ port: config.PORT, host: config.HOST })
  // the metrics' own port, for the monitoring network alone (docs/operations/metrics.md)
  if (config.METRICS_PORT !== undefined) {
    const metrics = await startMetricsServer({ port: config.METRICS_PORT, host: config.HOST, token: config.METRICS_TOKEN })
    metrics.unref()
    console.log(`Metrics on http://localhost:${config.METRICS_PORT}/metrics`)
  }
  // Here rather than in buildApp, so that tests run the job themselves with the time they choose.
  if (config.JOB_INTERVAL_SECONDS > 0) job = startOrderJob({ db: app.db, config, payouts: demoPayouts, decisions: decisionStep({ db: app.db, secrets: app.secrets, payouts: demoPayouts }) }, config.JOB_INTERVAL_SECONDS, app.log)
  console.log(`Listening on http://localhost:${config.PORT}`)
  console.log(`Providers: ${describeProviders(providers.choice)}`)
  // The developer's page, not a production server's: its address is not advertised there.
  if (config.NODE_ENV !== 'production') console.log(`Test preview: http://localhost:${config.PORT}${SCREEN_PATHS.testPreview}`)
}

/** The providers, or the process ends with the line naming the variable, as a wrong setting does. */
function buildProvidersOrExit(options: BuildProvidersOptions): Providers {
  try {
    return buildProviders(options)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}


main().catch((error: unknown) => {
  console.error('Start failed:', error instanceof Error ? error.message : error)
  process.exit(1)
})
