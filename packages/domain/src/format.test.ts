import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { formatDate, formatDateTime, formatMoney, formatMoneyWhole, formatPercent } from './format.js'
import { MARKETS } from './markets.js'
import { cents } from './money.js'

// Known answers of docs/product/markets-and-formats.md: each market reads amounts its own way,
// whatever the language chosen.
describe('formatMoney by market', () => {
  it('Indonesia: Rp, a space, dot thousands, comma decimals', () => {
    expect(formatMoney(cents(1_000_000_00), 'ID')).toBe('Rp 1.000.000,00')
    expect(formatMoney(cents(1_000_00), 'ID')).toBe('Rp 1.000,00')
    expect(formatMoney(cents(5), 'ID')).toBe('Rp 0,05')
    expect(formatMoney(cents(0), 'ID')).toBe('Rp 0,00')
    expect(formatMoney(cents(-150), 'ID')).toBe('-Rp 1,50')
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
})

describe('formatMoneyWhole by market', () => {
  it('drops the cents, for ranges such as "Rp 1.000.000 - Rp 15.000.000"', () => {
    expect(formatMoneyWhole(cents(15_000_000_00), 'ID')).toBe('Rp 15.000.000')
    expect(formatMoneyWhole(cents(1_000_000_99), 'ID')).toBe('Rp 1.000.000')
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
