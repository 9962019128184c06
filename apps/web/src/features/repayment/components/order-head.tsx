import { useTranslation } from '../../../shared/i18n'
import styles from '../plans.module.css'
import surface from '../../../shared/ui/card.module.css'

/** The product and order a repayment screen is about. */
export function OrderHead({ logo, name, orderNo }: { logo: string; name: string; orderNo: string }) {
  const { t } = useTranslation('repayment')
  const { t: tc } = useTranslation()
  return (
    <div className={`${surface.card} ${styles.product}`}>
      {logo && <img className={surface.logo} src={logo} alt={tc('product.logoAlt', { name })} width={40} height={40} />}
      <div>
        <p className={styles.productName}>{name}</p>
        <p className={styles.muted}>{t('orderNo', { orderNo })}</p>
      </div>
    </div>
  )
}
