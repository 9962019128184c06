import type { Cents } from './money.js'
import { MARKET_INFO, type Market } from './markets.js'

/**
 * The one formatting module (docs/product/markets-and-formats.md): every amount, percentage and
 * date a borrower reads goes through these functions, on the server and in the browser.
 *
 * Each market reads numbers its own way, whatever the language chosen: Indonesia `Rp 1.000.000,00`,
 * India `₹1,00,000.00` (lakh grouping), Mexico `$10,000.00`. Grouping and the decimal sign come
 * from `Intl.NumberFormat`; the formatters are built once per market and reused, because building
 * one costs far more than using it. Only whole numbers are handed to Intl: the two decimals are the
 * cents themselves, so no float ever touches an amount.
 */

const NUMBER_LOCALE: Record<Market, string> = { ID: 'id-ID', IN: 'en-IN', MX: 'es-MX' }

/** Indonesian amounts put a space between `Rp` and the number; the rupee and peso signs touch it. */
const SIGN_SPACE: Record<Market, string> = { ID: ' ', IN: '', MX: '' }

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

/** Hundredths (cents, or basis points of a percentage) as a number with two decimals, grouped by market. */
function hundredths(value: number, market: Market): string {
  const abs = Math.abs(value)
  const fraction = String(abs % 100).padStart(2, '0')
  const text = twoDecimals(market)
    .formatToParts(Math.floor(abs / 100))
    .map((part) => (part.type === 'fraction' ? fraction : part.value))
    .join('')
  return value < 0 ? `-${text}` : text
}

function withSign(number: string, market: Market): string {
  const sign = `${MARKET_INFO[market].currencySign}${SIGN_SPACE[market]}`
  return number.startsWith('-') ? `-${sign}${number.slice(1)}` : `${sign}${number}`
}

/** An amount of cents in the market's currency: `Rp 1.000.000,00`, `₹1,00,000.00`, `$10,000.00`. */
export function formatMoney(amount: Cents | number, market: Market): string {
  return withSign(hundredths(integer(amount, 'cents'), market), market)
}

/** Whole currency units without decimals, for ranges such as "Rp 1.000.000 - Rp 15.000.000". */
export function formatMoneyWhole(amount: Cents | number, market: Market): string {
  const whole = Math.trunc(integer(amount, 'cents') / 100)
  const number = wholeNumbers(market).format(Math.abs(whole))
  return withSign(whole < 0 ? `-${number}` : number, market)
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

/**
 * `yyyy-mm-dd hh:mm:ss` in the market's time zone (a borrower in Jakarta sees Jakarta time,
 * whatever the server's zone).
 */
export function formatDateTime(value: Date | string | number, market: Market = 'ID'): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const parts = dateTimes(market).formatToParts(date)
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return `${get('year')}-${pad(get('month'))}-${pad(get('day'))} ${pad(get('hour'))}:${pad(get('minute'))}:${pad(get('second'))}`
}

/** `yyyy-mm-dd` in the market's time zone. */
export function formatDate(value: Date | string | number, market: Market = 'ID'): string {
  return formatDateTime(value, market).slice(0, 10)
}
