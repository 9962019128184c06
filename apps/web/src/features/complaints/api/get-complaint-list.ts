import { problemList, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type ComplaintList = DataOf<typeof problemList>
export type ComplaintRow = ComplaintList['tabs'][number]['list'][number]

/** docs/product/complaints.md#list: the server's tabs (processing, replied, closed), each with its rows newest first. */
export function complaintListQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['complaints', 'list'] as const,
    queryFn: () => api.callApi(problemList, {}, { toast: false }),
  })
}
