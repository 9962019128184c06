import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { publicHolidays } from './business-days.js'
import { addDays } from './calendar.js'
import {
  BUCKET_DAYS,
  CONTACT_WINDOWS,
  DELINQUENCY_BUCKETS,
  bucketOf,
  checkContactWindow,
  contactHours,
  isContactAllowed,
  localClock,
  promiseState,
  reminderDates,
  reminderStepOn,
} from './collections.js'
import { MARKETS } from './markets.js'
import { cents } from './money.js'

/** An instant given as Jakarta (UTC+7), Kolkata (UTC+5:30) or Mexico City (UTC-6) wall time. */
const jakarta = (local: string) => new Date(`${local}+07:00`)
const kolkata = (local: string) => new Date(`${local}+05:30`)
const mexico = (local: string) => new Date(`${local}-06:00`)

describe('contact window', () => {
  it('Indonesia: Monday to Saturday 08:00-20:00, Jakarta time', () => {
    // 2026-03-02 is a Monday
    expect(isContactAllowed(jakarta('2026-03-02T10:00:00'), 'ID')).toBe(true)
    expect(isContactAllowed(jakarta('2026-03-02T08:00:00'), 'ID')).toBe(true)
    expect(isContactAllowed(jakarta('2026-03-02T19:59:59'), 'ID')).toBe(true)
    expect(checkContactWindow(jakarta('2026-03-02T20:00:00'), 'ID')).toMatchObject({ allowed: false, reason: 'hour' })
    expect(checkContactWindow(jakarta('2026-03-02T21:00:00'), 'ID')).toMatchObject({ allowed: false, reason: 'hour', local: { time: '21:00' } })
    expect(checkContactWindow(jakarta('2026-03-02T07:59:00'), 'ID')).toMatchObject({ allowed: false, reason: 'hour' })
    // Saturday yes, Sunday no
    expect(isContactAllowed(jakarta('2026-03-07T10:00:00'), 'ID')).toBe(true)
    expect(checkContactWindow(jakarta('2026-03-08T10:00:00'), 'ID')).toMatchObject({ allowed: false, reason: 'weekday' })
  })

  it('reads the borrower’s clock, not the server’s: 21:00 Jakarta is 14:00 UTC', () => {
    expect(isContactAllowed(new Date('2026-03-02T14:00:00Z'), 'ID')).toBe(false)
    expect(isContactAllowed(new Date('2026-03-02T03:00:00Z'), 'ID')).toBe(true)
    // the same instant is 08:30 in Mexico City: open there
    expect(isContactAllowed(new Date('2026-03-02T14:30:00Z'), 'MX')).toBe(true)
  })

  it('Indonesia is closed on its public holidays, the other markets are not', () => {
    // Independence Day (a Monday in 2027) and Idul Fitri 2026 (Friday 20 March)
    expect(checkContactWindow(jakarta('2027-08-17T10:00:00'), 'ID')).toMatchObject({ allowed: false, reason: 'holiday' })
    expect(checkContactWindow(jakarta('2026-03-20T10:00:00'), 'ID')).toMatchObject({ allowed: false, reason: 'holiday' })
    // India's Republic Day and a Sunday: open 08:00-19:00
    expect(isContactAllowed(kolkata('2026-01-26T10:00:00'), 'IN')).toBe(true)
    expect(isContactAllowed(kolkata('2026-03-08T18:59:00'), 'IN')).toBe(true)
    expect(isContactAllowed(kolkata('2026-03-08T19:00:00'), 'IN')).toBe(false)
    expect(isContactAllowed(kolkata('2026-03-08T07:59:00'), 'IN')).toBe(false)
  })

  it('Mexico: every day 07:00-22:00', () => {
    expect(isContactAllowed(mexico('2026-03-08T07:00:00'), 'MX')).toBe(true)
    expect(isContactAllowed(mexico('2026-03-08T21:59:00'), 'MX')).toBe(true)
    expect(isContactAllowed(mexico('2026-03-08T22:00:00'), 'MX')).toBe(false)
    expect(isContactAllowed(mexico('2026-03-08T06:59:00'), 'MX')).toBe(false)
  })

  it('writes the hours as people do', () => {
    expect(contactHours('ID')).toBe('08:00-20:00')
    expect(contactHours('IN')).toBe('08:00-19:00')
    expect(contactHours('MX')).toBe('07:00-22:00')
  })

  it('property: allowed exactly when the local day and minute are inside the market’s window', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) }), (market, ms) => {
        const at = new Date(ms)
        const local = localClock(at, market)
        const w = CONTACT_WINDOWS[market]
        const holiday = w.closedOnHolidays && publicHolidays(market, Number(local.date.slice(0, 4))).has(local.date)
        const expected = !holiday && w.weekdays.includes(local.weekday) && local.minutes >= w.from && local.minutes < w.until
        expect(isContactAllowed(at, market)).toBe(expected)
      }),
      { numRuns: 2000 },
    )
  })

  it('property: never inside 22:00-07:00 local in any market, and an Indonesian Sunday is always closed', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) }), (market, ms) => {
        const at = new Date(ms)
        const local = localClock(at, market)
        if (local.minutes < 7 * 60 || local.minutes >= 22 * 60) expect(isContactAllowed(at, market)).toBe(false)
        if (market === 'ID' && local.weekday === 0) expect(isContactAllowed(at, market)).toBe(false)
      }),
      { numRuns: 2000 },
    )
  })
})

