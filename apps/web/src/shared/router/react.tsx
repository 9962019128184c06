import { Component, createContext, startTransition, use, useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useRef, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react'
import { hrefOf, resolveTo, type Location, type To } from './history'
import type { Params, RouteMatch } from './match'
import type { NavigateOptions, Router, RouterState } from './router'

interface RouteContextValue {
  match: RouteMatch | undefined
  /** What `<Outlet />` renders here: the next matched route. */
  outlet: ReactNode
  error: unknown
}

const RouterContext = createContext<Router | null>(null)
const StateContext = createContext<RouterState | null>(null)
const RouteContext = createContext<RouteContextValue>({ match: undefined, outlet: null, error: undefined })

function useRouter(): Router {
  const router = use(RouterContext)
  if (!router) throw new Error('outside <RouterProvider>')
  return router
}

function useRouterState(): RouterState {
  const state = use(StateContext)
  if (!state) throw new Error('outside <RouterProvider>')
  return state
}

/**
 * Renders the router's matched routes, each inside its parent's `<Outlet />`. The same component
 * renders the server's page and hydrates it in the browser, so both produce the same tree.
 * A change of screen is a transition, as hydration is: React may finish hydrating first.
 */
export function RouterProvider({ router }: { router: Router }) {
  const [state, setState] = useState(router.state)
  useLayoutEffect(() => {
    const update = () => startTransition(() => setState(router.state))
    const unsubscribe = router.subscribe(update)
    // A change between the render and this subscription (a hydration yields to the browser).
    update()
    return unsubscribe
  }, [router])
  if (!state.initialized) return null
  return (
    <RouterContext value={router}>
      <StateContext value={state}>{renderMatches(state)}</StateContext>
    </RouterContext>
  )
}

function renderMatches(state: RouterState): ReactNode {
  const { matches, errors } = state
  const failedAt = errors ? matches.findIndex((m) => m.route.id in errors) : -1
  const shown = failedAt >= 0 ? matches.slice(0, failedAt + 1) : matches
  return shown.reduceRight<ReactNode>((outlet, match, at) => {
    const { Component: Screen, ErrorBoundary } = match.route
    const error = at === failedAt ? errors?.[match.route.id] : undefined
    if (at === failedAt) {
      return <RouteContext value={{ match, outlet: null, error }}>{ErrorBoundary ? <ErrorBoundary /> : <p role="alert">Error</p>}</RouteContext>
    }
    const element = <RouteContext value={{ match, outlet, error: undefined }}>{Screen ? <Screen /> : outlet}</RouteContext>
    if (!ErrorBoundary) return element
    return (
      <RenderErrorBoundary data={state.loaderData} fallback={(thrown) => <RouteContext value={{ match, outlet: null, error: thrown }}>{<ErrorBoundary />}</RouteContext>}>
        {element}
      </RenderErrorBoundary>
    )
  }, null)
}

interface BoundaryProps {
  /** New with every navigation and revalidation: either clears the error. */
  data: unknown
  fallback: (error: unknown) => ReactNode
  children: ReactNode
}

/** A screen that throws while rendering shows its route's error boundary, until the next address or revalidation. */
class RenderErrorBoundary extends Component<BoundaryProps, { error: unknown; data: unknown }> {
  override state = { error: undefined as unknown, data: this.props.data }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; data: unknown }) {
    return props.data === state.data ? null : { error: undefined, data: props.data }
  }

  override render() {
    return this.state.error === undefined ? this.props.children : this.props.fallback(this.state.error)
  }
}

/** Where a child route renders. */
export function Outlet() {
  return use(RouteContext).outlet
}

export function useLocation(): Location {
  return useRouterState().location
}

/** Navigates from the route it is used in; stable while that route's path stays the same. */
export function useNavigate(): (to: To | number, options?: NavigateOptions) => Promise<void> {
  const router = useRouter()
  const from = use(RouteContext).match?.pathname ?? '/'
  return useCallback(
    (to: To | number, options?: NavigateOptions) => {
      if (typeof to === 'number' || (typeof to === 'string' && to.startsWith('/'))) return router.navigate(to, options)
      const { pathname, search, hash } = resolveTo(to, from)
      return router.navigate({ pathname, search, hash }, options)
    },
    [router, from],
  )
}

type SearchInit = URLSearchParams | Record<string, string> | string

/** The address's query, and a setter that navigates to the same path with another query. */
export function useSearchParams(): [URLSearchParams, (next: SearchInit, options?: NavigateOptions) => void] {
  const { search, pathname } = useLocation()
  const navigate = useNavigate()
  const params = useMemo(() => new URLSearchParams(search), [search])
  const setParams = useCallback(
    (next: SearchInit, options?: NavigateOptions) => {
      const query = new URLSearchParams(next).toString()
      void navigate({ pathname, search: query ? `?${query}` : '' }, options)
    },
    [navigate, pathname],
  )
  return [params, setParams]
}

