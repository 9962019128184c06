import { contractView, type DataOf, type QueryOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type ContractView = DataOf<typeof contractView>

/**
 * An agreement filled with the borrower's loan: the order's signed figures, or before there is an
 * order the offer for the chosen amount and installments.
 */
export function contractViewQuery(api: ApiClient, input: QueryOf<typeof contractView>) {
  return queryOptions({
    queryKey: ['loans', 'contract', input.productId, input.position ?? 0, input.orderId ?? '', input.amount ?? 0, input.periods ?? 0],
    queryFn: () => api.callApi(contractView, { query: input }, { toast: false }),
  })
}
