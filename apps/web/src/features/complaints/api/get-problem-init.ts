import { problemInit, problemInitV3, type DataOf, type OrderCard } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type ProblemInit = DataOf<typeof problemInit>

/**
 * docs/product/complaints.md#start: the order asked for (else the latest), all of the borrower's
 * orders, the problem types and the collection sub-types. The older start page asks the v3 path,
 * which answers the same.
 */
export function problemInitQuery(api: ApiClient, orderNo: string | undefined, version: 'v1' | 'v3' = 'v1') {
  return queryOptions({
    queryKey: ['complaints', 'init', version, orderNo ?? ''] as const,
    queryFn: () => api.callApi(version === 'v3' ? problemInitV3 : problemInit, { body: orderNo ? { orderNo } : {} }, { toast: false }),
  })
}

/** The order a page is about: the one the address names (from the borrower's own list), else the server's choice. */
export function selectedOrder(init: ProblemInit, orderNo: string | undefined): OrderCard | null {
  return (orderNo && init.orderList.find((order) => order.orderNo === orderNo)) || init.orderDetail
}
