import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { MARKET_INFO, addDays, localDate, type Market } from '@kilat/domain'

/**
 * A market's local day as the money desk reads it (docs/product/operations.md#money-desk): money
 * belongs to the day it was paid on in the market's time zone. The bounds are instants computed by
 * the database from the zone, so an index on the time serves the filter.
 */
export function inLocalDay(column: SQLWrapper, market: Market, day: string): SQL {
  const zone = MARKET_INFO[market].timeZone
  return sql`(${column} >= (${day}::date::timestamp at time zone ${zone}) and ${column} < ((${day}::date + 1)::timestamp at time zone ${zone}))`
}

/** From the start of `from` to the end of `to`, both local days of the market. */
export function inLocalDays(column: SQLWrapper, market: Market, from: string, to: string): SQL {
  const zone = MARKET_INFO[market].timeZone
  return sql`(${column} >= (${from}::date::timestamp at time zone ${zone}) and ${column} < ((${to}::date + 1)::timestamp at time zone ${zone}))`
}

/** The market's day before its today: the last one whose report is complete. */
export function previousLocalDay(now: Date, market: Market): string {
  return addDays(localDate(now, market), -1)
}

/** A day is over (its report can be asked for) once the market's today is later. */
export function dayIsOver(day: string, now: Date, market: Market): boolean {
  return day < localDate(now, market)
}
