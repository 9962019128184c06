import { describe, expect, it } from 'vitest'
import { payoutStage } from './order-status'

describe("an order's payout stage", () => {
  it('is "to pay out" until the payout completed, whatever state it is in on its way', () => {
    expect(payoutStage({ status: 21, disbursedAt: null })).toBe('toPayOut')
    expect(payoutStage({ status: 151, disbursedAt: null }, null)).toBe('toPayOut')
    for (const status of ['pending', 'confirmed', 'sending', 'accepted', 'failed', 'cancelled'] as const) {
      expect(payoutStage({ status: 151, disbursedAt: null }, { status })).toBe('toPayOut')
    }
  })

  it('is "paid out" once the payout completed, or for a loan being repaid or settled', () => {
    expect(payoutStage({ status: 151, disbursedAt: null }, { status: 'completed' })).toBe('paidOut')
    expect(payoutStage({ status: 174, disbursedAt: '2026-12-03T03:00:00.000Z' })).toBe('paidOut')
    // seeded loans kept no payout date
    expect(payoutStage({ status: 180, disbursedAt: null })).toBe('paidOut')
    expect(payoutStage({ status: 200, disbursedAt: null })).toBe('paidOut')
  })

  it('is nothing for a rejected order', () => {
    expect(payoutStage({ status: 110, disbursedAt: null })).toBe('none')
  })
})
