import { browserHistory, hrefOf, memoryHistory, resolveTo, type History, type HistoryAction, type Location, type To } from './history'
import { assignIds, matchRoutes, type RouteDef, type RouteMatch } from './match'

/** A route error that is an answer rather than a fault: today only "no route matches" (404). */
export class RouteErrorResponse {
  constructor(
    readonly status: number,
    readonly statusText: string,
  ) {}
}

export const isRouteErrorResponse = (error: unknown): error is RouteErrorResponse => error instanceof RouteErrorResponse

export interface RouterState<C = unknown> {
  /** False until the first page's screens and data are ready: nothing renders before. */
  initialized: boolean
  location: Location
  historyAction: HistoryAction
  matches: RouteMatch<C>[]
  /** Each matched route's loader result, by route id. */
  loaderData: Record<string, unknown>
  /** A loader's failure, by the id of the route whose error boundary shows it. */
  errors: Record<string, unknown> | null
  /** A navigation under way: the screen on view stays until its code and data are ready. */
  navigation: { state: 'idle'; location?: undefined } | { state: 'loading'; location: Location }
  revalidation: 'idle' | 'loading'
}

/**
 * What the server hands the browser so the first render in the browser is the server's: the
 * loaders' results and their errors (errors as `serializeErrors` writes them).
 */
export interface HydrationData {
  loaderData: Record<string, unknown>
  errors: Record<string, unknown> | null
}

export interface NavigateOptions {
  replace?: boolean
  state?: unknown
}

export interface Router<C = unknown> {
  readonly state: RouterState<C>
  readonly routes: (RouteDef<C> & { id: string })[]
  /** Resolves once the first page is ready to render (or hydrate). */
  readonly ready: Promise<void>
  /** Goes to an address (loading its screen and data first), or back and forward by a number of entries. */
  navigate(to: To | number, options?: NavigateOptions): Promise<void>
  /** Runs the current screen's loaders again (a screen's render error goes with it). */
  revalidate(): Promise<void>
  /**
   * Loads an address's screen code and runs its loaders (they fill the query cache) without going
   * there; once while it runs, and not at all when the borrower asked to save data.
   */
  prefetch(to: To): Promise<void>
  /**
   * Holds every navigation (push, replace, back and forward) while set: `onBlock` receives the held
   * one's `proceed`. Answers the function that lifts the block.
   */
  block(onBlock: (proceed: () => void) => void): () => void
  /**
   * Runs what leaves this web app altogether (the shell closing it) through the block, if one is
   * set: the app shell's back from the first screen asks as a navigation would.
   */
  leave(run: () => void): void
  subscribe(listener: (state: RouterState<C>) => void): () => void
  /** The address to put in a link's `href`. */
  createHref(location: Location): string
  dispose(): void
  /**
   * The server's router only: a `Navigate` rendered on the server tells it where to, and the page
   * answers a redirect there instead of an empty screen.
   */
  readonly redirect?: (href: string) => void
}

export interface RouterOptions<C> {
  routes: RouteDef<C>[]
  context: C
  /** The browser's history by default; a memory history starting at this address for tests. */
  initialEntry?: string
  hydrationData?: HydrationData
}

const lazyLoads = new WeakMap<RouteDef<never>, Promise<void>>()

/** Loads a route's screen code once, and puts it on the route. */
function resolveLazy<C>(route: RouteDef<C>): Promise<void> | undefined {
  const lazy = route.lazy
  if (!lazy) return undefined
  let pending = lazyLoads.get(route as RouteDef<never>)
  if (!pending) {
    pending = lazy().then((parts) => {
      route.Component = parts.Component
      if (parts.ErrorBoundary) route.ErrorBoundary = parts.ErrorBoundary
      route.lazy = undefined
    })
    // A failed download may be tried again by the next navigation.
    pending.catch(() => lazyLoads.delete(route as RouteDef<never>))
    lazyLoads.set(route as RouteDef<never>, pending)
  }
  return pending
}

