import type { ComponentType } from 'react'
import type { ScreenLoaderArgs } from '../shared/router-context'

/**
 * What a feature's `*.route.ts` exports: the screen, and optionally its loader (kept in a `*.data.ts`
 * file so Fast Refresh keeps working) and an error boundary.
 *
 * A loader prefetches the screen's queries into the query client of the loader's `context` and returns
 * little: `null`, or facts the first render needs (for example `{ title }` for a title built from
 * data, or `{ session: 'expired' }` when the API refused the session).
 */
export interface RouteModule {
  Component: ComponentType
  loader?: (args: ScreenLoaderArgs) => Promise<RouteData> | RouteData
  ErrorBoundary?: ComponentType
}

export type RouteData = ({ title?: string } & Record<string, unknown>) | null
