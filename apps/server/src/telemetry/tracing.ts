import { hostname } from 'node:os'
import { format } from 'node:util'
import { isSpanContextValid, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api'
import type { FastifyPluginCallback, FastifyRequest } from 'fastify'
import type { Instrumentation } from '@opentelemetry/instrumentation'
import type { Sampler, Span, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace'

/**
 * OpenTelemetry traces (docs/operations/tracing.md). Off unless OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: then the server is started behind instrument.ts,
 * which calls startTracing before the server's modules load. This module imports only
 * `@opentelemetry/api` (no-ops while no SDK is registered); the SDK and the instrumentations are
 * imported by startTracing alone.
 *
 * What a span may hold: route templates, paths without their query, statements without their
 * values, status codes, our own ids (kilat.*). Never a query string, a header, a message of an
 * error (it may quote a value: the log line of the same trace_id has it, redacted), a phone
 * number, a token or an account number.
 */

/** What startTracing leaves for the server's bundle: instrument.js and server.js are separate bundles, so it lives on globalThis. */
interface TracingState {
  fastifyPlugin: FastifyPluginCallback
  shutdown: () => Promise<void>
}

const STATE = Symbol.for('kilat.tracing')
type WithState = { [STATE]?: TracingState }

function state(): TracingState | undefined {
  return (globalThis as WithState)[STATE]
}

/** Whether startTracing has run in this process. */
export function tracingEnabled(): boolean {
  return state() !== undefined
}

/** The environment asks for traces: an OTLP endpoint, and the SDK not disabled. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const endpoint = Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
  return endpoint && env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true' && env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() !== 'none'
}

/** @fastify/otel's plugin, to register first on the app; undefined when tracing is off. */
export function fastifyTracingPlugin(): FastifyPluginCallback | undefined {
  return state()?.fastifyPlugin
}

/**
 * Sets our own ids on the span under way (`kilat.payout.id`, `kilat.payment.reference`,
 * `kilat.provider`): never a phone number, a token or an account number. A no-op without tracing.
 */
export function annotateActiveSpan(attributes: Record<string, string | number>): void {
  trace.getActiveSpan()?.setAttributes(attributes)
}

/** Exports what is left and stops tracing; for the server's shutdown (no-op when off). */
export async function shutdownTracing(): Promise<void> {
  await state()?.shutdown()
}

const kTraceFields = Symbol('kilat.traceFields')
type TraceFields = { trace_id: string; span_id: string }
type WithTraceFields = { [kTraceFields]?: TraceFields }

/**
 * pino's mixin while tracing is on: `trace_id` and `span_id` of the span under way, or of the
 * request a line is about (`{ req }`: the request's last line is written after its span ended).
 * pino merges the line into the returned object, so it is a new one every time.
 */
export function traceLogFields(mergeObject: object): Partial<TraceFields> {
  const context = trace.getActiveSpan()?.spanContext()
  if (context && isSpanContextValid(context)) return { trace_id: context.traceId, span_id: context.spanId }
  const req = (mergeObject as { req?: unknown }).req
  const fields = req && typeof req === 'object' ? (req as WithTraceFields)[kTraceFields] : undefined
  return fields ? { trace_id: fields.trace_id, span_id: fields.span_id } : {}
}

// What a span may not carry

/** Attributes holding an address: kept without their query string or credentials. */
const URL_ATTRIBUTES = ['url.full', 'url.path', 'http.url', 'http.target']
/** Attributes dropped: the query itself. */
const DROPPED_ATTRIBUTES = ['url.query']

function withoutQuery(value: string): string {
  const q = value.search(/[?#]/)
  const bare = q < 0 ? value : value.slice(0, q)
  // credentials in an address (`https://user:key@host/`)
  return bare.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1')
}

/**
 * Applied to every span as it ends, before any exporter sees it: addresses lose their query,
 * status and exception messages are dropped (an error's message may quote a value or a
 * statement's parameters), exceptions keep their type.
 */
export function redactSpan(span: Span): void {
  const attributes = span.attributes as Record<string, unknown>
  for (const key of DROPPED_ATTRIBUTES) delete attributes[key]
  for (const key of URL_ATTRIBUTES) {
    const value = attributes[key]
    if (typeof value === 'string') attributes[key] = withoutQuery(value)
  }
  if (span.status.message !== undefined) (span as { status: Span['status'] }).status = { code: span.status.code }
  for (const event of span.events) {
    if (event.name !== 'exception' || !event.attributes) continue
    const type = event.attributes['exception.type']
    event.attributes = type === undefined ? {} : { 'exception.type': type }
  }
}

/** A server span answered below 500 is no error, even when a handler threw (a refused call, a 404). */
function settleServerStatus(span: Span): void {
  const status = span.attributes['http.response.status_code']
  if (span.kind === SpanKind.SERVER && typeof status === 'number' && status < 500 && span.status.code === SpanStatusCode.ERROR) {
    ;(span as { status: Span['status'] }).status = { code: SpanStatusCode.UNSET }
  }
}

const redactingProcessor: SpanProcessor = {
  onStart() {},
  onEnding(span) {
    settleServerStatus(span)
    redactSpan(span)
  },
  onEnd() {},
  forceFlush: async () => {},
  shutdown: async () => {},
}

// The SDK, once, when tracing is asked for

/** A wrong OTEL_* setting: the message names it. */
export class TracingConfigError extends Error {
  override readonly name = 'TracingConfigError'
}

/** Health checks and scrapes: no trace. */
const UNTRACED_PATHS = new Set(['/healthz', '/readyz', '/metrics'])

export interface StartTracingOptions {
  env?: NodeJS.ProcessEnv
  /** Tests: spans go here, each as it ends, instead of the OTLP exporter. */
  exporter?: SpanExporter
  /**
   * Register the module hooks and the pg instrumentation (pg must not be imported yet): what
   * instrument.ts does. Tests leave it off (fetch and Fastify need no hook).
   */
  moduleHooks?: boolean
}

/**
 * Starts the SDK: a tracer provider exporting by OTLP over HTTP (protobuf) in batches, W3C
 * trace context, and the instrumentations: @fastify/otel (registered by the app,
 * fastifyTracingPlugin), undici (global fetch: every provider call, which then carries
 * `traceparent`) and pg. Answers false when the environment does not ask for traces.
 */
export async function startTracing({ env = process.env, exporter, moduleHooks = false }: StartTracingOptions = {}): Promise<boolean> {
  if (state()) return true
  if (!exporter && !tracingRequested(env)) return false
  const sampler = await samplerFrom(env)
  const batch = batchOptionsFrom(env)

  // Before any instrumentation exists, and only for the modules it patches: in this thread where
  // Node allows it (24.11.1 and later), else on Node's loader thread, told of them by message.
  let pgHooks: (() => Promise<void>) | undefined
  if (moduleHooks) {
    const { register, supportsSyncHooks } = await import('import-in-the-middle/register-hooks.mjs')
    if (supportsSyncHooks()) register({ include: ['pg', 'pg-pool'] })
    else {
      const { register: registerLoader } = await import('node:module')
      const { createAddHookMessageChannel } = await import('import-in-the-middle')
      const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel()
      registerLoader('import-in-the-middle/hook.mjs', import.meta.url, registerOptions)
      pgHooks = waitForAllMessagesAcknowledged
    }
  }

  const [api, { AsyncLocalStorageContextManager }, { W3CTraceContextPropagator }, resources, sdk, { registerInstrumentations }, { UndiciInstrumentation }, { FastifyOtelInstrumentation }] =
    await Promise.all([
      import('@opentelemetry/api'),
      import('@opentelemetry/context-async-hooks'),
      import('@opentelemetry/core'),
      import('@opentelemetry/resources'),
      import('@opentelemetry/sdk-trace'),
      import('@opentelemetry/instrumentation'),
      import('@opentelemetry/instrumentation-undici'),
      import('@fastify/otel'),
    ])

  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': 'kilat', 'host.name': hostname(), 'process.pid': process.pid }))
    // OTEL_RESOURCE_ATTRIBUTES, then OTEL_SERVICE_NAME, win
    .merge(resources.detectResources({ detectors: [resources.envDetector] }))
  const spanProcessor = exporter
    ? new sdk.SimpleSpanProcessor({ exporter })
    : new sdk.BatchSpanProcessor({ exporter: new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter(), ...batch })
  const provider = new sdk.TracerProvider({ resource, sampler, spanProcessors: [redactingProcessor, spanProcessor] })

  // the SDK's own failures (an unreachable collector) on standard error, never among the JSON log
  // lines of standard output; how much from OTEL_LOG_LEVEL (error by default)
  const logLevel = api.DiagLogLevel[(env.OTEL_LOG_LEVEL || 'error').trim().toUpperCase() as keyof typeof api.DiagLogLevel] ?? api.DiagLogLevel.ERROR
  const toStderr = (...args: unknown[]) => void process.stderr.write(`opentelemetry: ${format(...args)}\n`)
  api.diag.setLogger({ error: toStderr, warn: toStderr, info: toStderr, debug: toStderr, verbose: toStderr }, { logLevel, suppressOverrideMessage: true })
  const contextManager = new AsyncLocalStorageContextManager().enable()
  api.context.setGlobalContextManager(contextManager)
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator())
  api.trace.setGlobalTracerProvider(provider)

  const fastify = new FastifyOtelInstrumentation({
    // one span per request (hooks and handlers have none): the calls it makes are its children
    instrumentHooks: false,
    instrumentHandler: false,
    recordExceptions: false,
    ignorePaths: ({ url }) => UNTRACED_PATHS.has(withoutQuery(url)),
    requestHook: (span, request) => nameRequestSpan(span, request),
  })
  const undici = new UndiciInstrumentation({
    // the span names the host, never the address
    requestHook: (span, request) => span.updateName(`${request.method} ${hostOf(request.origin)}`),
  })
  const instrumentations: Instrumentation[] = [fastify, undici]
  if (moduleHooks) {
    const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg')
    // statements without their values; none outside a request or a call (the periodic refreshes);
    // no span for taking a pooled connection (it doubled the spans: the pool's waits are a metric)
    instrumentations.push(new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true, ignoreConnectSpans: true }))
  }
  const unregister = registerInstrumentations({ tracerProvider: provider, instrumentations })
  await pgHooks?.()

  let stopped: Promise<void> | undefined
  const stop = () =>
    (stopped ??= (async () => {
      delete (globalThis as WithState)[STATE]
      unregister()
      await provider.shutdown()
      api.trace.disable()
      api.propagation.disable()
      api.context.disable()
      contextManager.disable()
      api.diag.disable()
    })())
  ;(globalThis as WithState)[STATE] = { fastifyPlugin: fastify.plugin(), shutdown: stop }
  return true
}

/** `GET /h5-api/v3/loan-details/loan-details`: the route's template, never the address; its path without the query. */
function nameRequestSpan(span: import('@opentelemetry/api').Span, request: FastifyRequest): void {
  const route = request.routeOptions.url
  span.updateName(route ? `${request.method} ${route}` : request.method)
  span.setAttribute('url.path', withoutQuery(request.url))
  const context = span.spanContext()
  ;(request as WithTraceFields)[kTraceFields] = { trace_id: context.traceId, span_id: context.spanId }
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host
  } catch {
    return ''
  }
}

