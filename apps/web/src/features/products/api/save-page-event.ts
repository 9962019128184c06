import { pageEventSave } from '@kilat/contract'
import type { ApiClient } from '../../../shared/api'

/** Which card of which list was tapped (docs/product/products.md#events): the answer is ignored, a failure too. */
export function savePageEvent(api: ApiClient, event: { productId: number; moduleId: number; positionId: number }): void {
  api.callApi(pageEventSave, { body: event }, { toast: false }).catch(() => {})
}
