import { describe, expect, it } from 'vitest'
import { TransitionError, canTake, nextStatus, type OrderEvent } from './lifecycle.js'
import { ORDER_STATUSES, type OrderStatus } from './order-status.js'

const single = { installment: false, partner: false }
const installment = { installment: true, partner: false }
const partner = { installment: false, partner: true }
const EVENTS: OrderEvent[] = ['approve', 'reject', 'disburse', 'dueDatePassed', 'settle', 'extend']

describe('order state machine (design.md section 5)', () => {
  it.each([
    [21, 'approve', single, 151], [21, 'reject', single, 110],
    [151, 'disburse', single, 174], [151, 'disburse', installment, 170], [151, 'disburse', partner, 3],
    [174, 'dueDatePassed', single, 180], [174, 'settle', single, 200], [174, 'extend', single, 174],
    [170, 'dueDatePassed', installment, 180], [170, 'settle', installment, 200],
    [180, 'settle', single, 200], [180, 'extend', single, 174],
    [3, 'dueDatePassed', partner, 5], [3, 'settle', partner, 4], [5, 'settle', partner, 4],
  ] as const)('%i --%s--> %i', (from, event, kind, to) => {
    expect(nextStatus(from as OrderStatus, event, kind)).toBe(to)
  })

  it('final statuses take no event', () => {
    for (const status of [110, 200, 4] as OrderStatus[]) {
      for (const event of EVENTS) expect(canTake(status, event, single)).toBe(false)
    }
  })

  it('installment loans cannot be extended', () => {
    expect(canTake(170, 'extend', installment)).toBe(false)
    expect(canTake(180, 'extend', installment)).toBe(false)
  })

  it('refuses every transition not in the table, with a typed error', () => {
    const allowed = new Set(['21:approve', '21:reject', '151:disburse', '174:dueDatePassed', '174:settle', '174:extend', '170:dueDatePassed', '170:settle', '180:settle', '180:extend', '3:dueDatePassed', '3:settle', '5:settle'])
    for (const status of ORDER_STATUSES) {
      for (const event of EVENTS) {
        if (allowed.has(`${status}:${event}`)) continue
        expect(() => nextStatus(status, event, single)).toThrow(TransitionError)
      }
    }
  })

  it('every status is reachable from 21', () => {
    const seen = new Set<OrderStatus>([21])
    const queue: OrderStatus[] = [21]
    while (queue.length) {
      const s = queue.shift()!
      for (const kind of [single, installment, partner]) {
        for (const e of EVENTS) {
          if (!canTake(s, e, kind)) continue
          const n = nextStatus(s, e, kind)
          if (!seen.has(n)) { seen.add(n); queue.push(n) }
        }
      }
    }
    expect([...seen].sort((a, b) => a - b)).toEqual([...ORDER_STATUSES].sort((a, b) => a - b))
  })
})
