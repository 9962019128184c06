import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { FIXED_SINCE, formatCount, formatDate, formatDateTime, formatMoney, formatMoneyWhole, formatPercent } from './format.js'
import { MARKET_INFO, MARKETS, type Market } from './markets.js'
import { cents } from './money.js'

// Known answers of docs/product/markets-and-formats.md: each market reads amounts its own way,
// whatever the language chosen. NBSP is the no-break space that keeps `Rp` on the number's line.
const NBSP = '\u00a0'

describe('formatMoney by market', () => {
  it('Indonesia: Rp, a no-break space, dot thousands, comma decimals', () => {
    expect(formatMoney(cents(1_000_000_00), 'ID')).toBe(`Rp${NBSP}1.000.000,00`)
    expect(formatMoney(cents(1_000_00), 'ID')).toBe(`Rp${NBSP}1.000,00`)
    expect(formatMoney(cents(5), 'ID')).toBe(`Rp${NBSP}0,05`)
    expect(formatMoney(cents(0), 'ID')).toBe(`Rp${NBSP}0,00`)
    expect(formatMoney(cents(-150), 'ID')).toBe(`-Rp${NBSP}1,50`)
  })

  it('India: ₹ touching the number, lakh and crore grouping, dot decimals', () => {
    expect(formatMoney(cents(80_000_00), 'IN')).toBe('₹80,000.00')
    expect(formatMoney(cents(1_00_000_00), 'IN')).toBe('₹1,00,000.00')
    expect(formatMoney(cents(12_34_56_789_01), 'IN')).toBe('₹12,34,56,789.01')
    expect(formatMoney(cents(1_000_00), 'IN')).toBe('₹1,000.00')
    expect(formatMoney(cents(5), 'IN')).toBe('₹0.05')
    expect(formatMoney(cents(-150), 'IN')).toBe('-₹1.50')
  })

  it('Mexico: $ touching the number, comma thousands, dot decimals (never "$ 1.000" for a thousand pesos)', () => {
    expect(formatMoney(cents(10_000_00), 'MX')).toBe('$10,000.00')
    expect(formatMoney(cents(1_000_00), 'MX')).toBe('$1,000.00')
    expect(formatMoney(cents(1_234_567_89), 'MX')).toBe('$1,234,567.89')
    expect(formatMoney(cents(5), 'MX')).toBe('$0.05')
    expect(formatMoney(cents(-150), 'MX')).toBe('-$1.50')
  })

  it('refuses floats, NaN and unsafe numbers instead of rounding them', () => {
    for (const market of MARKETS) {
      expect(() => formatMoney(10.5, market)).toThrow()
      expect(() => formatMoney(Number.NaN, market)).toThrow()
      expect(() => formatMoney(Number.MAX_SAFE_INTEGER + 2, market)).toThrow()
      expect(() => formatMoneyWhole(10.5, market)).toThrow()
    }
  })

  it('the digits of the formatted amount are the cents, with the sign in front, for any safe integer (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (market, amount) => {
        const text = formatMoney(amount, market)
        expect(BigInt(text.replace(/\D/g, ''))).toBe(BigInt(Math.abs(amount)))
        expect(text.startsWith('-')).toBe(amount < 0)
        // always exactly two decimals after the market's decimal sign
        expect(text).toMatch(market === 'ID' ? /,\d{2}$/ : /\.\d{2}$/)
      }),
    )
  })

  it('never lets a line break part the sign from the digits: no breaking space in any amount (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }), (market, amount) => {
        for (const text of [formatMoney(amount, market), formatMoneyWhole(amount, market)]) {
          // \s also matches U+00A0; with it taken out, no white space of any kind is left
          expect(text.replaceAll(NBSP, '')).not.toMatch(/\s/)
          expect(text).toMatch(new RegExp(`^-?${escape(MARKET_INFO[market].currencySign)}${NBSP}?\\d`, 'u'))
        }
      }),
    )
  })
})

const escape = (text: string) => text.replace(/[$()*+.?[\\\]^{|}]/g, '\\$&')

describe('formatCount by market', () => {
  it('groups a count as the market groups numbers, without decimals or sign', () => {
    expect(formatCount(3_000_000, 'ID')).toBe('3.000.000')
    expect(formatCount(3_000_000, 'IN')).toBe('30,00,000')
    expect(formatCount(3_000_000, 'MX')).toBe('3,000,000')
    expect(formatCount(999, 'IN')).toBe('999')
    expect(formatCount(-12_345, 'MX')).toBe('-12,345')
    for (const market of MARKETS) expect(() => formatCount(1.5, market)).toThrow()
  })

  it('matches Intl for any safe integer (property)', () => {
    const locale = { ID: 'id-ID', IN: 'en-IN', MX: 'es-MX' } as const
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (market, n) => {
        expect(formatCount(n, market)).toBe(new Intl.NumberFormat(locale[market]).format(n))
      }),
    )
  })
})

