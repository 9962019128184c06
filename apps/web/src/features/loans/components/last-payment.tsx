import { useId } from 'react'
import { useTranslation } from '../../../shared/i18n'
import type { LoanDetails } from '../api/get-loan-details'
import styles from '../loans.module.css'

/** docs/product/loans.md#loan-details: the ledger's latest payment on the order, once there is one. */
export function LastPayment({ payment }: { payment: NonNullable<LoanDetails['lastPayment']> }) {
  const { t } = useTranslation('loans')
  const titleId = useId()
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {t('detail.lastPayment.title')}
      </h2>
      <dl className={styles.lines}>
        <div>
          <dt>{t('common:figures.amount')}</dt>
          <dd>{payment.amountText}</dd>
        </div>
        <div>
          <dt>{t('detail.lastPayment.paidAt')}</dt>
          <dd>{payment.paidAt}</dd>
        </div>
        <div>
          <dt>{t('detail.lastPayment.method')}</dt>
          <dd>{payment.method}</dd>
        </div>
      </dl>
    </section>
  )
}
