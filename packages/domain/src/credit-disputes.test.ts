import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isBusinessDay } from './business-days.js'
import { addDays, daysBetween } from './calendar.js'
import { DISPUTE_LIMITS, disputeDueOn } from './credit-disputes.js'
import { MARKETS } from './markets.js'

describe('credit-report dispute due date', () => {
  it('India: 21 calendar days, weekends and holidays counted in', () => {
    expect(disputeDueOn('IN', '2026-03-02')).toBe('2026-03-23')
    // across Holi (4 March 2026) and a month end
    expect(disputeDueOn('IN', '2026-02-20')).toBe('2026-03-13')
    expect(disputeDueOn('IN', '2026-12-20')).toBe('2027-01-10')
  })

  it('Indonesia: 10 working days, weekends and Indonesian holidays counted out', () => {
    // Monday 2 March 2026 + 10 weekdays, no holiday between
    expect(disputeDueOn('ID', '2026-03-02')).toBe('2026-03-16')
    // Nyepi and Idul Fitri (19 to 21 March 2026) push it by two weekdays
    expect(disputeDueOn('ID', '2026-03-16')).toBe('2026-04-01')
    // filed on a Saturday: the count starts on Monday, and the holidays still count out
    expect(disputeDueOn('ID', '2026-03-07')).toBe('2026-03-24')
  })

  it('Mexico: 15 calendar days', () => {
    expect(disputeDueOn('MX', '2026-03-02')).toBe('2026-03-17')
    expect(disputeDueOn('MX', '2026-12-25')).toBe('2027-01-09')
  })

  it('is never before the filing day plus the figure, and on a working day where working days count', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: 0, max: 3 * 365 }), (market, offset) => {
        const filed = addDays('2025-01-01', offset)
        const due = disputeDueOn(market, filed)
        const { days, count } = DISPUTE_LIMITS[market]
        expect(daysBetween(filed, due)).toBeGreaterThanOrEqual(days)
        if (count === 'calendar') expect(daysBetween(filed, due)).toBe(days)
        else expect(isBusinessDay(due, market)).toBe(true)
      }),
    )
  })

  it('refuses a day that is not yyyy-mm-dd', () => {
    expect(() => disputeDueOn('IN', '02/03/2026')).toThrow()
    expect(() => disputeDueOn('ID', '2026-3-2')).toThrow()
  })
})
