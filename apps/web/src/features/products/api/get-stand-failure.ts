import { standFailureInfo, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type StandFailure = DataOf<typeof standFailureInfo>

/** docs/product/products.md#joint-login-failure: why the joint login failed, and products to try instead. */
export function standFailureQuery(api: ApiClient, input: { productId?: number; reason?: string }) {
  return queryOptions({
    queryKey: ['products', 'standFailure', input.productId ?? 0, input.reason ?? ''],
    queryFn: () => api.callApi(standFailureInfo, { body: input }, { toast: false }),
  })
}
