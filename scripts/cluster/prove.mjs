// The cluster's proof (docs/product/platform.md#several-processes): under a fixed rate of the
// borrower mix through HAProxy (scripts/bench/mix.mjs),
//   1. restarting every process one after the other fails no request;
//   2. a kill -9 of one process fails only the requests it held at that moment, and HAProxy takes
//      it out within 2 s;
//   3. when the payout provider goes silent (demo mode's switch of the payout sandbox) while a
//      payout waits for its callback, Prometheus fires ProviderCallbacksSilent, and clears it once
//      the provider is back and the payout completed.
// It starts its own cluster (scripts/cluster/cluster.mjs: HAProxy on --port, the processes on the
// ports after it, their metrics ports after those, Prometheus on --port + 90 with the repository's
// alerts and the short limits of prove-thresholds.yml) on a throwaway PostgreSQL database, as the
// benchmarks do: DATABASE_URL, default postgres://kilat:kilat@localhost:5432/kilat_bench, emptied at
// the start, its name containing "bench". The order job runs as in production (every 10 s), so
// that a stop also waits for its pass; demo mode decides and pays out a loan at the job's first
// pass after it is applied for (DECISION_DELAY_SECONDS and DISBURSE_DELAY_SECONDS 0).
//
// Usage: npm run cluster:prove [-- --rate 500] [--processes 2] [--duration 10] [--connections 50]
//          [--port 8090] [--skip-kill] [--skip-silent]
// Exits 0 when every target is met, 1 when one is missed, 2 when it cannot run.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { DEFAULT_PG_URL, preparePostgres } from '../bench/database.mjs'
import { DEMO_SESSION, demoOf, isSuccess } from '../bench/demo.mjs'
import { mixOf, requestsOf, startMixLoad } from '../bench/mix.mjs'
import { CannotRun, ROOT, numberOption, parseOptions } from '../bench/process.mjs'
import { TARGETS } from '../bench/targets.mjs'
import { failedRequestsInLog, startCluster, waitForState } from './cluster.mjs'
import { PROVE_THRESHOLDS, firing } from './prometheus.mjs'

const DOWN_WITHIN_MS = 2000
// Load before a restart or a kill, and after it, so that both the leaving and the coming back are
// under load.
const LOAD_AROUND_MS = 2000

// The silent provider: the alert, and how long it may take to fire once the payout is accepted
// (the limit of prove-thresholds.yml, 20 s, plus the processes' refresh of their database figures,
// 15 s, plus Prometheus's scrape and evaluation, 5 s each) and to clear once the provider is back
// (its deliverer's pass, 10 s, plus the same refresh, scrape and evaluation).
const SILENT_ALERT = 'ProviderCallbacksSilent'
const FIRES_WITHIN_S = 90
const CLEARS_WITHIN_S = 90
const PAYOUT_ACCEPTED_WITHIN_S = 60
const SANDBOX_SWITCH = '/h5-api/v3/demo/payout-sandbox'

