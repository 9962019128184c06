import pino from 'pino'
import pretty from 'pino-pretty'
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { SECRET_PARAM_KEYS } from '@kilat/contract'
import type { Config } from '../config.js'
import { traceLogFields, tracingEnabled } from '../telemetry/tracing.js'

/**
 * Query parameters whose values identify or authenticate someone: logs show `[redacted]`. Beside
 * the shared ones, the registration's sid (it carries a captcha round and its code) and the names
 * of secret body fields, which a caller may put in the address by mistake (npm run check:logs).
 */
const SECRET_KEYS = new Set<string>([
  ...SECRET_PARAM_KEYS,
  'phone',
  'code',
  'userId',
  'ref',
  'accountNo',
  'sid',
  'smsCode',
  'verifyCode',
  'capcode',
  'password',
  'cardNo',
  'token',
  'repayToken',
])

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
/** `key=value` of a secret key written plainly, as the app sends it. */
const PLAIN_SECRET_PAIR = new RegExp(`([?&])(${[...SECRET_KEYS].map(escapeRegExp).join('|')})=[^&]*`, 'g')

/**
 * Keeps the address readable while removing tokens, codes and phone numbers from it. Every request
 * is logged, so the common address (keys written plainly) takes one regular expression; a query
 * with an escaped or `+` character is split and each key decoded, so `%74ok=` is caught too.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?')
  if (q < 0) return url
  if (url.indexOf('%', q) < 0 && url.indexOf('+', q) < 0) return url.slice(0, q) + url.slice(q).replace(PLAIN_SECRET_PAIR, '$1$2=[redacted]')
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const rawKey = eq < 0 ? pair : pair.slice(0, eq)
      let key = rawKey
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, ' '))
      } catch {
        // an undecodable key cannot name a secret we know; keep it as it came
      }
      return SECRET_KEYS.has(key) && eq >= 0 ? `${rawKey}=[redacted]` : pair
    })
  return `${url.slice(0, q)}?${parts.join('&')}`
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  }
}

/**
 * Drizzle puts the query parameters (phone numbers, code hashes) into its error message and the
 * driver puts row values into `detail`: log the statement and the driver's own message only.
 */
interface SerializedError {
  [key: string]: unknown
  type: string
  message: string
  stack: string
}

function serializeError(error: unknown, depth = 0): SerializedError {
  if (typeof error !== 'object' || error === null) return { type: typeof error, message: String(error), stack: '' }
  const e = error as Error & { query?: unknown; code?: unknown; statusCode?: unknown; cause?: unknown }
  if (typeof e.query === 'string') {
    const cause = (e.cause ?? {}) as { message?: unknown; code?: unknown; stack?: unknown }
    return {
      type: e.name,
      message: `Failed query: ${e.query}`,
      code: cause.code,
      cause: typeof cause.message === 'string' ? cause.message : undefined,
      stack: typeof cause.stack === 'string' ? cause.stack : '',
    }
  }
  return {
    type: e.name,
    message: e.message,
    code: e.code,
    statusCode: e.statusCode,
    stack: e.stack ?? '',
    ...(e.cause !== undefined && depth < 3 ? { cause: serializeError(e.cause, depth + 1) } : {}),
  }
}

/**
 * How log lines are written: readable lines for a person at a terminal (`npm start`), JSON lines
 * for everything else (a pipe, a file, a log collector, the benchmarks). Production always writes
 * JSON, whatever it runs in.
 */
export function logFormat({ isTTY, nodeEnv }: { isTTY: boolean | undefined; nodeEnv: string | undefined }): 'pretty' | 'json' {
  return isTTY === true && nodeEnv !== 'production' ? 'pretty' : 'json'
}

/** A request's line reads `GET /address 200 3.1 ms (request completed, <request id>[, trace <trace id>])`. */
function requestMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '')
  const ids = (typeof log.reqId === 'string' ? `, ${log.reqId}` : '') + (typeof log.trace_id === 'string' ? `, trace ${log.trace_id}` : '')
  const req = log.req as { method?: string; url?: string } | undefined
  if (!req) return ids ? `${message} (${ids.slice(2)})` : message
  const res = log.res as { statusCode?: number } | undefined
  const ms = typeof log.responseTime === 'number' ? ` ${log.responseTime.toFixed(1)} ms` : ''
  return `${req.method} ${req.url}${res?.statusCode ? ` ${res.statusCode}` : ''}${ms} (${message}${ids})`
}

/**
 * pino-pretty in this process, as a stream: the lines it reads are already serialized and redacted
 * (a pino transport would run it in a worker thread, which the bundled server cannot load).
 */
export function prettyLogStream(destination: number | NodeJS.WritableStream = 1, colorize = true): NodeJS.WritableStream {
  return pretty({
    destination,
    colorize,
    translateTime: 'SYS:HH:MM:ss.l',
    ignore: 'pid,hostname,reqId,req,res,responseTime,trace_id,span_id',
    messageFormat: (log, messageKey) => requestMessage(log, messageKey),
    sync: false,
  })
}

/**
 * Fastify's pino options; a test passes a stream to read what would be logged. Otherwise lines go
 * to standard output, readable at a terminal (`logFormat`), JSON lines without blocking elsewhere:
 * each is handed to the writer at once, and lines that arrive while a write is under way go out
 * together in the next one (one write per line cost a busy server about a fifth of a small call,
 * docs/decisions/0008-api-performance.md). On exit, even a crash, what is left is written
 * synchronously; only a killed process can lose its last lines. With tracing on, each line carries
 * `trace_id` and `span_id` (docs/operations/tracing.md); off, the mixin is not even installed.
 */
export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  if (!stream && config.LOG_LEVEL === 'silent') return false
  const toStdout = () =>
    logFormat({ isTTY: process.stdout.isTTY, nodeEnv: config.NODE_ENV }) === 'pretty' ? prettyLogStream() : pino.destination({ dest: 1, sync: false })
  return {
    level: stream && config.LOG_LEVEL === 'silent' ? 'info' : config.LOG_LEVEL,
    stream: stream ?? toStdout(),
    serializers: { req: serializeRequest, err: (err: unknown) => serializeError(err) },
    ...(tracingEnabled() ? { mixin: traceLogFields } : {}),
    // Nothing logs headers today; this keeps a future `req.headers` from leaking a session.
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-session-id"]', 'headers.cookie', 'headers.authorization', 'headers["x-session-id"]'],
      censor: '[redacted]',
    },
  }
}

/**
 * One line per request, when it is answered: Fastify writes two (one on arrival, one on
 * completion), which cost 4-5 % of a call (docs/decisions/0008-api-performance.md). The one line
 * has the fields of both: the request (its address redacted), the status and the time taken; the
 * request id comes with the request's logger. Fastify's other log lines are unchanged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored')
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed')
  }
}
