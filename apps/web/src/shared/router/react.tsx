import { Component, createContext, startTransition, use, useCallback, useEffect, useEffectEvent, useLayoutEffect, useMemo, useState, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react'
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
      <RenderErrorBoundary location={state.location} fallback={(thrown) => <RouteContext value={{ match, outlet: null, error: thrown }}>{<ErrorBoundary />}</RouteContext>}>
        {element}
      </RenderErrorBoundary>
    )
  }, null)
}

interface BoundaryProps {
  location: Location
  fallback: (error: unknown) => ReactNode
  children: ReactNode
}

/** A screen that throws while rendering shows its route's error boundary, until the next address. */
class RenderErrorBoundary extends Component<BoundaryProps, { error: unknown; location: Location }> {
  override state = { error: undefined as unknown, location: this.props.location }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; location: Location }) {
    return props.location === state.location ? null : { error: undefined, location: props.location }
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
  const go = useEffectEvent(() => void navigate(href, { replace, state }))
  useEffect(() => go(), [href])
  return null
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To
  replace?: boolean
  state?: unknown
}

/**
 * A link to one of the app's screens: a real `href` (it works before hydration, and opens in a new
 * tab), followed by the router on a plain click.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate()
  const from = use(RouteContext).match?.pathname ?? '/'
  const href = hrefOf(resolveTo(to, from))
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self')) return
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
    event.preventDefault()
    void navigate(href, { replace, state })
  }
  return <a {...rest} href={href} target={target} onClick={follow} />
}
