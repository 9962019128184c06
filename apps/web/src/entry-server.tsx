import { pickSharedParams, SECRET_PARAM_KEYS } from '@kilat/contract'
import { localeFrom, marketFrom, type Locale, type Market } from '@kilat/domain'
import { dehydrate } from '@tanstack/react-query'
import { PassThrough, Writable, type Readable } from 'node:stream'
import { renderToPipeableStream } from 'react-dom/server'
import { bootScript, type BootData } from './app/boot'
import { earlyTapScript } from './app/early-input'
import { fillTemplate, screenAssets, startAfterPaint, styleLinks, type ViteManifest } from './app/html'
import { AppProviders, createQueryClient } from './app/providers'
import { renderPublicPage } from './app/public/render-public'
import { isPublicScreen } from './app/public/screens'
import { createRoutes, NOT_FOUND_ID, type RouteHandle } from './app/routes'
import type { RouteData } from './app/route-module'
import { leafMatch, pageTitle } from './app/title'
import { createApiClient, type Transport } from './shared/api'
import { createTranslator } from './shared/i18n'
import { allResources } from './shared/i18n/all-resources'
import { loadOnServer, matchRoutes, RouterProvider, serializeErrors, staticRouter } from './shared/router'
import { loadDeferredParts } from './shared/ui/deferred-part'

export type { Transport, TransportRequest, TransportResponse } from './shared/api'
export type { ViteManifest } from './app/html'
export { routeTable } from './app/routes'

/** Must match vite.config.ts: Vite writes it where the nonce goes. */
const CSP_NONCE_PLACEHOLDER = '__KILAT_CSP_NONCE__'

/** `Cache-Control` (docs/product/screens.md#caching-of-pages): public pages briefly cacheable, borrower pages never. */
const CACHE_PUBLIC = 'public, max-age=300, stale-while-revalidate=60'
const CACHE_PRIVATE = 'no-store'

export interface RenderInput {
  /** Path and query string of the page. */
  url: string
  /** This request's CSP nonce: on every script element of the page. */
  nonce: string
  /** Decided by the server from the request; derived from the address when absent. */
  locale?: Locale
  market?: Market
  /** index.html: the built one, or the development server's transformed one. */
  template: string
  /** Vite's client build manifest, for the screen's preload links (absent in development). */
  manifest?: ViteManifest
  /** Reaches the API in-process, with the page's cookie. */
  transport: Transport
  signal?: AbortSignal
  onError?: (error: unknown) => void
}

export interface RenderResult {
  status: number
  headers: Record<string, string>
  /** The whole document, streamed; or a public page's HTML whole. */
  body: Readable | string
}

/**
 * The operations console's page (docs/decisions/0015-ops-console.md): rendered in the browser, so
 * the server only puts this request's nonce where Vite's build left the placeholder. Never cached:
 * it is the door to the staff's session.
 */
export function renderOpsPage(input: { template: string; nonce: string }): RenderResult {
  const nonce = input.nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': CACHE_PRIVATE },
    body: input.template.split(CSP_NONCE_PLACEHOLDER).join(nonce),
  }
}

const routes = createRoutes()
const resources = allResources()

/**
 * Renders one page on the server (docs/product/platform.md#server-rendering): runs the matched screens' loaders
 * (the API through the injected transport), then streams the HTML with the dehydrated query cache,
 * the router's loader data and the page's texts in a boot data block.
 */
