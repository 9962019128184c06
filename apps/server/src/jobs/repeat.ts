import type { FastifyBaseLogger } from 'fastify'

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
  const tick = () => {
    again = false
    running = pass()
      .then((outcome) => {
        if (Object.values(outcome).some((n) => n > 0)) log.info({ job, ...outcome }, job)
      })
      .catch((error: unknown) => {
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
      clearTimeout(timer)
      await running
    },
  }
}
