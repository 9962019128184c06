import { payoutAccountGet, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type PayoutAccountData = DataOf<typeof payoutAccountGet>
export type PayoutAccountView = NonNullable<PayoutAccountData['account']>
export type PayoutKind = PayoutAccountData['kinds'][number]

/**
 * The borrower's payout account, whether it may be changed now and the market's choices. The loan
 * confirmation reads the same key, so an account saved here is the one it shows on the way back.
 */
export function payoutAccountQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['kyc', 'payout-account'] as const,
    queryFn: () => api.callApi(payoutAccountGet, {}, { toast: false }),
  })
}
