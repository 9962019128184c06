import { extensionDetail, type ExtensionDetail } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type { ExtensionDetail }

/** docs/product/repayment.md#extension: the fee, until when it can be paid, and the due date it moves to. */
export function extensionDetailQuery(api: ApiClient, input: { orderId: string; productId?: number }) {
  return queryOptions({
    queryKey: ['repayment', 'extension', input.orderId] as const,
    queryFn: () => api.callApi(extensionDetail, { body: input }, { toast: false }),
  })
}
