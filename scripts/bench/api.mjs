// API benchmark (docs/product/platform.md#benchmarks): how close each borrower call comes to the
// floor of this stack on this machine, and how the server holds a steady production-like rate.
//
// For each engine (PostgreSQL, then the embedded PGlite) it starts the built server as `npm start`
// does (demo data, the order job off so that it does not write during the runs), loads every call
// of targets.mjs one after the other with autocannon, then the floor (floor.mjs) on the same
// database, and prints req/s, p50, p99 and the share of the floor's req/s. Then a fixed-rate run
// over a weighted mix of the calls (latency at a rate the server should hold, rather than at
// saturation), and the server's resident memory after it all.
//
// PostgreSQL: DATABASE_URL, default postgres://kilat:kilat@localhost:5432/kilat_bench. The
// database is created when missing and emptied at every run, so it must be a throwaway one: its
// name must contain "bench".
//
// With --cluster N it runs the fixed-rate mix alone, through HAProxy in front of N server
// processes on that PostgreSQL (scripts/cluster/cluster.mjs; HAProxy on --port, the processes on
// the ports after it), and reports its p99 and errors against the same targets.
//
// With --tracing off|on|both the server runs with OpenTelemetry off (no OTLP endpoint, whatever
// the environment says), on (exporting every request's spans to an OTLP sink this script starts
// on this machine, which answers 200 and keeps nothing), or both, one after the other, each on a
// fresh database, and a table is printed for each, then what tracing cost
// (docs/operations/tracing.md#cost). Without it the server gets the environment as it is.
//
// Usage: npm run bench:api [-- --engine pg|pglite|both] [--duration 10] [--connections 50]
//          [--warmup 2] [--fixed-rate 500 (or --rate)] [--fixed-duration 60 (0: no fixed-rate run)]
//          [--targets loan-details,google-score] [--tracing off|on|both]
//          [--server other/dist/server.js (another build of the server)]
//        npm run bench:api -- --cluster 2 [--rate 1000] [--duration 60] [--connections 50] [--warmup 2] [--port 8090]
// It is a measurement, not a test: it exits 0 whatever the figures, non-zero only when it cannot run.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join, resolve as resolvePath } from 'node:path'
import autocannon from 'autocannon'
import { startCluster } from '../cluster/cluster.mjs'
import { demoOf, isSuccess } from './demo.mjs'
import { DEFAULT_PG_URL, preparePostgres } from './database.mjs'
import { mixLoadOptions, mixOf, openLoopMix, requestsOf } from './mix.mjs'
import { CannotRun, memoryOf, numberOption, ROOT, SERVER_ENTRY, parseOptions, startProcess } from './process.mjs'
import { INSTRUMENT_FILE } from '../../apps/server/commands.mjs'
import { TARGETS } from './targets.mjs'

// The targets (docs/product/platform.md#benchmarks): shares of the floor's req/s, the fixed-rate p99, memory on PGlite.
// Reads that build their answer from the database on every request reach about 0.35-0.7 of a bare
// primary-key SELECT on this kind of machine; the targets are what each call must at least do.
const SHARE_TARGET = { read: 0.35, write: 0.2 }
const FIXED_P99_TARGET_MS = 50
const PGLITE_RSS_TARGET_MIB = 300

const FLOOR_ENTRY = join(import.meta.dirname, 'floor.mjs')