export async function render(input: RenderInput): Promise<RenderResult> {
  const url = new URL(input.url, 'http://kilat.local')
  const shared = pickSharedParams(url.searchParams)
  const market = input.market ?? marketFrom(shared)
  const locale = input.locale ?? localeFrom(shared, market)

  const i18n = createTranslator({ locale, resources })
  const api = createApiClient({
    transport: input.transport,
    sharedParams: () => shared,
    networkErrorMessage: () => i18n.t('errors.network'),
  })
  const hasSecret = SECRET_PARAM_KEYS.some((key) => url.searchParams.has(key))

  // Public pages are static HTML with their own island, not this app (docs/decisions/0011-public-pages.md).
  const screenId = (matchRoutes(routes, url.pathname)?.at(-1)?.route.handle as RouteHandle | undefined)?.id
  if (screenId && isPublicScreen(screenId)) {
    const page = await renderPublicPage({
      url,
      screen: screenId,
      nonce: input.nonce,
      market,
      locale,
      api,
      translator: (lng) => (lng === locale ? i18n : createTranslator({ locale: lng, resources })),
      manifest: input.manifest,
    })
    return {
      status: page.status,
      headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': page.status === 200 && !hasSecret ? CACHE_PUBLIC : CACHE_PRIVATE },
      body: page.html,
    }
  }

  const queryClient = createQueryClient('server')

  const request = new Request(url.href, { signal: input.signal })
  const loaded = await loadOnServer(routes, request, { api, queryClient, i18n, market, locale, server: true })
  const context = loaded.state

  // The screen's module is loaded now; its deferred parts go into this HTML whole, not streamed after.
  await loadDeferredParts()

  const leaf = leafMatch(context.matches.map((m) => ({ ...m, handle: m.route.handle as RouteHandle | undefined })))
  const handle = leaf?.handle
  const status = handle?.id === NOT_FOUND_ID ? 404 : loaded.status
  const cacheControl = handle?.cache === 'public' && status === 200 && !hasSecret ? CACHE_PUBLIC : CACHE_PRIVATE
  const title = pageTitle(i18n.t, handle, leaf ? (context.loaderData[leaf.route.id] as RouteData | undefined) : undefined)
  const routeFiles = context.matches.flatMap((m) => {
    const file = (m.route.handle as RouteHandle | undefined)?.file
    return file ? [file] : []
  })

  const boot: BootData = {
    locale,
    market,
    texts: i18n.pick(['common', ...context.matches.flatMap((m) => (m.route.handle as RouteHandle | undefined)?.ns ?? [])]),
    queries: dehydrate(queryClient),
    // Only the kind of a failure crosses to the browser, never a message or stack from the server.
    router: { loaderData: context.loaderData, errors: serializeErrors(context.errors) },
  }
  // Built pages start the app after the first paint; the development server's scripts stay as Vite writes them.
  const assets = input.manifest ? screenAssets(input.manifest, routeFiles) : undefined
  const template = assets ? startAfterPaint(input.template, assets.scripts, CSP_NONCE_PLACEHOLDER, assets.entryChunks) : input.template
  const doc = fillTemplate(template, {
    lang: locale,
    title,
    // The taps' holder first: before any stylesheet, which would make an inline script wait for it
    // (docs/product/platform.md#taps-before-hydration).
    head: earlyTapScript(input.nonce) + (assets ? styleLinks(assets.styles) : ''),
    boot: bootScript(boot, input.nonce),
    nonce: input.nonce,
    noncePlaceholder: CSP_NONCE_PLACEHOLDER,
  })

  // A `Navigate` in the page's shell answers a redirect, not an empty page.
  let redirect: string | undefined
  const router = staticRouter(routes, context, (href) => {
    redirect ??= href
  })
  const app = (
    <AppProviders queryClient={queryClient} i18n={i18n} api={api} market={{ market, locale }}>
      <RouterProvider router={router} />
    </AppProviders>
  )

  const body = await new Promise<Readable | undefined>((resolve, reject) => {
    const out = new PassThrough()
    // Forwards React's chunks without letting it end the document: the tail comes after.
    const sink = new Writable({
      write(chunk, _encoding, callback) {
        if (out.write(chunk)) callback()
        else out.once('drain', () => callback())
      },
      final(callback) {
        out.end(doc.tail)
        callback()
      },
    })
    let failed = false
    const stream = renderToPipeableStream(app, {
      nonce: input.nonce,
      onShellReady() {
        if (redirect !== undefined) {
          stream.abort()
          resolve(undefined)
          return
        }
        out.write(doc.head)
        stream.pipe(sink)
        resolve(out)
      },
      onShellError(error) {
        failed = true
        reject(error instanceof Error ? error : new Error(String(error)))
      },
      onError(error) {
        if (!failed) input.onError?.(error)
      },
    })
    input.signal?.addEventListener('abort', () => stream.abort(), { once: true })
  })

  if (!body) {
    // Only our own addresses: a path with the page's shared parameters kept, never another site.
    const location = redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/'
    return { status: 302, headers: { location, 'cache-control': CACHE_PRIVATE }, body: '' }
  }
  return {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl },
    body,
  }
}
