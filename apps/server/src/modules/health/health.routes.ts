import type { FastifyInstance } from 'fastify'
import { AppError } from '../../http/errors.js'

/** Liveness (the process answers) and readiness (the database answers), for the load balancer. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    return { status: 'ok' }
  })

  app.get('/readyz', async (_req, reply) => {
    reply.header('cache-control', 'no-store')
    if (!(await app.database.ping())) throw new AppError('unavailable')
    return { status: 'ok' }
  })
}
