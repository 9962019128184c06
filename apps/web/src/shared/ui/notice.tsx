import { useId, type ReactNode } from 'react'
import styles from './notice.module.css'

/** A centred message card: coming soon, not found, errors, "please log in again". */
export function Notice({ icon, heading, children, actions }: { icon?: ReactNode; heading: string; children?: ReactNode; actions?: ReactNode }) {
  const id = useId()
  return (
    <section className={styles.card} aria-labelledby={id}>
      {icon && <div className={styles.icon} aria-hidden="true">{icon}</div>}
      <h2 id={id} className={styles.heading}>{heading}</h2>
      {children && <div className={styles.body}>{children}</div>}
      {actions && <div className={styles.actions}>{actions}</div>}
    </section>
  )
}

/** Class of the primary pill link or button (theme blue, white text: 5.4:1 contrast). */
export const primaryActionClass = styles.primary
