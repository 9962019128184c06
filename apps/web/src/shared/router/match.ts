import type { ComponentType } from 'react'

/** The parameters a path gave: `:name` segments, and `*` for the rest of a splat. */
export type Params = Record<string, string>

export interface LoaderArgs<C> {
  /** The address being loaded, and its signal: aborted when another navigation replaces this one. */
  request: Request
  params: Params
  /** Whatever the router was created with: the app's API client, query cache, texts. */
  context: C
}

/** What a route's `lazy` resolves to: its screen, and optionally the screen's own error boundary. */
export interface LazyParts {
  Component: ComponentType
  ErrorBoundary?: ComponentType | undefined
}

/**
 * One route of a table. `path` is relative to its parent (or absolute, starting with `/`); a route
 * without a path and without `index` is a layout that matches through its children only; `*`
 * matches the rest of the address.
 */
export interface RouteDef<C = unknown> {
  /** Unique in the table; given from the route's position when absent. */
  id?: string
  path?: string
  index?: boolean
  handle?: unknown
  loader?(args: LoaderArgs<C>): unknown
  /** Loads the screen's code: before the first render of a page, and as part of a navigation. */
  lazy?: () => Promise<LazyParts>
  Component?: ComponentType
  ErrorBoundary?: ComponentType
  children?: RouteDef<C>[]
}

export interface RouteMatch<C = unknown> {
  route: RouteDef<C> & { id: string }
  /** The part of the address this route matched. */
  pathname: string
  params: Params
}

interface Branch<C> {
  routes: (RouteDef<C> & { id: string })[]
  score: number
}

/** Gives every route an id (its position, `0-2-1`, when it has none). Changes the routes in place. */
export function assignIds<C>(routes: RouteDef<C>[], parent = ''): (RouteDef<C> & { id: string })[] {
  routes.forEach((route, index) => {
    route.id ??= parent ? `${parent}-${index}` : String(index)
    if (route.children) assignIds(route.children, route.id)
  })
  return routes as (RouteDef<C> & { id: string })[]
}

const segmentsOf = (path: string): string[] => path.split('/').filter((s) => s !== '')

/**
 * How specific a path is, as React Router ranks them, so a table's order does not decide between
 * `/orders/:id` and `/orders/*`: a fixed segment counts most, then a parameter, an index route a
 * little; a splat loses points.
 */
function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0)
  if (segments.includes('*')) score -= 2
  for (const segment of segments) if (segment !== '*') score += segment.startsWith(':') ? 3 : 10
  return score
}

function branchesOf<C>(routes: (RouteDef<C> & { id: string })[], parents: (RouteDef<C> & { id: string })[] = [], out: Branch<C>[] = []): Branch<C>[] {
  for (const route of routes) {
    const line = [...parents, route]
    if (route.children?.length) branchesOf(route.children as (RouteDef<C> & { id: string })[], line, out)
    if (route.path === undefined && !route.index) continue
    const segments = line.flatMap((r) => segmentsOf(r.path ?? ''))
    out.push({ routes: line, score: scoreOf(segments, route.index === true) })
  }
  return out
}

const branchCache = new WeakMap<object, Branch<unknown>[]>()

function rankedBranches<C>(routes: RouteDef<C>[]): Branch<C>[] {
  let branches = branchCache.get(routes) as Branch<C>[] | undefined
  if (!branches) {
    // Stable: equal scores keep the table's order.
    branches = branchesOf(assignIds(routes)).sort((a, b) => b.score - a.score)
    branchCache.set(routes, branches as Branch<unknown>[])
  }
  return branches
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function matchBranch<C>(branch: Branch<C>, parts: string[]): RouteMatch<C>[] | null {
  const params: Params = {}
  const matches: RouteMatch<C>[] = []
  let at = 0
  for (const route of branch.routes) {
    for (const segment of segmentsOf(route.path ?? '')) {
      if (segment === '*') {
        params['*'] = parts.slice(at).map(decode).join('/')
        at = parts.length
        break
      }
      const part = parts[at]
      if (part === undefined) return null
      if (segment.startsWith(':')) params[segment.slice(1)] = decode(part)
      // Addresses are matched without regard to case, as before (`/Policy` and `/policy`).
      else if (segment.toLowerCase() !== decode(part).toLowerCase()) return null
      at++
    }
    matches.push({ route, pathname: `/${parts.slice(0, at).join('/')}`, params })
  }
  return at === parts.length ? matches : null
}

/** The routes an address's path matches, root first; null when none does. */
export function matchRoutes<C>(routes: RouteDef<C>[], pathname: string): RouteMatch<C>[] | null {
  const parts = segmentsOf(pathname)
  for (const branch of rankedBranches(routes)) {
    const matches = matchBranch(branch, parts)
    if (matches) return matches
  }
  return null
}
