import type { FastifyInstance } from 'fastify'
import { opsHealth } from '@kilat/contract'
import { registerCall } from '../../http/route.js'
import { healthOf, snapshotProviderCalls, SNAPSHOT_EVERY_MS, startProviderWindow, type HealthDeps } from './operations-health.service.js'

export interface OperationsHealthOptions {
  now: () => Date
}

/**
 * The lender's health screen (docs/product/operations.md#health): one read of every market's
 * figures. While the server runs it takes the providers' call counts once a minute, so that the
 * screen can tell their last 15 minutes.
 */
export async function operationsHealthRoutes(app: FastifyInstance, { now }: OperationsHealthOptions): Promise<void> {
  const deps: HealthDeps = { db: app.db, now }
  registerCall(app, opsHealth, ({ staff }) => healthOf(deps, staff))

  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    startProviderWindow()
    timer = setInterval(() => {
      snapshotProviderCalls().catch((error: unknown) => app.log.warn({ err: error }, 'provider calls snapshot failed'))
    }, SNAPSHOT_EVERY_MS)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
  })
}
