import { payoutAccountGet } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

/**
 * The account the loan is paid into. The key is /payout-account's own, so an account saved there
 * is the one shown here when the borrower comes back.
 */
export function payoutAccountQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['kyc', 'payout-account'] as const,
    queryFn: () => api.callApi(payoutAccountGet, {}, { toast: false }),
  })
}
