import { useEffect, useState } from 'react'
import { useTranslation } from '../i18n'
import { useNavigation } from '../router'
import styles from './navigation-progress.module.css'

/** How long a navigation loads before the bar shows: a fast move never flashes it. */
export const PROGRESS_DELAY_MS = 150

/**
 * A thin bar at the top of the page while the next screen loads (after `PROGRESS_DELAY_MS`), and
 * `aria-busy` on the screen's `main` meanwhile. Renders nothing until then, on the server too.
 */
export function NavigationProgress() {
  const { t } = useTranslation()
  const loading = useNavigation().state === 'loading'
  const [shown, setShown] = useState(false)
  useEffect(() => {
    if (!loading) return
    const main = document.querySelector('main')
    main?.setAttribute('aria-busy', 'true')
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS)
    return () => {
      clearTimeout(timer)
      main?.removeAttribute('aria-busy')
      setShown(false)
    }
  }, [loading])
  return shown ? <div className={styles.bar} role="progressbar" aria-label={t('navigation.loading')} /> : null
}
