import { productJump } from '@kilat/contract'
import { useMutation } from '@tanstack/react-query'
import { useApi } from '../../../shared/api'

/**
 * A recommended product tapped on the loan details screen: where it leads. design.md section 6:
 * the jump sends the real product, module and position (the spec's version sent undefined values).
 */
export function useJumpProduct(loading: string) {
  const api = useApi()
  return useMutation({
    mutationFn: (input: { productId: number; moduleId: number; positionId: number }) => api.callApi(productJump, { body: input }, { loading }),
  })
}
