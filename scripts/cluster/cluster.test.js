import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { CHECK_INTERVAL_MS, DRAIN_SECONDS, clusterPorts, failedRequestsInLog, haproxyConfig } from './cluster.mjs'
import { ALERT_RULES, PROMETHEUS_PORT_OFFSET, PROVE_THRESHOLDS, SCRAPE_SECONDS, THRESHOLDS, prometheusConfig } from './prometheus.mjs'

const servers = [
  { name: 'p1', port: 8091 },
  { name: 'p2', port: 8092 },
]
const config = haproxyConfig({ port: 8090, servers, dir: '/srv/cluster' })
const lines = config.split('\n').map((line) => line.trim())

describe('haproxyConfig', () => {
  it('listens on the loopback alone and sends to every process, checked on /readyz', () => {
    expect(lines.filter((line) => line.startsWith('bind '))).toEqual(['bind 127.0.0.1:8090'])
    expect(lines).toContain('option httpchk GET /readyz')
    expect(lines).toContain('server p1 127.0.0.1:8091')
    expect(lines).toContain('server p2 127.0.0.1:8092')
    expect(lines).toContain('stats socket /srv/cluster/haproxy.sock mode 600 level admin')
  })

  it('takes a process out within its drain: two checks fit in it, twice over', () => {
    const defaults = lines.find((line) => line.startsWith('default-server '))
    const inter = Number(defaults.match(/ inter (\d+)/)[1])
    const fall = Number(defaults.match(/ fall (\d+)/)[1])
    expect(inter).toBe(CHECK_INTERVAL_MS)
    expect(defaults).toMatch(/^default-server check /)
    expect(2 * fall * inter).toBeLessThanOrEqual(DRAIN_SECONDS * 1000)
  })

  it('retries connection failures whatever the method, and replays nothing but reads', () => {
    expect(lines).toContain('retry-on conn-failure empty-response 503')
    expect(lines).toContain('option redispatch 1')
    expect(lines).toContain('http-request disable-l7-retry unless METH_GET')
    // a connection per request, so that a killed process refuses rather than drops a POST
    expect(lines).toContain('option http-server-close')
    expect(lines.some((line) => /^retries [1-9]/.test(line))).toBe(true)
  })

  it('fails open through unchecked backups of the same processes', () => {
    expect(lines).toContain('option allbackups')
    expect(lines).toContain('server p1-fallback 127.0.0.1:8091 backup no-check')
    expect(lines).toContain('server p2-fallback 127.0.0.1:8092 backup no-check')
  })

  it('drops the X-Forwarded headers a client sends, the processes trusting them', () => {
    for (const header of ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host']) {
      expect(lines).toContain(`http-request del-header ${header}`)
    }
    expect(lines).toContain('option forwardfor')
  })
})

describe('failedRequestsInLog', () => {
  it('reads the failed requests of HAProxy\'s log: accept time, process and status', () => {
    const log = [
      '127.0.0.1:44274 [25/Nov/2026:20:04:55.429] kilat kilat/p1 0/0/0/-1/8 502 209 - - SH-- 49/49/48/5/0 0/0 "POST /h5-api/x HTTP/1.1"',
      '127.0.0.1:44275 [25/Nov/2026:20:04:56.001] kilat kilat/p2 0/0/0/3/3 404 120 - - ---- 49/49/48/5/0 0/0 "GET /missing HTTP/1.1"',
      '[WARNING]  (123) : Server kilat/p1 is DOWN, reason: Layer4 connection problem',
      '127.0.0.1:44276 [25/Nov/2026:20:04:57.010] kilat kilat/<NOSRV> -1/-1/-1/-1/0 503 217 - - SC-- 1/1/0/0/0 0/0 "GET / HTTP/1.1"',
    ]
    expect(failedRequestsInLog(log).map(({ acceptedAt, server, status }) => ({ acceptedAt, server, status }))).toEqual([
      { acceptedAt: new Date(2026, 10, 25, 20, 4, 55, 429).getTime(), server: 'p1', status: 502 },
      { acceptedAt: new Date(2026, 10, 25, 20, 4, 57, 10).getTime(), server: '<NOSRV>', status: 503 },
    ])
  })
})

describe('clusterPorts', () => {
  it('puts the processes after HAProxy, their metrics ports after them, and Prometheus 90 above', () => {
    expect(clusterPorts(8090, 2)).toEqual({
      front: 8090,
      processes: [
        { name: 'p1', port: 8091, metricsPort: 8093 },
        { name: 'p2', port: 8092, metricsPort: 8094 },
      ],
      prometheus: 8090 + PROMETHEUS_PORT_OFFSET,
    })
  })

  it('refuses so many processes that their ports would reach Prometheus\'s', () => {
    expect(() => clusterPorts(8080, 45)).toThrow(/At most 44 processes/)
    expect(clusterPorts(8080, 44).processes.at(-1).metricsPort).toBeLessThan(8080 + PROMETHEUS_PORT_OFFSET)
  })
})

describe('prometheusConfig', () => {
  const targets = [
    { name: 'p1', port: 8093 },
    { name: 'p2', port: 8094 },
  ]
  const config = prometheusConfig({ targets, ruleFiles: [PROVE_THRESHOLDS, ALERT_RULES] })

  it('reads every process\'s metrics port as job kilat, each named by its process', () => {
    expect(config).toContain('  - job_name: kilat\n')
    expect(config).toContain('      - targets: ["127.0.0.1:8093"]\n        labels:\n          instance: "p1"')
    expect(config).toContain('      - targets: ["127.0.0.1:8094"]\n        labels:\n          instance: "p2"')
    expect(config).toContain(`  scrape_interval: ${SCRAPE_SECONDS}s\n`)
    expect(config).toContain(`  evaluation_interval: ${SCRAPE_SECONDS}s\n`)
  })

  it('loads the repository\'s alerts after the limits', () => {
    expect(config).toContain(`rule_files:\n  - ${JSON.stringify(PROVE_THRESHOLDS)}\n  - ${JSON.stringify(ALERT_RULES)}\n`)
  })

  // promtool comes with Prometheus (Debian's package); without it, the proof's start checks the same
  const promtool = spawnSync('promtool', ['--version']).status === 0
  it.skipIf(!promtool)('is a configuration promtool accepts, with both rule files', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kilat-prometheus-'))
    try {
      const file = join(dir, 'prometheus.yml')
      writeFileSync(file, config)
      const check = spawnSync('promtool', ['check', 'config', file], { encoding: 'utf8' })
      expect(check.status, check.stdout + check.stderr).toBe(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the proof\'s limits (prove-thresholds.yml)', () => {
  const recordsOf = (file) => [...readFileSync(file, 'utf8').matchAll(/^\s*- record: (\S+)$/gm)].map((m) => m[1])
  const exprOf = (file, record) => readFileSync(file, 'utf8').match(new RegExp(`- record: ${record}\\n\\s+expr: (.+)`))?.[1]

  it('keeps every rule of ops/prometheus/thresholds.yml, in its order', () => {
    expect(recordsOf(THRESHOLDS).length).toBeGreaterThan(0)
    expect(recordsOf(PROVE_THRESHOLDS)).toEqual(recordsOf(THRESHOLDS))
  })

  it('makes the silence short and every hour a market\'s day', () => {
    expect(exprOf(PROVE_THRESHOLDS, 'kilat:limit:callback_silence_seconds')).toBe('vector(20)')
    expect(exprOf(PROVE_THRESHOLDS, 'kilat:market_day')).toBe('max by (market) (kilat_market_local_hour) * 0 + 1')
  })
})
