import type { Cents } from './money.js'
import { formatsTrusted } from './format-trust.js'
import { MARKET_INFO, type Market } from './markets.js'

/**
 * The one formatting module (docs/product/markets-and-formats.md): every amount, percentage and
 * date a borrower reads goes through these functions, on the server and in the browser.
 *
 * Each market reads numbers its own way, whatever the language chosen: Indonesia `Rp 1.000.000,00`,
 * India `₹1,00,000.00` (lakh grouping), Mexico `$10,000.00`. The currency sign never parts from
 * its amount: Indonesia's space after `Rp` is a no-break space, so a narrow screen never ends a
 * line with `Rp` and starts the next with the number. Grouping and the decimal sign come
 * from `Intl.NumberFormat`; the formatters are built once per market and reused, because building
 * one costs far more than using it. Only whole numbers are handed to Intl: the two decimals are the
 * cents themselves, so no float ever touches an amount.
 */

/**
 * Set to true by the web app's build (apps/web/vite.config.ts `define`): the browser trusts the
 * rules from the start (format-trust.ts) and the minifier drops the checks from its code.
 * Undefined everywhere else, where the rules are checked against Intl before they are used.
 */
declare const __KILAT_TRUST_FORMATS__: boolean | undefined
const TRUSTED_BY_BUILD = typeof __KILAT_TRUST_FORMATS__ !== 'undefined' && __KILAT_TRUST_FORMATS__

const NUMBER_LOCALE: Record<Market, string> = { ID: 'id-ID', IN: 'en-IN', MX: 'es-MX' }

/**
 * Indonesian amounts put a space between `Rp` and the number, a no-break one (U+00A0) so that the
 * two stay on one line; the rupee and peso signs touch it.
 */
const SIGN_SPACE: Record<Market, string> = { ID: '\u00a0', IN: '', MX: '' }

/**
 * One value per market, made on first use: building the nine formatters up front cost about 30 ms of
 * a cheap phone's first load (scripts evaluate before the page hydrates), and a page uses one market.
 */
function perMarket<T>(make: (market: Market) => T): (market: Market) => T {
  const made: Partial<Record<Market, T>> = {}
  return (market) => (made[market] ??= make(market))
}

const twoDecimals = perMarket((m) => new Intl.NumberFormat(NUMBER_LOCALE[m], { minimumFractionDigits: 2, maximumFractionDigits: 2 }))
const wholeNumbers = perMarket((m) => new Intl.NumberFormat(NUMBER_LOCALE[m], { maximumFractionDigits: 0 }))

function integer(value: number, what: string): number {
  if (!Number.isSafeInteger(value)) throw new Error(`not an integer number of ${what}: ${value}`)
  return value
}

/**
 * How a market groups the digits of a whole number, read from Intl once: the group and decimal
 * signs, the size of the last group (3) and of the ones before it (3, or 2 for India's lakh and
 * crore), and whether a four-digit number is grouped at all. Grouping by it costs a fraction of a
 * microsecond, `formatToParts` 5-11 (docs/decisions/0008-api-performance.md); `trustedGrouping` checks it
 * against Intl before it is trusted and the tests compare the two over many numbers.
 */
export interface Grouping {
  group: string
  decimal: string
  primary: number
  secondary: number
  groupsFour: boolean
}

function groupingOf(market: Market): Grouping | null {
  const parts = twoDecimals(market).formatToParts(1234567890)
  const group = parts.find((p) => p.type === 'group')?.value
  const decimal = parts.find((p) => p.type === 'decimal')?.value
  const sizes = parts.filter((p) => p.type === 'integer').map((p) => p.value.length)
  if (!group || !decimal || sizes.length < 3) return null
  return {
    group,
    decimal,
    primary: sizes.at(-1)!,
    secondary: sizes.at(-2)!,
    groupsFour: twoDecimals(market).format(1000).includes(group),
  }
}

function grouped(whole: number, g: Grouping): string {
  const digits = String(whole)
  if (digits.length <= g.primary || (!g.groupsFour && digits.length === g.primary + 1)) return digits
  let end = digits.length - g.primary
  let text = digits.slice(end)
  while (end > 0) {
    const start = Math.max(0, end - g.secondary)
    text = `${digits.slice(start, end)}${g.group}${text}`
    end = start
  }
  return text
}

/** Numbers that exercise every grouping rule: the check run before the fast grouping is used. */
const GROUPING_SAMPLES = [0, 7, 999, 1000, 9999, 10_000, 99_999, 100_000, 1_234_567, 12_345_678, 987_654_321_012, 9_007_199_254_740]

const groupings = new Map<Market, Grouping | null>()

/**
 * How each market groups numbers, as Intl gives it with full locale data (the tests compare it with
 * `groupingOf`). A process that checks nothing (`trustCheckedFormats`, format-trust.ts) uses it as is.
 */
export const MARKET_GROUPING: Readonly<Record<Market, Grouping>> = {
  ID: { group: '.', decimal: ',', primary: 3, secondary: 3, groupsFour: true },
  IN: { group: ',', decimal: '.', primary: 3, secondary: 2, groupsFour: true },
  MX: { group: ',', decimal: '.', primary: 3, secondary: 3, groupsFour: true },
}

/** The market's grouping when it gives exactly what Intl gives on the samples, else null (Intl then). */
function trustedGrouping(market: Market): Grouping | null {
  if (TRUSTED_BY_BUILD || formatsTrusted()) return MARKET_GROUPING[market]
  let g = groupings.get(market)
  if (g === undefined) {
    g = groupingOf(market)
    const agrees = (x: Grouping) =>
      GROUPING_SAMPLES.every((n) => wholeNumbers(market).format(n) === grouped(n, x) && twoDecimals(market).format(n + 0.25) === `${grouped(n, x)}${x.decimal}25`)
    if (g && !agrees(g)) g = null
    groupings.set(market, g)
  }
  return g
}

