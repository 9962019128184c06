import type { PayoutStatus } from '@kilat/contract'

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