describe('delinquency buckets', () => {
  it('1-30, 31-60, 61-90, over 90 days', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(bucketOf)).toEqual([null, 'd1_30', 'd1_30', 'd31_60', 'd31_60', 'd61_90', 'd61_90', 'd90_plus', 'd90_plus'])
    expect(bucketOf(-3)).toBeNull()
  })

  it('property: each overdue day count falls in exactly one bucket, the one whose range holds it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (days) => {
        const holding = DELINQUENCY_BUCKETS.filter((b) => days >= BUCKET_DAYS[b].min && (BUCKET_DAYS[b].max === null || days <= BUCKET_DAYS[b].max!))
        expect(holding).toEqual([bucketOf(days)])
      }),
    )
  })
})

describe('reminders', () => {
  it('3 days before, the day before and on the due date, nothing else', () => {
    expect(reminderStepOn('2026-03-10', '2026-03-07')).toBe('before3')
    expect(reminderStepOn('2026-03-10', '2026-03-08')).toBeNull()
    expect(reminderStepOn('2026-03-10', '2026-03-09')).toBe('before1')
    expect(reminderStepOn('2026-03-10', '2026-03-10')).toBe('due')
    expect(reminderStepOn('2026-03-10', '2026-03-11')).toBeNull()
    expect(reminderStepOn('2026-03-01', '2026-02-26')).toBe('before3')
  })

  it('property: reminderDates and reminderStepOn agree, and the steps fall on different days', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 3000 }), fc.integer({ min: -10, max: 10 }), (n, shift) => {
        const due = addDays('2025-01-01', n)
        const dates = reminderDates(due)
        for (const [step, date] of Object.entries(dates)) expect(reminderStepOn(due, date)).toBe(step)
        expect(new Set(Object.values(dates)).size).toBe(3)
        const today = addDays(due, shift)
        expect(reminderStepOn(due, today) !== null).toBe(Object.values(dates).includes(today))
      }),
    )
  })
})

describe('promise to pay', () => {
  const promise = { date: '2026-03-10', amount: cents(500_000_00) }
  it('is pending through its date, broken from the day after, kept once paid or settled', () => {
    expect(promiseState(promise, cents(0), false, '2026-03-10')).toBe('pending')
    expect(promiseState(promise, cents(0), false, '2026-03-11')).toBe('broken')
    expect(promiseState(promise, cents(499_999_99), false, '2026-03-11')).toBe('broken')
    expect(promiseState(promise, cents(500_000_00), false, '2026-03-11')).toBe('kept')
    expect(promiseState(promise, cents(0), true, '2026-03-11')).toBe('kept')
  })

  it('property: never broken on or before its date', () => {
    fc.assert(
      fc.property(fc.integer({ min: -30, max: 0 }), fc.integer({ min: 0, max: 10_000_000 }), (shift, paid) => {
        expect(promiseState(promise, cents(paid), false, addDays(promise.date, shift))).not.toBe('broken')
      }),
    )
  })
})
