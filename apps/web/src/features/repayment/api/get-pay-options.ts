import { initPayType, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'
import type { PayType } from '../params'

export type PayOptions = DataOf<typeof initPayType>
export type PayOption = PayOptions['list'][number]

/**
 * docs/product/money-rules.md#repayment: the order's market's banks with their channels (1) or
 * mini markets, Alfamart first (2). A market without a type answers an empty list.
 */
export function payOptionsQuery(api: ApiClient, input: { orderId: string; productId?: number | undefined; payType: PayType }) {
  return queryOptions({
    queryKey: ['repayment', 'pay-options', input.orderId, input.payType] as const,
    queryFn: () => api.callApi(initPayType, { body: { orderId: input.orderId, productId: input.productId, pay_type: input.payType } }, { toast: false }),
  })
}