export function useParams(): Params {
  return use(RouteContext).match?.params ?? {}
}

export interface UIMatch {
  id: string
  pathname: string
  params: Params
  handle: unknown
  loaderData: unknown
}

/** Every matched route, root first, with its handle and loader data (page titles read them). */
export function useMatches(): UIMatch[] {
  const { matches, loaderData } = useRouterState()
  return useMemo(
    () => matches.map(({ route, pathname, params }) => ({ id: route.id, pathname, params, handle: route.handle, loaderData: loaderData[route.id] })),
    [matches, loaderData],
  )
}

/** The loader result of the route this is used in. */
export function useLoaderData(): unknown {
  const { loaderData } = useRouterState()
  const id = use(RouteContext).match?.route.id
  return id === undefined ? undefined : loaderData[id]
}

/** In an error boundary: what failed (a loader's error, a screen's render error, or a 404 answer). */
export function useRouteError(): unknown {
  return use(RouteContext).error
}

/** The navigation under way, if any: `loading` with where it goes, until the new screen shows. */
export function useNavigation(): RouterState['navigation'] {
  return useRouterState().navigation
}

export interface Blocker {
  state: 'unblocked' | 'blocked'
  /** Lets the held navigation go on. */
  proceed: () => void
  /** Drops it: the screen stays. */
  reset: () => void
}

const noop = () => undefined

/**
 * Holds every navigation away while `when` is true (a form with unsaved input): the screen asks,
 * then calls `proceed` or `reset`. A held back or forward has already been undone in the history.
 * A function is asked at the moment of each navigation, so a form can let its own navigation after
 * a save go without a render in between.
 */
export function useBlocker(when: boolean | (() => boolean)): Blocker {
  const router = useRouter()
  const [held, setHeld] = useState<(() => void) | null>(null)
  const holds = useEffectEvent(() => (typeof when === 'function' ? when() : when))
  const armed = when !== false
  useEffect(() => (armed ? router.block((proceed) => (holds() ? setHeld(() => proceed) : proceed())) : undefined), [router, armed])
  return useMemo(
    () =>
      held
        ? {
            state: 'blocked',
            proceed: () => {
              setHeld(null)
              held()
            },
            reset: () => setHeld(null),
          }
        : { state: 'unblocked', proceed: noop, reset: noop },
    [held],
  )
}

const SCROLL_KEY = 'router-scroll'

/** Scroll positions by history entry key, kept in the session; read only when needed. */
function scrollPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_KEY) ?? '{}') as Record<string, number>
  } catch {
    return {}
  }
}

function saveScroll(key: string) {
  const saved = scrollPositions()
  saved[key] = window.scrollY
  try {
    sessionStorage.setItem(SCROLL_KEY, JSON.stringify(saved))
  } catch {
    // A full or forbidden storage: no position to return to, the top instead.
  }
}

/**
 * Back and forward return to where the borrower was; a new navigation starts at the top, or at
 * its hash's target. Positions are kept by history entry in the session, so a reload keeps them.
 */
export function ScrollRestoration() {
  const router = useRouter()
  const { location, historyAction } = useRouterState()
  useEffect(() => {
    window.history.scrollRestoration = 'manual'
    let left = router.state.location
    // Called as the router commits a navigation, before the new screen renders: still the old page.
    const unsubscribe = router.subscribe((next) => {
      if (next.location !== left) saveScroll(left.key)
      left = next.location
    })
    const onHide = () => saveScroll(router.state.location.key)
    window.addEventListener('pagehide', onHide, { passive: true })
    return () => {
      unsubscribe()
      window.removeEventListener('pagehide', onHide)
    }
  }, [router])
  const first = useRef(true)
  const shown = useRef(location.pathname)
  useLayoutEffect(() => {
    const samePage = shown.current === location.pathname
    shown.current = location.pathname
    if (first.current) {
      first.current = false
      // Only a reload or a return from another site has a position to restore (the session is read
      // then only); a page opened afresh keeps the browser's own, its hash target included.
      const { type } = (performance.getEntriesByType?.('navigation')[0] ?? {}) as { type?: string }
      const saved = type === 'reload' || type === 'back_forward' ? scrollPositions()[location.key] : undefined
      if (saved !== undefined) window.scrollTo(0, saved)
      return
    }
    // A screen changing its own query (a slider writing the amount into the address) stays put.
    if (historyAction !== 'POP' && samePage && !location.hash) return
    const saved = historyAction === 'POP' ? scrollPositions()[location.key] : undefined
    const target = saved === undefined && location.hash ? document.getElementById(location.hash.slice(1)) : null
    // No value goes back to React from here: whatever a layout effect answers is called on unmount.
    if (target) target.scrollIntoView()
    else window.scrollTo(0, saved ?? 0)
  }, [location, historyAction])
  return null
}

