import type { Locale, Market } from '@kilat/domain'
import type { QueryClient } from '@tanstack/react-query'
import type { ApiClient } from './api/client'
import type { Translator } from './i18n'
import type { LoaderArgs } from './router'

/**
 * What loaders need, handed in by whoever runs them: the server per request (API through the
 * server's own routes), the browser once. Loaders therefore have one code path (docs/product/platform.md#rendering-and-speed).
 */
export interface AppLoadContext {
  api: ApiClient
  queryClient: QueryClient
  i18n: Translator
  market: Market
  locale: Locale
  /**
   * Set when rendering on the server: loaders wait for their data there, so the first HTML carries
   * it; in the browser a screen may show a skeleton while its data arrives.
   */
  server?: boolean
}

/** What a screen's loader is called with: the address (`request.url`), and `context` above. */
export type ScreenLoaderArgs = LoaderArgs<AppLoadContext>
