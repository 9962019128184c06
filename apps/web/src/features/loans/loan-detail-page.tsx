import { actionsFor, isOrderStatus } from '@kilat/domain'
import { useState } from 'react'
import { useTranslation } from '../../shared/i18n'
import { useLocation } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { sendToNative } from '../../shared/bridge'
import { useDataTitle } from '../../shared/ui/document-title'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { deferredPart } from '../../shared/ui/deferred-part'
import { Skeleton } from '../../shared/ui/skeleton'
import { loanDetailsQuery, type LoanDetails } from './api/get-loan-details'
import { CoolingOffOffer } from './components/cooling-off-offer'
import { LastPayment } from './components/last-payment'
import { OrderActions } from './components/order-actions'
import { OrderCard } from './components/order-card'
import { StatusBanner } from './components/status-banner'
import { loanParams } from './params'
import styles from './loans.module.css'

// Below the order (the list) or for settled orders only (the rating): out of the first load.
const RecommendedProducts = deferredPart(() => import('./components/recommended-products').then((m) => m.RecommendedProducts)).Part
const RatingPopup = deferredPart(() => import('./components/rating-popup').then((m) => m.RatingPopup)).Part

/** Loan details (docs/product/loans.md#loan-details): one order's status, its product, what the borrower can do next. */
export function LoanDetailPage() {
  const { t } = useTranslation('loans')
  const { t: tc } = useTranslation()
  const api = useApi()
  const { orderId = '', productId } = loanParams(useLocation().search)
  const { state, retry } = useScreenQuery(loanDetailsQuery(api, { orderId, productId }))
  useDataTitle(state.status === 'ready' ? state.data.productName : undefined)

  let content
  if (state.status === 'ready') content = <OrderDetails details={state.data} />
  else if (state.status === 'loading') content = <Skeleton blocks={[88, 180, 120]} />
  else content = <ScreenFailure state={state} retry={retry} missing={t('detail.missingOrder')} />
  return <PageFrame title={state.status === 'ready' ? state.data.productName : tc('routes.loanDetail')}>{content}</PageFrame>
}

function OrderDetails({ details }: { details: LoanDetails }) {
  const { t } = useTranslation('loans')
  const { t: tc } = useTranslation()
  // docs/product/loans.md#actions: the action area for statuses with an action, else the
  // recommended list; the server says whether the order may be extended now (isDelay). A status
  // this app does not know offers no action it cannot vouch for.
  // Asked once on load; the popup stays to thank the borrower after the answer clears the flag.
  const [askRating] = useState(details.isScore === '1')
  const { actions, showRecommended } = isOrderStatus(details.orderStatus)
    ? actionsFor(details.orderStatus, details.isDelay === 1)
    : { actions: [], showRecommended: true }
  return (
    <>
      <StatusBanner details={details} />
      <OrderCard details={details} />
      {details.coolingOff && <CoolingOffOffer details={details} offer={details.coolingOff} />}
      {details.lastPayment && <LastPayment payment={details.lastPayment} />}
      {actions.length > 0 && <OrderActions details={details} actions={actions} />}
      {showRecommended && <RecommendedProducts products={details.recProducts} />}
      <nav className={styles.footer} aria-label={t('detail.moreLabel')}>
        <a
          href="/"
          onClick={(event) => {
            event.preventDefault()
            sendToNative('toHome')
          }}
        >
          {tc('actions.home')}
        </a>
        {details.telephone && (
          <a
            href={`tel:${details.telephone.replace(/[^\d+]/g, '')}`}
            onClick={(event) => {
              event.preventDefault()
              sendToNative('callTelephone', { phone: details.telephone })
            }}
          >
            {t('detail.call', { phone: details.telephone })}
          </a>
        )}
      </nav>
      {askRating && <RatingPopup details={details} />}
    </>
  )
}
