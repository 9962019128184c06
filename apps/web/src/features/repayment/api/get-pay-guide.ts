import { payGuide, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type PayGuide = DataOf<typeof payGuide>

/** How to repay with each of the borrower's market's methods, and the service telephone. */
export function payGuideQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['repayment', 'guide'] as const,
    queryFn: () => api.callApi(payGuide, {}, { toast: false }),
  })
}
