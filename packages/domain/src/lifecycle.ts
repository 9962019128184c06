import { ORDER_STATUS, type OrderStatus } from './order-status.js'

/**
 * The order state machine (docs/product/loans.md#lifecycle). Every status change on the server goes through
 * `nextStatus`, so an order can never jump to a state its history does not allow.
 */
/** `caughtUp`: a payment cleared everything overdue, so the order is repaying again. */
export type OrderEvent = 'approve' | 'reject' | 'disburse' | 'dueDatePassed' | 'settle' | 'extend' | 'caughtUp'

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

const S = ORDER_STATUS

function step(status: OrderStatus, event: OrderEvent, kind: OrderKind): OrderStatus | undefined {
  const repaying = kind.partner ? S.partnerRepaying : kind.installment ? S.repayingInstallments : S.due
  switch (status) {
    case S.submitted:
      return event === 'approve' ? S.approved : event === 'reject' ? S.rejected : undefined
    case S.approved:
      return event === 'disburse' ? repaying : undefined
    case S.repayingInstallments:
      return event === 'dueDatePassed' ? S.overdue : event === 'settle' ? S.settled : undefined
    case S.due:
      // an extension paid while due keeps the order due, with a later date
      return event === 'dueDatePassed' ? S.overdue : event === 'settle' ? S.settled : event === 'extend' && !kind.installment ? S.due : undefined
    case S.overdue:
      if (event === 'settle') return S.settled
      if (event === 'caughtUp') return kind.installment ? S.repayingInstallments : S.due
      return event === 'extend' && !kind.installment ? S.due : undefined
    case S.partnerRepaying:
      return event === 'dueDatePassed' ? S.partnerOverdue : event === 'settle' ? S.partnerSettled : undefined
    case S.partnerOverdue:
      return event === 'settle' ? S.partnerSettled : event === 'caughtUp' ? S.partnerRepaying : undefined
    default:
      // rejected, settled and partner-settled are final
      return undefined
  }
}
