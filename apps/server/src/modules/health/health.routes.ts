import type { FastifyInstance } from 'fastify'
import { AppError } from '../../http/errors.js'

/**
 * Liveness (the process answers) and readiness (the database answers and the process is not
 * shutting down: shutdown.ts), for the load balancer.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    if (app.lifecycle.draining || !(await app.database.ping())) throw new AppError('unavailable')
    return { status: 'ok' }
  })
}