/** The route whose error boundary shows a failure of `matches[at]`: the nearest at or above it that has one. */
function boundaryOf<C>(matches: RouteMatch<C>[], at: number): string {
  for (let i = at; i >= 0; i--) if (matches[i]?.route.ErrorBoundary) return (matches[i] as RouteMatch<C>).route.id
  return (matches[0] as RouteMatch<C>).route.id
}

interface Loaded {
  matches: RouteMatch<unknown>[]
  loaderData: Record<string, unknown>
  errors: Record<string, unknown> | null
}

/**
 * Matches an address and loads what its screens need: their code, and their loaders' data (only
 * for `run`'s matches; the others keep `previous`'s). A loader's failure goes to its error boundary;
 * no match at all is a 404 at the first route.
 */
async function load<C>(
  routes: (RouteDef<C> & { id: string })[],
  url: URL,
  context: C,
  signal: AbortSignal,
  run: (match: RouteMatch<C>) => boolean,
  previous: Record<string, unknown> = {},
): Promise<Loaded> {
  const found = matchRoutes(routes, url.pathname)
  if (!found) {
    const first = routes[0] as RouteDef<C> & { id: string }
    return { matches: [{ route: first, pathname: '/', params: {} }] as RouteMatch<unknown>[], loaderData: {}, errors: { [first.id]: new RouteErrorResponse(404, 'Not Found') } }
  }
  const request = new Request(url.href, { signal })
  const failures: { at: number; error: unknown }[] = []
  const loaderData: Record<string, unknown> = {}
  await Promise.all(
    found.map(async (match, at) => {
      try {
        const code = resolveLazy(match.route)
        const { loader } = match.route
        if (!loader || !run(match)) {
          await code
          if (match.route.id in previous) loaderData[match.route.id] = previous[match.route.id]
          return
        }
        // A loader runs beside its screen's download, not after it.
        const [, data] = await Promise.all([code, loader({ request, params: match.params, context })])
        // JSON has no undefined: null, so the browser sees the same result the server had.
        loaderData[match.route.id] = data ?? null
      } catch (error) {
        failures.push({ at, error })
      }
    }),
  )
  if (failures.length === 0) return { matches: found as RouteMatch<unknown>[], loaderData, errors: null }
  // The failure nearest the root decides what shows; the screens below its boundary do not render.
  const { at, error } = failures.reduce((a, b) => (b.at < a.at ? b : a))
  const boundary = boundaryOf(found, at)
  const keep = found.findIndex((m) => m.route.id === boundary)
  for (const match of found.slice(keep)) delete loaderData[match.route.id]
  return { matches: found as RouteMatch<unknown>[], loaderData, errors: { [boundary]: error } }
}

/**
 * The router in the browser (or, with `initialEntry`, in memory for tests). Hydration data that
 * covers every matched loader makes the first page render the server's result without running
 * loaders again; the screens' code is loaded first either way.
 */
