import { contractList, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type Contracts = DataOf<typeof contractList>

/** docs/product/loans.md#contract-list: the loan's agreements are scene 3. */
export const CONTRACT_SCENE = 3

export function contractsQuery(api: ApiClient, productId: number) {
  return queryOptions({
    queryKey: ['loans', 'contracts', productId],
    queryFn: () => api.callApi(contractList, { query: { productId, scene: CONTRACT_SCENE } }, { toast: false }),
  })
}
