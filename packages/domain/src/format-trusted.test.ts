import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { FIXED_SINCE, formatDateTime, formatMoney, formatMoneyWhole, formatPercent, MARKET_GROUPING } from './format.js'
import { trustCheckedFormats } from './format-trust.js'
import { MARKET_INFO, MARKETS, type Market } from './markets.js'

// The browser's way (its build defines __KILAT_TRUST_FORMATS__; here trustCheckedFormats does the same,
// docs/performance/borrower-main-thread.md#formatting-checks):
// the known grouping and offsets, never checked against Intl, must give exactly what Intl gives.
// Its own file: trusting is for the whole process.
trustCheckedFormats()

const LOCALE: Record<Market, string> = { ID: 'id-ID', IN: 'en-IN', MX: 'es-MX' }
const SPACE: Record<Market, string> = { ID: '\u00a0', IN: '', MX: '' }
const two = (m: Market) => new Intl.NumberFormat(LOCALE[m], { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const sign = (m: Market, text: string) =>
  text.startsWith('-') ? `-${MARKET_INFO[m].currencySign}${SPACE[m]}${text.slice(1)}` : `${MARKET_INFO[m].currencySign}${SPACE[m]}${text}`
const intlHundredths = (value: number, m: Market) => {
  const abs = Math.abs(value)
  const fraction = String(abs % 100).padStart(2, '0')
  const text = two(m).formatToParts(Math.floor(abs / 100)).map((p) => (p.type === 'fraction' ? fraction : p.value)).join('')
  return value < 0 ? `-${text}` : text
}
const intlDateTime = (date: Date, m: Market) => {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: MARKET_INFO[m].timeZone, year: 'numeric', month: '2-digit', day: '2-digit',
    hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
  }).formatToParts(date)
  const get = (type: string) => String(Number(parts.find((p) => p.type === type)?.value ?? 0)).padStart(2, '0')
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`
}

describe('formats trusted without checks', () => {
  it('knows each market grouping as Intl reads it', () => {
    for (const market of MARKETS) {
      const parts = two(market).formatToParts(1234567890)
      const sizes = parts.filter((p) => p.type === 'integer').map((p) => p.value.length)
      expect(MARKET_GROUPING[market]).toEqual({
        group: parts.find((p) => p.type === 'group')?.value,
        decimal: parts.find((p) => p.type === 'decimal')?.value,
        primary: sizes.at(-1),
        secondary: sizes.at(-2),
        groupsFour: two(market).format(1000).includes(parts.find((p) => p.type === 'group')!.value),
      })
    }
  })

  it('money, whole money and percentages as Intl gives them, in every market (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (market, amount) => {
        expect(formatMoney(amount, market)).toBe(sign(market, intlHundredths(amount, market)))
        expect(formatPercent(amount, market)).toBe(`${intlHundredths(amount, market)}%`)
        const whole = Math.trunc(amount / 100)
        expect(formatMoneyWhole(amount, market)).toBe(sign(market, `${whole < 0 ? '-' : ''}${intlHundredths(Math.abs(whole) * 100, market).slice(0, -3)}`))
      }),
      { numRuns: 1000 },
    )
  })

  it('local date and time as Intl gives them, from 2023 to 2100, in every market (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: FIXED_SINCE, max: Date.UTC(2100, 0, 1) }), (market, time) => {
        expect(formatDateTime(new Date(time), market)).toBe(intlDateTime(new Date(time), market))
      }),
      { numRuns: 500 },
    )
  })
})
