import { loanDetailConfirm, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type LoanConfirm = DataOf<typeof loanDetailConfirm>

/**
 * The offer to confirm, priced for the borrower's amount and installments; without them the
 * product's largest amount at its own term (docs/product/loans.md#loan-confirmation).
 */
export function loanConfirmQuery(api: ApiClient, input: { productId: number; amount?: number; periods?: number }) {
  return queryOptions({
    queryKey: ['loans', 'confirm', input.productId, input.amount ?? 0, input.periods ?? 0],
    queryFn: () => api.callApi(loanDetailConfirm, { body: input }, { toast: false }),
  })
}