/**
 * While `when` holds, a reload or closing the tab gets the browser's own question (the router's
 * blocker cannot hold those). A function is asked at the moment of leaving.
 */
export function useBeforeUnload(when: boolean | (() => boolean)): void {
  const holds = useEffectEvent(() => (typeof when === 'function' ? when() : when))
  const armed = when !== false
  useEffect(() => {
    if (!armed) return
    const ask = (event: BeforeUnloadEvent) => {
      if (holds()) event.preventDefault()
    }
    window.addEventListener('beforeunload', ask)
    return () => window.removeEventListener('beforeunload', ask)
  }, [armed])
}

/** Runs what leaves this web app (the shell closing it) through a screen's blocker, if one is set. */
export function useLeave(): (run: () => void) => void {
  const router = useRouter()
  return useCallback((run: () => void) => router.leave(run), [router])
}

export function useRevalidator(): { state: 'idle' | 'loading'; revalidate: () => Promise<void> } {
  const router = useRouter()
  const { revalidation } = useRouterState()
  return useMemo(() => ({ state: revalidation, revalidate: () => router.revalidate() }), [router, revalidation])
}

/**
 * Navigates once rendered (a redirect in a route table), and again whenever its target changes: a
 * navigation that started beside it (a screen setting the query) replaces the redirect's, and the
 * redirect, rendered again with the new address, goes on from there.
 */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate()
  const from = use(RouteContext).match?.pathname ?? '/'
  const href = hrefOf(resolveTo(to, from))
  // On the server no effect runs: the page answers a redirect instead (docs/decisions/0024-own-router.md).
  const { redirect } = useRouter()
  redirect?.(href)
  const go = useEffectEvent(() => void (redirect ? undefined : navigate(href, { replace, state })))
  useEffect(() => go(), [href])
  return null
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To
  replace?: boolean
  state?: unknown
  /**
   * `viewport`: a screen's primary action starts loading its screen once it is on view, on a fast
   * connection only, and after the page has loaded. Every link prefetches when pressed.
   */
  prefetch?: 'press' | 'viewport'
}

interface NetworkInformation {
  saveData?: boolean
  effectiveType?: string
}

/** Whether loading ahead is worth the data: a fast connection the borrower did not ask to spare. */
function fastConnection(): boolean {
  const connection = (navigator as { connection?: NetworkInformation }).connection
  return connection !== undefined && !connection.saveData && connection.effectiveType === '4g'
}

/** Calls `run` once `element` is on view, when the page has loaded and the main thread is idle. */
function whenOnView(element: Element, run: () => void): () => void {
  let idle: number | undefined
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return
    observer.disconnect()
    const later = () => (idle = (window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, 200)))(run, { timeout: 3_000 }))
    if (document.readyState === 'complete') later()
    else window.addEventListener('load', later, { once: true })
  })
  observer.observe(element)
  return () => {
    observer.disconnect()
    if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle)
  }
}

/**
 * A link to one of the app's screens: a real `href` (it works before hydration, and opens in a new
 * tab), followed by the router on a plain click, prefetched when pressed (or on view, `prefetch`).
 */
export function Link({ to, replace, state, prefetch: ahead = 'press', onClick, onPointerDown, onTouchStart, target, ...rest }: LinkProps) {
  const navigate = useNavigate()
  const router = useRouter()
  const from = use(RouteContext).match?.pathname ?? '/'
  const href = hrefOf(resolveTo(to, from))
  const anchor = useRef<HTMLAnchorElement>(null)
  useEffect(() => {
    const element = anchor.current
    if (ahead !== 'viewport' || !element || typeof IntersectionObserver === 'undefined' || !fastConnection()) return
    return whenOnView(element, () => void router.prefetch(href))
  }, [ahead, href, router])
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    void navigate(href, { replace, state })
  }
  // A press starts loading the screen and its data, some 100 ms before the click (touch listeners are passive in React).
  const prefetch = () => void router.prefetch(href)
  return (
    <a
      {...rest}
      ref={anchor}
      href={href}
      target={target}
      onClick={follow}
      onPointerDown={(event) => (onPointerDown?.(event), prefetch())}
      onTouchStart={(event) => (onTouchStart?.(event), prefetch())}
    />
  )
}
