import { localeFrom, marketFrom, type Locale, type Market } from '@kilat/domain'
import { pickSharedParams } from '@kilat/contract'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { AppProviders, createQueryClient } from '../app/providers'
import { createRoutes } from '../app/routes'
import { captureSharedParams } from '../shared/api'
import { browserApi } from '../shared/api/browser'
import { createTranslator, setPageTranslator } from '../shared/i18n'
import { allResources } from '../shared/i18n/all-resources'
import { createRouter, RouterProvider } from '../shared/router'

/**
 * Renders the whole app at an address, as the browser would after a first load: shared
 * parameters captured, market and language from the address, the real routes, loaders and API
 * client (answered by MSW).
 */
export async function renderApp(url: string, options: { market?: Market; locale?: Locale } = {}) {
  const search = new URL(url, 'http://localhost:3000').search
  const shared = pickSharedParams(new URLSearchParams(search))
  const market = options.market ?? marketFrom(shared)
  const locale = options.locale ?? localeFrom(shared, market)
  const i18n = createTranslator({ locale, resources: allResources() })
  setPageTranslator(i18n)
  captureSharedParams(search)
  const queryClient = createQueryClient('browser')
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const api = browserApi()
  const router = createRouter({ routes: createRoutes(), context: { api, queryClient, i18n, market, locale }, initialEntry: url })
  const user = userEvent.setup()
  const view = render(
    <AppProviders queryClient={queryClient} i18n={i18n} api={api} market={{ market, locale }}>
      <RouterProvider router={router} />
    </AppProviders>,
  )
  return { ...view, router, queryClient, user }
}
