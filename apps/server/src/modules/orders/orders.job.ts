import type { FastifyBaseLogger } from 'fastify'
import { runOrderJob, type JobDeps } from './orders.service.js'

export interface RunningJob {
  /** Stops the timer and waits for a run in progress, so shutdown never cuts a transaction short. */
  stop(): Promise<void>
}

/**
 * Runs the order job every `intervalSeconds`. A run starts only after the previous one ended, so
 * one process never overlaps itself; other processes may run it at the same time (the job claims
 * rows, see orders.service.ts).
 */
export function startOrderJob(deps: JobDeps, intervalSeconds: number, log: FastifyBaseLogger): RunningJob {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let stopped = false

  const tick = () => {
    running = runOrderJob(deps, new Date())
      .then((result) => {
        if (Object.values(result).some((n) => n > 0)) log.info({ job: 'orders', ...result }, 'order job')
      })
      .catch((error: unknown) => {
        log.error({ err: error, job: 'orders' }, 'order job failed')
      })
      .finally(() => {
        running = undefined
        if (!stopped) timer = setTimeout(tick, intervalSeconds * 1000)
      })
  }
  timer = setTimeout(tick, intervalSeconds * 1000)

  return {
    async stop() {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}
