// Several server processes on one PostgreSQL behind HAProxy (docs/product/platform.md#several-processes):
// starting and stopping them, HAProxy's configuration and its view of each process, and the
// rolling restart; with `prometheus`, each process's metrics port and a Prometheus reading them
// (prometheus.mjs). `npm run cluster` (main.mjs), the proof (prove.mjs) and `npm run bench:api --
// --cluster N` all start a cluster through startCluster.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'
import { join } from 'node:path'
import { CannotRun, ROOT, SERVER_ENTRY, serverNodeArgs } from '../bench/process.mjs'
import { PROMETHEUS_PORT_OFFSET, findPrometheus, startPrometheus } from './prometheus.mjs'

export const BACKEND = 'kilat'

// HAProxy probes /readyz every CHECK_INTERVAL_MS and takes a process out after FALL failed probes,
// back in after RISE good ones. A process's drain (SHUTDOWN_DRAIN_SECONDS) must outlast
// FALL probes, so that HAProxy has stopped sending before the process stops listening.
export const CHECK_INTERVAL_MS = 500
const FALL = 2
const RISE = 2
export const DRAIN_SECONDS = 2

/** The cluster's folder of configuration, sockets and each process's DATA_DIR, by front port. */
export function clusterDir(port) {
  return join(ROOT, 'data', 'cluster', String(port))
}

/**
 * The ports of a cluster on front port `port`: HAProxy's, each process's after it, each process's
 * metrics port after those, and Prometheus's at PROMETHEUS_PORT_OFFSET above the front one. A
 * process keeps its two ports across restarts, so that Prometheus reads the new one as the same
 * target.
 */
export function clusterPorts(port, processes) {
  if (2 * processes >= PROMETHEUS_PORT_OFFSET) throw new CannotRun(`At most ${Math.floor((PROMETHEUS_PORT_OFFSET - 1) / 2)} processes: their ports would reach Prometheus's (${port + PROMETHEUS_PORT_OFFSET})`)
  return {
    front: port,
    processes: Array.from({ length: processes }, (_, i) => ({ name: `p${i + 1}`, port: port + 1 + i, metricsPort: port + processes + 1 + i })),
    prometheus: port + PROMETHEUS_PORT_OFFSET,
  }
}

/**
 * HAProxy's configuration: loopback only, health checks on /readyz, and retries that never send
 * a request twice to the application unless it is a read: a request that could not reach a
 * process (connection refused: a process restarting or killed) goes to another one whatever its
 * method; a GET (or HEAD) that got no answer at all or a 503 (a process stopping) is asked again
 * elsewhere; a POST that reached a process is never replayed.
 */
export function haproxyConfig({ port, servers, dir }) {
  return `# Written by scripts/cluster/cluster.mjs at every start: edits are lost.
global
    maxconn 4096
    nbthread 1
    # A stop (SIGUSR1) lets the requests in flight finish, within this.
    hard-stop-after 10s
    stats socket ${join(dir, 'haproxy.sock')} mode 600 level admin
    log stderr format raw local0

defaults
    mode http
    log global
    # Only what went wrong: a failed request, a retry, a process taken out or back.
    option httplog
    option dontlog-normal
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    timeout http-request 10s
    timeout http-keep-alive 10s
    timeout queue 5s
    # A process busy answering a burst may take a while to answer its check: slow is not dead.
    timeout check 2s
    # A new connection to the process for each request: a request sent on a pooled connection to a
    # process killed a moment before would fail without a retry when it is a POST, where a refused
    # connection is retried on another process whatever the method.
    option http-server-close
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response 503

frontend kilat
    bind 127.0.0.1:${port}
    # The processes trust X-Forwarded-* (TRUST_PROXY): only the address HAProxy saw gets there.
    http-request del-header x-forwarded-for
    http-request del-header x-forwarded-proto
    http-request del-header x-forwarded-host
    option forwardfor
    default_backend ${BACKEND}

backend ${BACKEND}
    balance leastconn
    option httpchk GET /readyz
    http-check expect status 200
    http-request disable-l7-retry unless METH_GET
    default-server check inter ${CHECK_INTERVAL_MS} fastinter ${CHECK_INTERVAL_MS / 2} downinter ${CHECK_INTERVAL_MS} fall ${FALL} rise ${RISE}
${servers.map((s) => `    server ${s.name} 127.0.0.1:${s.port}`).join('\n')}
    # Fail open: should every process look down at once (checks timing out on an overloaded
    # machine), requests still go to them rather than all get HAProxy's 503; one that is really
    # gone refuses the connection and the request moves on to the next.
    option allbackups
${servers.map((s) => `    server ${s.name}-fallback 127.0.0.1:${s.port} backup no-check`).join('\n')}
`
}