function options() {
  const values = parseOptions({
    options: {
      rate: { type: 'string', default: '500' },
      processes: { type: 'string', default: '2' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      port: { type: 'string', default: '8090' },
      'skip-kill': { type: 'boolean', default: false },
      'skip-silent': { type: 'boolean', default: false },
    },
  })
  const opts = {
    rate: numberOption(values, 'rate', 1),
    processes: numberOption(values, 'processes', 2, { whole: true }),
    duration: numberOption(values, 'duration', 1),
    connections: numberOption(values, 'connections', 1, { whole: true }),
    port: numberOption(values, 'port', 1, { whole: true }),
    kill: !values['skip-kill'],
    silent: !values['skip-silent'],
  }
  return opts
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function describeFailures(failures) {
  if (failures.length === 0) return ''
  const kinds = new Map()
  for (const f of failures) kinds.set(f.what, (kinds.get(f.what) ?? 0) + 1)
  const first = failures[0].at
  const last = failures.at(-1).at
  return ` (${[...kinds].map(([what, n]) => `${n} × ${what}`).join(', ')}; between ${(first / 1000).toFixed(1)} s and ${(last / 1000).toFixed(1)} s)`
}

async function rollingRestart(cluster, requests, opts) {
  console.log(`\n1. Rolling restart of ${opts.processes} processes under ${opts.rate} req/s`)
  const load = startMixLoad(cluster.base, requests, opts)
  await sleep(LOAD_AROUND_MS)
  const began = Date.now()
  await cluster.rollingRestart((line) => console.log(`   ${line}`))
  const restartMs = Date.now() - began
  await sleep(Math.max(LOAD_AROUND_MS, opts.duration * 1000 - (Date.now() - load.started)))
  const result = await load.stop()
  const failed = result.errors + result.non2xx
  console.log(
    `   ${result.answered} requests in ${result.seconds.toFixed(1)} s (${Math.round(result.answered / result.seconds)} req/s), restart ${(restartMs / 1000).toFixed(1)} s,` +
      ` p99 ${result.p99} ms; failed ${failed}${describeFailures(result.failures)}`,
  )
  return { failed, ok: failed === 0 }
}

async function killOne(cluster, requests, opts) {
  const victim = cluster.servers[0]
  console.log(`\n2. kill -9 of ${victim.name} under ${opts.rate} req/s`)
  const load = startMixLoad(cluster.base, requests, opts)
  await sleep(LOAD_AROUND_MS)
  const killedAt = Date.now()
  process.kill(victim.pid, 'SIGKILL')
  const downMs = await waitForState(cluster.socket, victim.name, 'DOWN', 10_000)
  await sleep(LOAD_AROUND_MS)
  const result = await load.stop()
  const failed = result.errors + result.non2xx
  // A failure it held: a request HAProxy had sent to the killed process before it was gone. A
  // kill takes a moment (the kernel frees the process's memory before it closes its sockets, and
  // its listening socket still takes connections meanwhile): gone is when its exit is seen here.
  // Its reads were asked again elsewhere; what changes something is not replayed.
  const { at: goneAt } = await victim.exited
  const logged = failedRequestsInLog(cluster.haproxyLog).filter((f) => f.acceptedAt >= load.started)
  const held = logged.filter((f) => f.server === victim.name && f.acceptedAt <= goneAt)
  const offsets = logged.map((f) => f.acceptedAt - killedAt)
  const when = offsets.length > 0 ? ` (HAProxy took them in ${Math.min(...offsets)} to ${Math.max(...offsets)} ms after the kill)` : ''
  console.log(
    `   killed at ${((killedAt - load.started) / 1000).toFixed(1)} s, gone ${goneAt - killedAt} ms later; HAProxy took it out after ${downMs} ms;` +
      ` ${result.answered} requests, failed ${failed}${describeFailures(result.failures)}, of which ${held.length} were in ${victim.name}'s hands when it was killed${when}`,
  )
  return { failed, held: held.length, downMs, ok: failed === held.length && downMs <= DOWN_WITHIN_MS }
}

/** The demo borrower's call through HAProxy, as the web app makes it: its `data`, or a throw. */
async function call(base, method, path, form) {
  const response = await fetch(`${base}${path}${path.includes('?') ? '&' : '?'}tok=${DEMO_SESSION}`, {
    method,
    headers: {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' } : {}),
    },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  })
  const body = await response.json().catch(() => undefined)
  if (!response.ok || !isSuccess(body)) throw new Error(`${method} ${path} answered ${response.status} ${JSON.stringify(body)?.slice(0, 300)}`)
  return body.data
}

/** The payout sandbox's switch (demo mode): { silent, since, held }. */
const sandboxSwitch = (base, silent) => call(base, 'POST', SANDBOX_SWITCH, { silent: String(silent) })
const sandboxState = (base) => call(base, 'GET', SANDBOX_SWITCH)

/** The demo borrower applies for the largest loan a free product of ours offers, as the app does. */
async function applyForLoan(base) {
  const { productId } = await call(base, 'GET', '/h5-api/v3/demo/orders')
  if (productId === null) throw new Error('the demo borrower has no product to apply for')
  const offer = await call(base, 'POST', '/h5-api/v3/loan-confirm/loan-detail-confirm', { productId })
  const pushed = await call(base, 'POST', '/h5-api/v3/loan-confirm/loan-detail-push', { productId, amount: offer.amount, periods: offer.periods, termUnit: offer.termUnit })
  return pushed.orderNo
}

/** Polls `check` every second until it answers true: the time it took, or null past `withinMs`. */
async function until(check, withinMs) {
  const started = Date.now()
  for (;;) {
    if (await check().catch(() => false)) return Date.now() - started
    if (Date.now() - started > withinMs) return null
    await sleep(1000)
  }
}

const secondsOf = (ms) => `${Math.round(ms / 1000)} s`

async function silentProvider(cluster) {
  const { prometheus, base } = cluster
  console.log(`\n3. Silent payout provider: ${SILENT_ALERT} in Prometheus (${prometheus.alertsPage})`)
  const silentAlerts = async () => firing(await prometheus.alerts(), SILENT_ALERT)
  // none before: every earlier payout has had its callback
  const quietMs = await until(async () => (await silentAlerts()).length === 0, 60_000)
  if (quietMs === null) throw new Error(`${SILENT_ALERT} is firing before the provider went silent: ${JSON.stringify(await silentAlerts())}`)

  const outcome = { firedMs: null, clearedMs: null, paidOut: false }
  const { held } = await sandboxSwitch(base, true)
  const silentAt = Date.now()
  try {
    console.log(`   the payout sandbox is silent (holding ${held} earlier callback${held === 1 ? '' : 's'}); the demo borrower applies for a loan`)
    const orderNo = await applyForLoan(base)
    const acceptedMs = await until(async () => (await sandboxState(base)).held > held, PAYOUT_ACCEPTED_WITHIN_S * 1000)
    if (acceptedMs === null) throw new Error(`the payout of ${orderNo} was not accepted within ${PAYOUT_ACCEPTED_WITHIN_S} s (decision and payout by the order job, then the payout outbox)`)
    console.log(`   ${orderNo} decided, its payout asked for and accepted by the silent sandbox ${secondsOf(acceptedMs)} after applying; no callback comes`)

    outcome.firedMs = await until(async () => (await silentAlerts()).length > 0, FIRES_WITHIN_S * 1000)
    const fired = outcome.firedMs === null ? [] : await silentAlerts()
    if (outcome.firedMs === null) console.log(`   ${SILENT_ALERT} did not fire within ${FIRES_WITHIN_S} s of the acceptance`)
    else console.log(`   ${SILENT_ALERT} firing ${secondsOf(outcome.firedMs)} after the acceptance: ${fired.map((a) => `${a.labels.provider} ${a.labels.market}: "${a.annotations?.summary}"`).join('; ')}`)

    const back = await sandboxSwitch(base, false)
    const backAt = Date.now()
    console.log(`   the sandbox is back after ${secondsOf(backAt - silentAt)} of silence: ${back.held} held callback${back.held === 1 ? '' : 's'} go${back.held === 1 ? 'es' : ''} out`)
    outcome.clearedMs = await until(async () => (await silentAlerts()).length === 0, CLEARS_WITHIN_S * 1000)
    const status = (await call(base, 'GET', `/h5-api/v3/loan-details/loan-details?orderId=${encodeURIComponent(orderNo)}`)).orderStatus
    // 174 due, 170 repaying installments: paid out, its payout completed by the callback
    outcome.paidOut = status === 174 || status === 170
    if (outcome.clearedMs === null) console.log(`   ${SILENT_ALERT} still firing ${CLEARS_WITHIN_S} s after the sandbox came back`)
    else console.log(`   ${SILENT_ALERT} cleared ${secondsOf(outcome.clearedMs)} after the sandbox came back; ${orderNo} ${outcome.paidOut ? 'is paid out' : `is in status ${status}, not paid out`}`)
  } finally {
    // never leave the sandbox silent, whatever went wrong
    await sandboxSwitch(base, false).catch(() => {})
  }
  return { ...outcome, ok: outcome.firedMs !== null && outcome.clearedMs !== null && outcome.paidOut }
}

async function main() {
  const opts = options()
  const url = process.env.DATABASE_URL ?? DEFAULT_PG_URL
  const database = await preparePostgres(url)
  const dir = await mkdtemp(join(tmpdir(), 'kilat-cluster-proof-'))
  console.log(`PostgreSQL ${database.version} (database ${database.name}); ${opts.processes} processes behind HAProxy on port ${opts.port}`)
  let cluster
  const outcomes = {}
  try {
    cluster = await startCluster({
      processes: opts.processes,
      port: opts.port,
      dir,
      env: { DATABASE_URL: url, DECISION_DELAY_SECONDS: '0', DISBURSE_DELAY_SECONDS: '0' },
      ...(opts.silent ? { prometheus: { thresholds: PROVE_THRESHOLDS, required: true } } : {}),
    })
    if (cluster.prometheus) console.log(`Prometheus on ${cluster.prometheus.base}, the limits of ${relative(ROOT, PROVE_THRESHOLDS)}`)
    const requests = requestsOf(TARGETS, await demoOf(cluster.base))
    const { shares } = mixOf(requests)
    console.log(`The borrower mix: ${[...shares].map(([name, share]) => `${name} ${Math.round(share * 100)} %`).join(', ')}`)
    outcomes.restart = await rollingRestart(cluster, requests, opts)
    if (opts.kill) outcomes.kill = await killOne(cluster, requests, opts)
    if (opts.silent) outcomes.silent = await silentProvider(cluster)
    // the status follows HAProxy's five timers (Tq/Tw/Tc/Tr/Ta); a bare " 5xx " would also match a byte count
    const failures = cluster.haproxyLog.filter((line) => /(?:-?\d+\/){4}-?\d+ 5\d\d /.test(line))
    if (failures.length > 0) console.log(`\nHAProxy's last 5xx answers:\n${failures.slice(-10).map((line) => `  ${line}`).join('\n')}`)
  } finally {
    await cluster?.stop()
    await rm(dir, { recursive: true, force: true })
    await database.release()
  }

  console.log('\nTargets')
  console.log(`  rolling restart: ${outcomes.restart.failed} failed requests (target 0)  ${outcomes.restart.ok ? 'ok' : 'MISSED'}`)
  if (outcomes.kill) {
    const { failed, held, downMs, ok } = outcomes.kill
    console.log(`  kill -9: ${failed} failed, ${held} of them held by the killed process (target: only those), out of HAProxy after ${downMs} ms (target ≤ ${DOWN_WITHIN_MS} ms)  ${ok ? 'ok' : 'MISSED'}`)
  }
  if (outcomes.silent) {
    const { firedMs, clearedMs, paidOut, ok } = outcomes.silent
    const fired = firedMs === null ? `did not fire within ${FIRES_WITHIN_S} s` : `fired after ${secondsOf(firedMs)}`
    const cleared = clearedMs === null ? `did not clear within ${CLEARS_WITHIN_S} s` : `cleared after ${secondsOf(clearedMs)}`
    console.log(
      `  silent provider: ${fired}, ${cleared}${paidOut ? '' : ', the payout not completed'} (targets: fires within ${FIRES_WITHIN_S} s of the acceptance, clears within ${CLEARS_WITHIN_S} s of the return)  ${ok ? 'ok' : 'MISSED'}`,
    )
  }
  return Object.values(outcomes).every((o) => o.ok)
}

try {
  process.exit((await main()) ? 0 : 1)
} catch (error) {
  console.error(error instanceof CannotRun ? error.message : error)
  process.exit(error instanceof CannotRun ? 2 : 1)
}
