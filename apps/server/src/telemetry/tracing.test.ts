import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PassThrough } from 'node:stream'
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace'
import Fastify, { type FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ProviderHttp } from '../adapters/providers/provider-http.js'
import { loadConfig } from '../config.js'
import type { Database } from '../db/client.js'
import { loggerOptions, OneLinePerRequest } from '../http/logging.js'
import { buildTestApp, openTestDatabase } from '../test/setup-db.js'
import { annotateActiveSpan, fastifyTracingPlugin, shutdownTracing, startTracing, TracingConfigError, tracingEnabled, tracingRequested } from './tracing.js'

/** A provider's API on this machine: it answers 200 and keeps the headers of every call. */
async function startProvider(): Promise<{ base: string; calls: IncomingHttpHeaders[]; close: () => Promise<void> }> {
  const calls: IncomingHttpHeaders[] = []
  const server: Server = createServer((req, res) => {
    calls.push(req.headers)
    req.resume()
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { base: `http://127.0.0.1:${port}`, calls, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** The address of a port nobody listens on. */
async function closedBase(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return `http://127.0.0.1:${port}`
}

/** An app logged as the server's is, with one route that calls a provider through ProviderHttp. */
async function buildCallingApp(providerBase: string): Promise<{ app: FastifyInstance; lines: () => Record<string, unknown>[] }> {
  const out = new PassThrough()
  let text = ''
  out.on('data', (chunk: Buffer) => (text += chunk.toString()))
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: 'unused-in-tests', WEB_DIST: 'no-web-app-in-tests', LOG_LEVEL: 'info' })
  const app = Fastify({ logger: loggerOptions(config, out), logController: new OneLinePerRequest() })
  const plugin = fastifyTracingPlugin()
  if (plugin) await app.register(plugin)
  const http = new ProviderHttp({ provider: 'xendit', baseUrl: providerBase, headers: () => ({ authorization: 'Basic c2VjcmV0' }), retries: 0 })
  app.get('/h5-api/v3/payouts/:id', async (request) => {
    const { id } = request.params as { id: string }
    annotateActiveSpan({ 'kilat.payout.id': id, 'kilat.provider': http.provider })
    const answer = await http.request({ method: 'GET', path: `/v2/payouts/${id}?phone=628123456789`, schema: z.object({ status: z.string() }) })
    return { ok: answer.ok }
  })
  app.get('/h5-api/v3/broken', async () => {
    throw new Error('Failed query: select 1\nparams: 628123456789')
  })
  app.get('/h5-api/v3/refused', async () => {
    throw Object.assign(new Error('no session for 628123456789'), { statusCode: 401 })
  })
  // a provider that cannot be reached (nobody listens on its port): the call fails before any answer
  const unreachable = new ProviderHttp({ provider: 'xendit', baseUrl: await closedBase(), headers: () => ({}), retries: 0 })
  app.get('/h5-api/v3/unreachable', async () => {
    await unreachable.request({ method: 'POST', path: '/v2/payouts?accountNo=1234567890', json: {}, schema: z.object({}) }).catch(() => undefined)
    return { ok: false }
  })
  await app.ready()
  const lines = () =>
    text
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
  return { app, lines }
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/

/** Every string an exported span holds: its name, attribute values, status, events. */
function strings(span: ReadableSpan): string {
  return JSON.stringify([span.name, span.attributes, span.status, span.events])
}

describe('tracing off', () => {
  let provider: Awaited<ReturnType<typeof startProvider>>
  beforeAll(async () => {
    provider = await startProvider()
  })
  afterAll(() => provider.close())

  it('is off without an OTLP endpoint, and asked for by one', () => {
    expect(tracingRequested({})).toBe(false)
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true)
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true)
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false)
    expect(tracingRequested({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false)
  })

  it('refuses a wrong sampler setting, naming it, and starts nothing', async () => {
    const endpoint = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }
    await expect(startTracing({ env: { ...endpoint, OTEL_TRACES_SAMPLER: 'sometimes' } })).rejects.toThrow(/OTEL_TRACES_SAMPLER must be/)
    await expect(startTracing({ env: { ...endpoint, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '10' } })).rejects.toThrow(TracingConfigError)
    await expect(startTracing({ env: { ...endpoint, OTEL_BSP_SCHEDULE_DELAY: 'soon' } })).rejects.toThrow(/OTEL_BSP_SCHEDULE_DELAY/)
    expect(tracingEnabled()).toBe(false)
  })

  it('starts nothing when the environment does not ask', async () => {
    expect(await startTracing({ env: {} })).toBe(false)
    expect(tracingEnabled()).toBe(false)
    expect(fastifyTracingPlugin()).toBeUndefined()
  })

  it('sends no traceparent and writes no trace fields', async () => {
    const { app, lines } = await buildCallingApp(provider.base)
    const response = await app.inject({ url: '/h5-api/v3/payouts/p-1?tok=secret-token&lang=en' })
    expect(response.statusCode).toBe(200)
    await app.close()
    expect(provider.calls.at(-1)?.traceparent).toBeUndefined()
    const line = lines().find((l) => l.msg === 'request completed')
    expect(line).toBeDefined()
    expect(line).not.toHaveProperty('trace_id')
    expect(line).not.toHaveProperty('span_id')
    // annotating without tracing does nothing, and costs nothing
    expect(() => annotateActiveSpan({ 'kilat.payout.id': 'p-1' })).not.toThrow()
  })
})

describe('tracing on', () => {
  const exporter = new InMemorySpanExporter()
  let provider: Awaited<ReturnType<typeof startProvider>>
  let database: Database | undefined

  beforeAll(async () => {
    provider = await startProvider()
    expect(await startTracing({ exporter })).toBe(true)
  })
  afterAll(async () => {
    await shutdownTracing()
    await provider.close()
    await database?.close()
    // nothing is left on for the other files of this worker
    expect(tracingEnabled()).toBe(false)
    expect(trace.getActiveSpan()).toBeUndefined()
  })

  it('names the request span by its route, keeps the query out, and links the provider call and the log line', async () => {
    exporter.reset()
    const { app, lines } = await buildCallingApp(provider.base)
    const response = await app.inject({ url: '/h5-api/v3/payouts/p-42?tok=secret-token&lang=en' })
    expect(response.statusCode).toBe(200)
    await app.close()

    const spans = exporter.getFinishedSpans()
    const server = spans.find((s) => s.kind === SpanKind.SERVER)
    expect(server?.name).toBe('GET /h5-api/v3/payouts/:id')
    expect(server?.attributes['http.route']).toBe('/h5-api/v3/payouts/:id')
    expect(server?.attributes['url.path']).toBe('/h5-api/v3/payouts/p-42')
    expect(server?.attributes['http.response.status_code']).toBe(200)
    expect(server?.attributes['kilat.payout.id']).toBe('p-42')
    expect(server?.attributes['kilat.provider']).toBe('xendit')
    const traceId = server!.spanContext().traceId

    // the provider call: a child of the request, its address without the query
    const client = spans.find((s) => s.kind === SpanKind.CLIENT)
    expect(client?.spanContext().traceId).toBe(traceId)
    expect(client?.parentSpanContext?.spanId).toBe(server!.spanContext().spanId)
    expect(client?.name).toBe(`GET ${new URL(provider.base).host}`)
    expect(client?.attributes['url.full']).toBe(`${provider.base}/v2/payouts/p-42`)
    expect(client?.attributes).not.toHaveProperty('url.query')

    // what the provider received
    const headers = provider.calls.at(-1)
    const [, sentTraceId, parentId] = TRACEPARENT.exec(String(headers?.traceparent)) ?? []
    expect(sentTraceId).toBe(traceId)
    expect(parentId).toBe(client!.spanContext().spanId)

    // the request's log line
    const line = lines().find((l) => l.msg === 'request completed')
    expect(line?.trace_id).toBe(traceId)
    expect(line?.span_id).toBe(server!.spanContext().spanId)

    for (const span of spans) {
      expect(strings(span)).not.toMatch(/secret-token|tok=|628123456789|phone=|c2VjcmV0/)
    }
  })

  it('keeps error messages out of spans: they may quote a value', async () => {
    exporter.reset()
    const { app } = await buildCallingApp(provider.base)
    const response = await app.inject({ url: '/h5-api/v3/broken?tok=secret-token' })
    expect(response.statusCode).toBe(500)
    await app.close()
    const server = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)
    expect(server?.name).toBe('GET /h5-api/v3/broken')
    expect(server?.status.code).toBe(SpanStatusCode.ERROR)
    expect(server?.status.message).toBeUndefined()
    for (const span of exporter.getFinishedSpans()) expect(strings(span)).not.toMatch(/628123456789|Failed query|secret-token/)
  })

  it('marks no refused call (a 4xx) as an error', async () => {
    exporter.reset()
    const { app } = await buildCallingApp(provider.base)
    expect((await app.inject({ url: '/h5-api/v3/refused' })).statusCode).toBe(401)
    await app.close()
    const server = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)
    expect(server?.status.code).toBe(SpanStatusCode.UNSET)
    expect(strings(server!)).not.toMatch(/628123456789/)
  })

  it('keeps only the type of a failed provider call\'s exception', async () => {
    exporter.reset()
    const { app } = await buildCallingApp(provider.base)
    expect((await app.inject({ url: '/h5-api/v3/unreachable' })).statusCode).toBe(200)
    await app.close()
    const client = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.CLIENT)
    expect(client?.attributes['url.full']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v2\/payouts$/)
    expect(client?.status).toEqual({ code: SpanStatusCode.ERROR })
    const exception = client?.events.find((e) => e.name === 'exception')
    expect(exception?.attributes).toEqual({ 'exception.type': expect.any(String) })
    expect(strings(client!)).not.toMatch(/1234567890|accountNo/)
  })

  it('gives the server a span per request, by route template, once app.ts registers the plugin', async (ctx) => {
    database = await openTestDatabase()
    exporter.reset()
    const app = await buildTestApp(database)
    await app.ready()
    if (!app.hasPlugin('@fastify/otel')) {
      await app.close()
      ctx.skip('app.ts does not register fastifyTracingPlugin() yet')
    }
    const response = await app.inject({ url: '/h5-api/v3/user/info?tok=secret-token&lang=en' })
    expect(response.statusCode).toBeLessThan(500)
    await app.close()
    const server = exporter.getFinishedSpans().find((s) => s.kind === SpanKind.SERVER)
    expect(server?.name).toBe('GET /h5-api/v3/user/info')
    expect(server?.attributes['url.path']).toBe('/h5-api/v3/user/info')
    for (const span of exporter.getFinishedSpans()) expect(strings(span)).not.toMatch(/secret-token|tok=/)
  })
})
