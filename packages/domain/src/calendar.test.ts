import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addDays, daysBetween, daysOverdue, isOverdue, localDate } from './calendar.js'
import type { Market } from './markets.js'

/**
 * The markets' UTC offsets. None of the three zones has kept daylight saving time since Mexico
 * dropped it in October 2022, so from 2023 on a fixed offset gives the local clock independently
 * of the Intl time-zone data the code uses.
 */
const OFFSET_MINUTES: Record<Market, number> = { ID: 7 * 60, IN: 5 * 60 + 30, MX: -6 * 60 }

/** The instant at which the market's clock reads `yyyy-mm-dd hh:mm:ss`. */
function localInstant(market: Market, wallClock: string): Date {
  return new Date(Date.parse(`${wallClock.replace(' ', 'T')}Z`) - OFFSET_MINUTES[market] * 60_000)
}

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

// docs/product/money-rules.md#overdue: overdue from the start of the local day after the due date.
describe.each([
  ['ID', 'Asia/Jakarta, UTC+7'],
  ['IN', 'Asia/Kolkata, UTC+5:30'],
  ['MX', 'America/Mexico_City, UTC-6'],
] as const)('overdue boundary in %s (%s)', (market, _zone) => {
  const at = (wallClock: string) => localInstant(market, wallClock)
  // due on 2026-03-10 local, at whatever hour the loan was paid out
  const dueTimes = ['2026-03-10 00:00:00', '2026-03-10 09:15:00', '2026-03-10 23:59:59']

  it.each(dueTimes)('due %s local: the due date itself is not overdue, to its last second', (dueClock) => {
    const dueAt = at(dueClock)
    for (const now of ['2026-03-10 00:00:00', dueClock, '2026-03-10 23:59:59']) {
      expect(daysOverdue(dueAt, at(now), market)).toBe(0)
      expect(isOverdue(dueAt, at(now), market)).toBe(false)
    }
  })

  it.each(dueTimes)('due %s local: overdue 1 day from the next local midnight', (dueClock) => {
    const dueAt = at(dueClock)
    expect(daysOverdue(dueAt, at('2026-03-11 00:00:00'), market)).toBe(1)
    expect(isOverdue(dueAt, at('2026-03-11 00:00:00'), market)).toBe(true)
    expect(daysOverdue(dueAt, at('2026-03-11 23:59:59'), market)).toBe(1)
  })

  it('counts whole local days after that', () => {
    const dueAt = at('2026-03-10 09:15:00')
    expect(daysOverdue(dueAt, at('2026-03-12 00:00:00'), market)).toBe(2)
    expect(daysOverdue(dueAt, at('2026-03-12 23:59:59'), market)).toBe(2)
    expect(daysOverdue(dueAt, at('2026-04-09 00:00:00'), market)).toBe(30)
    expect(daysOverdue(dueAt, at('2027-03-10 12:00:00'), market)).toBe(365)
  })

  it('is never negative before the due date', () => {
    const dueAt = at('2026-03-10 09:15:00')
    expect(daysOverdue(dueAt, at('2026-03-01 12:00:00'), market)).toBe(0)
    expect(isOverdue(dueAt, at('2026-03-09 23:59:59'), market)).toBe(false)
  })
})

describe('daysOverdue (property)', () => {
  it('counts the local midnights passed since the due date, whatever the server zone', () => {
    const from = Date.parse('2023-01-01T00:00:00Z')
    const to = Date.parse('2030-12-31T00:00:00Z')
    fc.assert(
      fc.property(
        fc.constantFrom<Market>('ID', 'IN', 'MX'),
        fc.integer({ min: from, max: to }),
        fc.integer({ min: -5 * 86_400_000, max: 500 * 86_400_000 }),
        (market, due, later) => {
          const localDay = (t: number) => Math.floor((t + OFFSET_MINUTES[market] * 60_000) / 86_400_000)
          const expected = Math.max(0, localDay(due + later) - localDay(due))
          expect(daysOverdue(new Date(due), new Date(due + later), market)).toBe(expected)
          expect(isOverdue(new Date(due), new Date(due + later), market)).toBe(expected > 0)
        },
      ),
    )
  })
})
