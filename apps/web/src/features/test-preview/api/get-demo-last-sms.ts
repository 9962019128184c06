import { demoLastSms } from '@kilat/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useApi, type ApiClient } from '../../../shared/api'

/** Demo mode only: the outbox's last code for a number, so this page can stand in for a phone. */
export function demoLastSmsQuery(api: ApiClient, phone: string, sentAt: number) {
  return queryOptions({
    queryKey: ['auth', 'demoLastSms', phone, sentAt],
    queryFn: () => api.callApi(demoLastSms, { query: { phone } }, { toast: false }),
    staleTime: Infinity,
  })
}

export function useDemoLastSms(phone: string, sentAt: number | undefined, enabled: boolean) {
  const api = useApi()
  return useQuery({ ...demoLastSmsQuery(api, phone, sentAt ?? 0), enabled: enabled && sentAt !== undefined })
}
