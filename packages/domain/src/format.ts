import type { Cents } from './money.js'
import { MARKET_INFO, type Market } from './markets.js'

/** Groups a whole number's digits by thousands with a dot: 1234567 → "1.234.567". */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, '.')
}

/** Two decimals after a comma, the dot being taken by thousands: 123456 hundredths → "1.234,56". */
function hundredths(value: number): string {
  const abs = Math.abs(value)
  return `${value < 0 ? '-' : ''}${groupThousands(Math.floor(abs / 100))},${String(abs % 100).padStart(2, '0')}`
}

/**
 * The one formatting module (spec.md section 9): cents divided by 100 with two decimals, thousands
 * grouped with a dot (so the decimals take a comma), and the market's sign in front.
 * Integer arithmetic only: no float ever touches the amount.
 */
export function formatAmount(amount: Cents | number): string {
  if (!Number.isSafeInteger(amount)) throw new Error(`not an integer amount of cents: ${amount}`)
  return hundredths(amount)
}

export function formatMoney(amount: Cents | number, market: Market): string {
  const formatted = formatAmount(amount)
  const sign = MARKET_INFO[market].currencySign
  return formatted.startsWith('-') ? `-${sign} ${formatted.slice(1)}` : `${sign} ${formatted}`
}

/** Whole units without decimals, for ranges such as "Rp 1.000.000 - Rp 15.000.000". */
export function formatMoneyWhole(amount: Cents | number, market: Market): string {
  if (!Number.isSafeInteger(amount)) throw new Error(`not an integer amount of cents: ${amount}`)
  const whole = Math.trunc(amount / 100)
  return `${whole < 0 ? '-' : ''}${MARKET_INFO[market].currencySign} ${groupThousands(Math.abs(whole))}`
}

/** spec.md section 9: amounts passed to the payment page carry no dots. */
export function stripGrouping(formatted: string): string {
  return formatted.replace(/\./g, '')
}

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * `yyyy-mm-dd hh:mm:ss` in the market's time zone (a borrower in Jakarta sees Jakarta time,
 * whatever the server's zone).
 */
export function formatDateTime(value: Date | string | number, market: Market = 'ID'): string {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: MARKET_INFO[market].timeZone,
    year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(date)
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0)
  return `${get('year')}-${pad(get('month'))}-${pad(get('day'))} ${pad(get('hour'))}:${pad(get('minute'))}:${pad(get('second'))}`
}

/** `yyyy-mm-dd` in the market's time zone. */
export function formatDate(value: Date | string | number, market: Market = 'ID'): string {
  return formatDateTime(value, market).slice(0, 10)
}

/** Basis points as a percentage with two decimals, like the amounts: 1234 → "12,34%". */
export function formatPercent(bps: number): string {
  if (!Number.isSafeInteger(bps)) throw new Error(`not an integer number of basis points: ${bps}`)
  return `${hundredths(bps)}%`
}
