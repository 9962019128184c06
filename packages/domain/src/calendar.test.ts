import { describe, expect, it } from 'vitest'
import { addDays, daysBetween, localDate } from './calendar.js'

describe('market calendar days', () => {
  it('takes the date in the market zone', () => {
    const instant = new Date('2026-03-10T18:30:00Z')
    expect(localDate(instant, 'ID')).toBe('2026-03-11')
    expect(localDate(instant, 'IN')).toBe('2026-03-11')
    expect(localDate(instant, 'MX')).toBe('2026-03-10')
  })

  it('counts whole days across months, years and leap days', () => {
    expect(daysBetween('2026-03-10', '2026-03-13')).toBe(3)
    expect(daysBetween('2026-03-13', '2026-03-10')).toBe(-3)
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2)
    expect(daysBetween('2025-12-31', '2026-01-01')).toBe(1)
    expect(addDays('2024-02-28', 2)).toBe('2024-03-01')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
  })

  it('refuses what is not a date', () => {
    expect(() => daysBetween('2026-3-1', '2026-03-01')).toThrow()
  })
})