/** OTEL_TRACES_SAMPLER and OTEL_TRACES_SAMPLER_ARG as OpenTelemetry's environment variables define them; parentbased_always_on by default. */
async function samplerFrom(env: NodeJS.ProcessEnv): Promise<Sampler> {
  const { AlwaysOffSampler, AlwaysOnSampler, ParentBasedSampler, TraceIdRatioBasedSampler } = await import('@opentelemetry/sdk-trace')
  const name = (env.OTEL_TRACES_SAMPLER || 'parentbased_always_on').trim().toLowerCase()
  const ratio = () => {
    const raw = env.OTEL_TRACES_SAMPLER_ARG
    const value = raw === undefined || raw.trim() === '' ? 1 : Number(raw)
    if (!(value >= 0 && value <= 1)) throw new TracingConfigError(`OTEL_TRACES_SAMPLER_ARG must be a ratio from 0 to 1, not "${raw}".`)
    return new TraceIdRatioBasedSampler(value)
  }
  switch (name) {
    case 'always_on':
      return new AlwaysOnSampler()
    case 'always_off':
      return new AlwaysOffSampler()
    case 'traceidratio':
      return ratio()
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() })
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() })
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio() })
    default:
      throw new TracingConfigError(
        `OTEL_TRACES_SAMPLER must be always_on, always_off, traceidratio, parentbased_always_on, parentbased_always_off or parentbased_traceidratio, not "${env.OTEL_TRACES_SAMPLER}".`,
      )
  }
}

/** The batch processor's OTEL_BSP_* settings, where set. */
function batchOptionsFrom(env: NodeJS.ProcessEnv) {
  const read = (name: string): number | undefined => {
    const raw = env[name]
    if (raw === undefined || raw.trim() === '') return undefined
    const value = Number(raw)
    if (!Number.isInteger(value) || value <= 0) throw new TracingConfigError(`${name} must be a whole number above 0, not "${raw}".`)
    return value
  }
  const options = {
    scheduledDelayMillis: read('OTEL_BSP_SCHEDULE_DELAY'),
    exportTimeoutMillis: read('OTEL_BSP_EXPORT_TIMEOUT'),
    maxQueueSize: read('OTEL_BSP_MAX_QUEUE_SIZE'),
    maxExportBatchSize: read('OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
  }
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
}
