import { problemDetail, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type ComplaintDetail = DataOf<typeof problemDetail>

export const complaintDetailKey = (problemId: number) => ['complaints', 'detail', problemId] as const

/** docs/product/complaints.md#detail: one complaint of the borrower; another borrower's reads as not found. */
export function complaintDetailQuery(api: ApiClient, problemId: number) {
  return queryOptions({
    queryKey: complaintDetailKey(problemId),
    queryFn: () => api.callApi(problemDetail, { body: { problemId } }, { toast: false }),
  })
}
