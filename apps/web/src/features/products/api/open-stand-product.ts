import { standClick, standProductLink } from '@kilat/contract'
import { useMutation } from '../../../shared/api/mutation'
import { useApi } from '../../../shared/api'

/**
 * A product tapped on the joint-login failure page: the click is recorded first, without waiting
 * for it (its answer does not matter, and a slow network should not hold the borrower twice), then
 * the product's link is asked for.
 */
export function useOpenStandProduct(loading: string) {
  const api = useApi()
  return useMutation({
    mutationFn: (input: { productId: number; positionId: number }) => {
      api.callApi(standClick, { body: input }, { toast: false }).catch(() => {})
      return api.callApi(standProductLink, { body: { productId: input.productId } }, { loading })
    },
  })
}
