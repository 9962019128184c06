import { hydrate } from '@tanstack/react-query'
import { captureSharedParams, stripSecretParams } from '../shared/api'
import { browserApi } from '../shared/api/browser'
import { createTranslator, setPageTranslator } from '../shared/i18n'
import { createRouter, RouterProvider } from '../shared/router'
import { preloadToast } from '../shared/ui/toast'
import { readBoot } from './boot'
import { AppProviders, createQueryClient } from './providers'
import { createRoot, hydrateRoot, type Root, StrictMode, startTransition } from './react-first'
import { createRoutes } from './routes'

/**
 * Starts the app in the browser: hydrates the server-rendered page with the server's boot data
 * (market, texts, query cache, loader data), or renders from scratch when there is none.
 */
export async function startClient(): Promise<Root> {
  // Start-up runs as four tasks (module evaluation; boot data, texts and query cache; the router and
  // the screen's code; hydration) rather than one: on a cheap phone each is a few tens of
  // milliseconds in which a tap waits, where one would be over a hundred
  // (docs/decisions/0010-web-first-load.md, docs/performance/borrower-main-thread.md#where-the-main-thread-goes).
  await yieldToBrowser()
  const boot = readBoot()
  const locale = boot?.locale ?? 'id'
  const market = boot?.market ?? 'ID'
  document.documentElement.lang = locale

  captureSharedParams()
  const i18n = createTranslator({ locale, resources: boot ? { [locale]: boot.texts } : {}, lazy: true })
  setPageTranslator(i18n)
  const queryClient = createQueryClient('browser')
  if (boot) hydrate(queryClient, boot.queries)
  const api = browserApi()
  await yieldToBrowser()

  // With the server's loader results and route errors, the router renders what the server did
  // once the screen's code is loaded; without them it runs the loaders first.
  const router = createRouter({
    routes: createRoutes(),
    context: { api, queryClient, i18n, market, locale },
    hydrationData: boot?.router,
  })
  // Before the first render, or it renders nothing and hydration mismatches (docs/product/platform.md#server-rendering).
  await router.ready
  await yieldToBrowser()

  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient} i18n={i18n} api={api} market={{ market, locale }}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  )
  const container = document.getElementById('root')
  if (!container) throw new Error('no #root element')
  let root!: Root
  if (boot) {
    // As a transition, hydration yields to the browser every few milliseconds instead of holding
    // the main thread for the whole page (on a cheap phone, hundreds of milliseconds during which a
    // tap goes unanswered); the server's HTML is on screen meanwhile (docs/product/platform.md#server-rendering).
    startTransition(() => {
      root = hydrateRoot(container, app)
    })
  } else {
    root = createRoot(container)
    root.render(app)
  }

  // The router has read the address; now the token can leave it (docs/product/shell-and-sessions.md#session-cookie-and-the-address-bar).
  stripSecretParams()
  if ('requestIdleCallback' in window) window.requestIdleCallback(preloadToast)
  else setTimeout(preloadToast, 3000)
  return root
}

/** Ends the current task, so the browser can paint and answer input before the next piece of work. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (scheduler?.yield) return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}
