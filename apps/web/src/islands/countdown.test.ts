import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createCountdown } from './countdown'

describe('the get-code countdown', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('counts the seconds down once a second, then ends and can start again', () => {
    const ticks: number[] = []
    const onEnd = vi.fn()
    const countdown = createCountdown((left) => ticks.push(left), onEnd)
    countdown.start(60)
    expect(countdown.running).toBe(true)
    expect(ticks).toEqual([60])
    vi.advanceTimersByTime(1000)
    expect(ticks.at(-1)).toBe(59)
    vi.advanceTimersByTime(58_000)
    expect(ticks.at(-1)).toBe(1)
    expect(onEnd).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1000)
    expect(onEnd).toHaveBeenCalledTimes(1)
    expect(countdown.running).toBe(false)
    expect(ticks).toHaveLength(60)
    countdown.start(3)
    expect(countdown.running).toBe(true)
  })

  it('stops without ending', () => {
    const onEnd = vi.fn()
    const countdown = createCountdown(() => {}, onEnd)
    countdown.start(60)
    countdown.stop()
    vi.advanceTimersByTime(120_000)
    expect(onEnd).not.toHaveBeenCalled()
    expect(countdown.running).toBe(false)
  })
})
