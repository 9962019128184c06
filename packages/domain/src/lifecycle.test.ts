import { describe, expect, it } from 'vitest'
import { TransitionError, canTake, nextStatus, type OrderEvent, type OrderKind } from './lifecycle.js'
import { ORDER_STATUS, ORDER_STATUSES, orderStatusName, type OrderStatus, type OrderStatusName } from './order-status.js'

const S = ORDER_STATUS
const KINDS = {
  single: { installment: false, partner: false },
  installment: { installment: true, partner: false },
  partner: { installment: false, partner: true },
} satisfies Record<string, OrderKind>
type KindName = keyof typeof KINDS
const EVENTS: OrderEvent[] = ['approve', 'reject', 'disburse', 'dueDatePassed', 'settle', 'extend', 'caughtUp']

/**
 * Every transition each kind of order may take (docs/product/loans.md#lifecycle), by status name.
 * Anything not listed here must be refused.
 */
const TRANSITIONS: Record<KindName, Array<[OrderStatusName, OrderEvent, OrderStatusName]>> = {
  single: [
    ['submitted', 'approve', 'approved'],
    ['submitted', 'reject', 'rejected'],
    ['approved', 'disburse', 'due'],
    ['due', 'dueDatePassed', 'overdue'],
    ['due', 'settle', 'settled'],
    ['due', 'extend', 'due'],
    ['overdue', 'settle', 'settled'],
    ['overdue', 'extend', 'due'],
    ['overdue', 'caughtUp', 'due'],
  ],
  installment: [
    ['submitted', 'approve', 'approved'],
    ['submitted', 'reject', 'rejected'],
    ['approved', 'disburse', 'repayingInstallments'],
    ['repayingInstallments', 'dueDatePassed', 'overdue'],
    ['repayingInstallments', 'settle', 'settled'],
    ['overdue', 'settle', 'settled'],
    ['overdue', 'caughtUp', 'repayingInstallments'],
  ],
  partner: [
    ['submitted', 'approve', 'approved'],
    ['submitted', 'reject', 'rejected'],
    ['approved', 'disburse', 'partnerRepaying'],
    ['partnerRepaying', 'dueDatePassed', 'partnerOverdue'],
    ['partnerRepaying', 'settle', 'partnerSettled'],
    ['partnerOverdue', 'settle', 'partnerSettled'],
    ['partnerOverdue', 'caughtUp', 'partnerRepaying'],
  ],
}

/** The statuses an order of each kind can be in. */
function reachable(kind: OrderKind): Set<OrderStatus> {
  const seen = new Set<OrderStatus>([S.submitted])
  const queue: OrderStatus[] = [S.submitted]
  while (queue.length) {
    const status = queue.shift()!
    for (const event of EVENTS) {
      if (!canTake(status, event, kind)) continue
      const next = nextStatus(status, event, kind)
      if (!seen.has(next)) {
        seen.add(next)
        queue.push(next)
      }
    }
  }
  return seen
}

const names = (statuses: Iterable<OrderStatus>) => [...statuses].map(orderStatusName).sort()

describe.each(Object.keys(KINDS) as KindName[])('order state machine: %s loan', (kindName) => {
  const kind = KINDS[kindName]

  it.each(TRANSITIONS[kindName])('%s --%s--> %s', (from, event, to) => {
    expect(canTake(S[from], event, kind)).toBe(true)
    expect(nextStatus(S[from], event, kind)).toBe(S[to])
  })

  it('refuses every other event in every status it can reach, with a typed error', () => {
    const allowed = new Set(TRANSITIONS[kindName].map(([from, event]) => `${from}:${event}`))
    for (const status of reachable(kind)) {
      for (const event of EVENTS) {
        if (allowed.has(`${orderStatusName(status)}:${event}`)) continue
        expect(canTake(status, event, kind)).toBe(false)
        expect(() => nextStatus(status, event, kind)).toThrow(TransitionError)
      }
    }
  })
})

describe('order state machine: paths', () => {
  it('each kind reaches its own statuses, and together they reach every status', () => {
    expect(names(reachable(KINDS.single))).toEqual(['approved', 'due', 'overdue', 'rejected', 'settled', 'submitted'])
    expect(names(reachable(KINDS.installment))).toEqual(['approved', 'overdue', 'rejected', 'repayingInstallments', 'settled', 'submitted'])
    expect(names(reachable(KINDS.partner))).toEqual(['approved', 'partnerOverdue', 'partnerRepaying', 'partnerSettled', 'rejected', 'submitted'])
    const all = new Set(Object.values(KINDS).flatMap((kind) => [...reachable(kind)]))
    expect(names(all)).toEqual(names(ORDER_STATUSES))
  })

  it('final statuses take no event', () => {
    for (const status of [S.rejected, S.settled, S.partnerSettled]) {
      for (const kind of Object.values(KINDS)) {
        for (const event of EVENTS) expect(canTake(status, event, kind)).toBe(false)
      }
    }
  })

  it('installment loans are never extended', () => {
    expect(canTake(S.repayingInstallments, 'extend', KINDS.installment)).toBe(false)
    expect(canTake(S.overdue, 'extend', KINDS.installment)).toBe(false)
  })

  it('a payment that clears the arrears brings the order back to repaying', () => {
    const paths: Array<[OrderKind, OrderStatus]> = [
      [KINDS.single, S.due],
      [KINDS.installment, S.repayingInstallments],
      [KINDS.partner, S.partnerRepaying],
    ]
    for (const [kind, repaying] of paths) {
      const overdue = nextStatus(repaying, 'dueDatePassed', kind)
      expect(nextStatus(overdue, 'caughtUp', kind)).toBe(repaying)
      // only an overdue order can catch up
      expect(canTake(repaying, 'caughtUp', kind)).toBe(false)
    }
  })

  it('the error names the status and the event', () => {
    const error = (() => {
      try {
        nextStatus(S.settled, 'settle', KINDS.single)
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(TransitionError)
    expect(error).toMatchObject({ status: S.settled, event: 'settle' })
  })
})