/** A non-negative whole number grouped as the market groups it. */
function wholeText(whole: number, market: Market): string {
  const g = trustedGrouping(market)
  return g ? grouped(whole, g) : wholeNumbers(market).format(whole)
}

/** Hundredths (cents, or basis points of a percentage) as a number with two decimals, grouped by market. */
function hundredths(value: number, market: Market): string {
  const abs = Math.abs(value)
  const fraction = String(abs % 100).padStart(2, '0')
  const whole = Math.floor(abs / 100)
  const g = trustedGrouping(market)
  const text = g
    ? `${grouped(whole, g)}${g.decimal}${fraction}`
    : twoDecimals(market)
        .formatToParts(whole)
        .map((part) => (part.type === 'fraction' ? fraction : part.value))
        .join('')
  return value < 0 ? `-${text}` : text
}

function withSign(number: string, market: Market): string {
  const sign = `${MARKET_INFO[market].currencySign}${SIGN_SPACE[market]}`
  return number.startsWith('-') ? `-${sign}${number.slice(1)}` : `${sign}${number}`
}

/** An amount of cents in the market's currency: `Rp 1.000.000,00`, `₹1,00,000.00`, `$10,000.00` (the space a no-break one). */
export function formatMoney(amount: Cents | number, market: Market): string {
  return withSign(hundredths(integer(amount, 'cents'), market), market)
}

/** Whole currency units without decimals, for ranges such as "Rp 1.000.000 - Rp 15.000.000". */
export function formatMoneyWhole(amount: Cents | number, market: Market): string {
  const whole = Math.trunc(integer(amount, 'cents') / 100)
  const number = wholeText(Math.abs(whole), market)
  return withSign(whole < 0 ? `-${number}` : number, market)
}

/**
 * A count (borrowers, loans) grouped as the market groups numbers: `3.000.000` in Indonesia,
 * `30,00,000` in India, `3,000,000` in Mexico.
 */
export function formatCount(value: number, market: Market): string {
  const number = wholeText(Math.abs(integer(value, 'units')), market)
  return value < 0 ? `-${number}` : number
}

/** Basis points as a percentage with two decimals, read as the market reads numbers: "0,10%", "47.18%". */
export function formatPercent(bps: number, market: Market): string {
  return `${hundredths(integer(bps, 'basis points'), market)}%`
}

const dateTimes = perMarket(
  (m) =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: MARKET_INFO[m].timeZone,
      year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    }),
)

const pad = (n: number) => String(n).padStart(2, '0')

function viaIntl(date: Date, market: Market): string {
  const parts = dateTimes(market).formatToParts(date)
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return `${get('year')}-${pad(get('month'))}-${pad(get('day'))} ${pad(get('hour'))}:${pad(get('minute'))}:${pad(get('second'))}`
}

function viaOffset(date: Date, offsetMinutes: number): string {
  const d = new Date(date.getTime() + offsetMinutes * 60_000)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
}

/**
 * The markets' zones have kept one offset from UTC since before FIXED_SINCE: Jakarta UTC+7 (since
 * 1964), Kolkata UTC+5:30 (since 1945), Mexico City UTC-6 (since Mexico ended daylight saving
 * time on 2022-10-30). From then on a local time is the UTC time moved by the offset, at a
 * fraction of `formatToParts`'s cost (docs/decisions/0008-api-performance.md); earlier instants go
 * through Intl. The tests compare both over many instants up to 2100.
 */
export const FIXED_SINCE = Date.UTC(2023, 0, 1)
const FIXED_OFFSET_MINUTES: Record<Market, number> = { ID: 7 * 60, IN: 5 * 60 + 30, MX: -6 * 60 }

const offsets = new Map<Market, number | null>()

/**
 * The market's fixed offset if the runtime's time-zone data agrees with it over the year ahead
 * (checked once per market, against Intl), else null: should a zone change its rules, Intl is
 * used for it rather than a wrong hour.
 */
function trustedOffset(market: Market): number | null {
  if (TRUSTED_BY_BUILD || formatsTrusted()) return FIXED_OFFSET_MINUTES[market]
  let offset = offsets.get(market)
  if (offset === undefined) {
    const fixed = FIXED_OFFSET_MINUTES[market]
    const start = Math.max(Date.now(), FIXED_SINCE)
    const samples = Array.from({ length: 13 }, (_, month) => new Date(start + month * 30 * 86_400_000))
    offset = samples.every((d) => viaIntl(d, market) === viaOffset(d, fixed)) ? fixed : null
    offsets.set(market, offset)
  }
  return offset
}

/**
 * `yyyy-mm-dd hh:mm:ss` in the market's time zone (a borrower in Jakarta sees Jakarta time,
 * whatever the server's zone).
 */
export function formatDateTime(value: Date | string | number, market: Market = 'ID'): string {
  const date = value instanceof Date ? value : new Date(value)
  const time = date.getTime()
  if (Number.isNaN(time)) return ''
  const offset = time >= FIXED_SINCE ? trustedOffset(market) : null
  return offset === null ? viaIntl(date, market) : viaOffset(date, offset)
}

/** `yyyy-mm-dd` in the market's time zone. */
export function formatDate(value: Date | string | number, market: Market = 'ID'): string {
  return formatDateTime(value, market).slice(0, 10)
}
