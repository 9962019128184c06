import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  HEALTH_LIMITS,
  PROVIDER_FAILED_OUTCOMES,
  PROVIDER_MIN_CALLS,
  RECONCILED_BY_HOUR,
  countsOverWindow,
  gradeOf,
  gradeProvider,
  isFailedProviderOutcome,
  jobLateIntervals,
  keptSnapshots,
  marketLocalHour,
  providerErrorRatio,
  reconciliationGrade,
  worstOf,
  type CountSnapshot,
  type HealthFigure,
  type HealthLevel,
} from './operations-health.js'

const MINUTE = 60_000
const rank = (level: HealthLevel | undefined) => (level === undefined ? -1 : ['ok', 'warn', 'alert'].indexOf(level))

describe('the health limits', () => {
  it('grade a figure green below warn, amber from warn, red from alert', () => {
    expect(gradeOf('inboxOldestSeconds', 119)).toBe('ok')
    expect(gradeOf('inboxOldestSeconds', 120)).toBe('warn')
    expect(gradeOf('inboxOldestSeconds', 600)).toBe('alert')
    expect(gradeOf('inboxOldestSeconds', null)).toBeUndefined()
    expect(gradeOf('inboxOldestSeconds', Number.NaN)).toBeUndefined()
  })

  it('grade higher figures no better than lower ones, for every figure (property)', () => {
    const figures = Object.keys(HEALTH_LIMITS) as HealthFigure[]
    fc.assert(
      fc.property(fc.constantFrom(...figures), fc.double({ min: 0, max: 1e6, noNaN: true }), fc.double({ min: 0, max: 1e6, noNaN: true }), (figure, a, b) => {
        const [low, high] = a <= b ? [a, b] : [b, a]
        return rank(gradeOf(figure, low)) <= rank(gradeOf(figure, high))
      }),
    )
  })

  it('take the worst level whatever the order (property)', () => {
    const level = fc.constantFrom<HealthLevel | undefined>('ok', 'warn', 'alert', undefined)
    fc.assert(
      fc.property(fc.array(level), (levels) => {
        const worst = worstOf(levels)
        return worst === worstOf([...levels].reverse()) && levels.every((l) => rank(l) <= rank(worst)) && (worst === undefined || levels.includes(worst))
      }),
    )
  })
})

describe("a provider's error ratio", () => {
  it('counts every call without a definite answer as failed, as the alert does, and no refusal', () => {
    expect([...PROVIDER_FAILED_OUTCOMES].sort()).toEqual(['429', '4xx', '5xx', 'bad_answer', 'network', 'timeout'])
    for (const outcome of PROVIDER_FAILED_OUTCOMES) expect(isFailedProviderOutcome(outcome)).toBe(true)
    for (const outcome of ['accepted', 'refused']) expect(isFailedProviderOutcome(outcome)).toBe(false)
  })

  it('is not graded below the minimum of calls: two failures of three calls is no outage', () => {
    expect(gradeProvider(3, 2)).toBeUndefined()
    expect(gradeProvider(0, 0)).toBeUndefined()
    expect(providerErrorRatio(0, 0)).toBeNull()
    expect(gradeProvider(PROVIDER_MIN_CALLS, 0)).toBe('ok')
    expect(gradeProvider(100, 5)).toBe('warn')
    expect(gradeProvider(100, 20)).toBe('alert')
    expect(gradeProvider(100, 4)).toBe('ok')
  })

  it('is a share between 0 and 1, graded from the minimum of calls on (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 100_000 }), (calls, failedAny) => {
        const failed = Math.min(calls, failedAny)
        const ratio = providerErrorRatio(calls, failed)
        const level = gradeProvider(calls, failed)
        if (calls === 0) return ratio === null && level === undefined
        if (ratio === null || ratio < 0 || ratio > 1) return false
        return calls < PROVIDER_MIN_CALLS ? level === undefined : level === gradeOf('providerErrorRatio', ratio)
      }),
    )
  })
})

describe("a job's lateness", () => {
  it('counts intervals since the last success, or since the start when none yet', () => {
    expect(jobLateIntervals({ nowSeconds: 1100, lastSuccessSeconds: 1000, intervalSeconds: 10, startedAtSeconds: 0 })).toBe(10)
    expect(gradeOf('jobLateIntervals', 10)).toBe('alert')
    expect(jobLateIntervals({ nowSeconds: 1030, lastSuccessSeconds: null, intervalSeconds: 10, startedAtSeconds: 1000 })).toBe(3)
    expect(jobLateIntervals({ nowSeconds: 1030, lastSuccessSeconds: 1000, intervalSeconds: 0, startedAtSeconds: 0 })).toBeUndefined()
    expect(jobLateIntervals({ nowSeconds: 1030, intervalSeconds: undefined, startedAtSeconds: 0 })).toBeUndefined()
    // a clock a little behind the job's own never makes it early by a negative amount
    expect(jobLateIntervals({ nowSeconds: 999, lastSuccessSeconds: 1000, intervalSeconds: 10, startedAtSeconds: 0 })).toBe(0)
  })
})