describe('formatMoneyWhole by market', () => {
  it('drops the cents, for ranges such as "Rp 1.000.000 - Rp 15.000.000"', () => {
    expect(formatMoneyWhole(cents(15_000_000_00), 'ID')).toBe(`Rp${NBSP}15.000.000`)
    expect(formatMoneyWhole(cents(1_000_000_99), 'ID')).toBe(`Rp${NBSP}1.000.000`)
    expect(formatMoneyWhole(cents(80_000_00), 'IN')).toBe('₹80,000')
    expect(formatMoneyWhole(cents(1_00_000_00), 'IN')).toBe('₹1,00,000')
    expect(formatMoneyWhole(cents(10_000_00), 'MX')).toBe('$10,000')
    expect(formatMoneyWhole(cents(-1_000_50), 'MX')).toBe('-$1,000')
  })

  it('shows the whole units of any safe integer (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (market, amount) => {
        const digits = formatMoneyWhole(amount, market).replace(/\D/g, '')
        expect(BigInt(digits)).toBe(BigInt(amount) / 100n)
      }),
    )
  })
})

describe('formatPercent by market', () => {
  it('reads basis points with two decimals as the market reads numbers', () => {
    expect(formatPercent(10, 'ID')).toBe('0,10%')
    expect(formatPercent(4718, 'ID')).toBe('47,18%')
    expect(formatPercent(12_345_67, 'ID')).toBe('12.345,67%')
    expect(formatPercent(4718, 'IN')).toBe('47.18%')
    expect(formatPercent(4718, 'MX')).toBe('47.18%')
    expect(formatPercent(10, 'MX')).toBe('0.10%')
    expect(formatPercent(-5, 'IN')).toBe('-0.05%')
  })

  it('refuses a fractional basis point', () => {
    for (const market of MARKETS) expect(() => formatPercent(1.5, market)).toThrow()
  })
})

describe('formatDateTime', () => {
  const instant = new Date('2026-01-02T03:04:05Z')

  it('uses yyyy-mm-dd hh:mm:ss in the market time zone', () => {
    expect(formatDateTime(instant, 'ID')).toBe('2026-01-02 10:04:05')
    expect(formatDateTime(instant, 'IN')).toBe('2026-01-02 08:34:05')
    expect(formatDateTime(instant, 'MX')).toBe('2026-01-01 21:04:05')
    expect(formatDate(instant, 'ID')).toBe('2026-01-02')
    expect(formatDate(instant, 'MX')).toBe('2026-01-01')
  })

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime(new Date('2026-03-01T17:00:00Z'), 'ID')).toBe('2026-03-02 00:00:00')
    expect(formatDateTime(new Date('2026-03-01T18:30:00Z'), 'IN')).toBe('2026-03-02 00:00:00')
    expect(formatDateTime(new Date('2026-03-02T06:00:00Z'), 'MX')).toBe('2026-03-02 00:00:00')
  })

  it('answers empty text for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('')
    expect(formatDate(Number.NaN, 'IN')).toBe('')
  })
})

describe('formatters', () => {
  it('are built once per market, never per call', () => {
    const numberFormat = vi.spyOn(Intl, 'NumberFormat')
    const dateTimeFormat = vi.spyOn(Intl, 'DateTimeFormat')
    try {
      for (const market of MARKETS) {
        formatMoney(cents(1_234_56), market)
        formatMoneyWhole(cents(1_234_56), market)
        formatPercent(47_18, market)
        formatDateTime(new Date('2026-01-02T03:04:05Z'), market)
      }
      expect(numberFormat).not.toHaveBeenCalled()
      expect(dateTimeFormat).not.toHaveBeenCalled()
      // the spies do see a formatter being built
      new Intl.NumberFormat('id-ID')
      expect(numberFormat).toHaveBeenCalledTimes(1)
    } finally {
      numberFormat.mockRestore()
      dateTimeFormat.mockRestore()
    }
  })
})

/**
 * The fast paths (digits grouped by hand, local time from a fixed offset) against Intl itself,
 * formatting the way the module did before it had them: the two must never differ.
 */
