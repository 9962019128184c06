/** Where the app is: the address's parts, state handed by the navigation, and the history entry's key. */
export interface Location {
  pathname: string
  search: string
  hash: string
  state: unknown
  /** `default` for the entry the page opened on; each push or replace makes a new one. */
  key: string
}

export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE'

/** An address to go to: a path with its query and hash, or its parts. */
export type To = string | { pathname?: string; search?: string; hash?: string }

/** The address bar's side of the router: the browser's history, or a list in memory for tests. */
export interface History {
  readonly location: Location
  /** The entry's place in the session's history (0 for the page opened on): how far a back or forward went. */
  readonly index: number
  origin: string
  push(location: Location): void
  replace(location: Location): void
  go(delta: number): void
  /** Called after back or forward moved the address (not after push and replace). */
  listen(listener: (location: Location) => void): () => void
}

export const hrefOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>): string => `${location.pathname}${location.search}${location.hash}`

const newKey = (): string => Math.random().toString(36).slice(2, 10)

/**
 * Resolves an address against the path it is written from: an absolute path as it is, a relative
 * one (`orders`, `../list`) from `from`; a missing pathname keeps `from`'s.
 */
export function resolveTo(to: To, from: string, state?: unknown): Location {
  const parts = typeof to === 'string' ? splitHref(to) : { pathname: to.pathname ?? '', search: to.search ?? '', hash: to.hash ?? '' }
  let pathname = parts.pathname
  if (pathname === '') pathname = from
  else if (!pathname.startsWith('/')) {
    const segments = from.split('/').filter(Boolean)
    for (const segment of pathname.split('/')) {
      if (segment === '..') segments.pop()
      else if (segment !== '.' && segment !== '') segments.push(segment)
    }
    pathname = `/${segments.join('/')}`
  }
  const search = parts.search === '?' ? '' : parts.search
  return { pathname, search: search && !search.startsWith('?') ? `?${search}` : search, hash: parts.hash, state: state ?? null, key: newKey() }
}

function splitHref(href: string): { pathname: string; search: string; hash: string } {
  const hashAt = href.indexOf('#')
  const hash = hashAt >= 0 ? href.slice(hashAt) : ''
  const rest = hashAt >= 0 ? href.slice(0, hashAt) : href
  const searchAt = rest.indexOf('?')
  return { pathname: searchAt >= 0 ? rest.slice(0, searchAt) : rest, search: searchAt >= 0 ? rest.slice(searchAt) : '', hash }
}

interface EntryState {
  usr: unknown
  key: string
  idx: number
}

/** The browser's history. The entry's key and state ride in `history.state`, so a reload keeps them. */
export function browserHistory(win: Window = window): History {
  const read = (): Location => {
    const entry = win.history.state as Partial<EntryState> | null
    const { pathname, search, hash } = win.location
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' }
  }
  const index = () => (win.history.state as Partial<EntryState> | null)?.idx ?? 0
  const entry = (location: Location, idx: number): EntryState => ({ usr: location.state, key: location.key, idx })
  return {
    get location() {
      return read()
    },
    get index() {
      return index()
    },
    origin: win.location.origin,
    push: (location) => win.history.pushState(entry(location, index() + 1), '', hrefOf(location)),
    replace: (location) => win.history.replaceState(entry(location, index()), '', hrefOf(location)),
    go: (delta) => win.history.go(delta),
    listen(listener) {
      const onPop = () => listener(read())
      win.addEventListener('popstate', onPop)
      return () => win.removeEventListener('popstate', onPop)
    },
  }
}

/** A history in memory (tests): starts at `initial`, moves as the browser's would. */
export function memoryHistory(initial: string): History {
  const entries: Location[] = [{ ...resolveTo(initial, '/'), key: 'default' }]
  let index = 0
  const listeners = new Set<(location: Location) => void>()
  return {
    get location() {
      return entries[index] as Location
    },
    get index() {
      return index
    },
    origin: 'http://localhost',
    push(location) {
      entries.splice(index + 1, entries.length, location)
      index = entries.length - 1
    },
    replace(location) {
      entries[index] = location
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1)
      if (next === index) return
      index = next
      for (const listener of listeners) listener(entries[index] as Location)
    },
    listen(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
