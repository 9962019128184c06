import type { ReactNode } from 'react'
import { useTranslation } from '../../shared/i18n'
import { PublicBar, type PublicPage } from '../../shared/ui/public-page'

/**
 * A static page on its own (about us, privacy policy, loan terms): the title bar with the way
 * home, the text in one card. `embed`: inside the marketing site's frame, the text alone.
 */
export function StaticPage({ page, title, embed = false, children }: { page: PublicPage; title: string; embed?: boolean; children: ReactNode }) {
  const { t } = useTranslation('staticPages')
  if (embed) return <main id="main">{children}</main>
  return (
    <>
      <PublicBar title={title} home={{ href: page.href('/'), label: t('back') }} />
      <main id="main" className="wrap">
        <div className="card">{children}</div>
      </main>
    </>
  )
}
