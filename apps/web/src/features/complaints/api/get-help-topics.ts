import { getQaList, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type HelpTopics = DataOf<typeof getQaList>

/** docs/product/complaints.md#older-start-page: the chatbot's categories (pid 0), each of which opens the chatbot on it. */
export function helpTopicsQuery(api: ApiClient, orderNo: string | undefined) {
  return queryOptions({
    queryKey: ['complaints', 'help-topics', orderNo ?? ''] as const,
    queryFn: () => api.callApi(getQaList, { query: { orderNo, pid: 0 } }, { toast: false }),
  })
}
