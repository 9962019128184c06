import type { Locale } from '@kilat/domain'
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { ConfigProvider, message as antdMessage } from 'antd'
import { createContext, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { RouterProvider, type Router } from '../../shared/router'
import type { Namespace, Translator } from '../../shared/i18n/translator'
import { ApiProvider, isApiError, isNetworkError, isSessionError, type ApiClient } from '../../shared/api'
import { createOpsApi, quietByDefault } from './api'
import { loadOpsLanguage, OpsI18nProvider, type OpsLanguage } from './i18n'
import { ME_KEY, setSignedInHint } from './session'

/**
 * Kilat's blue, and the grey texts (placeholders, descriptions) dark enough for WCAG AA's 4.5:1 on
 * white, and the status colours of texts and buttons too: Ant Design's defaults are lighter. A
 * primary button under the pointer or pressed turns darker, not lighter (the default hover blue
 * holds white text at 3.4:1), so its label keeps 4.5:1 in every state.
 */
const OPS_THEME = {
  token: {
    colorPrimary: '#3360DD',
    colorPrimaryHover: '#2a50b8',
    colorPrimaryActive: '#213f94',
    colorLink: '#2a50b8',
    colorTextPlaceholder: '#6b6b6b',
    colorTextDescription: '#595959',
    colorTextTertiary: '#595959',
    colorError: '#c41d1d',
    colorSuccess: '#237804',
    colorWarning: '#ad4e00',
  },
}

type Notices = ReturnType<typeof antdMessage.useMessage>[0]
const NoticesContext = createContext<Notices | null>(null)

/** Short messages after an action (saved, refused), in the console's language. */
export function useNotices(): { message: Notices } {
  const message = use(NoticesContext)
  if (!message) throw new Error('useNotices outside the console')
  return { message }
}

export interface OpsAppProps {
  router: Router
  language: OpsLanguage
  /** The page's CSP nonce, for the style elements Ant Design writes. */
  nonce?: string
  /** Tests pass a client over their own transport (its calls quiet unless they ask, as the console's own). */
  api?: (notify: (message: string) => void, networkMessage: () => string) => ApiClient
}

/** The console's providers: texts, Ant Design's theme and nonce, queries and the API client. */
export function OpsApp({ router, language: initial, nonce, api }: OpsAppProps) {
  const [language, setLanguage] = useState(initial)
  const switching = useRef<Locale | undefined>(undefined)
  // The same function while the language stays: the layout applies the language it wants in an effect.
  const current = language.translator.language
  const switchLanguage = useCallback(
    async (locale: Locale) => {
      if (locale === current || switching.current === locale) return
      switching.current = locale
      try {
        const next = await loadOpsLanguage(locale)
        setLanguage(next)
        document.documentElement.lang = locale
      } finally {
        switching.current = undefined
      }
    },
    [current],
  )
  useEffect(() => {
    document.documentElement.lang = language.translator.language
  }, [language])

  return (
    <OpsI18nProvider language={language} onSwitch={switchLanguage}>
      <ConfigProvider locale={language.antd} csp={nonce ? { nonce } : undefined} theme={OPS_THEME}>
        <OpsData router={router} api={api} translator={language.translator}>
          <RouterProvider router={router} />
        </OpsData>
      </ConfigProvider>
    </OpsI18nProvider>
  )
}

function OpsData({ router, api, translator, children }: { router: Router; api: OpsAppProps['api']; translator: Translator; children: ReactNode }) {
  // The hook's messages render inside the providers, with the nonce and the language; a static
  // `message.error()` would not (docs/decisions/0015-ops-console.md).
  const [message, holder] = antdMessage.useMessage()
  const client = useMemo(() => {
    const notify = (text: string) => void message.error(text)
    const networkMessage = () => translator.fixedT('ops' as Namespace)('app.network')
    return api ? quietByDefault(api(notify, networkMessage)) : createOpsApi({ error: notify }, networkMessage)
  }, [api, message, translator])
  const queryClient = useMemo(() => createOpsQueryClient(router), [router])
  return (
    <QueryClientProvider client={queryClient}>
      <ApiProvider client={client}>
        <NoticesContext value={message}>
          {holder}
          {children}
        </NoticesContext>
      </ApiProvider>
    </QueryClientProvider>
  )
}

/**
 * Queries for the console. A session that ends while the console is open (idle, absolute limit,
 * account disabled: docs/product/operations.md#sessions) answers 401 to whatever call comes next:
 * back to the sign-in with a message, and back to this address after it.
 */
export function createOpsQueryClient(router: Router): QueryClient {
  const onError = (error: unknown) => {
    if (!isSessionError(error) || !queryClient.getQueryData(ME_KEY)) return
    const { pathname, search } = router.state.location
    if (pathname.startsWith('/ops/sign-in')) return
    // The sign-in page drops what the ended session left in memory, once the screens using it are gone.
    // The hint goes after the move: dropped before it, the layout (drawn again as the move starts)
    // would send to the sign-in itself, without the message, and cancel this move.
    void router.navigate(`/ops/sign-in?expired=1&next=${encodeURIComponent(pathname + search)}`).then(() => setSignedInHint(false))
  }
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => count < 1 && (!isApiError(error) || isNetworkError(error)),
      },
    },
  })
  return queryClient
}
