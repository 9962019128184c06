import { loanDetailConfirm, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type LoanConfirm = DataOf<typeof loanDetailConfirm>

/** spec.md 2.7: the offer to confirm; without an amount, the product's largest. */
export function loanConfirmQuery(api: ApiClient, input: { productId: number; amount?: number }) {
  return queryOptions({
    queryKey: ['loans', 'confirm', input.productId, input.amount ?? 0],
    queryFn: () => api.callApi(loanDetailConfirm, { body: input }, { toast: false }),
  })
}