function options() {
  const values = parseOptions({
    options: {
      engine: { type: 'string', default: 'both' },
      duration: { type: 'string' },
      connections: { type: 'string', default: '50' },
      warmup: { type: 'string', default: '2' },
      'fixed-rate': { type: 'string' },
      rate: { type: 'string' },
      'fixed-duration': { type: 'string' },
      targets: { type: 'string' },
      cluster: { type: 'string' },
      port: { type: 'string', default: '8090' },
      tracing: { type: 'string' },
      server: { type: 'string', default: SERVER_ENTRY },
    },
  })
  const cluster = values.cluster !== undefined
  // In a cluster run the fixed-rate run is the whole run: --duration and --rate are its own.
  values.rate ??= values['fixed-rate'] ?? (cluster ? '1000' : '500')
  if (cluster) values['fixed-duration'] = values.duration ?? values['fixed-duration'] ?? '60'
  values.duration ??= '10'
  values['fixed-duration'] ??= '60'
  const number = (name, min) => numberOption(values, name, min)
  if (!['pg', 'pglite', 'both'].includes(values.engine)) throw new CannotRun('--engine must be pg, pglite or both')
  if (cluster && values.engine === 'pglite') throw new CannotRun('--cluster runs on PostgreSQL: PGlite allows one process')
  if (values.tracing !== undefined && !['off', 'on', 'both'].includes(values.tracing)) throw new CannotRun('--tracing must be off, on or both')
  if (cluster && values.tracing !== undefined) throw new CannotRun('--tracing compares single servers: not with --cluster')
  const names = values.targets?.split(',').map((s) => s.trim()).filter(Boolean)
  const unknown = names?.filter((name) => !TARGETS.some((t) => t.name === name)) ?? []
  if (unknown.length > 0) throw new CannotRun(`unknown target(s) ${unknown.join(', ')}; known: ${TARGETS.map((t) => t.name).join(', ')}`)
  return {
    engines: values.engine === 'both' ? ['pg', 'pglite'] : [values.engine],
    duration: number('duration', 1),
    connections: number('connections', 1),
    warmup: number('warmup', 0),
    fixedRate: number('rate', 1),
    fixedDuration: number('fixed-duration', cluster ? 1 : 0),
    targets: names ? TARGETS.filter((t) => names.includes(t.name)) : TARGETS,
    cluster: cluster ? numberOption(values, 'cluster', 1, { whole: true }) : undefined,
    port: numberOption(values, 'port', 1, { whole: true }),
    tracing: values.tracing,
    server: resolvePath(values.server),
  }
}

/** What turns tracing on or changes where it goes: an "off" run removes them all. */
const OTEL_VARS = ['OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT', 'OTEL_SDK_DISABLED', 'OTEL_TRACES_EXPORTER', 'OTEL_TRACES_SAMPLER', 'OTEL_TRACES_SAMPLER_ARG']

/**
 * The server runs of one engine: one with the environment as it is, or (--tracing) with tracing
 * off and/or on. "On" exports to `sink` with the default sampler: every request is traced.
 */
function variantsOf(opts, sink) {
  if (!opts.tracing) return [{ label: undefined, env: {}, removeEnv: [] }]
  const off = { label: 'tracing off', env: {}, removeEnv: OTEL_VARS }
  const on = { label: 'tracing on', env: { OTEL_EXPORTER_OTLP_ENDPOINT: sink?.endpoint }, removeEnv: OTEL_VARS.slice(1) }
  return { off: [off], on: [on], both: [off, on] }[opts.tracing]
}

/**
 * A stand-in OTLP collector on this machine: answers 200 to every POST /v1/traces and only counts
 * them, so that a run measures what tracing costs the server rather than a collector.
 */
