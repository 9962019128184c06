import { hashKey, useQueryClient, type FetchQueryOptions, type QueryClient, type QueryFunction, type QueryKey, type SkipToken, type UseQueryOptions } from '@tanstack/react-query'
import { useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react'
import { useLoaderData, useRevalidator } from '../router'
import { isApiError, isSessionError } from './errors'

/**
 * How a screen's loader went, in its loader data: nothing on success (the data is in the query
 * cache), or why the screen cannot show its data. `missing`: the address lacks what the screen needs.
 */
export interface ScreenLoad {
  title?: string
  failed?: 'session' | 'error' | 'missing'
  /** The server's message for `error` (already in the borrower's language). */
  message?: string
  /** A lost connection or a server fault may pass; "not found" will not. */
  retryable?: boolean
}

/** Any `queryOptions(...)`: each keeps its own data type, which a loader does not need. */
type AnyQueryOptions = { queryKey: QueryKey }
type LooseFetch = FetchQueryOptions

function failureOf(error: unknown): ScreenLoad {
  if (isSessionError(error)) return { failed: 'session' }
  if (!isApiError(error)) return { failed: 'error', retryable: true }
  return { failed: 'error', message: error.message, retryable: error.status === 0 || error.status >= 500 }
}

/**
 * A screen's loader body. On the server it waits for every query, so the first HTML carries the
 * data; a failure becomes a state the screen renders (a refused session must never reach the
 * browser as an error it retries). In the browser it only starts what is missing or stale and
 * returns at once: the new screen shows its skeleton instead of the old one freezing on a slow
 * network. `main`'s data, when already known, gives `title` through `titleOf`.
 */
export async function loadScreen<T, K extends QueryKey>(
  { queryClient, server }: { queryClient: QueryClient; server?: boolean },
  main: UseQueryOptions<T, Error, T, K>,
  options: { also?: AnyQueryOptions[]; titleOf?: (data: T) => string } = {},
): Promise<ScreenLoad> {
  const all = [main, ...(options.also ?? [])] as unknown as LooseFetch[]
  const titled = (data: T | undefined): ScreenLoad => (data !== undefined && options.titleOf ? { title: options.titleOf(data) } : {})
  if (!server) {
    for (const query of all) void queryClient.prefetchQuery(query)
    return titled(queryClient.getQueryData<T>(main.queryKey))
  }
  try {
    const [data] = await Promise.all(all.map((query) => queryClient.fetchQuery(query)))
    return titled(data as T)
  } catch (error) {
    return failureOf(error)
  }
}

export type ScreenState<T> =
  | { status: 'ready'; data: T }
  | { status: 'loading' }
  | { status: 'session' }
  | { status: 'error'; message?: string; retryable?: boolean }
  | { status: 'missing' }

/** What a screen asks of its query: the key and function of a `queryOptions(...)`, and optionally what to show meanwhile. */
export interface ScreenQueryOptions<T, K extends QueryKey> {
  queryKey: K
  queryFn?: QueryFunction<T, K> | SkipToken
  /** What to show while this key's answer loads, from the answer this screen showed last. */
  meanwhile?: (previous: T | undefined) => T | undefined
}

/**
 * The screen's side of `loadScreen`: its data, or the state to show instead, and a retry that asks
 * again only when the borrower presses it. A failure found on the server stays a failure after
 * hydration (the browser has no copy of the failed query and must not quietly fetch it again).
 * `updating`: the data shown is the previous answer (`meanwhile`) while the next one loads.
 *
 * It watches the query in the cache rather than through TanStack Query's `useQuery`: loaders start
 * every fetch, so a screen only needs to see the query's state, and `useQuery`'s observer was 2.9 KiB
 * of every borrower screen's first load (docs/product/platform.md#rendering-and-speed). A query
 * the cache drops while the screen shows it (after its gc time) is fetched again.
 */
export function useScreenQuery<T, K extends QueryKey>(options: ScreenQueryOptions<T, K>): { state: ScreenState<T>; retry: () => void; updating: boolean } {
  const load = (useLoaderData() ?? {}) as ScreenLoad
  const revalidator = useRevalidator()
  const queryClient = useQueryClient()
  const enabled = load.failed === undefined
  const hash = hashKey(options.queryKey)

  const subscribe = useCallback(
    (changed: () => void) =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) changed()
      }),
    [queryClient, hash],
  )
  const snapshot = () => queryClient.getQueryCache().get<T, Error>(hash)?.state
  const query = useSyncExternalStore(subscribe, snapshot, snapshot)

  // Loaders start the fetch; this covers a query the cache dropped while the screen showed it.
  const missing = query === undefined
  const fetchMissing = useEffectEvent(() => void queryClient.prefetchQuery(options as FetchQueryOptions))
  useEffect(() => {
    if (enabled && missing) fetchMissing()
  }, [enabled, missing, hash])

  // The last answer this screen showed, for `meanwhile` (kept as React keeps values from earlier renders).
  const data = query?.data
  const [shown, setShown] = useState<T | undefined>(undefined)
  if (data !== undefined && data !== shown) setShown(data)
  const placeholder = data === undefined ? options.meanwhile?.(shown) : undefined

  const retry = () => {
    if (load.failed) void revalidator.revalidate()
    else void queryClient.fetchQuery(options as FetchQueryOptions).catch(() => undefined)
  }
  let state: ScreenState<T>
  const fetching = query?.fetchStatus === 'fetching'
  if (data !== undefined) state = { status: 'ready', data }
  else if (placeholder !== undefined) state = { status: 'ready', data: placeholder }
  else if (load.failed && revalidator.state === 'loading') state = { status: 'loading' }
  else if (load.failed === 'error') state = { status: 'error', message: load.message, retryable: load.retryable }
  else if (load.failed) state = { status: load.failed }
  else if (query?.status === 'error' && !fetching) {
    const { message, retryable } = failureOf(query.error)
    state = isSessionError(query.error) ? { status: 'session' } : { status: 'error', message, retryable }
  } else state = { status: 'loading' }
  return { state, retry, updating: placeholder !== undefined }
}
