import { recommendProductList, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type RecommendedProducts = DataOf<typeof recommendProductList>

/** docs/product/products.md#recommended-list: the products offered for a scene (banner, popup…); the scene picks the module id. */
export function recommendedProductsQuery(api: ApiClient, scene: string) {
  return queryOptions({
    queryKey: ['products', 'recommended', scene],
    queryFn: () => api.callApi(recommendProductList, { body: scene ? { scene } : {} }, { toast: false }),
  })
}
