import { loanDetailPush, type BodyOf } from '@kilat/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useMutation } from '../../../shared/api/mutation'
import { useApi } from '../../../shared/api'

/** Submits the confirmed loan; the answer names the new order's details page. */
export function usePushLoan(loading: string) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: BodyOf<typeof loanDetailPush>) => api.callApi(loanDetailPush, { body: input }, { loading }),
    onSuccess: () => {
      // The product's buttons and the borrower's orders changed with this loan.
      void queryClient.invalidateQueries({ queryKey: ['products'] })
      void queryClient.invalidateQueries({ queryKey: ['loans', 'details'] })
    },
  })
}
