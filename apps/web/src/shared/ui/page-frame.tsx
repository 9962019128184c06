import type { ReactNode } from 'react'
import { useTranslation } from '../i18n'
import { useLeave, useLocation, useNavigate } from '../router'
import { sendToNative } from '../bridge'
import styles from './page-frame.module.css'

/**
 * A screen: the blue title bar (docs/product/screens.md#page-frame) with a back button, then the content.
 * Back walks this web app's own history first; on the first screen it hands back to the app shell
 * (in a browser that falls back to history or home).
 */
export function PageFrame({ title, back = true, children }: { title: string; back?: boolean; children: ReactNode }) {
  const { t } = useTranslation()
  const goBack = useGoBack()
  return (
    <div className={styles.frame}>
      <header className={styles.bar}>
        {back && (
          <button type="button" className={styles.back} onClick={goBack} aria-label={t('actions.back')}>
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" fill="currentColor" />
            </svg>
          </button>
        )}
        <h1 className={back ? styles.title : `${styles.title} ${styles.titleAlone}`}>{title}</h1>
      </header>
      <main className={styles.body}>{children}</main>
    </div>
  )
}

/** Back as the title bar's button does it: this app's own history first, else the app shell. */
export function useGoBack(): () => void {
  const navigate = useNavigate()
  const location = useLocation()
  const leave = useLeave()
  return () => {
    if (location.key !== 'default') void navigate(-1)
    else leave(() => sendToNative('closeWebview'))
  }
}
