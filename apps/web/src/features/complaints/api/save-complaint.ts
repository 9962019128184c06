import { problemSave } from '@kilat/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useApi } from '../../../shared/api'
import { useMutation } from '../../../shared/api/mutation'

export interface ComplaintToSave {
  problemType: number
  problemSonType?: number
  problemDetail: string
  /** Urls answered by the upload, in the order the borrower added them. */
  images: readonly string[]
  orderNo: string
  /** Made once per complaint: a double tap or a retry answers the complaint already saved (docs/product/complaints.md#saving). */
  requestKey: string
}

/** docs/product/complaints.md#saving: one complaint, with its photos' urls comma-joined as the call's field wants them. */
export function useSaveComplaint(loading: string) {
  const api = useApi()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ images, ...input }: ComplaintToSave) => api.callApi(problemSave, { body: { ...input, problemImage: images.join(',') } }, { loading }),
    // The list and the start page's "waiting for a reply" mark change.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['complaints'] }),
  })
}
