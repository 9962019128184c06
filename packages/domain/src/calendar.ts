import { formatDate } from './format.js'
import type { Market } from './markets.js'

/**
 * Calendar days of a market: late charges accrue once per day as the borrower's calendar counts
 * them (Jakarta, Kolkata, Mexico City), whatever the server's zone.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function dayNumber(isoDate: string): number {
  const m = ISO_DATE.exec(isoDate)
  if (!m) throw new Error(`not a yyyy-mm-dd date: ${isoDate}`)
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / 86_400_000
}

/** The market-local calendar date (yyyy-mm-dd) of an instant. */
export function localDate(value: Date, market: Market): string {
  return formatDate(value, market)
}

/** Whole calendar days from one yyyy-mm-dd date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from)
}

/** A yyyy-mm-dd date `days` calendar days later. */
export function addDays(isoDate: string, days: number): string {
  return new Date((dayNumber(isoDate) + days) * 86_400_000).toISOString().slice(0, 10)
}

/**
 * Whole local days an installment due at `dueAt` is overdue at `now` (docs/product/money-rules.md#overdue):
 * it turns overdue at the start of the day after its due date in the market's time zone, so on the
 * due date itself it is 0, and 1 from the next local midnight.
 */
export function daysOverdue(dueAt: Date, now: Date, market: Market): number {
  return Math.max(0, daysBetween(localDate(dueAt, market), localDate(now, market)))
}

export function isOverdue(dueAt: Date, now: Date, market: Market): boolean {
  return daysOverdue(dueAt, now, market) > 0
}
