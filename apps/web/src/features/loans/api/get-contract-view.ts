import { contractView, type DataOf, type QueryOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type ContractView = DataOf<typeof contractView>

/** An agreement filled with the borrower's loan (or the offer, before there is an order). */
export function contractViewQuery(api: ApiClient, input: QueryOf<typeof contractView>) {
  return queryOptions({
    queryKey: ['loans', 'contract', input.productId, input.position ?? 0, input.orderId ?? '', input.amount ?? 0],
    queryFn: () => api.callApi(contractView, { query: input }, { toast: false }),
  })
}
