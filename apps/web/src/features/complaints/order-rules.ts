import { COLLECTION_PROBLEM_TYPE, CREDIT_REPORT_PROBLEM_TYPE, type OrderCard } from '@kilat/contract'

/**
 * docs/product/complaints.md#order-card: a collection complaint needs an order that was paid out,
 * which the server marks isShow 1; so does a credit-report dispute, since only a loan paid out is
 * reported (docs/product/credit-reporting.md#disputes). The message that refuses the order for the
 * type, or undefined when the order takes it.
 */
export function orderRefusal(problemType: number | undefined, order: Pick<OrderCard, 'isShow'>): 'start.collectionRefused' | 'start.disputeRefused' | undefined {
  if (order.isShow === 1) return undefined
  if (problemType === COLLECTION_PROBLEM_TYPE) return 'start.collectionRefused'
  if (problemType === CREDIT_REPORT_PROBLEM_TYPE) return 'start.disputeRefused'
  return undefined
}
