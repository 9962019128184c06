// The cluster's proof (docs/product/platform.md#several-processes): under a fixed rate of the
// borrower mix through HAProxy (scripts/bench/mix.mjs),
//   1. restarting every process one after the other fails no request;
//   2. a kill -9 of one process fails only the requests it held at that moment, and HAProxy takes
//      it out within 2 s.
// It starts its own cluster (scripts/cluster/cluster.mjs: HAProxy on --port, the processes on the
// ports after it) on a throwaway PostgreSQL database, as the benchmarks do: DATABASE_URL, default
// postgres://kilat:kilat@localhost:5432/kilat_bench, emptied at the start, its name containing
// "bench". The order job runs as in production (every 10 s), so that a stop also waits for its pass.
//
// Usage: npm run cluster:prove [-- --rate 500] [--processes 2] [--duration 10] [--connections 50]
//          [--port 8090] [--skip-kill]
// Exits 0 when every target is met, 1 when one is missed, 2 when it cannot run.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DEFAULT_PG_URL, preparePostgres } from '../bench/database.mjs'
import { demoOf } from '../bench/demo.mjs'
import { mixOf, requestsOf, startMixLoad } from '../bench/mix.mjs'
import { CannotRun, numberOption, parseOptions } from '../bench/process.mjs'
import { TARGETS } from '../bench/targets.mjs'
import { failedRequestsInLog, startCluster, waitForState } from './cluster.mjs'

const DOWN_WITHIN_MS = 2000
// Load before a restart or a kill, and after it, so that both the leaving and the coming back are
// under load.
const LOAD_AROUND_MS = 2000

function options() {
  const values = parseOptions({
    options: {
      rate: { type: 'string', default: '500' },
      processes: { type: 'string', default: '2' },
      duration: { type: 'string', default: '10' },
      connections: { type: 'string', default: '50' },
      port: { type: 'string', default: '8090' },
      'skip-kill': { type: 'boolean', default: false },
    },
  })
  const opts = {
    rate: numberOption(values, 'rate', 1),
    processes: numberOption(values, 'processes', 2, { whole: true }),
    duration: numberOption(values, 'duration', 1),
    connections: numberOption(values, 'connections', 1, { whole: true }),
    port: numberOption(values, 'port', 1, { whole: true }),
    kill: !values['skip-kill'],
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

async function main() {
  const opts = options()
  const url = process.env.DATABASE_URL ?? DEFAULT_PG_URL
  const database = await preparePostgres(url)
  const dir = await mkdtemp(join(tmpdir(), 'kilat-cluster-proof-'))
  console.log(`PostgreSQL ${database.version} (database ${database.name}); ${opts.processes} processes behind HAProxy on port ${opts.port}`)
  let cluster
  const outcomes = {}
  try {
    cluster = await startCluster({ processes: opts.processes, port: opts.port, dir, env: { DATABASE_URL: url } })
    const requests = requestsOf(TARGETS, await demoOf(cluster.base))
    const { shares } = mixOf(requests)
    console.log(`The borrower mix: ${[...shares].map(([name, share]) => `${name} ${Math.round(share * 100)} %`).join(', ')}`)
    outcomes.restart = await rollingRestart(cluster, requests, opts)
    if (opts.kill) outcomes.kill = await killOne(cluster, requests, opts)
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
  return Object.values(outcomes).every((o) => o.ok)
}

try {
  process.exit((await main()) ? 0 : 1)
} catch (error) {
  console.error(error instanceof CannotRun ? error.message : error)
  process.exit(error instanceof CannotRun ? 2 : 1)
}
