import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { RepeatingPass } from '../../jobs/repeat.js'

/** Where the process is in its life: `draining` from the first shutdown signal on. */
export interface Lifecycle {
  draining: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Shared by every plugin: /readyz answers 503 once `draining` is set (shutDown). */
    lifecycle: Lifecycle
  }
}

/**
 * Not encapsulated (fastify-plugin), so that /readyz and every route see the same state. While
 * draining, each answer closes its connection: a load balancer's pooled keep-alive connection
 * would otherwise stay open to a process about to stop, and its next request meet a closed socket.
 */
export const lifecyclePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('lifecycle', { draining: false })
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close')
  })
})

export interface ShutdownOptions {
  /** Background work of this process; its pass in progress finishes, no new one starts. */
  job?: RepeatingPass
  /** How long /readyz answers 503 before the server stops taking connections. */
  drainMs: number
}

/**
 * The graceful stop (docs/product/platform.md#graceful-shutdown): /readyz turns 503 at once while
 * everything else is still served, so that the load balancer's health checks take this process
 * out (two failed checks); after `drainMs` the server stops taking connections, closes the idle
 * keep-alive ones and answers the requests in flight (app.close); the job's pass in progress ends;
 * the database closes last, once nothing can use it.
 */
export async function shutDown(app: FastifyInstance, { job, drainMs }: ShutdownOptions): Promise<void> {
  app.lifecycle.draining = true
  const jobStopped = job?.stop()
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs))
  await app.close()
  await jobStopped
  await app.database.close()
}
