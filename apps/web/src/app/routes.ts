import type { Namespace } from '../shared/i18n'
import type { AppLoadContext, ScreenLoaderArgs } from '../shared/router-context'
import type { RouteDef } from '../shared/router'
import { SCREEN_PATHS, type ScreenId } from '../shared/screens'
import { ISLAND_FILES } from './public/islands'
import { PUBLIC_SCREENS, isPublicScreen } from './public/screens'
import { Root, RootErrorBoundary } from './root'
import type { RouteData, RouteModule } from './route-module'

/**
 * `public`: the same HTML for everyone, cacheable for a short while (marketing and static pages,
 * docs/product/screens.md#caching-of-pages); `private`: a borrower's screen, never cached.
 */
export type CachePolicy = 'public' | 'private'

export interface ScreenDef {
  /** Route id, and the key of its title in `common:routes`. */
  id: ScreenId | typeof NOT_FOUND_ID
  /** Feature route module: `<feature>/<name>` for `src/features/<feature>/<name>.route.ts`. */
  module: string
  cache: CachePolicy
  /** Text namespaces beyond `common`. */
  ns?: Namespace[]
}

export interface RouteHandle {
  id: string
  cache: CachePolicy
  ns: Namespace[]
  /** The route module's source path as Vite's build manifest names it (for preload links). */
  file: string
}

export const NOT_FOUND_ID = 'notFound'

function pathOf(id: ScreenDef['id']): string {
  if (id === NOT_FOUND_ID) return '*'
  return SCREEN_PATHS[id as ScreenId]
}

const comingSoon = 'coming-soon/coming-soon'
/**
 * A public page (docs/decisions/0011-public-pages.md): static HTML from the server with its own
 * small island, never this app. Its module is not used; a link to it from a screen loads the document.
 */
const publicPage = (id: ScreenId): ScreenDef => ({ id, module: comingSoon, cache: 'public' })
const unbuilt = (id: ScreenId, cache: CachePolicy = 'private'): ScreenDef => ({ id, module: comingSoon, cache })

/** Every screen of the product, in the order of `SCREEN_PATHS` (web-only ones after the borrower screens); unbuilt ones show "coming soon". */
export const SCREENS: readonly ScreenDef[] = [
  publicPage('home'),
  publicPage('policy'),
  publicPage('loan'),
  publicPage('about'),
  publicPage('user'),
  publicPage('contact'),
  { id: 'testPreview', module: 'test-preview/test-preview', cache: 'private', ns: ['testPreview'] },
  { id: 'relevant', module: 'products/relevant', cache: 'private', ns: ['products'] },
  { id: 'loanConfirm', module: 'loans/loan-confirm', cache: 'private', ns: ['loans'] },
  { id: 'loanDetail', module: 'loans/loan-detail', cache: 'private', ns: ['loans'] },
  // An agreement reads like a public page but is filled with the borrower's loan.
  { id: 'contract', module: 'loans/contract', cache: 'private', ns: ['loans'] },
  { id: 'jointLoginFailure', module: 'products/joint-login-failure', cache: 'private', ns: ['products'] },
  { id: 'individual', module: 'repayment/individual', cache: 'private', ns: ['repayment'] },
  { id: 'that', module: 'repayment/that', cache: 'private', ns: ['repayment'] },
  { id: 'installments', module: 'repayment/installments', cache: 'private', ns: ['repayment'] },
  { id: 'repayDelay', module: 'repayment/repay-delay', cache: 'private', ns: ['repayment'] },
  { id: 'repayCard', module: 'repayment/repay-card', cache: 'private', ns: ['repayment'] },
  { id: 'bindBank', module: 'repayment/bind-bank', cache: 'private', ns: ['repayment'] },
  { id: 'repaymentInstructions', module: 'repayment/repayment-instructions', cache: 'private', ns: ['repayment'] },
  { id: 'complaint', module: 'complaints/complaint-start', cache: 'private', ns: ['complaints'] },
  { id: 'complainPageNext', module: 'complaints/complaint-form', cache: 'private', ns: ['complaints'] },
  { id: 'complaintList', module: 'complaints/complaint-list', cache: 'private', ns: ['complaints'] },
  { id: 'complainDetails', module: 'complaints/complaint-detail', cache: 'private', ns: ['complaints'] },
  { id: 'complainNewPage', module: 'complaints/complaint-help', cache: 'private', ns: ['complaints'] },
  { id: 'intelligentCustomerService', module: 'chatbot/chatbot', cache: 'private', ns: ['complaints'] },
  { id: 'customerService', module: 'customer-service/customer-service', cache: 'private', ns: ['complaints'] },
  { id: 'payoutAccount', module: 'payout-account/payout-account', cache: 'private', ns: ['payoutAccount'] },
  publicPage('aboutUs'),
  publicPage('privacyPolicy'),
  publicPage('privacy'),
  publicPage('loanTerms'),
  // Promotion landing; its #/downloadTemplate and #/agreementTemplate views come with the screen.
  publicPage('register'),
  unbuilt('error'),
  { id: NOT_FOUND_ID, module: 'not-found/not-found', cache: 'private' },
]

