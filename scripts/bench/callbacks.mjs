// Payment callback benchmark (docs/product/platform.md#benchmarks): callbacks acknowledged with p99
// under 200 ms at 50 concurrent. It starts the built server as bench:api does (demo data; the order job and the
// sandbox's own deliverer idle: their first pass would come after an hour), gives the demo borrower
// one fresh order per callback (the demo's new-order call) and an account for everything it owes
// (generate-vcode), then posts to the webhook, as the gateway would, one signed callback per
// account, `--concurrency` in flight at a time, and prints p50 and p99 of the acknowledgements.
// Each callback is a first one: the webhook stores it in its inbox and answers; the inbox worker,
// kicked by each new event, records the payment, its ledger entries and settles the order. At the
// end the benchmark waits until every account shows paid (vcode-status) and prints how long after
// the last acknowledgement that was.
//
// Usage: npm run bench:callbacks [-- --engine pglite|pg] [--count 500] [--concurrency 50]
// PostgreSQL as bench:api takes it (DATABASE_URL, a throwaway database whose name contains "bench").
// It is a measurement, not a test: it exits 0 whatever the figures, non-zero only when it cannot run.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { DEFAULT_PG_URL, preparePostgres } from './database.mjs'
import { CALLBACK_PATH, callbackOf, newCallbackSecret, signedHeaders } from './gateway.mjs'
import { DEMO_SESSION } from './demo.mjs'
import { CannotRun, numberOption, ROOT, SERVER_ENTRY, parseOptions, startProcess } from './process.mjs'

const P99_TARGET_MS = 200
/** This run's own key, given to the server it starts. */
const SECRET = newCallbackSecret()
/** Accounts are prepared this many at a time: preparing is not what is measured. */
const PREPARE_CONCURRENCY = 4
/** Long enough for the order job and the sandbox deliverer never to run; the inbox worker runs when kicked. */
const JOB_INTERVAL_SECONDS = '3600'
/** How long to wait for every payment to be applied before saying which were not. */
const APPLY_TIMEOUT_MS = 120_000

function options() {
  const values = parseOptions({
    options: {
      engine: { type: 'string', default: 'pglite' },
      count: { type: 'string', default: '500' },
      concurrency: { type: 'string', default: '50' },
    },
  })
  const number = (name, min) => numberOption(values, name, min, { whole: true })
  if (!['pg', 'pglite'].includes(values.engine)) throw new CannotRun('--engine must be pg or pglite')
  return { engine: values.engine, count: number('count', 1), concurrency: number('concurrency', 1) }
}

/** Runs `task(i)` for i in 0..count-1, `concurrency` at a time. */
async function pool(count, concurrency, task) {
  let next = 0
  const worker = async () => {
    while (next < count) await task(next++)
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker))
}

async function call(base, path, form) {
  const response = await fetch(`${base}${path}?tok=${DEMO_SESSION}`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest' },
    body: new URLSearchParams(form).toString(),
  })
  const body = await response.json().catch(() => undefined)
  if (!response.ok || body?.code !== 0) throw new CannotRun(`${path} answered ${response.status} ${JSON.stringify(body)?.slice(0, 200)}: is the server in demo mode?`)
  return body.data
}

/** One fresh due order and its account per callback. */
async function prepareAccounts(base, count) {
  const accounts = new Array(count)
  await pool(count, PREPARE_CONCURRENCY, async (i) => {
    const { orderNo } = await call(base, '/h5-api/v3/demo/new-order', { kind: 'due' })
    const account = await call(base, '/h5-api/v3/loan-details/generate-vcode', { orderId: orderNo, payCode: 'BCA', pay_type: '1' })
    accounts[i] = account
  })
  return accounts
}

