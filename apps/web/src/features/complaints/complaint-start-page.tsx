import { COLLECTION_PROBLEM_TYPE, type OrderCard } from '@kilat/contract'
import { useId, useState } from 'react'
import { Link, useLocation, useNavigate } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import { useScreenHref } from '../../shared/ui/follow-url'
import { Notice } from '../../shared/ui/notice'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { showToast } from '../../shared/ui/toast'
import { problemInitQuery, selectedOrder, type ProblemInit, complaintParams, OrderPicker, orderRefusal, styles } from './common'

/**
 * docs/product/complaints.md#start: 'My complaints', the order card with the choice among all
 * orders, and the problem types; collection (type 1) opens its sub-types first, and only for an
 * order that allows collection complaints.
 */
export function ComplaintStartPage() {
  const { t: tc } = useTranslation()
  const api = useApi()
  const { orderNo } = complaintParams(useLocation().search)
  // Another order chosen: the previous answer stays on screen while the new one arrives.
  const { state, retry } = useScreenQuery({ ...problemInitQuery(api, orderNo), meanwhile: (previous) => previous })

  let content
  if (state.status === 'ready') content = <StartContent init={state.data} orderNo={orderNo} />
  else if (state.status === 'loading') content = <Skeleton blocks={[44, 150, 220]} />
  else content = <ScreenFailure state={state} retry={retry} />
  return <PageFrame title={tc('routes.complaint')}>{content}</PageFrame>
}

function StartContent({ init, orderNo }: { init: ProblemInit; orderNo: string | undefined }) {
  const { t } = useTranslation('complaints')
  const href = useScreenHref()
  const navigate = useNavigate()
  const order = selectedOrder(init, orderNo)
  return (
    <>
      <p className={styles.topLink}>
        <Link to={href(SCREEN_PATHS.complaintList)}>{t('start.myComplaints')}</Link>
        {init.problemStatus === 1 && <span className={styles.waiting}>{t('start.waiting')}</span>}
      </p>
      {order ? (
        <>
          <OrderPicker
            order={order}
            orders={init.orderList}
            onChoose={(next) => void navigate(href(SCREEN_PATHS.complaint, { orderNo: next }), { replace: true })}
          />
          {/* A fresh choice of type for each order (collection may be allowed for one and not another). */}
          <ProblemTypes key={order.orderNo} init={init} order={order} />
        </>
      ) : (
        <Notice heading={t('start.typesTitle')}>
          <p>{t('order.none')}</p>
        </Notice>
      )}
      <p className={styles.bottomLink}>
        <Link to={href(SCREEN_PATHS.customerService)}>{t('start.customerService')}</Link>
      </p>
    </>
  )
}

function ProblemTypes({ init, order }: { init: ProblemInit; order: OrderCard }) {
  const { t } = useTranslation('complaints')
  const href = useScreenHref()
  const headingId = useId()
  const subTypesId = useId()
  const [collectionOpen, setCollectionOpen] = useState(false)
  const formHref = (problemType: number, problemIndex: number, problemSonType?: number) =>
    href(SCREEN_PATHS.complainPageNext, { problemType, problemSonType, orderNo: order.orderNo, problemIndex })

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionTitle}>{t('start.typesTitle')}</h2>
      <ul className={styles.choices}>
        {init.problemType.map((type, index) =>
          type.value === COLLECTION_PROBLEM_TYPE ? (
            <li key={type.value}>
              <button
                type="button"
                className={styles.choice}
                aria-expanded={collectionOpen}
                aria-controls={subTypesId}
                onClick={() => {
                  // docs/product/complaints.md#order-card: only an order with isShow 1 takes a collection complaint.
                  const refusal = orderRefusal(type.value, order)
                  if (refusal) showToast(t(refusal))
                  else setCollectionOpen((open) => !open)
                }}
              >
                {type.title}
                <Chevron open={collectionOpen} />
              </button>
              <div id={subTypesId} hidden={!collectionOpen}>
                {collectionOpen && (
                  <>
                    <p className={styles.subTitle}>{t('start.subTypesTitle')}</p>
                    <ul className={styles.subChoices}>
                      {init.problemSonType.map((sub) => (
                        <li key={sub.value}>
                          <Link className={styles.choice} to={formHref(type.value, index, sub.value)}>
                            {sub.title}
                            <Chevron />
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </div>
            </li>
          ) : orderRefusal(type.value, order) ? (
            // a credit-report dispute needs a paid-out order, as collection does
            <li key={type.value}>
              <button type="button" className={styles.choice} onClick={() => showToast(t(orderRefusal(type.value, order)!))}>
                {type.title}
                <Chevron />
              </button>
            </li>
          ) : (
            <li key={type.value}>
              <Link className={styles.choice} to={formHref(type.value, index)}>
                {type.title}
                <Chevron />
              </Link>
            </li>
          ),
        )}
      </ul>
    </section>
  )
}

function Chevron({ open }: { open?: boolean }) {
  return (
    <svg className={styles.chevron} data-open={open} width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9 5.4 7.6 6.8l5.2 5.2-5.2 5.2L9 18.6l6.6-6.6z" fill="currentColor" />
    </svg>
  )
}