/** HAProxy from Debian's package, installed when missing (as root, as CI runs). */
export function ensureHaproxy(log = console.log) {
  if (spawnSync('haproxy', ['-v']).status === 0) return
  const howTo = 'apt-get install -y haproxy'
  if (process.getuid?.() !== 0) throw new CannotRun(`HAProxy is not installed. As root: ${howTo}`)
  log(`HAProxy is not installed: ${howTo}`)
  // RUNLEVEL=1: the package's own service is not started (invoke-rc.d), this script runs its own.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' }
  let install = spawnSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'inherit', env })
  if (install.status !== 0) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env })
    install = spawnSync('apt-get', ['install', '-y', 'haproxy'], { stdio: 'inherit', env })
  }
  if (install.status !== 0 || spawnSync('haproxy', ['-v']).status !== 0) throw new CannotRun(`Could not install HAProxy (${howTo})`)
}

/** Builds the web app and the server when there is no build (a changed source needs `npm run build`). */
export function ensureBuild(log = console.log) {
  if (existsSync(SERVER_ENTRY)) return
  log('No server build: running npm run build first.')
  const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
  if (build.status !== 0) throw new CannotRun('npm run build failed')
}

/** One command on HAProxy's admin socket, its whole answer. */
export function haproxyCommand(socket, command) {
  return new Promise((resolve, reject) => {
    let answer = ''
    const conn = connect(socket, () => conn.end(`${command}\n`))
    conn.setEncoding('utf8')
    conn.on('data', (chunk) => (answer += chunk))
    conn.on('end', () => resolve(answer))
    conn.on('error', reject)
  })
}