describe("a market's reconciliation", () => {
  it('counts yesterday as open only from the reconciled-by hour, in the market\'s own time', () => {
    expect(RECONCILED_BY_HOUR).toBe(12)
    // 04:30 UTC: 11:30 in Jakarta, 10:00 in Kolkata, 22:30 the day before in Mexico City
    const at = new Date('2026-03-02T04:30:00Z')
    expect(marketLocalHour(at, 'ID')).toBe(11)
    expect(marketLocalHour(at, 'IN')).toBe(10)
    expect(marketLocalHour(at, 'MX')).toBe(22)
    expect(reconciliationGrade(1, 11)).toEqual({ counted: 0, pastReconciledBy: false, level: 'ok' })
    expect(reconciliationGrade(1, 12)).toEqual({ counted: 1, pastReconciledBy: true, level: 'alert' })
    expect(reconciliationGrade(2, 9)).toEqual({ counted: 1, pastReconciledBy: false, level: 'alert' })
    expect(reconciliationGrade(0, 20).level).toBe('ok')
  })
})

describe('counts over a window', () => {
  it('takes the counts since the oldest snapshot in the window, and says when it is shorter', () => {
    const snapshots: CountSnapshot[] = [
      { at: 0, counts: {} },
      { at: 5 * MINUTE, counts: { 'xendit|accepted': 10 } },
      { at: 10 * MINUTE, counts: { 'xendit|accepted': 20, 'xendit|timeout': 1 } },
    ]
    const young = countsOverWindow(snapshots, { at: 12 * MINUTE, counts: { 'xendit|accepted': 30, 'xendit|timeout': 4 } }, 15 * MINUTE)
    expect(young).toEqual({ counts: { 'xendit|accepted': 30, 'xendit|timeout': 4 }, coveredMs: 12 * MINUTE, sinceStart: true })
    const whole = countsOverWindow(snapshots, { at: 21 * MINUTE, counts: { 'xendit|accepted': 35, 'xendit|timeout': 4 } }, 15 * MINUTE)
    expect(whole).toEqual({ counts: { 'xendit|accepted': 15, 'xendit|timeout': 3 }, coveredMs: 11 * MINUTE, sinceStart: false })
    // a counter that went down was reset: it counts from 0
    expect(countsOverWindow(snapshots, { at: 11 * MINUTE, counts: { 'xendit|accepted': 3 } }, 15 * MINUTE).counts).toEqual({ 'xendit|accepted': 3 })
    expect(countsOverWindow([], { at: 1, counts: { a: 2 } }, 15 * MINUTE)).toEqual({ counts: { a: 2 }, coveredMs: 0, sinceStart: true })
  })

  it('keeps the snapshots inside the window and the newest before it', () => {
    const snapshots = [0, 1, 2, 3, 20, 30].map((m) => ({ at: m * MINUTE, counts: {} }))
    expect(keptSnapshots(snapshots, 30 * MINUTE, 15 * MINUTE).map((s) => s.at / MINUTE)).toEqual([3, 20, 30])
    expect(keptSnapshots(snapshots.slice(4), 30 * MINUTE, 15 * MINUTE).map((s) => s.at / MINUTE)).toEqual([20, 30])
  })

  it('of growing counters, is what they grew by since a kept snapshot, never negative (property)', () => {
    const key = fc.constantFrom('a|accepted', 'a|timeout', 'b|5xx', 'b|accepted')
    const step = fc.record({ gap: fc.integer({ min: 1, max: 5 * MINUTE }), adds: fc.array(fc.tuple(key, fc.integer({ min: 0, max: 50 })), { maxLength: 4 }) })
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 40 }), fc.integer({ min: MINUTE, max: 30 * MINUTE }), (steps, windowMs) => {
        let at = 0
        const totals: Record<string, number> = {}
        let kept: CountSnapshot[] = [{ at: 0, counts: {} }]
        for (const { gap, adds } of steps) {
          at += gap
          for (const [k, n] of adds) totals[k] = (totals[k] ?? 0) + n
          kept = keptSnapshots([...kept, { at, counts: { ...totals } }], at, windowMs)
        }
        const current = { at: at + 1, counts: { ...totals } }
        const { counts, coveredMs, sinceStart } = countsOverWindow(kept, current, windowMs)
        const base = kept.find((s) => s.at >= current.at - windowMs) ?? kept.at(-1)!
        if (sinceStart !== (kept[0]!.at > current.at - windowMs)) return false
        if (coveredMs !== current.at - base.at || coveredMs > Math.max(windowMs, current.at - kept.at(-1)!.at)) return false
        return Object.entries(totals).every(([k, total]) => counts[k] === total - (base.counts[k] ?? 0) && counts[k]! >= 0)
      }),
    )
  })
})
