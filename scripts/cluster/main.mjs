// `npm run cluster`: N server processes on one PostgreSQL behind HAProxy, on this machine's
// loopback, and a Prometheus reading them (docs/product/platform.md#several-processes).
//
//   npm run cluster [-- --processes 2 --port 8080]   starts the cluster; Ctrl-C stops it all
//        [--no-prometheus]                           without Prometheus
//   npm run cluster -- --rolling-restart [--port P]  restarts the running cluster's processes one after the other
//   npm run cluster -- --status [--port P]           HAProxy's view of each process, and Prometheus's
//
// HAProxy listens on --port, the processes on the ports after it, their metrics (METRICS_PORT) on
// the ports after those, and Prometheus on --port + 90 (prometheus.mjs: the repository's alerts
// with the production limits of ops/prometheus/thresholds.yml). Without Prometheus installed (and
// not installable), the cluster runs without it. PostgreSQL: DATABASE_URL, or
// postgres://kilat:kilat@localhost:5432/kilat_cluster, created when missing (never emptied). The
// folder data/cluster/<port>/ holds HAProxy's and Prometheus's configuration, Prometheus's
// storage, HAProxy's admin socket, the control socket of the running cluster and each process's
// DATA_DIR. A SIGHUP to this script's process also starts a rolling restart.
import { createServer, connect } from 'node:net'
import { rm } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { CannotRun, ROOT, numberOption, parseOptions } from '../bench/process.mjs'
import { clusterDir, startCluster } from './cluster.mjs'
import { THRESHOLDS } from './prometheus.mjs'

const DEFAULT_DATABASE_URL = 'postgres://kilat:kilat@localhost:5432/kilat_cluster'

function options() {
  const values = parseOptions({
    options: {
      processes: { type: 'string', default: '2' },
      port: { type: 'string', default: '8080' },
      'rolling-restart': { type: 'boolean', default: false },
      status: { type: 'boolean', default: false },
      'no-prometheus': { type: 'boolean', default: false },
    },
  })
  return {
    processes: numberOption(values, 'processes', 1, { whole: true }),
    port: numberOption(values, 'port', 1, { whole: true }),
    rollingRestart: values['rolling-restart'],
    status: values.status,
    prometheus: !values['no-prometheus'],
  }
}

/** The database the processes share: created when missing, like `createdb` in the README. */
async function ensureDatabase(url) {
  const { default: pg } = await import('pg')
  const parsed = new URL(url)
  const name = decodeURIComponent(parsed.pathname.slice(1))
  const admin = new URL(url)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.href })
  await client.connect().catch((error) => {
    throw new CannotRun(`Cannot connect to PostgreSQL at ${parsed.host}: ${error.message}. Set DATABASE_URL (README, "PostgreSQL").`)
  })
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [name])
    if (rows.length === 0) {
      await client.query(`create database "${name.replaceAll('"', '""')}"`)
      console.log(`Created the database ${name}.`)
    }
  } finally {
    await client.end()
  }
}

/** Talks to a running cluster's control socket; prints what it answers. */
function control(port, command) {
  const socket = join(clusterDir(port), 'control.sock')
  return new Promise((resolve, reject) => {
    const conn = connect(socket, () => conn.write(`${command}\n`))
    let last = ''
    conn.setEncoding('utf8')
    conn.on('data', (chunk) => {
      process.stdout.write(chunk)
      last = (last + chunk).slice(-200)
    })
    conn.on('end', () => resolve(/(^|\n)done\n$/.test(last)))
    conn.on('error', (error) => reject(new CannotRun(`No cluster answers on ${socket} (${error.code}): is \`npm run cluster -- --port ${port}\` running?`)))
  })
}

/**
 * Each process's output, line by line, after its name. Left out: the good health checks (four
 * lines a second) and HAProxy's own copy of what its log already says (a process down or up).
 */
function prefixed() {
  const partial = new Map()
  return (name, chunk) => {
    const lines = ((partial.get(name) ?? '') + chunk).split('\n')
    partial.set(name, lines.pop())
    for (const line of lines) {
      if (line.includes('"url":"/readyz"') && line.includes('"statusCode":200')) continue
      if (/^\[(WARNING|NOTICE)\] +\(\d+\) : /.test(line)) continue
      process.stdout.write(`[${name}] ${line}\n`)
    }
  }
}

