// The cluster's Prometheus (docs/product/platform.md#the-clusters-prometheus): a real one, from
// Debian's package where it is installed, scraping every server process's metrics port with the
// repository's alerts loaded (ops/prometheus/alerts.yml) and a thresholds file: the production
// limits (ops/prometheus/thresholds.yml) for `npm run cluster`, the proof's short ones
// (prove-thresholds.yml) for `npm run cluster:prove`. startCluster (cluster.mjs) starts it after
// HAProxy and stops it with the cluster.
import { spawn, spawnSync } from 'node:child_process'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { CannotRun, ROOT } from '../bench/process.mjs'

/** The repository's alerts: always these, whatever the limits. */
export const ALERT_RULES = join(ROOT, 'ops', 'prometheus', 'alerts.yml')
/** The production limits and each market's day. */
export const THRESHOLDS = join(ROOT, 'ops', 'prometheus', 'thresholds.yml')
/** The proof's limits: the same rules, short silence, every hour a market's day. */
export const PROVE_THRESHOLDS = join(import.meta.dirname, 'prove-thresholds.yml')

/** Prometheus listens on HAProxy's port plus this (8080 → 8170). */
export const PROMETHEUS_PORT_OFFSET = 90
/** How often it reads each process, and evaluates its rules: short, so that a proof takes seconds. */
export const SCRAPE_SECONDS = 5

const HOW_TO = 'apt-get install -y --no-install-recommends prometheus (as root), or put any Prometheus 2 on PATH'

/**
 * prometheus.yml for the cluster: one job, `kilat`, whose targets are the processes' metrics ports,
 * each labelled `instance` with the process's name (p1, p2…), so that a restarted process on the
 * same port stays the same series. Both rule files are loaded; the thresholds first, as
 * ops/prometheus/thresholds.yml says.
 */
export function prometheusConfig({ targets, ruleFiles, scrapeSeconds = SCRAPE_SECONDS }) {
  const quote = (text) => JSON.stringify(text)
  return `# Written by scripts/cluster/prometheus.mjs at every start: edits are lost.
global:
  scrape_interval: ${scrapeSeconds}s
  scrape_timeout: ${Math.max(1, scrapeSeconds - 1)}s
  evaluation_interval: ${scrapeSeconds}s

rule_files:
${ruleFiles.map((file) => `  - ${quote(file)}`).join('\n')}

scrape_configs:
  - job_name: kilat
    metrics_path: /metrics
    static_configs:
${targets.map((t) => `      - targets: [${quote(`127.0.0.1:${t.port}`)}]\n        labels:\n          instance: ${quote(t.name)}`).join('\n')}
`
}

const installed = () => spawnSync('prometheus', ['--version']).status === 0

/**
 * Prometheus on PATH, else Debian's package installed when this runs as root (as CI does, and as
 * HAProxy is). Answers null and why when there is none: `npm run cluster` runs without it,
 * `npm run cluster:prove` cannot.
 */
export function findPrometheus(log = console.log) {
  if (installed()) return { found: true }
  if (process.getuid?.() !== 0) return { found: false, why: `Prometheus is not installed. ${HOW_TO}.` }
  log('Prometheus is not installed: apt-get install -y --no-install-recommends prometheus')
  // RUNLEVEL=1: the package's own service is not started (invoke-rc.d), the cluster runs its own.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' }
  const install = () => spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'prometheus'], { stdio: 'inherit', env }).status === 0
  if (!install()) {
    spawnSync('apt-get', ['update'], { stdio: 'inherit', env })
    install()
  }
  if (installed()) return { found: true }
  return { found: false, why: `Could not install Prometheus (${HOW_TO}).` }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** One call of Prometheus's HTTP API: its `data`, or a throw. */
async function api(base, path) {
  const response = await fetch(`${base}${path}`, { signal: AbortSignal.timeout(5_000) })
  const body = await response.json().catch(() => undefined)
  if (!response.ok || body?.status !== 'success') throw new Error(`Prometheus ${path} answered ${response.status} ${JSON.stringify(body)?.slice(0, 200)}`)
  return body.data
}

/**
 * Starts Prometheus on 127.0.0.1:`port` with its configuration and its storage in `dir`, and
 * resolves once it is ready (`/-/ready`) with its rules loaded. `targets`: [{ name, port }] of
 * the processes' metrics ports. Its warnings and errors go to `output('prometheus', chunk)`.
 */
export async function startPrometheus({ dir, port, targets, thresholds = THRESHOLDS, output }) {
  await mkdir(join(dir, 'prometheus'), { recursive: true })
  const configFile = join(dir, 'prometheus.yml')
  await writeFile(configFile, prometheusConfig({ targets, ruleFiles: [thresholds, ALERT_RULES] }))
  const child = spawn(
    'prometheus',
    [
      `--config.file=${configFile}`,
      `--storage.tsdb.path=${join(dir, 'prometheus')}`,
      '--storage.tsdb.retention.time=2d',
      `--web.listen-address=127.0.0.1:${port}`,
      '--log.level=warn',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  )
  let stderr = ''
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000)
    output?.('prometheus', chunk)
  })
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })))
  let gone = false
  exited.then(() => (gone = true))
  const base = `http://127.0.0.1:${port}`

  const stop = async () => {
    if (gone) return exited
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    const outcome = await exited
    clearTimeout(timer)
    return outcome
  }

  // Whatever happens to the caller, it must not leave Prometheus behind.
  const kill = () => child.kill('SIGKILL')
  process.once('exit', kill)
  exited.then(() => process.off('exit', kill))

  try {
    const started = Date.now()
    for (;;) {
      if (gone) throw new CannotRun(`Prometheus stopped while starting (${configFile}):\n${stderr.trim()}`)
      if (await fetch(`${base}/-/ready`).then((r) => r.ok, () => false)) break
      if (Date.now() - started > 30_000) throw new CannotRun(`Prometheus did not answer ${base}/-/ready within 30 s:\n${stderr.trim()}`)
      await sleep(100)
    }
    const loaded = new Set((await api(base, '/api/v1/rules')).groups.map((g) => g.file))
    for (const file of [thresholds, ALERT_RULES]) if (!loaded.has(file)) throw new CannotRun(`Prometheus did not load ${file}:\n${stderr.trim()}`)
  } catch (error) {
    await stop()
    throw error
  }

  return {
    base,
    /** The page of its alerts, for a person. */
    alertsPage: `${base}/alerts`,
    configFile,
    thresholds,
    pid: child.pid,
    exited,
    kill,
    stop,
    /** The alerts pending or firing now: [{ labels, state, activeAt, value }]. */
    alerts: async () => (await api(base, '/api/v1/alerts')).alerts,
    /** Each scraped process's health as Prometheus last saw it: [{ instance, url, health, lastError }]. */
    targets: async () =>
      (await api(base, '/api/v1/targets?state=active')).activeTargets.map((t) => ({ instance: t.labels.instance, url: t.scrapeUrl, health: t.health, lastError: t.lastError })),
  }
}

/** Whether `alertname` is firing among `alerts` (pending does not count). */
export function firing(alerts, alertname) {
  return alerts.filter((a) => a.labels.alertname === alertname && a.state === 'firing')
}