// Keys relative to the features folder: every key is in the entry chunk, on every route's first load.
const routeModules = import.meta.glob<RouteModule>('../features/*/*.route.ts', { base: '../features' })

function moduleLoader(module: string): () => Promise<RouteModule> {
  const load = routeModules[`./${module}.route.ts`]
  if (!load) throw new Error(`route module not found: ${module}`)
  return load
}

/**
 * A public page reached from a screen of this app (a home link, the shell bridge's fallback): the
 * browser loads its document, since this app has no code for it. The navigation stays pending
 * meanwhile, so the screen the borrower left stays on view.
 */
function leaveForDocument({ request }: ScreenLoaderArgs): Promise<never> {
  window.location.assign(request.url)
  return new Promise<never>(() => {})
}

function toRoute(screen: ScreenDef): RouteDef<AppLoadContext> {
  if (isPublicScreen(screen.id)) {
    const handle: RouteHandle = { id: screen.id, cache: screen.cache, ns: [], file: '' }
    return { id: screen.id, path: SCREEN_PATHS[screen.id], handle, loader: leaveForDocument, Component: () => null }
  }
  const load = moduleLoader(screen.module)
  const handle: RouteHandle = {
    id: screen.id,
    cache: screen.cache,
    ns: screen.ns ?? [],
    file: `src/features/${screen.module}.route.ts`,
  }
  return {
    id: screen.id,
    path: pathOf(screen.id),
    handle,
    // Static, so it runs in parallel with the module download and loads the screen's texts first.
    loader: async (args: ScreenLoaderArgs): Promise<RouteData> => {
      const { i18n } = args.context
      const [mod] = await Promise.all([load(), i18n.loadNamespaces(['common', ...handle.ns])])
      return mod.loader ? await mod.loader(args) : null
    },
    lazy: async () => {
      const { Component, ErrorBoundary } = await load()
      return { Component, ErrorBoundary }
    },
  }
}

/** The route tree: the app shell at the root, one child per screen. Fresh objects on every call. */
export function createRoutes(): RouteDef<AppLoadContext>[] {
  // Nothing renders while a first client-only load runs loaders: the server-rendered page stays.
  return [{ id: 'root', Component: Root, ErrorBoundary: RootErrorBoundary, children: SCREENS.map(toRoute) }]
}

export interface RouteTableRow {
  id: string
  path: string
  /**
   * What the page loads first, as the build manifest names it: a screen's route module (with the
   * app's entry), or a public page's island alone; null for a public page with no script.
   */
  file: string | null
  /** A public page: its own first-load budget, without the app (docs/decisions/0011-public-pages.md). */
  public: boolean
}

/** Each screen's path and route module file, for tools (the size budget check reads it from the build). */
export function routeTable(): RouteTableRow[] {
  return SCREENS.map((screen) => {
    const path = pathOf(screen.id)
    if (isPublicScreen(screen.id)) {
      const island = PUBLIC_SCREENS[screen.id]
      return { id: screen.id, path, file: island ? ISLAND_FILES[island] : null, public: true }
    }
    return { id: screen.id, path, file: `src/features/${screen.module}.route.ts`, public: false }
  })
}
