import { contactKfInfo, type DataOf } from '@kilat/contract'
import { queryOptions } from '@tanstack/react-query'
import type { ApiClient } from '../../../shared/api'

export type ContactInfo = DataOf<typeof contactKfInfo>

/** docs/product/complaints.md#customer-service-contact: the market's email, telephone and hours (overall=30, as the app always sent it). */
export function contactInfoQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['customer-service', 'contact'] as const,
    queryFn: () => api.callApi(contactKfInfo, { body: { overall: 30 } }, { toast: false }),
  })
}
