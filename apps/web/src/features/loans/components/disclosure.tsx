import { useId } from 'react'
import type { LoanConfirm } from '../api/get-loan-confirm'
import styles from '../loans.module.css'

/**
 * The market's own lender disclosure, filled by the server with this offer's figures
 * (docs/product/money-rules.md#lender-disclosure). Plain text, never HTML.
 */
export function Disclosure({ disclosure }: { disclosure: LoanConfirm['disclosure'] }) {
  const headingId = useId()
  if (!disclosure.heading && disclosure.paragraphs.length === 0) return null
  return (
    <section className={`${styles.card} ${styles.disclosure}`} aria-labelledby={disclosure.heading ? headingId : undefined}>
      {disclosure.heading && (
        <h2 id={headingId} className={styles.cardTitle}>
          {disclosure.heading}
        </h2>
      )}
      {disclosure.paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </section>
  )
}
