import type { FastifyBaseLogger } from 'fastify'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { repeatPass } from './repeat.js'

function logger() {
  const info = vi.fn()
  const error = vi.fn()
  return { log: { info, error } as unknown as FastifyBaseLogger, info, error }
}

describe('repeatPass', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('runs every interval, each pass after the previous one, and logs only passes that did something', async () => {
    const { log, info } = logger()
    const counts = [0, 2]
    const pass = vi.fn(async () => ({ claimed: counts.shift() ?? 0 }))
    const running = repeatPass('test job', pass, 10, log)
    expect(pass).not.toHaveBeenCalled()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(pass).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(pass).toHaveBeenCalledTimes(2)
    expect(info).toHaveBeenCalledTimes(1)
    expect(info).toHaveBeenCalledWith({ job: 'test job', claimed: 2 }, 'test job')
    await running.stop()
  })

  it('runs a pass when kicked, and once more after the current one when kicked during it', async () => {
    const { log } = logger()
    let finish: () => void = () => {}
    const pass = vi.fn(() => new Promise<Record<string, number>>((resolve) => (finish = () => resolve({}))))
    const running = repeatPass('test job', pass, 60, log)
    running.kick()
    await vi.advanceTimersByTimeAsync(0)
    expect(pass).toHaveBeenCalledTimes(1)
    running.kick()
    running.kick()
    finish()
    await vi.advanceTimersByTimeAsync(0)
    expect(pass).toHaveBeenCalledTimes(2)
    finish()
    await running.stop()
  })

  it('logs a failed pass and goes on; stop waits for the pass in progress and ends the timer', async () => {
    const { log, error } = logger()
    const pass = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue({})
    const running = repeatPass('test job', pass, 1, log)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(error).toHaveBeenCalledWith(expect.objectContaining({ job: 'test job' }), 'test job failed')
    await vi.advanceTimersByTimeAsync(1_000)
    expect(pass).toHaveBeenCalledTimes(2)
    await running.stop()
    await vi.advanceTimersByTimeAsync(5_000)
    expect(pass).toHaveBeenCalledTimes(2)
    running.kick()
    await vi.advanceTimersByTimeAsync(0)
    expect(pass).toHaveBeenCalledTimes(2)
  })
})
