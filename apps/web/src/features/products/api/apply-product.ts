import { productApply } from '@kilat/contract'
import { useMutation } from '../../../shared/api/mutation'
import { useApi } from '../../../shared/api'

/**
 * Applies for a product (docs/product/products.md#apply); the answer is where to go next: a
 * partner's http(s) page, opened in place of this one, or an address of ours, which the app shell
 * opens through the bridge (`useFollowUrl({ viaShell: true })`).
 */
export function useApplyProduct(loading: string) {
  const api = useApi()
  return useMutation({
    mutationFn: (input: { productId: number; moduleId: number; scene: string }) =>
      api.callApi(
        productApply,
        { body: { product_id: input.productId, module_id: input.moduleId, scene: input.scene || undefined } },
        { loading },
      ),
  })
}
