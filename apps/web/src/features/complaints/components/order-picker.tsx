import type { OrderCard } from '@kilat/contract'
import { useId, useState } from 'react'
import { useTranslation } from '../../../shared/i18n'
import buttons from '../../../shared/ui/button.module.css'
import { Modal } from '../../../shared/ui/modal'
import surface from '../../../shared/ui/card.module.css'
import styles from '../complaints.module.css'

/**
 * docs/product/complaints.md#order-card: the order a complaint is about, with a button to choose
 * among all of the borrower's orders (newest first) when there is more than one.
 */
export function OrderPicker({ order, orders, onChoose }: { order: OrderCard; orders: readonly OrderCard[]; onChoose?: (orderNo: string) => void }) {
  const { t } = useTranslation('complaints')
  const { t: tc } = useTranslation()
  const nameId = useId()
  const [open, setOpen] = useState(false)
  return (
    <section className={styles.card} aria-labelledby={nameId}>
      <div className={styles.product}>
        <img className={surface.logo} src={order.productLogo} alt={tc('product.logoAlt', { name: order.productName })} width={40} height={40} />
        <div>
          <h2 id={nameId} className={styles.productName}>{order.productName}</h2>
          <p className={styles.orderNo}>{t('order.label', { orderNo: order.orderNo })}</p>
        </div>
      </div>
      {order.list.length > 0 && (
        <dl className={styles.lines}>
          {order.list.map((line, index) => (
            <div key={`${line.title}-${index}`}>
              <dt>{line.title}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {onChoose && orders.length > 1 && (
        <button type="button" className={`${buttons.secondary} ${buttons.block}`} onClick={() => setOpen(true)}>
          {t('order.choose')}
        </button>
      )}
      {onChoose && (
        <Modal
          open={open}
          title={t('order.chooseTitle')}
          onClose={() => setOpen(false)}
          footer={
            <button type="button" className={buttons.secondary} onClick={() => setOpen(false)}>
              {tc('actions.cancel')}
            </button>
          }
        >
          <ul className={styles.orderChoices} aria-label={t('order.chooseLabel')}>
            {orders.map((choice) => (
              <li key={choice.orderNo}>
                <button
                  type="button"
                  className={styles.orderChoice}
                  aria-current={choice.orderNo === order.orderNo || undefined}
                  onClick={() => {
                    setOpen(false)
                    if (choice.orderNo !== order.orderNo) onChoose(choice.orderNo)
                  }}
                >
                  <span className={styles.choiceName}>{choice.productName}</span>
                  <span className={styles.choiceLine}>{t('order.label', { orderNo: choice.orderNo })}</span>
                  {choice.list.length > 0 && <span className={styles.choiceLine}>{choice.list.map((line) => line.value).join(' · ')}</span>}
                </button>
              </li>
            ))}
          </ul>
        </Modal>
      )}
    </section>
  )
}
