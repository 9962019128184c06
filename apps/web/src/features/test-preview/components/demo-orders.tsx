import { isOrderStatus, ORDER_STATUSES, orderStatusName } from '@kilat/domain'
import { useTranslation } from '../../../shared/i18n'
import { SCREEN_PATHS } from '../../../shared/screens'
import type { DemoOrders } from '../api/get-demo-orders'
import { screenQuery, type DeviceFields } from '../fields'
import styles from '../test-preview.module.css'

type Order = DemoOrders['orders'][number]

/** Lifecycle order: under review first, settled last; an unknown status at the end. */
function rank(status: number): number {
  const index = (ORDER_STATUSES as number[]).indexOf(status)
  return index === -1 ? ORDER_STATUSES.length : index
}

/**
 * The demo borrower's orders by status, each a one-tap link to its loan details, and a new loan
 * with the product they may apply for: every link opens a working screen with the fields above.
 */
export function DemoOrderLinks({ fields, demo }: { fields: DeviceFields; demo: DemoOrders }) {
  const { t } = useTranslation('testPreview')
  const orders = [...demo.orders].sort((a, b) => rank(a.status) - rank(b.status) || a.orderNo.localeCompare(b.orderNo))
  const statusName = (order: Order) => (isOrderStatus(order.status) ? t(`common:statuses.${orderStatusName(order.status)}`) : String(order.status))
  return (
    <section className={styles.card} aria-labelledby="demo-orders-heading">
      <h2 id="demo-orders-heading" className={styles.cardTitle}>{t('demo.heading')}</h2>
      <p className={styles.hint}>{t('demo.hint')}</p>
      <ul className={styles.links}>
        {demo.productId !== null && (
          <li>
            <a className={styles.link} href={`${SCREEN_PATHS.loanConfirm}?${screenQuery({ ...fields, productId: String(demo.productId), orderId: '' })}`}>
              <span className={styles.linkName}>{t('demo.newLoan')}</span>{' '}
              <span className={styles.linkPath}>{t('demo.product', { id: demo.productId })}</span>
            </a>
          </li>
        )}
        {orders.map((order) => (
          <li key={order.orderNo}>
            <a
              className={styles.link}
              href={`${SCREEN_PATHS.loanDetail}?${screenQuery({ ...fields, productId: String(order.productId), orderId: order.orderNo })}`}
            >
              <span className={styles.linkName}>{statusName(order)}</span>{' '}
              <span className={styles.linkPath}>{`${order.orderNo} · ${order.productName}`}</span>
            </a>
          </li>
        ))}
      </ul>
      {orders.length === 0 && <p className={styles.hint}>{t('demo.none')}</p>}
    </section>
  )
}
