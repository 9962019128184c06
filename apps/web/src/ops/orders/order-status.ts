import { orderStatusName, isOrderStatus, type Locale } from '@kilat/domain'
import { SHARED_TEXTS } from '@kilat/domain/texts'
import type { PayoutStatus } from '@kilat/contract'

/** An order's status by its name in the staff member's language, as the borrower reads it; never the bare number. */
export function orderStatusText(status: number, locale: Locale): string {
  return isOrderStatus(status) ? SHARED_TEXTS[locale].statuses[orderStatusName(status)] : String(status)
}

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
