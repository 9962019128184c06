import { useId } from 'react'
import { Link, useLocation } from 'react-router'
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
import styles from './repay-plans.module.css'

/**
 * The extension (docs/product/loans.md#extension, docs/product/screens.md#repay-delay): the fee,
 * until when it can be paid, and the new due date, said before the borrower pays.
 */
export function RepayDelayPage() {
  const { t } = useTranslation('repayPlans')
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
  const { t } = useTranslation('repayPlans')
  const href = useScreenHref()
  const ids = { fee: useId(), reason: useId() }
  const payable = detail.canPay === 1
  return (
    <>
      <OrderHead logo={detail.productLogo} name={detail.productName} orderNo={detail.orderNo} />
      <section className={styles.card} aria-labelledby={ids.fee}>
        <h2 id={ids.fee} className={styles.cardTitle}>
          {t('extension.feeTitle')}
        </h2>
        <p className={styles.bigAmount}>{detail.delayShouldPayText}</p>
        <p className={styles.muted}>{t('extension.expiry', { time: detail.delayExpiryTime })}</p>
        <dl className={styles.lines}>
          <div>
            <dt>{t('extension.currentDue')}</dt>
            <dd>{detail.currentDueDate}</dd>
          </div>
          <div>
            <dt>{t('extension.newDue')}</dt>
            <dd>{detail.newDueDate}</dd>
          </div>
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
        {payable ? (
          <Link className={`${buttons.primary} ${buttons.block}`} to={href(SCREEN_PATHS.individual, { orderId, productId, purpose: 'extension' })}>
            {t('payNow')}
          </Link>
        ) : (
          <>
            <p id={ids.reason} className={styles.blocked} role="note">
              {detail.blockedReason || t('extension.blocked')}
            </p>
            <button type="button" className={`${buttons.primary} ${buttons.block}`} disabled aria-describedby={ids.reason}>
              {t('payNow')}
            </button>
          </>
        )}
      </div>
    </>
  )
}
