import { qaRecord, QA_RECORD_TYPES, type DataOf } from '@kilat/contract'
import type { ApiClient } from '../../../shared/api'

export type QaReply = DataOf<typeof qaRecord>
export type QaRecordKind = keyof typeof QA_RECORD_TYPES

/**
 * docs/product/complaints.md#chatbot-records: solved, not solved, a rating, or free text; the
 * answer is the chatbot's reply (and for free text the best-matching questions).
 */
export function recordQa(api: ApiClient, input: { kind: QaRecordKind; orderNo?: string; value?: string; qaId?: number }): Promise<QaReply> {
  return api.callApi(qaRecord, { body: { orderNo: input.orderNo, type: QA_RECORD_TYPES[input.kind], value: input.value ?? '', qaId: input.qaId } })
}
