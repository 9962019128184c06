import { useId } from 'react'
import { useTranslation } from '../../../shared/i18n'
import type { LoanDetails } from '../api/get-loan-details'
import styles from '../loans.module.css'

/** docs/product/loans.md#order-card: the product and the order's lines; a partner's order links to the partner's page. */
export function OrderCard({ details }: { details: LoanDetails }) {
  const { t } = useTranslation('loans')
  const { t: tc } = useTranslation()
  const nameId = useId()
  return (
    <section className={styles.card} aria-labelledby={nameId}>
      <div className={styles.product}>
        <img className={styles.logo} src={details.productLogo} alt={tc('product.logoAlt', { name: details.productName })} width={40} height={40} />
        <h2 id={nameId} className={`${styles.cardTitle} ${styles.productName}`}>{details.productName}</h2>
      </div>
      <dl className={styles.lines}>
        {details.userOrderDetail.detail.map((line, index) => (
          <div key={`${line.text}-${index}`}>
            <dt>{line.text}</dt>
            <dd>{line.value}</dd>
          </div>
        ))}
      </dl>
      {details.inside === 0 && details.h5Url && (
        <a className={styles.partner} href={details.h5Url} rel="noopener">
          {t('detail.partnerPage')}
        </a>
      )}
    </section>
  )
}
