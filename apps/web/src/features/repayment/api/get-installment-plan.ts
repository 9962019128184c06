import { loanPlayDetail, type InstallmentPlan } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type { InstallmentPlan }

/** docs/product/money-rules.md#repayment: the order's unpaid installments oldest first, the paid ones and the late charges. */
export function installmentPlanQuery(api: ApiClient, input: { orderId: string; productId?: number }) {
  return queryOptions({
    queryKey: ['repayment', 'installments', input.orderId] as const,
    queryFn: () => api.callApi(loanPlayDetail, { body: input }, { toast: false }),
  })
}
