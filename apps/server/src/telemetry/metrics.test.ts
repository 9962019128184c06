import { randomBytes, randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { loanDetailPush, loanDetails, opsPolicyDraft, opsPolicyPublish, orderApprove, orderScreen, publicLoanTerms, sendSmsCode, type PolicyRule } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'
import { ProviderHttp, ProviderUnavailable, outcomeOf, pathTemplate, type ProviderHttpOptions } from '../adapters/providers/provider-http.js'
import { ConfigError, loadConfig } from '../config.js'
import type { Database } from '../db/client.js'
import { createBorrowerWithSession, createOrder, createProduct, randomPhone } from '../db/factories.js'
import { repeatPass } from '../jobs/repeat.js'
import { decisionStep } from '../modules/decisions/decisions.service.js'
import { cleanApplicant, emptyDecisions } from '../modules/decisions/test-helpers.js'
import { demoPayouts } from '../modules/money-desk/money-desk.service.js'
import type { Product } from '../modules/products/products.schema.js'
import { emptyStaff, enrolledStaff, opsGet, opsPost, testClock, type TestStaff } from '../modules/staff/test-helpers.js'
import { get, post } from '../test/inject.js'
import { buildTestApp, openTestDatabase } from '../test/setup-db.js'
import { METRICS_PATH, startMetricsServer, surfaceOf } from './metrics.plugin.js'
import {
  applicationsSubmitted,
  decisionsTotal,
  httpRequestDuration,
  jobDuration,
  jobIntervalSeconds,
  jobLastRunTimestamp,
  jobLastSuccessTimestamp,
  jobLeaseHeld,
  metricsRegistry,
  providerCallDuration,
  smsTotal,
} from './metrics.js'
import { deltaOf, sumOf, valueOf, type Readable } from './test-helpers.js'

/**
 * The metrics (docs/operations/metrics.md): each one moves when its event happens, its labels stay
 * bounded (a route template, never an address with ids), and the metrics are refused without the
 * token. The registry is the process's own and every file of a worker shares it, so each check
 * measures a change across its event, never an absolute value.
 */

/** Every distinct value a label takes in a metric. */
async function labelValues(metric: Readable, label: string): Promise<Set<string>> {
  return new Set((await metric.get()).values.map((v) => v.labels[label]).filter((v) => v !== undefined).map(String))
}

const METRICS_TOKEN = randomBytes(24).toString('hex')
const clock = testClock(new Date().toISOString())

let database: Database
/** With METRICS_TOKEN, and the test clock. */
let app: FastifyInstance
/** Without METRICS_TOKEN, with an SMS provider that always fails. */
let bare: FastifyInstance
let product: Product
let risk: TestStaff & { cookie: string }
let risk2: TestStaff & { cookie: string }
/** What a label must never hold: the borrower's token, the staff cookie, a phone, an order number. */
const secrets: string[] = [METRICS_TOKEN]

beforeAll(async () => {
  database = await openTestDatabase()
  await emptyStaff(database)
  await emptyDecisions(database)
  app = await buildTestApp(database, { env: { METRICS_TOKEN, JOB_INTERVAL_SECONDS: '0' }, now: clock.now })
  bare = await buildTestApp(database, {
    env: { JOB_INTERVAL_SECONDS: '0' },
    sms: Object.assign({ send: () => Promise.reject(new Error('the provider is down')) }, { name: 'broken-sms' }),
  })
  await Promise.all([app.ready(), bare.ready()])
  product = await createProduct(database.db, { market: 'ID' })
  risk = await enrolledStaff(app, database, clock, 'risk', ['ID'])
  risk2 = await enrolledStaff(app, database, clock, 'risk', ['ID'])
  secrets.push(risk.cookie, risk2.cookie)
})

afterAll(async () => {
  if (database) await emptyDecisions(database)
  await app?.close()
  await bare?.close()
  await database?.close()
})

describe('HTTP requests', () => {
  it('are counted under the route template, the status code and the surface, never the address asked', async () => {
    const { borrower, token } = await createBorrowerWithSession(database.db, { market: 'ID' })
    const { order } = await createOrder(database.db, { product, borrowerId: borrower.id, status: ORDER_STATUS.due, now: clock.now() })
    secrets.push(token, borrower.phone, order.orderNo)

    const cases: Array<{ ask: () => Promise<{ statusCode: number }>; route: string; surface: string }> = [
      { ask: () => get(app, loanDetails.path, { productId: product.id, orderId: order.orderNo, tok: token }), route: loanDetails.path, surface: 'borrower' },
      { ask: () => opsGet(app, orderScreen.path, { cookie: risk.cookie, query: { orderNo: order.orderNo } }), route: orderScreen.path, surface: 'staff' },
      { ask: () => get(app, publicLoanTerms.path, { market: 'ID' }), route: publicLoanTerms.path, surface: 'public' },
      { ask: () => app.inject({ method: 'GET', url: '/healthz' }), route: '/healthz', surface: 'system' },
      { ask: () => app.inject({ method: 'GET', url: `/media/logos/bank${randomInt(1e6, 1e7)}.svg` }), route: '/media/logos/:code.svg', surface: 'page' },
    ]
    for (const { ask, route, surface } of cases) {
      let status = 0
      const moved = await deltaOf(httpRequestDuration, { method: 'GET', route, surface }, async () => {
        status = (await ask()).statusCode
      })
      expect(moved, route).toBe(1)
      // the same request under its status code
      expect(await sumOf(httpRequestDuration, { method: 'GET', route, surface, status_code: status }), route).toBeGreaterThanOrEqual(1)
    }
    // the calls above answered what they were asked (a 200 each, but the unknown logo)
    expect((await get(app, loanDetails.path, { productId: product.id, orderId: order.orderNo, tok: token })).statusCode).toBe(200)
    expect((await opsGet(app, orderScreen.path, { cookie: risk.cookie, query: { orderNo: order.orderNo } })).statusCode).toBe(200)
    expect(await sumOf(httpRequestDuration, { route: loanDetails.path, status_code: 200, surface: 'borrower' })).toBeGreaterThanOrEqual(2)
    expect(await sumOf(httpRequestDuration, { route: orderScreen.path, status_code: 200, surface: 'staff' })).toBeGreaterThanOrEqual(2)

    // no route label is an address: no query, no order number, no token
    const routes = [...(await labelValues(httpRequestDuration, 'route'))]
    expect(routes.filter((r) => r.includes('?') || r.includes(order.orderNo) || r.includes(token))).toEqual([])
  })

  it('puts many logos asked by their codes under one template', async () => {
    const before = await labelValues(httpRequestDuration, 'route')
    const moved = await deltaOf(httpRequestDuration, { route: '/media/logos/:code.svg' }, async () => {
      for (let i = 0; i < 10; i++) await app.inject({ method: 'GET', url: `/media/logos/x${randomInt(1e8, 1e9)}.svg` })
    })
    expect(moved).toBe(10)
    const after = await labelValues(httpRequestDuration, 'route')
    expect([...after].filter((r) => !before.has(r))).toEqual([])
  })

  it('counts a scan of addresses no route has as one `unmatched` series, however many paths', async () => {
    const random = () => randomBytes(6).toString('hex') + String(randomInt(1e6, 1e9))
    const before = await labelValues(httpRequestDuration, 'route')
    const moved = await deltaOf(httpRequestDuration, { route: 'unmatched', status_code: 404 }, async () => {
      for (let i = 0; i < 50; i++) {
        const url = [`/h5-api/v3/${random()}`, `/ops-api/${random()}/${random()}`, `/api/${random()}.php?id=${random()}`][i % 3]!
        const res = await app.inject({ method: i % 2 === 0 ? 'GET' : 'POST', url })
        expect(res.statusCode, url).toBe(404)
      }
    })
    expect(moved).toBe(50)
    const after = await labelValues(httpRequestDuration, 'route')
    const added = [...after].filter((r) => !before.has(r))
    expect(added.length).toBeLessThanOrEqual(1)
    expect(added.filter((r) => r !== 'unmatched')).toEqual([])
  })

  it('counts a scan of page addresses under the pages route alone', async () => {
    const before = await labelValues(httpRequestDuration, 'route')
    const moved = await deltaOf(httpRequestDuration, { method: 'GET', surface: 'page' }, async () => {
      for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url: `/wp-admin/${randomBytes(5).toString('hex')}${i}.php` })
    })
    expect(moved).toBe(50)
    const added = [...(await labelValues(httpRequestDuration, 'route'))].filter((r) => !before.has(r))
    expect(added.length).toBeLessThanOrEqual(1)
  })

  it('tells the surface from the call, else from the address', () => {
    expect(surfaceOf('/x', { auth: 'borrower' })).toBe('borrower')
    expect(surfaceOf('/x', { auth: 'staff' })).toBe('staff')
    expect(surfaceOf('/x', { auth: 'none' })).toBe('public')
    expect(surfaceOf('/healthz', undefined)).toBe('system')
    expect(surfaceOf('/readyz', undefined)).toBe('system')
    expect(surfaceOf(METRICS_PATH, undefined)).toBe('system')
    expect(surfaceOf('/*', undefined)).toBe('page')
    expect(surfaceOf(undefined, undefined)).toBe('page')
  })
})

