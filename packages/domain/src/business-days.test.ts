import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { addBusinessDays, isBusinessDay, isReplyOverdue, publicHolidays, regulatorDueDate, replyDueDate } from './business-days.js'
import { addDays } from './calendar.js'
import { MARKETS, type Market } from './markets.js'

describe('business days', () => {
  it('skips weekends', () => {
    // 2026-03-06 is a Friday
    expect(addBusinessDays('2026-03-06', 1, 'IN')).toBe('2026-03-09')
    expect(addBusinessDays('2026-03-09', 3, 'IN')).toBe('2026-03-12')
    expect(isBusinessDay('2026-03-07', 'ID')).toBe(false)
    expect(isBusinessDay('2026-03-08', 'MX')).toBe(false)
  })

  it('skips each market’s public holidays', () => {
    // Indonesia: Nyepi and Idul Fitri 2026 (Thursday 19 to Saturday 21 March)
    expect(addBusinessDays('2026-03-18', 1, 'ID')).toBe('2026-03-23')
    expect(addBusinessDays('2026-03-18', 1, 'IN')).toBe('2026-03-19')
    // Mexico: Benito Juárez, third Monday of March 2026
    expect(isBusinessDay('2026-03-16', 'MX')).toBe(false)
    expect(addBusinessDays('2026-03-13', 1, 'MX')).toBe('2026-03-17')
    // India: Republic Day
    expect(isBusinessDay('2026-01-26', 'IN')).toBe(false)
    expect(isBusinessDay('2026-01-26', 'ID')).toBe(true)
  })

  it('computes Mexico’s Monday holidays for any year', () => {
    expect([...publicHolidays('MX', 2027)].sort()).toEqual(['2027-01-01', '2027-02-01', '2027-03-15', '2027-05-01', '2027-09-16', '2027-11-15', '2027-12-25'])
    expect(publicHolidays('MX', 2030).has('2030-10-01')).toBe(true)
  })

  it('refuses a count that is not a positive integer', () => {
    expect(() => addBusinessDays('2026-03-06', 0, 'ID')).toThrow()
    expect(() => addBusinessDays('2026-03-06', 1.5, 'ID')).toThrow()
  })
})

describe('reply due date', () => {
  it('is the third business day after the local filing day', () => {
    // Monday 2026-03-02 10:00 in Jakarta
    expect(replyDueDate(new Date('2026-03-02T03:00:00Z'), 'ID')).toBe('2026-03-05')
    // Friday evening in Mexico City is already Saturday in UTC: still Friday's complaint
    expect(replyDueDate(new Date('2026-03-07T02:00:00Z'), 'MX')).toBe('2026-03-11')
    // filed on a Saturday: Monday, Tuesday, Wednesday
    expect(replyDueDate(new Date('2026-03-07T05:00:00Z'), 'IN')).toBe('2026-03-11')
  })

  it('is overdue from the local day after', () => {
    expect(isReplyOverdue('2026-03-05', new Date('2026-03-05T16:00:00Z'), 'ID')).toBe(false)
    expect(isReplyOverdue('2026-03-05', new Date('2026-03-05T17:00:00Z'), 'ID')).toBe(true)
  })

  const market = fc.constantFrom<Market>(...MARKETS)
  const date = fc.integer({ min: 0, max: 3 * 366 }).map((d) => addDays('2025-01-01', d))

  it('lands on a business day with exactly n business days after the start (property)', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 1, max: 15 }), market, (start, n, m) => {
        const due = addBusinessDays(start, n, m)
        expect(due > start).toBe(true)
        expect(isBusinessDay(due, m)).toBe(true)
        let counted = 0
        for (let d = addDays(start, 1); d <= due; d = addDays(d, 1)) if (isBusinessDay(d, m)) counted += 1
        expect(counted).toBe(n)
      }),
    )
  })

  it('never moves earlier for a later start, and n+1 is after n (property)', () => {
    fc.assert(
      fc.property(date, fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 10 }), market, (start, later, n, m) => {
        expect(addBusinessDays(addDays(start, later), n, m) >= addBusinessDays(start, n, m)).toBe(true)
        expect(addBusinessDays(start, n + 1, m) > addBusinessDays(start, n, m)).toBe(true)
        // never more than n business days plus every weekend and holiday in a 3-week window
        expect(addBusinessDays(start, 3, m) <= addDays(start, 14)).toBe(true)
      }),
    )
  })
})

describe('regulator due date', () => {
  // Monday 2 March 2026, 10:00 in Jakarta, Kolkata and Mexico City alike (times differ, the local day is the same)
  it('is 10 working days in Indonesia, holidays out', () => {
    expect(regulatorDueDate(new Date('2026-03-02T03:00:00Z'), 'ID')).toBe('2026-03-16')
    // Nyepi and Idul Fitri (19 to 21 March) fall inside: two weekdays more
    expect(regulatorDueDate(new Date('2026-03-16T03:00:00Z'), 'ID')).toBe('2026-04-01')
  })

  it('is 30 calendar days in India, weekends and holidays included', () => {
    expect(regulatorDueDate(new Date('2026-03-02T04:30:00Z'), 'IN')).toBe('2026-04-01')
    expect(regulatorDueDate(new Date('2026-12-20T04:30:00Z'), 'IN')).toBe('2027-01-19')
  })

  it('is 30 business days in Mexico, its rest days out', () => {
    // 30 weekdays from 3 March, less Benito Juárez (16 March): Tuesday 14 April
    expect(regulatorDueDate(new Date('2026-03-02T16:00:00Z'), 'MX')).toBe('2026-04-14')
  })

  it('counts from the market-local filing day', () => {
    // 23:30 on Sunday 1 March in Mexico City is already Monday in UTC
    expect(regulatorDueDate(new Date('2026-03-02T05:30:00Z'), 'MX')).toBe(regulatorDueDate(new Date('2026-03-01T18:00:00Z'), 'MX'))
    expect(regulatorDueDate(new Date('2026-03-02T05:30:00Z'), 'MX')).not.toBe(regulatorDueDate(new Date('2026-03-02T16:00:00Z'), 'MX'))
  })

  it('is never before our own promise', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2025-01-01'), max: new Date('2027-12-01'), noInvalidDate: true }), fc.constantFrom(...MARKETS), (at, market: Market) => {
        expect(regulatorDueDate(at, market) >= replyDueDate(at, market)).toBe(true)
      }),
    )
  })
})
