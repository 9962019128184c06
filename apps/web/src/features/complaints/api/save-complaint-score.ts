import { saveScore } from '@kilat/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../shared/api'
import { useMutation } from '../../../shared/api/mutation'
import { complaintDetailKey, type ComplaintDetail } from './get-complaint-detail'

/** docs/product/complaints.md#rating: 1 to 5 stars, once per answered complaint. */
export function useSaveComplaintScore(loading: string) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { problemId: number; score: number }) => api.callApi(saveScore, { body: input }, { loading }),
    onSuccess: (_data, input) => {
      // Rated: coming back to the complaint must not ask again.
      queryClient.setQueryData<ComplaintDetail>(complaintDetailKey(input.problemId), (detail) => detail && { ...detail, isScore: 0, score: input.score })
    },
  })
}
