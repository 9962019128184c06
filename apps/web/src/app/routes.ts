import type { LoaderFunctionArgs, RouteObject } from 'react-router'
import type { Namespace } from '../shared/i18n'
import { appContext } from '../shared/router-context'
import { SCREEN_PATHS, type ScreenId } from '../shared/screens'
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
  /** Marketing screens show the market's text-set claims while they are not built. */
  marketing?: boolean
}

export interface RouteHandle {
  id: string
  cache: CachePolicy
  ns: Namespace[]
  marketing: boolean
  /** The route module's source path as Vite's build manifest names it (for preload links). */
  file: string
}

export const NOT_FOUND_ID = 'notFound'

const comingSoon = 'coming-soon/coming-soon'
const marketing = (id: ScreenId): ScreenDef => ({ id, module: comingSoon, cache: 'public', marketing: true })
const unbuilt = (id: ScreenId, cache: CachePolicy = 'private'): ScreenDef => ({ id, module: comingSoon, cache })

/** Every screen of the product, in the order of `SCREEN_PATHS`; unbuilt ones show "coming soon". */
export const SCREENS: readonly ScreenDef[] = [
  marketing('home'),
  marketing('policy'),
  marketing('loan'),
  marketing('about'),
  marketing('user'),
  marketing('contact'),
  { id: 'testPreview', module: 'test-preview/test-preview', cache: 'private', ns: ['testPreview'] },
  { id: 'relevant', module: 'products/relevant', cache: 'private', ns: ['products'] },
  { id: 'loanConfirm', module: 'loans/loan-confirm', cache: 'private', ns: ['loans'] },
  { id: 'loanDetail', module: 'loans/loan-detail', cache: 'private', ns: ['loans'] },
  // An agreement reads like a public page but is filled with the borrower's loan.
  { id: 'contract', module: 'loans/contract', cache: 'private', ns: ['loans'] },
  { id: 'jointLoginFailure', module: 'products/joint-login-failure', cache: 'private', ns: ['products'] },
  unbuilt('individual'),
  unbuilt('that'),
  unbuilt('installments'),
  unbuilt('repayDelay'),
  unbuilt('repayCard'),
  unbuilt('bindBank'),
  unbuilt('repaymentInstructions'),
  { id: 'complaint', module: 'complaints/complaint-start', cache: 'private', ns: ['complaints'] },
  { id: 'complainPageNext', module: 'complaints/complaint-form', cache: 'private', ns: ['complaints'] },
  { id: 'complaintList', module: 'complaints/complaint-list', cache: 'private', ns: ['complaints'] },
  { id: 'complainDetails', module: 'complaints/complaint-detail', cache: 'private', ns: ['complaints'] },
  { id: 'complainNewPage', module: 'complaints/complaint-help', cache: 'private', ns: ['complaints'] },
  { id: 'intelligentCustomerService', module: 'chatbot/chatbot', cache: 'private', ns: ['complaints'] },
  { id: 'customerService', module: 'customer-service/customer-service', cache: 'private', ns: ['complaints'] },
  unbuilt('aboutUs', 'public'),
  unbuilt('privacyPolicy', 'public'),
  unbuilt('privacy', 'public'),
  unbuilt('loanTerms', 'public'),
  // Promotion landing; its #/downloadTemplate and #/agreementTemplate views come with the screen.
  unbuilt('register', 'public'),
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

function toRoute(screen: ScreenDef): RouteObject {
  const load = moduleLoader(screen.module)
  const handle: RouteHandle = {
    id: screen.id,
    cache: screen.cache,
    ns: screen.ns ?? [],
    marketing: screen.marketing ?? false,
    file: `src/features/${screen.module}.route.ts`,
  }
  return {
    id: screen.id,
    path: screen.id === NOT_FOUND_ID ? '*' : SCREEN_PATHS[screen.id],
    handle,
    // Static, so it runs in parallel with the module download and loads the screen's texts first.
    loader: async (args: LoaderFunctionArgs): Promise<RouteData> => {
      const { i18n } = args.context.get(appContext)
      const [mod] = await Promise.all([load(), i18n.loadNamespaces(['common', ...handle.ns])])
      return mod.loader ? await mod.loader(args) : null
    },
    lazy: async () => {
      const mod = await load()
      return mod.ErrorBoundary ? { Component: mod.Component, ErrorBoundary: mod.ErrorBoundary } : { Component: mod.Component }
    },
  }
}

/** The route tree: the app shell at the root, one child per screen. Fresh objects on every call. */
export function createRoutes(): RouteObject[] {
  // No fallback to show while a first client-only load runs loaders: the server-rendered page stays.
  return [{ id: 'root', Component: Root, ErrorBoundary: RootErrorBoundary, HydrateFallback: () => null, children: SCREENS.map(toRoute) }]
}

/** Each screen's path and route module file, for tools (the size budget check reads it from the build). */
export function routeTable(): { id: string; path: string; file: string }[] {
  return SCREENS.map((screen) => ({
    id: screen.id,
    path: screen.id === NOT_FOUND_ID ? '*' : SCREEN_PATHS[screen.id],
    file: `src/features/${screen.module}.route.ts`,
  }))
}

/**
 * Loads the lazy parts of the routes a location matches. The browser must do this before creating
 * its router, or the router starts uninitialized and hydration mismatches (docs/product/platform.md#server-rendering).
 */
export async function resolveLazyRoutes(matches: readonly { route: RouteObject }[]): Promise<void> {
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return
      const resolved = await route.lazy()
      Object.assign(route, resolved)
      route.lazy = undefined
    }),
  )
}