async function run(opts) {
  const url = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL
  await ensureDatabase(url)
  console.log(`Starting ${opts.processes} processes on ${new URL(url).host}/${new URL(url).pathname.slice(1)}…`)
  const cluster = await startCluster({
    processes: opts.processes,
    port: opts.port,
    env: { DATABASE_URL: url },
    output: prefixed(),
    ...(opts.prometheus ? { prometheus: { thresholds: THRESHOLDS, required: false } } : {}),
  })

  let restarting
  const rollingRestart = (progress) => {
    restarting ??= cluster.rollingRestart(progress).finally(() => (restarting = undefined))
    return restarting
  }
  const controlSocket = join(cluster.dir, 'control.sock')
  await rm(controlSocket, { force: true })
  const server = createServer((conn) => {
    conn.setEncoding('utf8')
    conn.once('data', async (line) => {
      const say = (text) => {
        console.log(text)
        if (!conn.destroyed) conn.write(`${text}\n`)
      }
      const command = line.trim()
      try {
        if (command === 'rolling-restart') {
          if (restarting) say('a rolling restart is already running: this one waits for it')
          await rollingRestart(say)
          say('done')
        } else if (command === 'status') {
          const states = await cluster.states()
          for (const s of cluster.servers) conn.write(`${s.name} ${s.base} pid ${s.pid} ${states.get(s.name) ?? 'unknown'}\n`)
          if (cluster.prometheus) {
            const targets = await cluster.prometheus.targets().catch((error) => error)
            if (targets instanceof Error) conn.write(`Prometheus ${cluster.prometheus.base}: ${targets.message}\n`)
            else for (const t of targets) conn.write(`Prometheus reads ${t.instance} ${t.url}: ${t.health}${t.lastError ? ` (${t.lastError})` : ''}\n`)
          }
          conn.write('done\n')
        } else {
          conn.write(`unknown command ${JSON.stringify(command)}\n`)
        }
      } catch (error) {
        say(`failed: ${error.message}`)
      }
      conn.end()
    })
  })
  await new Promise((resolve) => server.listen(controlSocket, resolve))

  console.log(`\nKilat on http://127.0.0.1:${opts.port} (HAProxy), ${opts.processes} processes:`)
  for (const s of cluster.servers) console.log(`  ${s.name} ${s.base} (pid ${s.pid})${s.metricsPort ? `, metrics on http://127.0.0.1:${s.metricsPort}/metrics` : ''}`)
  if (cluster.prometheus) {
    const { prometheus } = cluster
    console.log(`Prometheus: ${prometheus.alertsPage} (alerts of ops/prometheus/alerts.yml, limits of ${relative(ROOT, prometheus.thresholds)}), ${prometheus.configFile}`)
  }
  console.log(`Rolling restart: npm run cluster -- --rolling-restart --port ${opts.port}  (or kill -HUP ${process.pid})`)
  console.log(`HAProxy: ${cluster.configFile}, admin socket ${cluster.socket}`)
  console.log('Ctrl-C stops everything.\n')

  process.on('SIGHUP', () => {
    rollingRestart(console.log).catch((error) => console.error(`Rolling restart failed: ${error.message}`))
  })

  let stopping
  const stop = (signal) => {
    // npm passes the terminal's Ctrl-C on as well: one stop only.
    if (stopping) return
    console.log(`\n${signal}: stopping HAProxy and the processes (each finishes its requests in flight)…`)
    server.close()
    stopping = cluster.stop().then(
      () => process.exit(0),
      (error) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', () => stop('SIGINT'))
  process.on('SIGTERM', () => stop('SIGTERM'))
  // Prometheus gone leaves the cluster serving: said, not stopped for.
  cluster.prometheus?.exited.then(({ code, signal }) => {
    if (!stopping) console.error(`Prometheus exited (${code ?? signal}): the cluster runs on without it.`)
  })
  // HAProxy gone means nothing is served: stop the rest rather than pretend.
  cluster.haproxyExited.then((code) => {
    if (stopping) return
    console.error(`HAProxy exited (${code}): stopping.`)
    stop('HAProxy exit')
  })
}

try {
  const opts = options()
  if (opts.rollingRestart) process.exit((await control(opts.port, 'rolling-restart')) ? 0 : 1)
  else if (opts.status) process.exit((await control(opts.port, 'status')) ? 0 : 1)
  else await run(opts)
} catch (error) {
  console.error(error instanceof CannotRun ? error.message : error)
  process.exit(error instanceof CannotRun ? 2 : 1)
}