/** Waits until every account shows paid; the number still unpaid when the time is up. */
async function waitApplied(base, accounts) {
  const deadline = performance.now() + APPLY_TIMEOUT_MS
  let unpaid = 0
  for (const account of accounts) {
    for (;;) {
      const response = await fetch(`${base}/h5-api/v3/loan-details/vcode-status?tok=${DEMO_SESSION}&accountId=${account.accountId}`, {
        headers: { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' },
      })
      const body = await response.json().catch(() => undefined)
      if (!response.ok || body?.code !== 0) throw new CannotRun(`vcode-status answered ${response.status} ${JSON.stringify(body)?.slice(0, 200)}`)
      if (body.data.status === 'paid') break
      if (performance.now() > deadline) {
        unpaid += 1
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return unpaid
}

async function post(base, body) {
  const started = performance.now()
  const response = await fetch(`${base}${CALLBACK_PATH}`, {
    method: 'POST',
    headers: signedHeaders(body, SECRET),
    body,
  })
  const answer = await response.json().catch(() => undefined)
  const elapsed = performance.now() - started
  return { elapsed, ok: response.ok && answer?.code === 0 && answer.data?.duplicate === false }
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const ms = (value) => (value < 10 ? value.toFixed(1) : String(Math.round(value)))

async function run(opts) {
  let dataDir
  let database
  let env
  const removeEnv = opts.engine === 'pglite' ? ['DATABASE_URL'] : []
  if (opts.engine === 'pg') {
    const url = process.env.DATABASE_URL ?? DEFAULT_PG_URL
    database = await preparePostgres(url)
    env = { DATABASE_URL: url }
    console.log(`PostgreSQL ${database.version} (database ${database.name})`)
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'kilat-bench-'))
    env = { DATA_DIR: dataDir }
    console.log('PGlite (embedded, a fresh database)')
  }
  try {
    const server = await startProcess(SERVER_ENTRY, {
      name: 'the server',
      env: { ...env, JOB_INTERVAL_SECONDS, DEMO_MODE: '1', PAYMENT_CALLBACK_SECRET: SECRET },
      removeEnv,
    })
    try {
      console.log(`preparing ${opts.count} accounts…`)
      const accounts = await prepareAccounts(server.base, opts.count)
      const bodies = accounts.map((account) => callbackOf(account, 'bench_pay').body)
      console.log(`posting ${opts.count} signed callbacks, ${opts.concurrency} at a time…`)
      const results = []
      const started = performance.now()
      await pool(bodies.length, opts.concurrency, async (i) => {
        results.push(await post(server.base, bodies[i]))
      })
      const acknowledged = performance.now()
      const seconds = (acknowledged - started) / 1000
      const unpaid = await waitApplied(server.base, accounts)
      const applied = unpaid === 0 ? `applied within ${((performance.now() - acknowledged) / 1000).toFixed(1)} s` : `NOT APPLIED after ${APPLY_TIMEOUT_MS / 1000} s: ${unpaid}`
      const latencies = results.map((r) => r.elapsed).sort((a, b) => a - b)
      const failed = results.filter((r) => !r.ok).length
      const p99 = percentile(latencies, 99)
      const verdict = p99 < P99_TARGET_MS && failed === 0 ? 'ok' : `MISSES p99 < ${P99_TARGET_MS} ms without failures`
      console.log(
        `\ncallbacks ${results.length}  ${Math.round(results.length / seconds)}/s  p50 ${ms(percentile(latencies, 50))} ms  p99 ${ms(p99)} ms` +
          `  max ${ms(latencies.at(-1))} ms  not acknowledged ${failed}  ${verdict}; ${applied}`,
      )
    } finally {
      await server.stop()
    }
  } finally {
    if (dataDir) await rm(dataDir, { recursive: true, force: true })
    await database?.release()
  }
}

try {
  const opts = options()
  if (!existsSync(SERVER_ENTRY)) {
    console.log('No server build: running npm run build first.')
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) throw new CannotRun('npm run build failed')
  }
  await run(opts)
  process.exit(0)
} catch (error) {
  console.error(error instanceof CannotRun ? error.message : error)
  process.exit(error instanceof CannotRun ? 2 : 1)
}
