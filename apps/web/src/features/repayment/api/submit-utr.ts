import { submitUtr } from '@kilat/contract'
import { useApi } from '../../../shared/api'
import { useMutation } from '../../../shared/api/mutation'

/** India's bank transfer: the 12-digit UTR the borrower's bank gave them (docs/product/screens.md#that). */
export function useSubmitUtr(loading: string) {
  const api = useApi()
  return useMutation({
    mutationFn: (input: { orderId: string; accountId: number; utr: string }) => api.callApi(submitUtr, { body: input }, { loading }),
  })
}
