import type { OrderStatus } from './order-status.js'

/**
 * The order state machine of design.md section 5. Every status change on the server goes through
 * `nextStatus`, so an order can never jump to a state its history does not allow.
 */
export type OrderEvent = 'approve' | 'reject' | 'disburse' | 'dueDatePassed' | 'settle' | 'extend'

export interface OrderKind {
  /** Repaid in installments (170 while repaying) rather than in one payment (174). */
  installment: boolean
  /** A partner's product: its repaying statuses are 3 (repaying), 5 (overdue), 4 (settled). */
  partner: boolean
}

export class TransitionError extends Error {
  override name = 'TransitionError'
  constructor(readonly status: OrderStatus, readonly event: OrderEvent) {
    super(`order in status ${status} cannot take event ${event}`)
  }
}

export function nextStatus(status: OrderStatus, event: OrderEvent, kind: OrderKind): OrderStatus {
  const next = step(status, event, kind)
  if (next === undefined) throw new TransitionError(status, event)
  return next
}

export function canTake(status: OrderStatus, event: OrderEvent, kind: OrderKind): boolean {
  return step(status, event, kind) !== undefined
}

function step(status: OrderStatus, event: OrderEvent, kind: OrderKind): OrderStatus | undefined {
  switch (status) {
    case 21:
      return event === 'approve' ? 151 : event === 'reject' ? 110 : undefined
    case 151:
      if (event !== 'disburse') return undefined
      return kind.partner ? 3 : kind.installment ? 170 : 174
    case 170:
      return event === 'dueDatePassed' ? 180 : event === 'settle' ? 200 : undefined
    case 174:
      // an extension paid while due keeps the order due, with a later date
      return event === 'dueDatePassed' ? 180 : event === 'settle' ? 200 : event === 'extend' && !kind.installment ? 174 : undefined
    case 180:
      return event === 'settle' ? 200 : event === 'extend' && !kind.installment ? 174 : undefined
    case 3:
      return event === 'dueDatePassed' ? 5 : event === 'settle' ? 4 : undefined
    case 5:
      return event === 'settle' ? 4 : undefined
    default:
      // 110, 200 and 4 are final
      return undefined
  }
}
