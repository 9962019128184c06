import type { PayoutStatus } from '@kilat/contract'
import { ORDER_STATUS } from '@kilat/domain'

/** Each payout state's colour (docs/product/operations.md#payout-states): waiting gold, on its way blue, paid green, failed red. */
export const PAYOUT_COLORS: Record<PayoutStatus, string> = {
  pending: 'gold',
  confirmed: 'blue',
  sending: 'blue',
  accepted: 'processing',
  completed: 'green',
  failed: 'red',
  cancelled: 'default',
}

/**
 * Where an order's payout stands, to say what its amount is: `paidOut` once its payout completed
 * (docs/product/operations.md#payout-states), `toPayOut` while it is under review or approved and
 * waiting for its payout, `none` when nothing will be paid out (rejected). A loan being repaid or
 * settled was paid out, even when no payout date was kept (the seeded loans).
 */
export type PayoutStage = 'paidOut' | 'toPayOut' | 'none'

export function payoutStage(order: { status: number; disbursedAt: string | null }, payout?: { status: PayoutStatus } | null): PayoutStage {
  if (payout?.status === 'completed' || order.disbursedAt !== null) return 'paidOut'
  if (order.status === ORDER_STATUS.submitted || order.status === ORDER_STATUS.approved) return 'toPayOut'
  if (order.status === ORDER_STATUS.rejected) return 'none'
  return 'paidOut'
}
