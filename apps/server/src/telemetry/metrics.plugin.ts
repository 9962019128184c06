import { timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { CallDef } from '@kilat/contract'
import { CALLBACK_ROOTS } from '../adapters/providers/providers.js'
import type { Config } from '../config.js'
import type { Database } from '../db/client.js'
import type { RepeatingPass } from '../jobs/repeat.js'
import { startDatabaseFigures } from './database-figures.js'
import { dbInfo, httpRequestDuration, metricsRegistry, watchPool } from './metrics.js'

/** Where a scrape reads the metrics, on the metrics port and (with METRICS_TOKEN) on the public one. */
export const METRICS_PATH = '/metrics'

const SYSTEM_PATHS = new Set(['/healthz', '/readyz', METRICS_PATH])
const CALLBACK_PREFIXES = Object.values(CALLBACK_ROOTS)

export type Surface = 'borrower' | 'public' | 'staff' | 'callback' | 'page' | 'system'

/**
 * Which side of the product a route serves (docs/operations/metrics.md#http): from the call's
 * contract where it has one, from its address otherwise. The alerts watch the borrower calls' p99.
 */
export function surfaceOf(route: string | undefined, call: Pick<CallDef, 'auth'> | undefined): Surface {
  if (call) return call.auth === 'staff' ? 'staff' : call.auth === 'none' ? 'public' : 'borrower'
  if (route === undefined) return 'page'
  if (SYSTEM_PATHS.has(route)) return 'system'
  if (CALLBACK_PREFIXES.some((prefix) => route.startsWith(prefix))) return 'callback'
  return 'page'
}

/** Each route's labels, worked out once: the answer adds only its status. */
const labelsByRoute = new WeakMap<object, { route: string; surface: Surface }>()

function labelsOf(request: FastifyRequest): { route: string; surface: Surface } {
  const options = request.routeOptions
  const config = options.config as { call?: CallDef } | undefined
  const key = config ?? options
  let labels = labelsByRoute.get(key)
  if (!labels) {
    // an address no route has is one label, whatever was asked: a scan must not grow the series
    const route = options.url ?? 'unmatched'
    labels = { route, surface: options.url === undefined ? 'page' : surfaceOf(route, config?.call) }
    labelsByRoute.set(key, labels)
  }
  return labels
}

/** The metrics text, or a 401 for a scrape without the token when one is set. */
function authorised(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true
  const given = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '')
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** The engine, and the pool's figures at each scrape (PostgreSQL; PGlite has one connection and no pool). */
function watchDatabase(database: Database): void {
  dbInfo.reset()
  dbInfo.set({ engine: database.kind === 'postgres' ? 'postgresql' : 'pglite' }, 1)
  const handle = database.handle
  if (handle.kind !== 'postgres') return watchPool(undefined)
  const pool = handle.client
  watchPool(() => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }))
}

/**
 * Times every answer by its route template, and serves `/metrics` on the public port only to a
 * scrape with METRICS_TOKEN (docs/operations/metrics.md). Without the token the address is not
 * there at all (404, as any other unknown address).
 */
export const metricsPlugin = fp(async (app: FastifyInstance, { config, database }: { config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_PORT'>; database: Database }) => {
  watchDatabase(database)
  // the database's figures, read in the background on a listening server whose metrics are scraped
  // (the health screen reads them itself; tests refresh them themselves)
  if (config.METRICS_TOKEN !== undefined || config.METRICS_PORT !== undefined) {
    let refresh: RepeatingPass | undefined
    app.addHook('onListen', async () => {
      refresh = startDatabaseFigures(database.db, app.log)
    })
    app.addHook('preClose', async () => {
      await refresh?.stop()
    })
  }
  app.addHook('onResponse', async (request, reply) => {
    const { route, surface } = labelsOf(request)
    httpRequestDuration.observe({ method: request.method, route, status_code: reply.statusCode, surface }, reply.elapsedTime / 1000)
  })
  const token = config.METRICS_TOKEN
  if (token === undefined) return
  app.get(METRICS_PATH, async (request, reply) => {
    reply.header('cache-control', 'no-store')
    if (!authorised(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer')
      return reply.code(401).type('text/plain').send('unauthorised\n')
    }
    return reply.type(metricsRegistry.contentType).send(await metricsRegistry.metrics())
  })
}, { name: 'kilat-metrics' })

/**
 * The metrics port (METRICS_PORT): a plain HTTP server with `/metrics` alone, apart from the public
 * port, for a network only the monitoring reaches. It asks for METRICS_TOKEN too when one is set.
 */
export async function startMetricsServer(options: { port: number; host: string; token: string | undefined }): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0]
    if (request.method !== 'GET' || path !== METRICS_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n')
      return
    }
    if (!authorised(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('unauthorised\n')
      return
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, options.host, () => resolve())
  })
  return server
}
