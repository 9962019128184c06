import { useTranslation } from '../../shared/i18n'
import { Link } from '../../shared/router'
import { Notice, primaryActionClass } from '../../shared/ui/notice'
import { PageFrame } from '../../shared/ui/page-frame'
import styles from './not-found.module.css'

/** Anything outside the route table (the server answers it with HTTP 404). */
export function NotFoundPage() {
  const { t } = useTranslation()
  return (
    <PageFrame title={t('routes.notFound')}>
      <Notice
        icon={<span className={styles.code}>404</span>}
        heading={t('notFound.heading')}
        actions={
          <Link className={primaryActionClass} to="/">
            {t('actions.home')}
          </Link>
        }
      >
        <p>{t('notFound.body')}</p>
      </Notice>
    </PageFrame>
  )
}
