import { pickSharedParams } from '@kilat/contract'
import { useEffect } from 'react'
import { useTranslation } from '../shared/i18n'
import { Link, Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from '../shared/router'
import { configureBridgeFallback } from '../shared/bridge'
import { withSharedParams } from '../shared/ui/follow-url'
import { NavigationProgress } from '../shared/ui/navigation-progress'
import { Notice, primaryActionClass } from '../shared/ui/notice'
import { PageFrame } from '../shared/ui/page-frame'
import { RouteAnnouncer } from '../shared/ui/route-announcer'
import type { RouteData } from './route-module'
import type { RouteHandle } from './routes'
import { leafMatch, pageTitle } from './title'

/**
 * The app shell: keeps the document title in step with the screen shown, the scroll position with
 * the history entry, shows a slow navigation's progress and announces each new screen.
 */
export function Root() {
  const { t } = useTranslation()
  const matches = useMatches()
  const leaf = leafMatch(matches)
  const title = pageTitle(t, leaf?.handle as RouteHandle | undefined, leaf?.loaderData as RouteData | undefined)
  const { search } = useLocation()
  const navigate = useNavigate()

  useEffect(() => {
    document.title = title
  }, [title])

  // Without a shell, a screen the shell would have opened opens here, keeping the page's market,
  // language and device parameters as every link between our screens does.
  useEffect(() => {
    configureBridgeFallback({ navigate: (path) => void navigate(withSharedParams(path, pickSharedParams(new URLSearchParams(search)))) })
  }, [navigate, search])

  return (
    <>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
      <RouteAnnouncer title={title} />
    </>
  )
}

/** Last resort for a screen that failed to render or load: a localized message, never a stack. */
export function RootErrorBoundary() {
  const { t } = useTranslation()
  const { pathname, search } = useLocation()
  return (
    <PageFrame title={t('errors.pageTitle')}>
      <Notice
        heading={t('errors.pageTitle')}
        actions={
          <>
            {/* A full load: the failed screen starts again from the server. */}
            <a className={primaryActionClass} href={`${pathname}${search}`}>
              {t('actions.retry')}
            </a>
            <Link to="/">{t('actions.home')}</Link>
          </>
        }
      >
        <p>{t('errors.pageBody')}</p>
      </Notice>
    </PageFrame>
  )
}
