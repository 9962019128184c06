import { ORDER_STATUS, type OrderStatusName } from '@kilat/domain'
import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { StatusIcon } from './status-icon'

const iconOf = (status: number) => {
  const { container, unmount } = render(<StatusIcon status={status} />)
  const icon = container.querySelector('svg')?.getAttribute('data-status-icon') ?? null
  unmount()
  return icon
}

describe('status icons (docs/product/loans.md#status-icons)', () => {
  it('draws each status as the situation it is in', () => {
    const expected: Record<OrderStatusName, string> = {
      submitted: 'review',
      approved: 'approved',
      rejected: 'rejected',
      repayingInstallments: 'due',
      due: 'due',
      overdue: 'overdue',
      settled: 'settled',
      partnerRepaying: 'due',
      partnerOverdue: 'overdue',
      partnerSettled: 'settled',
    }
    for (const [name, icon] of Object.entries(expected)) expect([name, iconOf(ORDER_STATUS[name as OrderStatusName])]).toEqual([name, icon])
  })

  it('never shows the settled tick to a borrower who still owes money', () => {
    for (const name of ['repayingInstallments', 'due', 'overdue', 'partnerRepaying', 'partnerOverdue'] as const) {
      expect(iconOf(ORDER_STATUS[name])).not.toBe('settled')
    }
  })

  it('draws nothing for a status it does not know, rather than a wrong icon', () => {
    expect(iconOf(999)).toBeNull()
  })

  it('is decorative: the banner’s heading says the status in words', () => {
    const { container } = render(<StatusIcon status={ORDER_STATUS.overdue} />)
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  })
})
