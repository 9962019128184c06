import { isLocale, type Locale } from '@kilat/domain'
import { StrictMode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { createBrowserRouter } from 'react-router'
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
  const router = createBrowserRouter(createOpsRoutes())
  const container = document.getElementById('ops-root')
  if (!container) throw new Error('no #ops-root element')
  const root = createRoot(container)
  root.render(
    <StrictMode>
      <OpsApp router={router} language={language} nonce={pageNonce()} />
    </StrictMode>,
  )
  return root
}

/** This page's CSP nonce, which Vite's `csp-nonce` meta tag carries: Ant Design's style elements need it. */
function pageNonce(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')
  return meta?.nonce || meta?.getAttribute('nonce') || undefined
}
