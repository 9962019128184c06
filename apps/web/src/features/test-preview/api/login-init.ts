import { loginInit, type DataOf } from '@kilat/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useApi, type ApiClient } from '../../../shared/api'

export type LoginSettings = DataOf<typeof loginInit>

/** Login settings of the page's market: calling code, code length, resend wait, demo outbox. */
export function loginInitQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['auth', 'loginInit'],
    queryFn: () => api.callApi(loginInit, {}, { toast: false }),
    staleTime: Infinity,
  })
}

export function useLoginSettings() {
  return useQuery(loginInitQuery(useApi()))
}
