import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { i18n as I18n } from 'i18next'
import type { ReactNode } from 'react'
import { I18nextProvider } from 'react-i18next'
import { ApiProvider, isApiError, isNetworkError, type ApiClient } from '../shared/api'
import { MarketProvider, type PageMarket } from '../shared/market'

export function createQueryClient(where: 'server' | 'browser'): QueryClient {
  if (where === 'server') {
    return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity, gcTime: Infinity } } })
  }
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Loaders fetch before a screen shows; a hydrated or cached screen must not fetch again on
        // mount (a phone's clock can be far from the server's, which would make fresh data look stale).
        refetchOnMount: false,
        refetchOnWindowFocus: false,
        // An answer from the server is final; only a lost connection is worth one more try.
        retry: (count, error) => count < 1 && (!isApiError(error) || isNetworkError(error)),
      },
    },
  })
}

export interface AppProvidersProps {
  queryClient: QueryClient
  i18n: I18n
  api: ApiClient
  market: PageMarket
  children: ReactNode
}

export function AppProviders({ queryClient, i18n, api, market, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <ApiProvider client={api}>
          <MarketProvider value={market}>{children}</MarketProvider>
        </ApiProvider>
      </I18nextProvider>
    </QueryClientProvider>
  )
}
