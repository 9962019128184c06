import { serviceEventSave } from '@kilat/contract'
import type { ApiClient } from '../../../shared/api'

/** docs/product/products.md#module-ids: the module id of "borrow more" on the loan details screen. */
export const LOAN_MORE_MODULE_ID = 30

/** A tap on the loan details screen (docs/product/products.md#events): the answer is ignored, a failure too. */
export function saveServiceEvent(api: ApiClient, event: { productId: number; moduleId: number; positionId: number }): void {
  api.callApi(serviceEventSave, { body: event }, { toast: false }).catch(() => {})
}