describe('fast paths give what Intl gives', () => {
  const LOCALE: Record<Market, string> = { ID: 'id-ID', IN: 'en-IN', MX: 'es-MX' }
  const SPACE: Record<Market, string> = { ID: NBSP, IN: '', MX: '' }
  const two = (m: Market) => new Intl.NumberFormat(LOCALE[m], { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  const whole = (m: Market) => new Intl.NumberFormat(LOCALE[m], { maximumFractionDigits: 0 })
  const sign = (m: Market, text: string) =>
    text.startsWith('-') ? `-${MARKET_INFO[m].currencySign}${SPACE[m]}${text.slice(1)}` : `${MARKET_INFO[m].currencySign}${SPACE[m]}${text}`
  const intlHundredths = (value: number, m: Market) => {
    const abs = Math.abs(value)
    const fraction = String(abs % 100).padStart(2, '0')
    const text = two(m).formatToParts(Math.floor(abs / 100)).map((p) => (p.type === 'fraction' ? fraction : p.value)).join('')
    return value < 0 ? `-${text}` : text
  }
  const intlWhole = (amount: number, m: Market) => {
    const w = Math.trunc(amount / 100)
    const text = whole(m).format(Math.abs(w))
    return sign(m, w < 0 ? `-${text}` : text)
  }
  const dateTimes = new Map(
    MARKETS.map((m) => [m, new Intl.DateTimeFormat('en-GB', {
      timeZone: MARKET_INFO[m].timeZone, year: 'numeric', month: '2-digit', day: '2-digit',
      hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
    })]),
  )
  const intlDateTime = (date: Date, m: Market) => {
    const parts = dateTimes.get(m)!.formatToParts(date)
    const get = (type: string) => String(Number(parts.find((p) => p.type === type)?.value ?? 0)).padStart(2, '0')
    return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`
  }
  const amounts = fc.oneof(
    fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
    fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }),
    fc.integer({ min: 0, max: 2_000_00 }),
  )

  it('money, whole money and percentages, for any safe integer in every market (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), amounts, (market, amount) => {
        expect(formatMoney(amount, market)).toBe(sign(market, intlHundredths(amount, market)))
        expect(formatMoneyWhole(amount, market)).toBe(intlWhole(amount, market))
        expect(formatPercent(amount, market)).toBe(`${intlHundredths(amount, market)}%`)
      }),
      { numRuns: 3000 },
    )
  })

  it('money at every power of ten and the numbers around it', () => {
    for (const market of MARKETS) {
      for (let p = 1; p < Number.MAX_SAFE_INTEGER; p *= 10) {
        for (const amount of [p - 1, p, p + 1, -p]) {
          expect(formatMoney(amount, market)).toBe(sign(market, intlHundredths(amount, market)))
          expect(formatMoneyWhole(amount, market)).toBe(intlWhole(amount, market))
        }
      }
    }
  })

  it('local date and time, at any instant from 2023 to 2100 in every market (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...MARKETS), fc.integer({ min: FIXED_SINCE, max: Date.UTC(2100, 0, 1) }), (market, time) => {
        const date = new Date(time)
        expect(formatDateTime(date, market)).toBe(intlDateTime(date, market))
        expect(formatDate(date, market)).toBe(intlDateTime(date, market).slice(0, 10))
      }),
      { numRuns: 5000 },
    )
  })

  it('local date and time every 3 hours from 2023 to 2031, where daylight saving time would show', () => {
    for (const market of MARKETS) {
      for (let time = FIXED_SINCE; time < Date.UTC(2031, 0, 1); time += 3 * 3_600_000) {
        const date = new Date(time)
        if (formatDateTime(date, market) !== intlDateTime(date, market)) {
          expect(formatDateTime(date, market), `${market} ${date.toISOString()}`).toBe(intlDateTime(date, market))
        }
      }
    }
  })

  it('are taken: once a market is checked, amounts, percentages and dates of 2023 on need no formatToParts', () => {
    const numberParts = vi.spyOn(Intl.NumberFormat.prototype, 'formatToParts')
    const dateParts = vi.spyOn(Intl.DateTimeFormat.prototype, 'formatToParts')
    try {
      for (const market of MARKETS) {
        formatMoney(cents(1_234_56), market)
        formatDateTime(new Date('2026-01-02T03:04:05Z'), market)
      }
      numberParts.mockClear()
      dateParts.mockClear()
      for (const market of MARKETS) {
        expect(formatMoney(cents(1_234_567_89), market)).toMatch(/1.234.567.89$|12,34,567.89$/)
        formatMoneyWhole(cents(1_234_56), market)
        formatPercent(47_18, market)
        formatDate(new Date('2031-06-02T03:04:05Z'), market)
      }
      expect(numberParts).not.toHaveBeenCalled()
      expect(dateParts).not.toHaveBeenCalled()
    } finally {
      numberParts.mockRestore()
      dateParts.mockRestore()
    }
  })

  it('instants before 2023 still go through Intl (Mexico City kept daylight saving time until 2022-10-30)', () => {
    expect(formatDateTime(new Date('2022-07-01T12:00:00Z'), 'MX')).toBe('2022-07-01 07:00:00')
    expect(formatDateTime(new Date('2022-12-01T12:00:00Z'), 'MX')).toBe('2022-12-01 06:00:00')
    expect(formatDateTime(new Date('1990-06-01T00:00:00Z'), 'ID')).toBe(intlDateTime(new Date('1990-06-01T00:00:00Z'), 'ID'))
  })
})
