import { demoOrders, type DataOf } from '@kilat/contract'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { useApi, type ApiClient } from '../../../shared/api'

export type DemoOrders = DataOf<typeof demoOrders>

/**
 * Demo mode only: the orders of the session's borrower and a product they may apply for now, so
 * the page fills its ids with working values (docs/product/screens.md#testpreview). An empty
 * `session` asks about the page's own session.
 */
export function demoOrdersQuery(api: ApiClient, session: string) {
  return queryOptions({
    queryKey: ['auth', 'demoOrders', session],
    queryFn: () => api.callApi(demoOrders, {}, { toast: false, shared: session ? { tok: session } : undefined }),
  })
}

export function useDemoOrders(session: string, enabled: boolean) {
  return useQuery({ ...demoOrdersQuery(useApi(), session), enabled })
}