/** HAProxy's view of each process: its state (UP, DOWN, "UP 1/2" while going down…) by name. */
export async function serverStates(socket) {
  const csv = await haproxyCommand(socket, 'show stat')
  const [header, ...rows] = csv.trim().split('\n')
  const columns = header.replace(/^# /, '').split(',')
  const at = (name) => columns.indexOf(name)
  const states = new Map()
  for (const row of rows) {
    const cells = row.split(',')
    if (cells[at('pxname')] !== BACKEND || ['BACKEND', 'FRONTEND'].includes(cells[at('svname')])) continue
    states.set(cells[at('svname')], cells[at('status')])
  }
  return states
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/**
 * The requests HAProxy logged as failed (its log keeps only what went wrong): when
 * each was accepted (HAProxy writes local time), by which process, with what status.
 */
export function failedRequestsInLog(lines) {
  const pattern = /\[(\d+)\/(\w+)\/(\d+):(\d+):(\d+):(\d+)\.(\d+)\] \S+ [^/\s]+\/(\S+) \S+ (\d{3}) /
  return lines.flatMap((line) => {
    const m = line.match(pattern)
    if (!m || !m[9].startsWith('5')) return []
    const [, day, month, year, hours, minutes, seconds, ms, server, status] = m
    const acceptedAt = new Date(Number(year), MONTHS.indexOf(month), Number(day), Number(hours), Number(minutes), Number(seconds), Number(ms)).getTime()
    return [{ acceptedAt, server, status: Number(status), line }]
  })
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/**
 * Waits until HAProxy sees `name` in `state` (exactly 'UP', or any 'DOWN…'), polling every 50 ms;
 * answers how long that took.
 */
export async function waitForState(socket, name, state, timeoutMs = 30_000) {
  const started = Date.now()
  for (;;) {
    const now = (await serverStates(socket).catch(() => new Map())).get(name) ?? ''
    if (state === 'DOWN' ? now.startsWith('DOWN') : now === state) return Date.now() - started
    if (Date.now() - started > timeoutMs) throw new Error(`HAProxy did not see ${name} ${state} within ${timeoutMs / 1000} s (it sees "${now}")`)
    await sleep(50)
  }
}

/**
 * One server process: `node --import apps/server/dist/instrument.js apps/server/dist/server.js` with its PORT and DATA_DIR. Its output goes
 * to `output(name, chunk)`, or is dropped (at a thousand requests a second the request log
 * would cost the load generator's process CPU); the end of stderr explains a failed start. Each
 * runs in its own process group, so that a Ctrl-C at the terminal reaches the supervisor alone,
 * which then stops each process once.
 */
class ServerProcess {
  constructor({ name, port, metricsPort, dataDir, env, removeEnv, output }) {
    Object.assign(this, { name, port, metricsPort, dataDir, env, removeEnv, output })
    this.base = `http://127.0.0.1:${port}`
  }

  async start() {
    await mkdir(this.dataDir, { recursive: true })
    const env = {
      ...process.env,
      ...this.env,
      HOST: '127.0.0.1',
      PORT: String(this.port),
      DATA_DIR: this.dataDir,
      TRUST_PROXY: '1',
      SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS),
    }
    // its own metrics port, or none: one port set in the environment would be every process's
    if (this.metricsPort) env.METRICS_PORT = String(this.metricsPort)
    else delete env.METRICS_PORT
    for (const key of this.removeEnv ?? []) delete env[key]
    const child = spawn(process.execPath, [...serverNodeArgs(SERVER_ENTRY), SERVER_ENTRY], {
      cwd: ROOT,
      env,
      detached: true,
      stdio: ['ignore', this.output ? 'pipe' : 'ignore', 'pipe'],
    })
    this.child = child
    let stderr = ''
    child.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000)
      this.output?.(this.name, chunk)
    })
    child.stdout?.on('data', (chunk) => this.output?.(this.name, chunk))
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })))
    let gone = false
    this.exited.then(() => (gone = true))

    const started = Date.now()
    for (;;) {
      if (gone) throw new CannotRun(`${this.name} (port ${this.port}) stopped while starting:\n${stderr.trim()}`)
      if (await fetch(`${this.base}/readyz`).then((r) => r.ok, () => false)) return
      if (Date.now() - started > 120_000) {
        child.kill('SIGKILL')
        throw new CannotRun(`${this.name} did not answer /readyz within 120 s:\n${stderr.trim()}`)
      }
      await sleep(100)
    }
  }

  get pid() {
    return this.child?.pid
  }

  /** SIGTERM, the graceful stop (drain, requests in flight, job pass); SIGKILL after 60 s. */
  async stop(signal = 'SIGTERM') {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return this.exited
    this.child.kill(signal)
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 60_000)
    const outcome = await this.exited
    clearTimeout(timer)
    return outcome
  }
}

/**
 * Starts `processes` server processes on ports port+1… and HAProxy on `port`, and resolves once
 * HAProxy sees every process UP. The first process migrates the database (and seeds it in demo
 * mode) before the others start, so that the migrations run once.
 *
 * With `prometheus` ({ thresholds, required }), each process also serves its metrics on its own
 * port (clusterPorts) and Prometheus (prometheus.mjs) reads them with the repository's alerts and
 * the `thresholds` file; without Prometheus installed, a `required` one is a CannotRun, another a
 * warning and the cluster runs without it (`prometheus` null in the answer).
 */
