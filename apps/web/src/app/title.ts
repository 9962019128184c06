import type { TFunction } from '../shared/i18n'
import type { RouteData } from './route-module'
import type { RouteHandle } from './routes'

/**
 * The document title of a screen: a title its loader built from data, else the route's own name.
 * Used by the server for `<title>` and by the browser for `document.title`, so both agree.
 */
export function pageTitle(t: TFunction, handle: RouteHandle | undefined, data: RouteData | undefined): string {
  const own = data && typeof data.title === 'string' && data.title.length > 0 ? data.title : undefined
  const name = own ?? (handle ? t(`routes.${handle.id}` as 'routes.home') : t('appName'))
  return t('titleFormat', { title: name })
}

/** The deepest screen of a list of matches: the one the borrower sees. */
export function leafMatch<M extends { handle?: unknown }>(matches: readonly M[]): M | undefined {
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i]
    if (match && (match.handle as RouteHandle | undefined)?.id) return match
  }
  return undefined
}
