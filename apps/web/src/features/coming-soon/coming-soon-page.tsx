import { useTranslation } from '../../shared/i18n'
import { Link, useMatches } from '../../shared/router'
import { Notice, primaryActionClass } from '../../shared/ui/notice'
import { PageFrame } from '../../shared/ui/page-frame'

interface ScreenHandle {
  id: string
}

/** Stands in for a screen that is not built yet: its real title, a short note, a way home. */
export function ComingSoonPage() {
  const { t } = useTranslation()
  const matches = useMatches()
  const handle = matches.at(-1)?.handle as ScreenHandle | undefined
  const id = handle?.id ?? 'home'
  const isHome = id === 'home'
  return (
    <PageFrame title={t(`routes.${id}` as 'routes.home')} back={!isHome}>
      <Notice
        icon={
          <svg width="56" height="56" viewBox="0 0 56 56" focusable="false">
            <circle cx="28" cy="28" r="26" fill="#e6ecfb" />
            <path d="M28 14v15l9 6" stroke="#3360dd" strokeWidth="4" strokeLinecap="round" fill="none" />
          </svg>
        }
        heading={t('comingSoon.heading')}
        actions={
          !isHome && (
            <Link className={primaryActionClass} to="/">
              {t('actions.home')}
            </Link>
          )
        }
      >
        <p>{t('comingSoon.body')}</p>
      </Notice>
    </PageFrame>
  )
}
