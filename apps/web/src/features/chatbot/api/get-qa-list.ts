import { getQaList, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type QaList = DataOf<typeof getQaList>
export type QaEntry = QaList['answerList'][number]

/**
 * docs/product/complaints.md#chatbot: pid 0 gives the categories, a category's id its questions,
 * a question's id its answer. The knowledge base changes rarely, so an answer is kept a while.
 */
export function qaListQuery(api: ApiClient, orderNo: string | undefined, pid: number) {
  return queryOptions({
    queryKey: ['chatbot', 'qa', orderNo ?? '', pid] as const,
    queryFn: () => api.callApi(getQaList, { query: { orderNo, pid } }, { toast: pid !== 0 }),
    staleTime: 5 * 60_000,
  })
}
