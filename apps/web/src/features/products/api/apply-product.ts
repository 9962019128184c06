import { productApply } from '@kilat/contract'
import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../../shared/api'

/** Applies for a product; the answer is where to go next (our confirmation page or a partner's). */
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
