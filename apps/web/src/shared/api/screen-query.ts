import { useQuery, type FetchQueryOptions, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import { useLoaderData, useRevalidator } from 'react-router'
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

/**
 * The screen's side of `loadScreen`: its data, or the state to show instead, and a retry that asks
 * again only when the borrower presses it. A failure found on the server stays a failure after
 * hydration (the browser has no copy of the failed query and must not quietly fetch it again).
 * `updating`: the data shown is the previous answer (`placeholderData`) while the next one loads.
 */
export function useScreenQuery<T, K extends QueryKey>(
  options: UseQueryOptions<T, Error, T, K>,
): { state: ScreenState<T>; retry: () => void; updating: boolean } {
  const load = (useLoaderData() ?? {}) as ScreenLoad
  const revalidator = useRevalidator()
  const query = useQuery({ ...options, enabled: load.failed === undefined, retryOnMount: false })
  const retry = () => {
    if (load.failed) void revalidator.revalidate()
    else void query.refetch()
  }
  let state: ScreenState<T>
  if (query.data !== undefined) state = { status: 'ready', data: query.data }
  else if (load.failed && revalidator.state === 'loading') state = { status: 'loading' }
  else if (load.failed === 'error') state = { status: 'error', message: load.message, retryable: load.retryable }
  else if (load.failed) state = { status: load.failed }
  else if (query.isError && !query.isFetching) {
    const { message, retryable } = failureOf(query.error)
    state = isSessionError(query.error) ? { status: 'session' } : { status: 'error', message, retryable }
  } else state = { status: 'loading' }
  return { state, retry, updating: query.isPlaceholderData }
}
