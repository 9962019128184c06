import type { FastifyBaseLogger } from 'fastify'
import { jobDuration, jobIntervalSeconds, jobLastRunTimestamp, jobLastSuccessTimestamp, jobLeaseHeld } from '../telemetry/metrics.js'

export interface RepeatingPass {
  /** Runs a pass now, or right after the current one if one is running. */
  kick(): void
  /** Stops the timer and waits for a pass in progress, so shutdown never cuts a transaction short. */
  stop(): Promise<void>
}

/**
 * Runs `pass` every `intervalSeconds`, each pass starting only after the previous one ended, so one
 * process never overlaps itself (the order job, the payment inbox, the sandbox's callback
 * delivery). A pass that fails is logged and the next one comes as usual; one whose counts are not
 * all zero is logged under `job`.
 */
export function repeatPass(job: string, pass: () => Promise<Record<string, number>>, intervalSeconds: number, log: FastifyBaseLogger): RepeatingPass {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false
  let stopped = false

  const schedule = (ms: number) => {
    clearTimeout(timer)
    if (!stopped) timer = setTimeout(tick, ms)
  }
  // each pass's time and outcome, for the alerts and the health screen (docs/operations/metrics.md#jobs)
  jobIntervalSeconds.set({ job }, intervalSeconds)
  jobLeaseHeld.set({ job }, 1)
  const tick = () => {
    again = false
    const started = performance.now()
    const finished = (outcome: 'ok' | 'failed') => {
      jobDuration.observe({ job, outcome }, (performance.now() - started) / 1000)
      const at = Date.now() / 1000
      jobLastRunTimestamp.set({ job }, at)
      if (outcome === 'ok') jobLastSuccessTimestamp.set({ job }, at)
    }
    running = pass()
      .then((outcome) => {
        finished('ok')
        if (Object.values(outcome).some((n) => n > 0)) log.info({ job, ...outcome }, job)
      })
      .catch((error: unknown) => {
        finished('failed')
        log.error({ err: error, job }, `${job} failed`)
      })
      .finally(() => {
        running = undefined
        schedule(again ? 0 : intervalSeconds * 1000)
      })
  }
  schedule(intervalSeconds * 1000)

  return {
    kick() {
      if (stopped) return
      if (running) again = true
      else schedule(0)
    },
    async stop() {
      stopped = true
      jobLeaseHeld.set({ job }, 0)
      clearTimeout(timer)
      await running
    },
  }
}