export async function startCluster({ processes, port, dir = clusterDir(port), env = {}, removeEnv = [], output, log = console.log, prometheus: prometheusOptions }) {
  ensureHaproxy(log)
  ensureBuild(log)
  const ports = clusterPorts(port, processes)
  let withPrometheus = prometheusOptions !== undefined
  if (withPrometheus) {
    const found = findPrometheus(log)
    if (!found.found) {
      if (prometheusOptions.required) throw new CannotRun(found.why)
      log(`Warning: ${found.why} The cluster runs without it.`)
      withPrometheus = false
    }
  }
  await rm(join(dir, 'haproxy.sock'), { force: true })
  await mkdir(dir, { recursive: true })
  const servers = ports.processes.map((p) => new ServerProcess({
    name: p.name,
    port: p.port,
    metricsPort: withPrometheus ? p.metricsPort : undefined,
    dataDir: join(dir, p.name),
    env,
    removeEnv,
    output,
  }))
  const socket = join(dir, 'haproxy.sock')
  // HAProxy's last lines of log: what went wrong, for a proof to show.
  const haproxyLog = []
  let partialLine = ''
  const configFile = join(dir, 'haproxy.cfg')
  let haproxy
  let haproxyExited
  let prometheus = null

  const stop = async () => {
    process.off('exit', killOnExit)
    haproxy?.kill('SIGUSR1')
    await Promise.all([haproxyExited, prometheus?.stop(), ...servers.map((s) => s.stop())])
  }
  const killOnExit = () => {
    haproxy?.kill('SIGKILL')
    prometheus?.kill()
    for (const s of servers) s.child?.kill('SIGKILL')
  }
  // Whatever happens to the caller, it must not leave processes behind.
  process.once('exit', killOnExit)

  try {
    await servers[0].start()
    await Promise.all(servers.slice(1).map((s) => s.start()))

    await writeFile(configFile, haproxyConfig({ port, servers, dir }))
    const check = spawnSync('haproxy', ['-c', '-q', '-f', configFile], { encoding: 'utf8' })
    if (check.status !== 0) throw new CannotRun(`HAProxy refuses ${configFile}:\n${check.stderr || check.stdout}`)
    let stderr = ''
    haproxy = spawn('haproxy', ['-db', '-f', configFile], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] })
    haproxy.stderr.on('data', (chunk) => {
      stderr = (stderr + chunk).slice(-4000)
      const lines = (partialLine + chunk).split('\n')
      partialLine = lines.pop()
      haproxyLog.push(...lines)
      haproxyLog.splice(0, Math.max(0, haproxyLog.length - 2000))
      output?.('haproxy', chunk)
    })
    haproxyExited = new Promise((resolve) => haproxy.once('exit', resolve))
    let haproxyGone = false
    haproxyExited.then(() => (haproxyGone = true))
    const started = Date.now()
    while (!existsSync(socket)) {
      if (haproxyGone) throw new CannotRun(`HAProxy stopped while starting:\n${stderr.trim()}`)
      if (Date.now() - started > 10_000) throw new CannotRun(`HAProxy did not open ${socket} within 10 s:\n${stderr.trim()}`)
      await sleep(50)
    }
    for (const s of servers) await waitForState(socket, s.name, 'UP')

    if (withPrometheus) {
      try {
        prometheus = await startPrometheus({
          dir,
          port: ports.prometheus,
          targets: servers.map((s) => ({ name: s.name, port: s.metricsPort })),
          thresholds: prometheusOptions.thresholds,
          output,
        })
      } catch (error) {
        if (prometheusOptions.required) throw error
        log(`Warning: ${error.message}\nThe cluster runs without Prometheus.`)
      }
    }
  } catch (error) {
    await stop()
    throw error
  }

  return {
    base: `http://127.0.0.1:${port}`,
    dir,
    socket,
    configFile,
    servers,
    haproxyExited,
    haproxyLog,
    /** The cluster's Prometheus (prometheus.mjs startPrometheus), or null. */
    prometheus,
    states: () => serverStates(socket),
    /**
     * Restarts the processes one after the other: each stops gracefully (HAProxy sees it DOWN
     * during its drain) and is replaced by a new one on the same port; the next waits until
     * HAProxy sees the new one UP, so that one process at least is serving throughout.
     */
    async rollingRestart(progress = log) {
      for (const s of servers) {
        const began = Date.now()
        progress(`${s.name}: stopping (pid ${s.pid})`)
        const down = waitForState(socket, s.name, 'DOWN')
        const exit = await s.stop()
        const downAfter = await down
        progress(`${s.name}: taken out by HAProxy after ${downAfter} ms, exited ${exit.code ?? exit.signal} after ${Date.now() - began} ms; starting`)
        await s.start()
        const upAfter = await waitForState(socket, s.name, 'UP')
        progress(`${s.name}: back (pid ${s.pid}), UP in HAProxy ${upAfter} ms after it answered; ${Date.now() - began} ms in all`)
      }
    },
    stop,
  }
}
