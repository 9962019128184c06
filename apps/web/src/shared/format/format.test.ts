import * as domain from '@kilat/domain'
import { describe, expect, it } from 'vitest'
import { formatAmount, formatDate, formatDateTime, formatMoney, formatMoneyWhole, stripGrouping } from './index'

describe('format', () => {
  it('is the domain’s one formatting module, not a copy', () => {
    expect(formatMoney).toBe(domain.formatMoney)
    expect(formatMoneyWhole).toBe(domain.formatMoneyWhole)
    expect(formatAmount).toBe(domain.formatAmount)
    expect(formatDateTime).toBe(domain.formatDateTime)
    expect(formatDate).toBe(domain.formatDate)
    expect(stripGrouping).toBe(domain.stripGrouping)
  })

  it('formats as spec.md section 9 says', () => {
    expect(formatMoney(123456789, 'ID')).toBe('Rp 1.234.567,89')
    expect(stripGrouping('1.234.567')).toBe('1234567')
    expect(formatDateTime('2025-01-02T03:04:05Z', 'ID')).toBe('2025-01-02 10:04:05')
  })
})
