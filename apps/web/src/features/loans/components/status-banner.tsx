import { useId } from 'react'
import { StatusIcon } from '../../../shared/ui/status-icon'
import type { LoanDetails } from '../api/get-loan-details'
import styles from '../loans.module.css'

/** docs/product/loans.md#status-banner: the order's status in a drawing, a headline and a description. */
export function StatusBanner({ details }: { details: LoanDetails }) {
  const headingId = useId()
  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <StatusIcon status={details.orderStatus} />
      <div>
        <h2 id={headingId} className={styles.bannerTitle}>{details.noticeStatusText}</h2>
        {details.noticeDesText && <p>{details.noticeDesText}</p>}
        {/* reyMsg is not shown: the server's description already says what is due and when. */}
      </div>
    </section>
  )
}
