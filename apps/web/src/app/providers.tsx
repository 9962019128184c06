import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useEffect, type ReactNode } from 'react'
import { ApiProvider, isApiError, isNetworkError, type ApiClient } from '../shared/api'
import { I18nProvider, type Translator } from '../shared/i18n'
import { MarketProvider, type PageMarket } from '../shared/market'
import { replayEarlyInput } from './early-input'

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
  i18n: Translator
  api: ApiClient
  market: PageMarket
  children: ReactNode
}

export function AppProviders({ queryClient, i18n, api, market, children }: AppProvidersProps) {
  // Marks the page interactive once hydrated (scripts start after the first paint, so a tap may
  // come before): the shell and the browser journeys can wait for it. From then on the page's
  // inline script holds no more taps, and those it held are replayed
  // (docs/product/platform.md#taps-before-hydration).
  useEffect(() => {
    document.documentElement.dataset.hydrated = ''
    replayEarlyInput()
  }, [])
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider translator={i18n}>
        <ApiProvider client={api}>
          <MarketProvider value={market}>{children}</MarketProvider>
        </ApiProvider>
      </I18nProvider>
    </QueryClientProvider>
  )
}
