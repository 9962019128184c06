import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { formatAmount, formatDate, formatDateTime, formatMoney, formatMoneyWhole, formatPercent, stripGrouping } from './format.js'
import { cents } from './money.js'

describe('formatMoney', () => {
  it('shows cents with two decimals, dot thousands and the market sign', () => {
    expect(formatMoney(cents(1_000_000_00), 'ID')).toBe('Rp 1.000.000,00')
    expect(formatMoney(cents(2_000_00), 'IN')).toBe('₹ 2.000,00')
    expect(formatMoney(cents(123_456_789), 'MX')).toBe('$ 1.234.567,89')
    expect(formatMoney(cents(5), 'ID')).toBe('Rp 0,05')
    expect(formatMoney(cents(0), 'ID')).toBe('Rp 0,00')
    expect(formatMoney(cents(-150), 'ID')).toBe('-Rp 1,50')
  })

  it('refuses floats instead of rounding them', () => {
    expect(() => formatAmount(10.5)).toThrow()
  })

  it('round-trips: digits of the formatted amount are the cents', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (a) => {
      const digits = formatAmount(a).replace(/[.,]/g, '')
      return BigInt(digits) === BigInt(a)
    }))
  })

  it('whole units for ranges', () => {
    expect(formatMoneyWhole(cents(15_000_000_00), 'ID')).toBe('Rp 15.000.000')
    expect(formatMoneyWhole(cents(80_000_00), 'IN')).toBe('₹ 80.000')
  })

  it('strips grouping dots for the payment page', () => {
    expect(stripGrouping('1.000.000')).toBe('1000000')
  })
})

describe('formatDateTime', () => {
  const instant = new Date('2026-01-02T03:04:05Z')

  it('uses yyyy-mm-dd hh:mm:ss in the market time zone', () => {
    expect(formatDateTime(instant, 'ID')).toBe('2026-01-02 10:04:05')
    expect(formatDateTime(instant, 'IN')).toBe('2026-01-02 08:34:05')
    expect(formatDateTime(instant, 'MX')).toBe('2026-01-01 21:04:05')
    expect(formatDate(instant, 'ID')).toBe('2026-01-02')
  })

  it('shows midnight as 00, not 24', () => {
    expect(formatDateTime(new Date('2026-03-01T17:00:00Z'), 'ID')).toBe('2026-03-02 00:00:00')
  })

  it('answers empty text for an invalid date', () => {
    expect(formatDateTime('not a date')).toBe('')
  })
})

describe('formatPercent', () => {
  it('formats basis points with two decimals and dot thousands, like amounts', () => {
    expect(formatPercent(10)).toBe('0,10%')
    expect(formatPercent(12_345)).toBe('123,45%')
    expect(formatPercent(123_456_78)).toBe('123.456,78%')
    expect(formatPercent(-5)).toBe('-0,05%')
    expect(() => formatPercent(1.5)).toThrow()
  })
})
