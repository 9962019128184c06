import { productJump } from '@kilat/contract'
import { useMutation } from '../../../shared/api/mutation'
import { useApi } from '../../../shared/api'

/**
 * A recommended product tapped on the loan details screen: where it leads. docs/product/products.md#jump:
 * the jump sends the real product, module and position (the original app sent undefined values).
 */
export function useJumpProduct(loading: string) {
  const api = useApi()
  return useMutation({
    mutationFn: (input: { productId: number; moduleId: number; positionId: number }) => api.callApi(productJump, { body: input }, { loading }),
  })
}
