import { addDays, localDate } from './calendar.js'
import type { Market } from './markets.js'

/**
 * Working days of a market (docs/product/complaints.md#reply-due-date): a complaint is answered
 * within 3 weekdays, with the market's weekend (Saturday and Sunday in all three) and its public
 * holidays counted out.
 *
 * Holidays fixed by date or by weekday are computed for any year. Those that follow a lunar or
 * religious calendar (Indonesia's Islamic, Chinese, Hindu, Buddhist and Christian moveable days;
 * India's festivals) are listed per year from the government's published calendar and must be
 * extended each year: a year missing here counts only its fixed holidays.
 */

/** Indonesia's moveable national holidays (the government's joint decree), by year. */
const ID_MOVEABLE: Record<number, string[]> = {
  2025: ['2025-01-27', '2025-01-29', '2025-03-29', '2025-03-31', '2025-04-01', '2025-04-18', '2025-05-12', '2025-05-29', '2025-06-06', '2025-06-27', '2025-09-05'],
  2026: ['2026-01-16', '2026-02-17', '2026-03-19', '2026-03-20', '2026-03-21', '2026-04-03', '2026-05-14', '2026-05-27', '2026-05-31', '2026-06-16', '2026-08-25'],
  2027: ['2027-01-05', '2027-02-06', '2027-03-08', '2027-03-10', '2027-03-11', '2027-03-26', '2027-05-06', '2027-05-17', '2027-05-20', '2027-06-06', '2027-08-15'],
}

/** India's moveable holidays observed by banks nationwide (Holi, Good Friday, Eid, Diwali), by year. */
const IN_MOVEABLE: Record<number, string[]> = {
  2025: ['2025-03-14', '2025-03-31', '2025-04-18', '2025-10-21'],
  2026: ['2026-03-04', '2026-03-20', '2026-04-03', '2026-11-08'],
  2027: ['2027-03-22', '2027-03-10', '2027-03-26', '2027-10-29'],
}

/** The date (yyyy-mm-dd) of the nth weekday (0 Sunday … 6 Saturday) of a month. */
function nthWeekday(year: number, month: number, weekday: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay()
  const day = 1 + ((weekday - first + 7) % 7) + (n - 1) * 7
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

const fixed = (year: number, ...monthDays: string[]) => monthDays.map((md) => `${year}-${md}`)

/** The public holidays of a market in a year, as yyyy-mm-dd dates. */
export function publicHolidays(market: Market, year: number): ReadonlySet<string> {
  switch (market) {
    case 'ID':
      // New Year, Labour Day, Pancasila Day, Independence Day, Christmas
      return new Set([...fixed(year, '01-01', '05-01', '06-01', '08-17', '12-25'), ...(ID_MOVEABLE[year] ?? [])])
    case 'IN':
      // Republic Day, Independence Day, Gandhi Jayanti, Christmas
      return new Set([...fixed(year, '01-26', '08-15', '10-02', '12-25'), ...(IN_MOVEABLE[year] ?? [])])
    case 'MX': {
      // Ley Federal del Trabajo, art. 74: the statutory rest days
      const days = [
        ...fixed(year, '01-01', '05-01', '09-16', '12-25'),
        nthWeekday(year, 2, 1, 1), // Constitution Day: first Monday of February
        nthWeekday(year, 3, 1, 3), // Benito Juárez: third Monday of March
        nthWeekday(year, 11, 1, 3), // Revolution Day: third Monday of November
      ]
      // the transfer of federal executive power, every six years from 2024
      if (year >= 2024 && (year - 2024) % 6 === 0) days.push(`${year}-10-01`)
      return new Set(days)
    }
  }
}

const holidayCache = new Map<string, ReadonlySet<string>>()

function holidaysOf(market: Market, year: number): ReadonlySet<string> {
  const key = `${market}${year}`
  let set = holidayCache.get(key)
  if (!set) {
    set = publicHolidays(market, year)
    holidayCache.set(key, set)
  }
  return set
}

/** True for a yyyy-mm-dd date that is neither a weekend day nor a public holiday of the market. */
export function isBusinessDay(isoDate: string, market: Market): boolean {
  const weekday = new Date(`${isoDate}T00:00:00Z`).getUTCDay()
  if (weekday === 0 || weekday === 6) return false
  return !holidaysOf(market, Number(isoDate.slice(0, 4))).has(isoDate)
}

/** The `n`th business day after a yyyy-mm-dd date (the date itself never counts). */
export function addBusinessDays(isoDate: string, n: number, market: Market): string {
  if (!Number.isInteger(n) || n < 1) throw new Error(`business days must be a positive integer: ${n}`)
  let date = isoDate
  for (let left = n; left > 0; ) {
    date = addDays(date, 1)
    if (isBusinessDay(date, market)) left -= 1
  }
  return date
}

/**
 * The last day (yyyy-mm-dd, market-local) by which a complaint filed at `filedAt` is answered:
 * the `weekdays`th business day after the local day it was filed.
 */
export function replyDueDate(filedAt: Date, market: Market, weekdays = 3): string {
  return addBusinessDays(localDate(filedAt, market), weekdays, market)
}

/** A reply is late from the local day after its due date. */
export function isReplyOverdue(replyDue: string, now: Date, market: Market): boolean {
  return localDate(now, market) > replyDue
}

/**
 * The regulator's limit for settling a complaint (docs/product/operations.md#complaint-desk), from
 * the local day after it was filed: Indonesia's OJK 10 working days, India's RBI 30 days, Mexico's
 * CONDUSEF 30 business days. Our own promise, a reply within 3 business days, comes first.
 */
export const REGULATOR_LIMITS: Readonly<Record<Market, { days: number; count: 'business' | 'calendar' }>> = {
  ID: { days: 10, count: 'business' },
  IN: { days: 30, count: 'calendar' },
  MX: { days: 30, count: 'business' },
}

/** The last day (yyyy-mm-dd, market-local) within the regulator's limit for a complaint filed at `filedAt`. */
export function regulatorDueDate(filedAt: Date, market: Market): string {
  const { days, count } = REGULATOR_LIMITS[market]
  const filed = localDate(filedAt, market)
  return count === 'business' ? addBusinessDays(filed, days, market) : addDays(filed, days)
}
