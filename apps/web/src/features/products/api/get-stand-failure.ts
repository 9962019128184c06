import { standFailureInfo, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type StandFailure = DataOf<typeof standFailureInfo>

/** spec.md 2.14: why the joint login failed, and products to try instead. */
export function standFailureQuery(api: ApiClient, input: { productId?: number; reason?: string }) {
  return queryOptions({
    queryKey: ['products', 'standFailure', input.productId ?? 0, input.reason ?? ''],
    queryFn: () => api.callApi(standFailureInfo, { body: input }, { toast: false }),
  })
}
