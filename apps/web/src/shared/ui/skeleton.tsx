import { useTranslation } from '../i18n'
import styles from './skeleton.module.css'

/**
 * Placeholder while a screen's data arrives after a client navigation (the first load is rendered
 * on the server with its data, so it never shows). Screen readers hear one "loading".
 */
export function Skeleton({ blocks = [96, 160, 120] }: { blocks?: number[] }) {
  const { t } = useTranslation()
  return (
    <div role="status" aria-live="polite">
      <span className="visually-hidden">{t('loading')}</span>
      <div aria-hidden="true">
        {blocks.map((height, index) => (
          <div key={index} className={styles.block} style={{ height }} />
        ))}
      </div>
    </div>
  )
}
