import type { ReportingPeriod } from './bureau.js'
import { addDays, localDate } from './calendar.js'
import { formatDateTime } from './format.js'
import type { Market } from './markets.js'

/**
 * Reporting periods and their cut-offs (docs/product/credit-reporting.md#periods). Indonesia and
 * Mexico report once a month; India twice, as the RBI asks credit institutions to report as of the
 * 15th and the last day of each month. A period is named `yyyy-mm`, or `yyyy-mm-1` (1st to 15th)
 * and `yyyy-mm-2` (16th to the month's end) in India.
 */
export type ReportingCadence = 'monthly' | 'fortnightly'

export const REPORTING_CADENCE: Readonly<Record<Market, ReportingCadence>> = { ID: 'monthly', IN: 'fortnightly', MX: 'monthly' }

const MONTHLY = /^(\d{4})-(0[1-9]|1[0-2])$/
const FORTNIGHTLY = /^(\d{4})-(0[1-9]|1[0-2])-([12])$/

interface Parts {
  year: number
  month: number
  /** 0 for a whole month, 1 or 2 for India's halves. */
  half: 0 | 1 | 2
}

const pad = (n: number) => String(n).padStart(2, '0')

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

function parse(market: Market, period: string): Parts | null {
  if (typeof period !== 'string') return null
  if (REPORTING_CADENCE[market] === 'monthly') {
    const m = MONTHLY.exec(period)
    return m ? { year: Number(m[1]), month: Number(m[2]), half: 0 } : null
  }
  const m = FORTNIGHTLY.exec(period)
  return m ? { year: Number(m[1]), month: Number(m[2]), half: m[3] === '1' ? 1 : 2 } : null
}

function parseOrThrow(market: Market, period: string): Parts {
  const parts = parse(market, period)
  if (!parts) throw new RangeError(`not a reporting period of ${market}: ${JSON.stringify(period)}`)
  return parts
}

function nameOf({ year, month, half }: Parts): ReportingPeriod {
  const base = `${String(year).padStart(4, '0')}-${pad(month)}`
  return half === 0 ? base : `${base}-${half}`
}

/** Whether `s` names a period in the market's cadence. */
export function isReportingPeriod(market: Market, s: unknown): s is ReportingPeriod {
  return typeof s === 'string' && parse(market, s) !== null
}

/** The period a market-local yyyy-mm-dd day belongs to. */
export function periodOfDay(market: Market, localDay: string): ReportingPeriod {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(localDay)
  if (!m) throw new RangeError(`not a yyyy-mm-dd date: ${JSON.stringify(localDay)}`)
  const year = Number(m[1])
  const month = Number(m[2])
  if (REPORTING_CADENCE[market] === 'monthly') return nameOf({ year, month, half: 0 })
  return nameOf({ year, month, half: Number(m[3]) <= 15 ? 1 : 2 })
}

/** The first and last local day of a period, both included. */
export function periodDays(market: Market, period: ReportingPeriod): { firstDay: string; lastDay: string } {
  const { year, month, half } = parseOrThrow(market, period)
  const ym = `${String(year).padStart(4, '0')}-${pad(month)}`
  const end = daysInMonth(year, month)
  if (half === 1) return { firstDay: `${ym}-01`, lastDay: `${ym}-15` }
  if (half === 2) return { firstDay: `${ym}-16`, lastDay: `${ym}-${pad(end)}` }
  return { firstDay: `${ym}-01`, lastDay: `${ym}-${pad(end)}` }
}

export function nextPeriod(market: Market, period: ReportingPeriod): ReportingPeriod {
  return periodOfDay(market, addDays(periodDays(market, period).lastDay, 1))
}

export function previousPeriod(market: Market, period: ReportingPeriod): ReportingPeriod {
  return periodOfDay(market, addDays(periodDays(market, period).firstDay, -1))
}

/** UTC milliseconds of a `yyyy-mm-dd hh:mm:ss` wall-clock reading taken as if it were UTC. */
function wallClockMs(text: string): number {
  return Date.parse(`${text.slice(0, 10)}T${text.slice(11, 19)}Z`)
}

/**
 * The instant a market-local day starts. The zone's offset is read through the same conversion the
 * rest of the app shows local times with (format.ts), so the cut-off and the dates on screens agree.
 */
function startOfLocalDay(market: Market, day: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`)
  let guess = midnightUtc
  // Two rounds settle it: the second only matters if the offset changed between the two guesses.
  for (let i = 0; i < 2; i++) {
    const offset = wallClockMs(formatDateTime(new Date(guess), market)) - guess
    guess = midnightUtc - offset
  }
  return new Date(guess)
}

/**
 * The cut-off of a period: the instant its last local day ends, that is the start of the next local
 * day in the market's zone. Whatever happened before it belongs to the period.
 */
export function cutoffOf(market: Market, period: ReportingPeriod): Date {
  return startOfLocalDay(market, addDays(periodDays(market, period).lastDay, 1))
}

/** The latest period whose cut-off is at or before `now`: the one a run started at `now` reports. */
export function lastClosedPeriod(market: Market, now: Date): ReportingPeriod {
  // The period of today's local date has not ended yet, so the one before it is the candidate.
  const candidate = previousPeriod(market, periodOfDay(market, localDate(now, market)))
  return cutoffOf(market, candidate).getTime() <= now.getTime() ? candidate : previousPeriod(market, candidate)
}
