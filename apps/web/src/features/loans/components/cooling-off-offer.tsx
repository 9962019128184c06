import { useId } from 'react'
import { Link } from '../../../shared/router'
import { useTranslation } from '../../../shared/i18n'
import { SCREEN_PATHS } from '../../../shared/screens'
import buttons from '../../../shared/ui/button.module.css'
import { useScreenHref } from '../../../shared/ui/follow-url'
import type { LoanDetails } from '../api/get-loan-details'
import styles from '../loans.module.css'

/**
 * India's cooling-off exit while it is open (docs/product/money-rules.md#cooling-off): the server's
 * offer in the borrower's language, one sentence (the exit's amount and last day, then what is owed
 * after that day) that stands for the status banner's description meanwhile, and the repayment of
 * everything owed, which asks the exit's amount while the period lasts.
 */
export function CoolingOffOffer({ details, offer }: { details: LoanDetails; offer: NonNullable<LoanDetails['coolingOff']> }) {
  const { t } = useTranslation('loans')
  const href = useScreenHref()
  const titleId = useId()
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {t('detail.coolingOff.title')}
      </h2>
      <p>{offer.text}</p>
      <Link className={`${buttons.secondary} ${buttons.block}`} to={href(SCREEN_PATHS.individual, { productId: details.productId, orderId: details.orderNo })}>
        {t('detail.coolingOff.button')}
      </Link>
    </section>
  )
}
