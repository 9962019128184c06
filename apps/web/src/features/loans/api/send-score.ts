import { googleScore } from '@kilat/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useMutation } from '../../../shared/api/mutation'
import { useApi } from '../../../shared/api'
import { loanDetailsKey, type LoanDetails } from './get-loan-details'

/** docs/product/loans.md#rating: the stars the borrower chose, not always 5 as the original app sent. */
export function useSendScore(loading: string) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { score: number; orderId: string }) => api.callApi(googleScore, { body: input }, { loading }),
    onSuccess: (_data, input) => {
      // Rated: coming back to the order from another screen must not ask again.
      queryClient.setQueryData<LoanDetails>(loanDetailsKey(input.orderId), (details) => details && { ...details, isScore: '0' })
    },
  })
}
