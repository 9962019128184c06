import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cutoffOf, isReportingPeriod, lastClosedPeriod, nextPeriod, periodDays, periodOfDay, previousPeriod, REPORTING_CADENCE } from './bureau-periods.js'
import { addDays } from './calendar.js'
import { MARKETS } from './markets.js'

describe('reporting periods', () => {
  it('follow each market cadence', () => {
    expect(REPORTING_CADENCE).toEqual({ ID: 'monthly', IN: 'fortnightly', MX: 'monthly' })
    expect(isReportingPeriod('ID', '2026-02')).toBe(true)
    expect(isReportingPeriod('ID', '2026-02-1')).toBe(false)
    expect(isReportingPeriod('IN', '2026-02-2')).toBe(true)
    expect(isReportingPeriod('IN', '2026-02')).toBe(false)
    expect(isReportingPeriod('MX', '2026-13')).toBe(false)
    expect(isReportingPeriod('IN', '2026-02-3')).toBe(false)
  })

  it('split India at the 15th and the month end', () => {
    expect(periodOfDay('IN', '2024-02-15')).toBe('2024-02-1')
    expect(periodOfDay('IN', '2024-02-16')).toBe('2024-02-2')
    expect(periodDays('IN', '2024-02-2')).toEqual({ firstDay: '2024-02-16', lastDay: '2024-02-29' })
    expect(periodDays('IN', '2023-02-2').lastDay).toBe('2023-02-28')
    expect(periodDays('MX', '2026-04')).toEqual({ firstDay: '2026-04-01', lastDay: '2026-04-30' })
    expect(nextPeriod('IN', '2025-12-2')).toBe('2026-01-1')
    expect(previousPeriod('ID', '2026-01')).toBe('2025-12')
    expect(() => periodDays('ID', '2026-01-1')).toThrow(RangeError)
  })

  it('cut off when the last local day ends', () => {
    // Jakarta +07: 31 January ends at 17:00 UTC that day.
    expect(cutoffOf('ID', '2026-01').toISOString()).toBe('2026-01-31T17:00:00.000Z')
    // Kolkata +05:30.
    expect(cutoffOf('IN', '2026-01-1').toISOString()).toBe('2026-01-15T18:30:00.000Z')
    // Mexico City -06, no daylight saving time since 2022, even in July.
    expect(cutoffOf('MX', '2026-07').toISOString()).toBe('2026-08-01T06:00:00.000Z')
  })

  it('report the latest period whose cut-off has passed', () => {
    const cutoff = cutoffOf('ID', '2026-01')
    expect(lastClosedPeriod('ID', cutoff)).toBe('2026-01')
    expect(lastClosedPeriod('ID', new Date(cutoff.getTime() - 1))).toBe('2025-12')
    expect(lastClosedPeriod('IN', new Date('2026-03-15T18:29:59Z'))).toBe('2026-02-2')
    expect(lastClosedPeriod('IN', new Date('2026-03-15T18:30:00Z'))).toBe('2026-03-1')
    expect(lastClosedPeriod('MX', new Date('2026-03-01T05:59:59Z'))).toBe('2026-01')
  })

  it('tile the calendar: each period starts the day after the one before ends', () => {
    const day = fc.integer({ min: 0, max: 365 * 80 }).map((n) => addDays('2000-01-01', n))
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), day, (market, d) => {
        const p = periodOfDay(market, d)
        const { firstDay, lastDay } = periodDays(market, p)
        expect(firstDay <= d && d <= lastDay).toBe(true)
        expect(periodDays(market, nextPeriod(market, p)).firstDay).toBe(addDays(lastDay, 1))
        expect(periodOfDay(market, lastDay)).toBe(p)
        expect(previousPeriod(market, nextPeriod(market, p))).toBe(p)
        expect(lastClosedPeriod(market, cutoffOf(market, p))).toBe(p)
      }),
    )
  })
})
