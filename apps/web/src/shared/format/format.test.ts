import * as domain from '@kilat/domain'
import { describe, expect, it } from 'vitest'
import { formatCount, formatDate, formatDateTime, formatMoney, formatMoneyWhole, formatPercent } from './index'

describe('format', () => {
  it('is the domain’s one formatting module, not a copy', () => {
    expect(formatMoney).toBe(domain.formatMoney)
    expect(formatMoneyWhole).toBe(domain.formatMoneyWhole)
    expect(formatCount).toBe(domain.formatCount)
    expect(formatPercent).toBe(domain.formatPercent)
    expect(formatDateTime).toBe(domain.formatDateTime)
    expect(formatDate).toBe(domain.formatDate)
  })

  it('writes each market’s amounts its own way (docs/product/markets-and-formats.md#amounts)', () => {
    expect(formatMoney(123456789, 'ID')).toBe('Rp\u00a01.234.567,89')
    expect(formatMoney(100_000_00, 'IN')).toBe('₹1,00,000.00')
    expect(formatMoney(10_000_00, 'MX')).toBe('$10,000.00')
    expect(formatMoneyWhole(15_000_000_00, 'ID')).toBe('Rp\u00a015.000.000')
    expect(formatCount(3_000_000, 'IN')).toBe('30,00,000')
    expect(formatPercent(10, 'ID')).toBe('0,10%')
    expect(formatPercent(4563, 'IN')).toBe('45.63%')
    expect(formatDateTime('2025-01-02T03:04:05Z', 'ID')).toBe('2025-01-02 10:04:05')
  })
})
