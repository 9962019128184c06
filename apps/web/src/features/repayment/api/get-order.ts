import { loanDetails, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type RepaidOrder = DataOf<typeof loanDetails>

/**
 * The order being repaid, for its product's market: the account's amount is in that currency,
 * whatever the page's language (docs/product/markets-and-formats.md#amounts).
 */
export function orderQuery(api: ApiClient, input: { orderId: string; productId?: number | undefined }) {
  return queryOptions({
    queryKey: ['repayment', 'order', input.orderId] as const,
    queryFn: () => api.callApi(loanDetails, { query: { orderId: input.orderId, productId: input.productId } }, { toast: false }),
  })
}
