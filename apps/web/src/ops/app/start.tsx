import { isLocale, type Locale } from '@kilat/domain'
import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { createRouter } from '../../shared/router'
import { OpsApp } from './ops-app'
import { loadOpsLanguage } from './i18n'
import { createOpsRoutes } from './routes'

/**
 * Starts the console in the browser (docs/decisions/0015-ops-console.md): rendered here, not on the
 * server, in English before signing in (or `?lang=`), then in the staff member's language.
 */
export async function startOps(): Promise<Root> {
  const asked = new URLSearchParams(window.location.search).get('lang')
  const locale: Locale = isLocale(asked) ? asked : 'en'
  const language = await loadOpsLanguage(locale)
  const nonce = pageNonce()
  if (nonce) nonceOnStyleElements(nonce)
  const router = createRouter({ routes: createOpsRoutes(), context: undefined })
  const container = document.getElementById('ops-root')
  if (!container) throw new Error('no #ops-root element')
  const root = createRoot(container)
  root.render(
    <StrictMode>
      <OpsApp router={router} language={language} nonce={nonce} />
    </StrictMode>,
  )
  return root
}

/** This page's CSP nonce, which Vite's `csp-nonce` meta tag carries: Ant Design's style elements need it. */
function pageNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')
  return meta?.nonce || meta?.getAttribute('nonce') || undefined
}

/**
 * Gives every style element the page's scripts create this page's nonce. Ant Design's own styles get
 * it from `ConfigProvider csp`, but its table measures the scroll bar with a style element of its
 * own that takes no nonce (`getTargetScrollBarSize`), which the page's policy refuses. Any script
 * running here is already trusted (`'strict-dynamic'`) and can read the nonce: handing it to the
 * style elements they write adds no power, while the policy still refuses styles injected as markup.
 */
function nonceOnStyleElements(nonce: string): void {
  const create = document.createElement.bind(document) as (tag: string, options?: ElementCreationOptions) => HTMLElement
  document.createElement = ((tag: string, options?: ElementCreationOptions) => {
    const element = create(tag, options)
    if (element instanceof HTMLStyleElement) element.nonce = nonce
    return element
  }) as typeof document.createElement
}