describe('the metrics on the public port', () => {
  const scrape = (target: FastifyInstance, authorization?: string) =>
    target.inject({ method: 'GET', url: METRICS_PATH, headers: authorization === undefined ? {} : { authorization } })

  it('refuses a scrape without the token, or with another one, with 401 and a Bearer challenge', async () => {
    const none = await scrape(app)
    expect(none.statusCode).toBe(401)
    expect(none.headers['www-authenticate']).toBe('Bearer')
    expect(none.body).not.toContain('kilat_')
    for (const wrong of [`Bearer ${METRICS_TOKEN.slice(0, -1)}x`, `Bearer ${METRICS_TOKEN}x`, 'Bearer ', METRICS_TOKEN, `Basic ${METRICS_TOKEN}`]) {
      const res = await scrape(app, wrong)
      expect(res.statusCode, wrong).toBe(401)
      expect(res.headers['www-authenticate']).toBe('Bearer')
      expect(res.body).not.toContain('kilat_')
    }
  })

  it('answers the Prometheus text to the scrape with the token, counted as a system request', async () => {
    let res!: Awaited<ReturnType<typeof scrape>>
    const moved = await deltaOf(httpRequestDuration, { method: 'GET', route: METRICS_PATH, status_code: 200, surface: 'system' }, async () => {
      res = await scrape(app, `Bearer ${METRICS_TOKEN}`)
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe(metricsRegistry.contentType)
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.body).toContain('# TYPE kilat_http_request_duration_seconds histogram')
    expect(res.body).toMatch(/^kilat_http_request_duration_seconds_count\{[^}]*route="\/healthz"/m)
    expect(res.body).toContain('kilat_db_info{engine=')
    expect(moved).toBe(1)
  })

  it('is not there at all without METRICS_TOKEN: answered 404 as any unknown address that is not a page', async () => {
    // /metrics is never a page (http/paths.ts): a 404 whether the web app is built or not
    const unknown = await bare.inject({ method: 'GET', url: `/api/no-such-call-${randomInt(1e3, 1e4)}` })
    expect(unknown.statusCode).toBe(404)
    for (const authorization of [undefined, `Bearer ${METRICS_TOKEN}`]) {
      let res!: Awaited<ReturnType<typeof scrape>>
      const asMetrics = await deltaOf(httpRequestDuration, { route: METRICS_PATH }, async () => {
        res = await scrape(bare, authorization)
      })
      expect(res.statusCode).toBe(unknown.statusCode)
      expect(res.headers['www-authenticate']).toBeUndefined()
      expect(res.body).not.toContain('kilat_http_request_duration_seconds')
      // no /metrics route answered it: the not-found handler did
      expect(asMetrics).toBe(0)
    }
  })
})

describe('the metrics port', () => {
  async function withServer(token: string | undefined, use: (base: string) => Promise<void>) {
    const server = await startMetricsServer({ port: 0, host: '127.0.0.1', token })
    try {
      await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  }

  it('answers the metrics without a token when none is configured, and 404 anywhere else', async () => {
    await withServer(undefined, async (base) => {
      const res = await fetch(`${base}${METRICS_PATH}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe(metricsRegistry.contentType)
      expect(await res.text()).toContain('kilat_http_request_duration_seconds')
      expect((await fetch(`${base}${METRICS_PATH}?format=x`)).status).toBe(200)
      for (const path of ['/', '/healthz', '/metrics/x', '/metricsx']) {
        const other = await fetch(`${base}${path}`)
        expect(other.status, path).toBe(404)
        expect(await other.text()).not.toContain('kilat_')
      }
      expect((await fetch(`${base}${METRICS_PATH}`, { method: 'POST' })).status).toBe(404)
    })
  })

  it('asks for the token when one is configured', async () => {
    await withServer(METRICS_TOKEN, async (base) => {
      const none = await fetch(`${base}${METRICS_PATH}`)
      expect(none.status).toBe(401)
      expect(none.headers.get('www-authenticate')).toBe('Bearer')
      expect(await none.text()).not.toContain('kilat_')
      expect((await fetch(`${base}${METRICS_PATH}`, { headers: { authorization: 'Bearer nope' } })).status).toBe(401)
      const right = await fetch(`${base}${METRICS_PATH}`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      expect(right.status).toBe(200)
      expect(await right.text()).toContain('kilat_http_request_duration_seconds')
      expect((await fetch(`${base}/other`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).status).toBe(404)
    })
  })

  it('may not be the public port, and its token may not be short enough to guess', () => {
    const refusal = (env: Record<string, string>) => {
      try {
        loadConfig(env, { cwd: '/srv/kilat', rootDir: '/srv/kilat' })
      } catch (error) {
        return error
      }
      return undefined
    }
    const samePort = refusal({ PORT: '9100', METRICS_PORT: '9100' })
    expect(samePort).toBeInstanceOf(ConfigError)
    expect((samePort as Error).message).toMatch(/METRICS_PORT/)
    const short = refusal({ METRICS_TOKEN: 'short-token' })
    expect(short).toBeInstanceOf(ConfigError)
    expect((short as Error).message).toMatch(/METRICS_TOKEN/)
    expect(refusal({ PORT: '8080', METRICS_PORT: '9100', METRICS_TOKEN: 'a'.repeat(32) })).toBeUndefined()
  })
})

describe('provider calls', () => {
  const PROVIDER = `metrics-test-${randomInt(1e3, 1e4)}`
  let server: Server
  let base: string

  function answer(req: IncomingMessage, res: ServerResponse): void {
    req.resume()
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!
      const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      if (path.startsWith('/v2/payouts/') || path === '/ok') return json(200, { id: 'made_1' })
      if (path === '/refuse') return json(400, { error_code: 'INVALID_AMOUNT', message: 'no' })
      if (path === '/key') return json(401, { error_code: 'INVALID_API_KEY' })
      if (path === '/busy') return json(429, { error_code: 'RATE_LIMITED' })
      if (path === '/down') return json(500, { error: 'down' })
      if (path === '/garbled') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>')
      if (path === '/wrong-shape') return json(200, { other: true })
      if (path.startsWith('/slow')) {
        const timer = setTimeout(() => json(200, { id: 'late' }), 1_000)
        res.on('close', () => clearTimeout(timer))
        return
      }
      json(404, {})
    })
  }

  beforeAll(async () => {
    server = createServer(answer)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })

  afterAll(async () => {
    server?.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })

  const http = (over: Partial<ProviderHttpOptions> = {}) => new ProviderHttp({ provider: PROVIDER, baseUrl: base, headers: () => ({}), timeoutMs: 200, retries: 0, backoffMs: 1, ...over })
  const made = z.object({ id: z.string() })
  const call = (path: string, client = http()) => client.request({ method: 'POST', path, json: { amount: 100 }, schema: made })

  it.each([
    ['/ok', 'accepted', 'ok'],
    ['/refuse', 'refused', 'refusal'],
    ['/key', '4xx', 'refusal'],
    ['/busy', '429', 'unavailable'],
    ['/down', '5xx', 'unavailable'],
    ['/slow', 'timeout', 'unavailable'],
    ['/garbled', 'bad_answer', 'unavailable'],
    ['/wrong-shape', 'bad_answer', 'unavailable'],
  ] as const)('counts a call to %s as %s, once', async (path, outcome, result) => {
    const outcomes = await labelValues(providerCallDuration, 'outcome')
    let answered: unknown
    const moved = await deltaOf(providerCallDuration, { provider: PROVIDER, operation: `POST ${path}`, outcome }, async () => {
      answered = await call(path).catch((error: unknown) => error)
    })
    expect(moved).toBe(1)
    // one attempt, one observation: under no other outcome
    expect(await sumOf(providerCallDuration, { provider: PROVIDER, operation: `POST ${path}` })).toBe(1)
    if (result === 'ok') expect(answered).toMatchObject({ ok: true })
    else if (result === 'refusal') expect(answered).toMatchObject({ ok: false })
    else expect(answered).toBeInstanceOf(ProviderUnavailable)
    const added = [...(await labelValues(providerCallDuration, 'outcome'))].filter((o) => !outcomes.has(o))
    expect(added.filter((o) => o !== outcome)).toEqual([])
  })

  it('counts a refused connection as network', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const client = http({ baseUrl: `http://127.0.0.1:${port}` })
    let error: unknown
    const moved = await deltaOf(providerCallDuration, { provider: PROVIDER, operation: 'POST /nobody', outcome: 'network' }, async () => {
      error = await call('/nobody', client).catch((e: unknown) => e)
    })
    expect(error).toMatchObject({ kind: 'never-left' })
    expect(moved).toBe(1)
  })

  it('counts an attempt cut by the caller\'s deadline as a timeout (a name check waits 10 s, as long as the attempt)', async () => {
    const client = http({ timeoutMs: 5_000 })
    let error: unknown
    const moved = await deltaOf(providerCallDuration, { provider: PROVIDER, operation: 'POST /slow-deadline', outcome: 'timeout' }, async () => {
      error = await client.request({ method: 'POST', path: '/slow-deadline', json: {}, schema: made, signal: AbortSignal.timeout(100) }).catch((e: unknown) => e)
    })
    expect(error).toMatchObject({ kind: 'timeout' })
    expect(moved).toBe(1)
  })

  it('counts each attempt of a call sent again', async () => {
    const client = http({ retries: 2 })
    const moved = await deltaOf(providerCallDuration, { provider: PROVIDER, operation: 'GET /down', outcome: '5xx' }, async () => {
      await expect(client.request({ method: 'GET', path: '/down', schema: made })).rejects.toBeInstanceOf(ProviderUnavailable)
    })
    expect(moved).toBe(3)
  })

  it('names the operation by its method and path template: no query, no id', async () => {
    const moved = await deltaOf(providerCallDuration, { provider: PROVIDER, operation: 'GET /v2/payouts/:id', outcome: 'accepted' }, async () => {
      for (const id of ['po_123abc', 'po_9f8e7d6c5b4a', 'disb-77c2e0d4']) {
        expect(await http().request({ method: 'GET', path: `/v2/payouts/${id}?x=1&phone=%2B6281234567890`, schema: made })).toMatchObject({ ok: true })
      }
    })
    expect(moved).toBe(3)
    const operations = [...(await labelValues(providerCallDuration, 'operation'))]
    expect(operations.filter((o) => o.includes('po_') || o.includes('?') || o.includes('phone'))).toEqual([])
  })

  it('turns a path into a template', () => {
    expect(pathTemplate('/v2/payouts/po_123abc?x=1')).toBe('/v2/payouts/:id')
    expect(pathTemplate('/v2/payouts?reference_id=1234567')).toBe('/v2/payouts')
    expect(pathTemplate('/v1/virtual_accounts')).toBe('/v1/virtual_accounts')
    expect(pathTemplate('/v1/fund_accounts/validations?account_number=7878780080316316')).toBe('/v1/fund_accounts/validations')
    expect(pathTemplate('/v1/payouts/pout_00000000000001')).toBe('/v1/payouts/:id')
    expect(pathTemplate(`/2010-04-01/Accounts/AC${'c3'.repeat(16)}/Messages.json`)).toBe('/:id/Accounts/:id/Messages.json')
    expect(pathTemplate(`/v1/Services/MG${'ab'.repeat(16)}`)).toBe('/v1/Services/:id')
    // a long token without a digit is an id too
    expect(pathTemplate(`/v1/things/${'abcdef'.repeat(5)}`)).toBe('/v1/things/:id')
    expect(pathTemplate('/transactions')).toBe('/transactions')
  })

  it('tells a refusal from a 4xx of our own, and the rest', () => {
    expect([200, 201, 204].map(outcomeOf)).toEqual(['accepted', 'accepted', 'accepted'])
    expect([400, 402, 409, 422].map(outcomeOf)).toEqual(['refused', 'refused', 'refused', 'refused'])
    expect([401, 403, 404, 405].map(outcomeOf)).toEqual(['4xx', '4xx', '4xx', '4xx'])
    expect(outcomeOf(429)).toBe('429')
    expect([500, 502, 503, 504].map(outcomeOf)).toEqual(['5xx', '5xx', '5xx', '5xx'])
  })
})

describe('jobs', () => {
  const log = { info: () => {}, error: () => {} } as unknown as FastifyBaseLogger

  it('sets the last run and last success, the interval, and the lease held while it runs', async () => {
    const job = `metrics job ${randomInt(1e3, 1e4)}`
    vi.useFakeTimers({ now: new Date('2026-12-01T00:00:00.000Z') })
    try {
      const start = Date.now()
      const running = repeatPass(job, async () => ({ done: 0 }), 30, log)
      expect(await valueOf(jobIntervalSeconds, { job })).toBe(30)
      expect(await valueOf(jobLeaseHeld, { job })).toBe(1)
      expect(await valueOf(jobLastRunTimestamp, { job })).toBeUndefined()
      const ok = await deltaOf(jobDuration, { job, outcome: 'ok' }, () => vi.advanceTimersByTimeAsync(30_000))
      expect(ok).toBe(1)
      expect(await valueOf(jobLastRunTimestamp, { job })).toBe((start + 30_000) / 1000)
      expect(await valueOf(jobLastSuccessTimestamp, { job })).toBe((start + 30_000) / 1000)
      await vi.advanceTimersByTimeAsync(30_000)
      expect(await valueOf(jobLastSuccessTimestamp, { job })).toBe((start + 60_000) / 1000)
      await running.stop()
      expect(await valueOf(jobLeaseHeld, { job })).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })

  it('counts a failed pass as failed: its last run moves, its last success does not', async () => {
    const job = `metrics job ${randomInt(1e4, 1e5)}`
    vi.useFakeTimers({ now: new Date('2026-12-01T00:00:00.000Z') })
    try {
      const start = Date.now()
      let fail = false
      const running = repeatPass(
        job,
        async () => {
          if (fail) throw new Error('the pass broke')
          return {}
        },
        10,
        log,
      )
      await vi.advanceTimersByTimeAsync(10_000)
      expect(await valueOf(jobLastSuccessTimestamp, { job })).toBe((start + 10_000) / 1000)
      fail = true
      const before = { ok: await sumOf(jobDuration, { job, outcome: 'ok' }), failed: await sumOf(jobDuration, { job, outcome: 'failed' }) }
      await vi.advanceTimersByTimeAsync(10_000)
      expect(await sumOf(jobDuration, { job, outcome: 'failed' })).toBe(before.failed + 1)
      expect(await sumOf(jobDuration, { job, outcome: 'ok' })).toBe(before.ok)
      expect(await valueOf(jobLastRunTimestamp, { job })).toBe((start + 20_000) / 1000)
      expect(await valueOf(jobLastSuccessTimestamp, { job })).toBe((start + 10_000) / 1000)
      await running.stop()
      expect(await valueOf(jobLeaseHeld, { job })).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('the business', () => {
  it('counts a submitted application in its market', async () => {
    const { token } = await createBorrowerWithSession(database.db, { market: 'ID' })
    secrets.push(token)
    let orderNo = ''
    const moved = await deltaOf(applicationsSubmitted, { market: 'ID' }, async () => {
      const res = await post(app, loanDetailPush.path, { productId: product.id, amount: product.minAmount, periods: 1, termUnit: 'day' }, { tok: token })
      expect(res.json(), res.body).toMatchObject({ data: { orderNo: expect.any(String) } })
      orderNo = res.json().data.orderNo
    })
    secrets.push(orderNo)
    expect(moved).toBe(1)
    // a refused one is not counted
    const again = await deltaOf(applicationsSubmitted, {}, async () => {
      const res = await post(app, loanDetailPush.path, { productId: product.id, amount: product.minAmount, periods: 1, termUnit: 'day' }, { tok: token })
      expect(res.json().code).not.toBe(0)
    })
    expect(again).toBe(0)
  })

  it('counts a person\'s decision as manual', async () => {
    const { borrower } = await createBorrowerWithSession(database.db, { market: 'ID' })
    const { order } = await createOrder(database.db, { product, borrowerId: borrower.id, status: ORDER_STATUS.submitted, now: clock.now(), manualReview: true })
    secrets.push(order.orderNo)
    const moved = await deltaOf(decisionsTotal, { market: 'ID', band: 'manual', decision: 'approve' }, async () => {
      const res = await opsPost(app, orderApprove.path, { orderNo: order.orderNo }, { cookie: risk.cookie })
      expect(res.statusCode, res.body).toBe(200)
    })
    expect(moved).toBe(1)
  })

  it('counts the policy\'s decision under its band', async () => {
    const rules: PolicyRule[] = [{ id: 'kyc-failed', when: { 'identity.kycVerified': 'false' }, band: 'reject', reason: 'identity_unverified', maxAmount: null }]
    const drafted = await opsPost(app, opsPolicyDraft.path, { market: 'ID', rules, note: 'metrics' }, { cookie: risk.cookie })
    expect(drafted.json().code, drafted.body).toBe(0)
    const published = await opsPost(app, opsPolicyPublish.path, { requestId: drafted.json().data.version.id }, { cookie: risk2.cookie })
    expect(published.json().code, published.body).toBe(0)
    const order = await cleanApplicant(database.db, app.secrets, product, clock.now())
    secrets.push(order.orderNo)
    const manual = await sumOf(decisionsTotal, { band: 'manual' })
    const approved = await deltaOf(decisionsTotal, { market: 'ID', band: 'approve', decision: 'approve' }, async () => {
      const outcome = await decisionStep({ db: database.db, secrets: app.secrets, payouts: demoPayouts })(clock.now())
      expect(outcome.moved).toContain('approve')
    })
    expect(approved).toBe(1)
    // no person decided it
    expect(await sumOf(decisionsTotal, { band: 'manual' })).toBe(manual)
  })
})

describe('text messages', () => {
  it('counts a sign-in code sent', async () => {
    const phone = randomPhone('ID')
    secrets.push(phone)
    const moved = await deltaOf(smsTotal, { market: 'ID', outcome: 'sent' }, async () => {
      expect((await post(app, sendSmsCode.path, { phone })).statusCode).toBe(200)
    })
    expect(moved).toBe(1)
  })

  it('counts a message the provider failed to take as failed, under the provider', async () => {
    const phone = randomPhone('ID')
    secrets.push(phone)
    const sent = await sumOf(smsTotal, { provider: 'broken-sms', outcome: 'sent' })
    const moved = await deltaOf(smsTotal, { provider: 'broken-sms', market: 'ID', outcome: 'failed' }, async () => {
      expect((await post(bare, sendSmsCode.path, { phone })).statusCode).toBe(503)
    })
    expect(moved).toBe(1)
    expect(await sumOf(smsTotal, { provider: 'broken-sms', outcome: 'sent' })).toBe(sent)
  })
})

// last: the flows above have put their labels in the registry
describe('labels', () => {
  it('never hold an id, a phone, an amount or a token', async () => {
    const values = new Set<string>()
    for (const metric of await metricsRegistry.getMetricsAsJSON()) {
      for (const v of metric.values) for (const [name, value] of Object.entries(v.labels)) if (name !== 'le') values.add(String(value))
    }
    expect(values.size).toBeGreaterThan(20)
    const leaks = [...values].filter((value) => /\d{6,}/.test(value) || /\+\d/.test(value) || value.includes('?') || secrets.some((s) => s.length > 0 && value.includes(s)))
    expect(leaks).toEqual([])
    expect(secrets.length).toBeGreaterThan(8)
  })
})
