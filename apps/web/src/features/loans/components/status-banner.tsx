import { useId } from 'react'
import { deferredPart } from '../../../shared/ui/deferred-part'
import { StatusIcon } from '../../../shared/ui/status-icon'
import type { LoanDetails } from '../api/get-loan-details'
import styles from '../loans.module.css'

// For rejected orders only, and with every language's reason texts: out of the screen's first load.
const RejectReason = deferredPart(() => import('./reject-reason').then((m) => m.RejectReason)).Part

/**
 * docs/product/loans.md#status-banner: the order's status in a drawing, a headline and a
 * description. While India's cooling-off exit is open the description gives way to the offer right
 * below it (docs/product/money-rules.md#cooling-off): one sentence says what to pay now, its last
 * day and what is owed after it, never a second amount to pay beside it. A rejected order says why
 * below the description (docs/product/loans.md#rejection-reason), inside the banner's region, so a
 * screen reader reads it with the status.
 */
export function StatusBanner({ details }: { details: LoanDetails }) {
  const headingId = useId()
  const description = details.coolingOff ? '' : details.noticeDesText
  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <StatusIcon status={details.orderStatus} />
      <div>
        <h2 id={headingId} className={styles.bannerTitle}>{details.noticeStatusText}</h2>
        {description && <p>{description}</p>}
        {details.rejectReason && <RejectReason reason={details.rejectReason} />}
        {/* reyMsg is not shown: the server's description already says what is due and when. */}
      </div>
    </section>
  )
}
