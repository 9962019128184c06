import { repaymentWay, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type RepaymentWay = DataOf<typeof repaymentWay>

export const repaymentWayKey = (orderId: string) => ['repayment', 'card', orderId] as const

/**
 * Card repay (docs/decisions/0012-payment-gateway.md#cards): the borrower's cards (numbers masked), what is owed, and a repayToken that
 * one commit spends.
 */
export function repaymentWayQuery(api: ApiClient, orderId: string) {
  return queryOptions({
    queryKey: repaymentWayKey(orderId),
    queryFn: () => api.callApi(repaymentWay, { body: { orderId } }, { toast: false }),
  })
}