async function startOtlpSink() {
  let exports = 0
  let bytes = 0
  const server = createServer((req, res) => {
    let size = 0
    req.on('data', (chunk) => (size += chunk.length))
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') return res.writeHead(404).end()
      exports += 1
      bytes += size
      res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end()
    })
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  return {
    endpoint: `http://127.0.0.1:${server.address().port}`,
    received: () => ({ exports, bytes }),
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

/**
 * Waits until the requests a run left queued in the server have been answered. autocannon stops
 * sending at the end of a run, but up to one request per connection is still queued for the
 * database; on a slow call that backlog would otherwise eat into the next run. /readyz queues
 * behind it for the database, so two answers in a row mean it has drained.
 */
async function settle(base) {
  const deadline = Date.now() + 60_000
  let answered = 0
  while (answered < 2 && Date.now() < deadline) {
    answered = (await fetch(`${base}/readyz`).then((r) => r.ok, () => false)) ? answered + 1 : 0
  }
}

/** One request by hand first: a call that fails would otherwise be measured on its error path. */
async function preflight(base, { request }, { envelope }) {
  const response = await fetch(base + request.path, { method: request.method, headers: request.headers, body: request.body })
  const body = await response.json().catch(() => undefined)
  if (response.ok && (!envelope || isSuccess(body))) return undefined
  return `answers HTTP ${response.status} ${JSON.stringify(body ?? '').slice(0, 160)}`
}

async function measure(base, target, opts, { envelope = true } = {}) {
  const failure = await preflight(base, target, { envelope })
  if (failure) {
    console.log(`  ${target.label}: not measured, ${failure}`)
    return { ...target, failure }
  }
  const load = (duration) => autocannon({ url: base, connections: opts.connections, duration, requests: [target.request] })
  if (opts.warmup > 0) {
    await load(opts.warmup)
    await settle(base)
  }
  const result = await load(opts.duration)
  await settle(base)
  const row = {
    ...target,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon's errors include its timeouts
    errors: result.errors,
    non2xx: result.non2xx,
  }
  console.log(`  ${target.label}: ${Math.round(row.rps)} req/s, p99 ${ms(row.p99)} ms`)
  return row
}

/** The fixed-rate run over the weighted mix, an open loop (mix.mjs). */
async function fixedRate(base, requests, opts) {
  const { mix, shares } = mixOf(requests)
  if (mix.length === 0) return undefined
  const result = await openLoopMix(base, requests, { connections: opts.connections, rate: opts.fixedRate, duration: opts.fixedDuration })
  return { shares, ...result, rate: result.answered / result.duration }
}

/**
 * The fixed-rate mix through HAProxy in front of `opts.cluster` processes on PostgreSQL, after a
 * warm-up at the same rate; each request of the mix is first tried once by hand.
 */
async function benchCluster(opts) {
  const url = process.env.DATABASE_URL ?? DEFAULT_PG_URL
  const database = await preparePostgres(url)
  const dir = await mkdtemp(join(tmpdir(), 'kilat-bench-cluster-'))
  console.log(`\nPostgreSQL ${database.version} (database ${database.name}), ${opts.cluster} processes behind HAProxy on port ${opts.port}`)
  let cluster
  let fixed
  let memory
  try {
    cluster = await startCluster({ processes: opts.cluster, port: opts.port, dir, env: { DATABASE_URL: url, JOB_INTERVAL_SECONDS: '0' } })
    const requests = requestsOf(opts.targets, await demoOf(cluster.base))
    for (const request of mixOf(requests).mix) {
      const failure = await preflight(cluster.base, request, { envelope: true })
      if (failure) throw new CannotRun(`${request.label} ${failure}`)
    }
    if (opts.warmup > 0) {
      await autocannon(mixLoadOptions(cluster.base, requests, { connections: opts.connections, rate: opts.fixedRate, duration: opts.warmup }))
      await settle(cluster.base)
    }
    console.log(`  fixed rate: ${opts.fixedRate} req/s for ${opts.fixedDuration} s through HAProxy…`)
    fixed = await fixedRate(cluster.base, requests, opts)
    memory = cluster.servers.map((s) => `${s.name} ${Math.round(memoryOf(s.pid)?.rssMiB ?? 0)} MiB`).join(', ')
  } finally {
    await cluster?.stop()
    await rm(dir, { recursive: true, force: true })
    await database.release()
  }
  if (fixed) printFixed(fixed, opts)
  console.log(`\nResident memory after the run: ${memory}`)
}

/** A database for one server run: a fresh PGlite folder, or the PostgreSQL bench database emptied. */
async function openEngine(engine) {
  if (engine === 'pg') {
    const url = process.env.DATABASE_URL ?? DEFAULT_PG_URL
    const database = await preparePostgres(url)
    return { env: { DATABASE_URL: url }, removeEnv: [], describe: `PostgreSQL ${database.version} (database ${database.name})`, release: () => database.release() }
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'kilat-bench-'))
  // The server and the floor read DATABASE_URL first: PGlite runs must not inherit one.
  return { env: { DATA_DIR: dataDir }, removeEnv: ['DATABASE_URL'], describe: 'PGlite (embedded, a fresh database)', release: () => rm(dataDir, { recursive: true, force: true }) }
}

/** Every call, then the fixed-rate mix, against one server; the memory it used. */
async function benchServer(database, variant, opts) {
  if (variant.label) console.log(`\n${variant.label}`)
  const server = await startProcess(opts.server, {
    name: 'the server',
    env: { ...database.env, ...variant.env, JOB_INTERVAL_SECONDS: '0' },
    removeEnv: [...database.removeEnv, ...variant.removeEnv],
  })
  const started = server.memory()
  try {
    const requests = requestsOf(opts.targets, await demoOf(server.base))
    const rows = []
    for (const target of requests) rows.push(await measure(server.base, target, opts))
    let fixed
    if (opts.fixedDuration > 0) {
      console.log(`  fixed rate: ${opts.fixedRate} req/s for ${opts.fixedDuration} s…`)
      fixed = await fixedRate(server.base, requests, opts)
      await settle(server.base)
    }
    return { variant, rows, fixed, memory: { started, after: server.memory() } }
  } finally {
    await server.stop()
  }
}

async function benchEngine(engine, opts) {
  const sink = opts.tracing === 'on' || opts.tracing === 'both' ? await startOtlpSink() : undefined
  const variants = variantsOf(opts, sink)
  const runs = []
  let database
  try {
    for (const [i, variant] of variants.entries()) {
      // each run on a database of its own: the first one's writes must not change the second's answers
      database = await openEngine(engine)
      if (i === 0) {
        console.log(`\n${database.describe}`)
        console.log(`${opts.connections} connections, ${opts.duration} s per call after ${opts.warmup} s of warm-up`)
        if (opts.server !== SERVER_ENTRY) console.log(`server: ${opts.server}`)
      }
      runs.push(await benchServer(database, variant, opts))
      if (i < variants.length - 1) await database.release()
    }

    // After the server has stopped: PGlite allows one process per folder, and the floor reads
    // the very rows the (last) server seeded.
    const floorProcess = await startProcess(FLOOR_ENTRY, { name: 'the floor', env: database.env, removeEnv: database.removeEnv })
    let floor
    try {
      const target = { label: 'floor (one pk select)', kind: 'floor', request: { method: 'GET', path: '/floor?id=1' } }
      floor = await measure(floorProcess.base, target, opts, { envelope: false })
    } finally {
      await floorProcess.stop()
    }

    for (const run of runs) {
      if (run.variant.label) console.log(`\n${engine === 'pg' ? 'PostgreSQL' : 'PGlite'}, ${run.variant.label}:`)
      printTable(run.rows, floor)
      if (run.fixed) printFixed(run.fixed, opts)
      printMemory(run.memory, engine)
    }
    if (runs.length === 2) printTracingCost(runs[0], runs[1])
    if (sink) {
      const { exports, bytes } = sink.received()
      console.log(`OTLP sink: ${exports} exports received, ${Math.round(bytes / 1024)} KiB`)
    }
  } finally {
    await database?.release()
    await sink?.close()
  }
}

/** Tracing on against off, call by call: req/s kept and p99 added; then the fixed-rate run's. */
function printTracingCost(off, on) {
  console.log(`\nTracing on against off (every request traced, exported to a local sink)`)
  const width = Math.max(24, ...off.rows.map((r) => r.label.length))
  console.log(`${'target'.padEnd(width)}  ${'req/s off'.padStart(9)}  ${'req/s on'.padStart(9)}  ${'kept'.padStart(6)}  ${'p99 off'.padStart(8)}  ${'p99 on'.padStart(8)}`)
  // the same targets in the same order (two may share a label)
  for (const [i, a] of off.rows.entries()) {
    const b = on.rows[i]
    if (!b || a.failure || b.failure) {
      console.log(`${a.label.padEnd(width)}  not compared: ${a.failure ?? b?.failure ?? 'not measured with tracing on'}`)
      continue
    }
    const kept = `${Math.round((b.rps / a.rps) * 100)} %`
    console.log(`${a.label.padEnd(width)}  ${String(Math.round(a.rps)).padStart(9)}  ${String(Math.round(b.rps)).padStart(9)}  ${kept.padStart(6)}  ${ms(a.p99).padStart(8)}  ${ms(b.p99).padStart(8)}`)
  }
  if (off.fixed && on.fixed) console.log(`fixed rate: p99 ${ms(off.fixed.p99)} ms off, ${ms(on.fixed.p99)} ms on; p50 ${ms(off.fixed.p50)} ms off, ${ms(on.fixed.p50)} ms on`)
  const rss = (run) => (run.memory.after ? `${Math.round(run.memory.after.rssMiB)} MiB` : '?')
  console.log(`resident memory after the runs: ${rss(off)} off, ${rss(on)} on`)
}

function ms(value) {
  return value < 10 ? value.toFixed(1) : String(Math.round(value))
}

function printTable(rows, floor) {
  const width = Math.max(24, ...rows.map((r) => r.label.length), floor.label.length)
  console.log(`\n${'target'.padEnd(width)}  kind   ${'req/s'.padStart(7)}  ${'p50 ms'.padStart(7)}  ${'p99 ms'.padStart(7)}  err/non2xx  of floor`)
  for (const row of [...rows, floor]) {
    const head = `${row.label.padEnd(width)}  ${row.kind.padEnd(5)}`
    if (row.failure) {
      console.log(`${head}  not measured: ${row.failure}`)
      continue
    }
    let share = ''
    if (row !== floor && floor.rps) {
      const ratio = row.rps / floor.rps
      const target = SHARE_TARGET[row.kind]
      share = `${ratio.toFixed(2).padStart(8)}${target && ratio < target ? `  BELOW ${target}` : ''}`
    }
    const errors = `${row.errors}/${row.non2xx}`
    console.log(`${head}  ${String(Math.round(row.rps)).padStart(7)}  ${ms(row.p50).padStart(7)}  ${ms(row.p99).padStart(7)}  ${errors.padStart(10)}${share}`)
  }
}

function printFixed(fixed, opts) {
  const mix = [...fixed.shares].map(([name, share]) => `${name} ${Math.round(share * 100)} %`).join(', ')
  const ok = fixed.p99 < FIXED_P99_TARGET_MS && fixed.errors === 0 && fixed.non2xx === 0
  console.log(`\nFixed rate ${opts.fixedRate} req/s for ${opts.fixedDuration} s, ${opts.connections} connections (${mix})`)
  console.log(
    `  answered ${fixed.answered} (${Math.round(fixed.rate)} req/s)  p50 ${ms(fixed.p50)} ms  p99 ${ms(fixed.p99)} ms  p99.9 ${ms(fixed.p999)} ms` +
      `  errors ${fixed.errors}  non-2xx ${fixed.non2xx}  ${ok ? 'ok' : `MISSES p99 < ${FIXED_P99_TARGET_MS} ms without errors`}`,
  )
}

function printMemory({ started, after }, engine) {
  if (!after) return console.log('\nServer memory: not readable on this system')
  const over = engine === 'pglite' && after.rssMiB > PGLITE_RSS_TARGET_MIB
  console.log(
    `\nServer memory: ${Math.round(started.rssMiB)} MiB resident once started, ${Math.round(after.rssMiB)} MiB after the runs` +
      ` (peak ${Math.round(after.peakMiB)} MiB)${over ? `  OVER ${PGLITE_RSS_TARGET_MIB} MiB` : ''}`,
  )
}

try {
  const opts = options()
  if (opts.server === SERVER_ENTRY && (!existsSync(SERVER_ENTRY) || !existsSync(INSTRUMENT_FILE))) {
    console.log('No server build: running npm run build first.')
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) throw new CannotRun('npm run build failed')
  }
  if (opts.cluster) await benchCluster(opts)
  else for (const engine of opts.engines) await benchEngine(engine, opts)
  process.exit(0)
} catch (error) {
  console.error(error instanceof CannotRun ? error.message : error)
  process.exit(error instanceof CannotRun ? 2 : 1)
}
