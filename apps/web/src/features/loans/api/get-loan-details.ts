import { loanDetails, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type LoanDetails = DataOf<typeof loanDetails>

export const loanDetailsKey = (orderId: string) => ['loans', 'details', orderId] as const

/** docs/product/loans.md#loan-details: one order of the borrower, with what the screen offers for its status. */
export function loanDetailsQuery(api: ApiClient, input: { orderId: string; productId?: number }) {
  return queryOptions({
    queryKey: loanDetailsKey(input.orderId),
    queryFn: () => api.callApi(loanDetails, { query: input }, { toast: false }),
  })
}