export function createRouter<C>(options: RouterOptions<C>): Router<C> {
  const routes = assignIds(options.routes)
  const history: History = options.initialEntry === undefined ? browserHistory() : memoryHistory(options.initialEntry)
  const listeners = new Set<(state: RouterState<C>) => void>()
  let state: RouterState<C> = {
    initialized: false,
    location: history.location,
    historyAction: 'POP',
    matches: (matchRoutes(routes, history.location.pathname) ?? []) as RouteMatch<C>[],
    loaderData: {},
    errors: null,
    navigation: { state: 'idle' },
    revalidation: 'idle',
  }
  let current: { id: number; controller: AbortController } | undefined
  let sequence = 0
  const prefetched = new Map<string, Promise<void>>()
  let blocker: ((proceed: () => void) => void) | undefined
  // A back or forward the blocker undid ('restore'), or let through ('pass'): the next pop is ours.
  let pop: 'restore' | 'pass' | undefined

  const set = (next: Partial<RouterState<C>>) => {
    state = { ...state, ...next }
    for (const listener of listeners) listener(state)
  }

  const urlOf = (location: Location) => new URL(hrefOf(location), history.origin)

  /** Loads `location` and shows it; a newer navigation makes this one's result be dropped. */
  async function go(location: Location, action: HistoryAction, how: { revalidate?: boolean; initial?: boolean } = {}): Promise<void> {
    current?.controller.abort()
    const id = ++sequence
    const controller = new AbortController()
    current = { id, controller }
    if (how.revalidate) set({ revalidation: 'loading' })
    else if (!how.initial) set({ navigation: { state: 'loading', location } })
    const before = state
    const samePlace = before.location.pathname === location.pathname && before.location.search === location.search
    // As React Router did: a link to the address on view loads its data again, as a reload would;
    // a move to an anchor of it does not.
    const again = samePlace && location.hash === ''
    const result = await load(routes, urlOf(location), options.context, controller.signal, (match) => {
      if (how.revalidate || how.initial || again) return true
      const was = before.matches.find((m) => m.route.id === match.route.id)
      // A screen's loader runs again when its path or the query changed (the query is its input).
      return !was || was.pathname !== match.pathname || before.location.search !== location.search
    }, before.loaderData)
    if (current?.id !== id) return
    current = undefined
    if (action === 'PUSH') history.push(location)
    else if (action === 'REPLACE') history.replace(location)
    shown = history.index
    set({
      initialized: true,
      location,
      historyAction: how.revalidate ? state.historyAction : action,
      matches: result.matches as RouteMatch<C>[],
      loaderData: result.loaderData,
      errors: result.errors,
      navigation: { state: 'idle' },
      revalidation: 'idle',
    })
  }

  function hydrate(data: HydrationData): Promise<void> | undefined {
    const covered = state.matches.every((m) => !m.route.loader || m.route.id in data.loaderData || (data.errors && Object.keys(data.errors).length > 0))
    if (!covered || state.matches.length === 0) return undefined
    const errors = data.errors ? reviveErrors(data.errors) : null
    return Promise.all(state.matches.map((m) => resolveLazy(m.route))).then(() => {
      if (sequence === 0) set({ initialized: true, loaderData: data.loaderData, errors })
    })
  }

  // The history entry on view, to know how far a back or forward went (several steps from the
  // browser's menu): a held one is undone by as many and done again by as many on proceed.
  let shown = history.index
  const unlisten = history.listen((location) => {
    const was = pop
    pop = undefined
    const delta = shown - history.index
    if (was === 'restore') return
    // (An in-page anchor's own entry has no place of ours: it moves without asking.)
    if (blocker && was !== 'pass' && delta !== 0) {
      pop = 'restore'
      history.go(delta)
      blocker(() => {
        pop = 'pass'
        history.go(-delta)
      })
      return
    }
    shown = history.index
    void go(location, 'POP')
  })
  const ready = (options.hydrationData && hydrate(options.hydrationData)) || go(history.location, 'POP', { initial: true })

  return {
    get state() {
      return state
    },
    routes,
    ready,
    navigate(to, navigateOptions = {}) {
      if (typeof to === 'number') {
        history.go(to)
        return Promise.resolve()
      }
      const location = resolveTo(to, state.location.pathname, navigateOptions.state)
      // Going to the address on view replaces its entry, as a link to the same page does in a browser.
      const replace = navigateOptions.replace ?? hrefOf(location) === hrefOf(state.location)
      const action = replace ? 'REPLACE' : 'PUSH'
      if (!blocker) return go(location, action)
      blocker(() => void go(location, action))
      return Promise.resolve()
    },
    revalidate: () => go(state.location, state.historyAction, { revalidate: true }),
    prefetch(to) {
      if ((navigator as { connection?: { saveData?: boolean } }).connection?.saveData) return Promise.resolve()
      const url = urlOf(resolveTo(to, state.location.pathname))
      const key = url.pathname + url.search
      let pending = prefetched.get(key)
      if (!pending) {
        // Once at a time per address (a press fires pointerdown and touchstart); later the query
        // cache decides whether the loaders' data is still fresh, and the code is loaded once anyway.
        // a prefetch that fails is forgotten: the navigation itself loads again and shows the failure
        pending = load(routes, url, options.context, new AbortController().signal, () => true)
          .then(() => undefined, () => undefined)
          .finally(() => void prefetched.delete(key))
        prefetched.set(key, pending)
      }
      return pending
    },
    leave(run) {
      if (!blocker) return run()
      blocker(() => {
        // The borrower chose to leave: what leaving does (the shell closing the page, or in a
        // browser going back) is not asked about again.
        blocker = undefined
        run()
      })
    },
    block(onBlock) {
      blocker = onBlock
      return () => {
        if (blocker === onBlock) blocker = undefined
      }
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    createHref: hrefOf,
    dispose() {
      unlisten()
      current?.controller.abort()
      listeners.clear()
    },
  }
}

/**
 * Runs the loaders of an address on the server, for its first HTML: every matched screen's code
 * and data, with the HTTP status (404 when no route matches, 500 when a loader failed, else 200).
 */
export async function loadOnServer<C>(
  routes: RouteDef<C>[],
  request: Request,
  context: C,
): Promise<{ state: RouterState<C>; status: number }> {
  const table = assignIds(routes)
  const url = new URL(request.url)
  const result = await load(table, url, context, request.signal, () => true)
  const error = result.errors ? Object.values(result.errors)[0] : undefined
  const status = error === undefined ? 200 : isRouteErrorResponse(error) ? error.status : 500
  const location: Location = { pathname: url.pathname, search: url.search, hash: '', state: null, key: 'default' }
  return {
    status,
    state: {
      initialized: true,
      location,
      historyAction: 'POP',
      matches: result.matches as RouteMatch<C>[],
      loaderData: result.loaderData,
      errors: result.errors,
      navigation: { state: 'idle' },
      revalidation: 'idle',
    },
  }
}

/**
 * A router that only shows one state: the server's render of a page. `onRedirect` hears where a
 * `Navigate` rendered on the server goes.
 */
export function staticRouter<C>(routes: RouteDef<C>[], state: RouterState<C>, onRedirect?: (href: string) => void): Router<C> {
  const refuse = () => Promise.reject(new Error('the server does not navigate'))
  return {
    state,
    routes: assignIds(routes),
    ready: Promise.resolve(),
    navigate: refuse,
    revalidate: refuse,
    prefetch: () => Promise.resolve(),
    block: () => () => undefined,
    leave: (run) => run(),
    subscribe: () => () => undefined,
    createHref: hrefOf,
    dispose: () => undefined,
    redirect: onRedirect,
  }
}

/**
 * Route errors as they may cross to the browser: a 404 as what it is, any other failure as its
 * kind only, never a message or stack from the server.
 */
export function serializeErrors(errors: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!errors) return null
  const out: Record<string, unknown> = {}
  for (const [id, error] of Object.entries(errors)) {
    out[id] = isRouteErrorResponse(error) ? { __type: 'RouteErrorResponse', status: error.status, statusText: error.statusText } : { __type: 'Error', message: 'render failed' }
  }
  return out
}

/** The browser's side of `serializeErrors`. */
export function reviveErrors(errors: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [id, value] of Object.entries(errors)) {
    const error = value as { __type?: string; status?: number; statusText?: string; message?: string }
    out[id] = error.__type === 'RouteErrorResponse' ? new RouteErrorResponse(error.status ?? 500, error.statusText ?? '') : new Error(error.message ?? 'render failed')
  }
  return out
}
