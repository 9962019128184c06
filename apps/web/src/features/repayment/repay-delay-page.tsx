import { extensionDue } from '@kilat/contract'
import { useId } from 'react'
import { Link, useLocation } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import buttons from '../../shared/ui/button.module.css'
import { useScreenHref } from '../../shared/ui/follow-url'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { extensionDetailQuery, type ExtensionDetail } from './api/get-extension-detail'
import { OrderHead } from './components/order-head'
import { repayParams } from './params'
import styles from './plans.module.css'
import surface from '../../shared/ui/card.module.css'

/**
 * The extension (docs/product/loans.md#extension, docs/product/screens.md#repay-delay): what to pay
 * now for it (the fee plus the interest and late charges due, paid first in the same payment), until
 * when, and the new due date, said before the borrower pays. The lines and the amount are the
 * server's; an order that cannot be extended answers an error, so the detail can always be paid.
 */
export function RepayDelayPage() {
  const { t } = useTranslation('repayment')
  const { t: tc } = useTranslation()
  const api = useApi()
  const { orderId = '', productId } = repayParams(useLocation().search)
  const { state, retry } = useScreenQuery(extensionDetailQuery(api, { orderId, productId }))

  let content
  if (state.status === 'ready') content = <Extension detail={state.data} orderId={orderId} productId={productId} />
  else if (state.status === 'loading') content = <Skeleton blocks={[72, 200, 60]} />
  else content = <ScreenFailure state={state} retry={retry} missing={t('missingOrder')} />
  return <PageFrame title={tc('routes.repayDelay')}>{content}</PageFrame>
}

function Extension({ detail, orderId, productId }: { detail: ExtensionDetail; orderId: string; productId?: number }) {
  const { t } = useTranslation('repayment')
  const href = useScreenHref()
  const titleId = useId()
  const due = extensionDue(detail)
  return (
    <>
      <OrderHead logo={detail.productLogo} name={detail.productName} orderNo={detail.orderNo} />
      <section className={surface.card} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.cardTitle}>
          {t('extension.toPay')}
        </h2>
        <p className={styles.bigAmount}>{due.amountText}</p>
        <p className={styles.muted}>{t('extension.expiry', { time: due.expiresAt })}</p>
        <p className={styles.muted}>{t('extension.includes')}</p>
        <dl className={surface.lines}>
          {detail.orderDetail.detail.map((line, index) => (
            <div key={`${line.text}-${index}`}>
              <dt>{line.text}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.highlight}>{t('extension.newDueNote', { date: detail.newDueDate })}</p>
      </section>
      <div className={styles.payBar}>
        <Link className={`${buttons.primary} ${buttons.block}`} to={href(SCREEN_PATHS.individual, { orderId, productId, purpose: 'extension' })} prefetch="viewport">
          {t('payNow')}
        </Link>
      </div>
    </>
  )
}
