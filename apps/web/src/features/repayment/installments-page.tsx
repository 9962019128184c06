import { PERIOD_STATUS } from '@kilat/contract'
import { useId, useState } from 'react'
import { useLocation, useNavigate } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { formatMoney } from '../../shared/format'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import buttons from '../../shared/ui/button.module.css'
import { useScreenHref } from '../../shared/ui/follow-url'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { installmentPlanQuery, type InstallmentPlan } from './api/get-installment-plan'
import { OrderHead } from './components/order-head'
import { canTap, initialCount, selectionTotal, tapAll, tapPeriod } from './installment-selection'
import { repayParams } from './params'
import styles from './plans.module.css'
import surface from '../../shared/ui/card.module.css'

/** Installments, 'Detail Tagihan' (docs/product/screens.md#installments): choose the oldest periods to pay, then pay them. */
export function InstallmentsPage() {
  const { t } = useTranslation('repayment')
  const { t: tc } = useTranslation()
  const api = useApi()
  const { orderId = '', productId } = repayParams(useLocation().search)
  const { state, retry } = useScreenQuery(installmentPlanQuery(api, { orderId, productId }))

  let content
  if (state.status === 'ready') content = <Plan key={state.data.orderNo} plan={state.data} orderId={orderId} productId={productId} />
  else if (state.status === 'loading') content = <Skeleton blocks={[72, 220, 120]} />
  else content = <ScreenFailure state={state} retry={retry} missing={t('missingOrder')} />
  return <PageFrame title={tc('routes.installments')}>{content}</PageFrame>
}

function Plan({ plan, orderId, productId }: { plan: InstallmentPlan; orderId: string; productId?: number }) {
  const { t } = useTranslation('repayment')
  // in the order's market's currency, whatever the page's language (docs/product/markets-and-formats.md#amounts)
  const { market } = plan
  const navigate = useNavigate()
  const href = useScreenHref()
  const ids = { unpaid: useId(), paid: useId(), total: useId(), hint: useId() }
  const waiting = plan.repayPlanDetail.repayWaitDetail
  const paid = plan.repayPlanDetail.repayYetDetail.filter((period) => period.periodStatus === PERIOD_STATUS.paid)
  const [count, setCount] = useState(() => initialCount(waiting))
  const total = selectionTotal(waiting, count, plan.lateCharges)
  const allChecked = waiting.length > 0 && count === waiting.length

  const pay = () => {
    // docs/product/money-rules.md#repayment: a zero total pays nothing.
    if (total === 0 || count === 0) return
    void navigate(href(SCREEN_PATHS.individual, { orderId, productId, specificNum: count }))
  }

  return (
    <>
      <OrderHead logo={plan.productLogo} name={plan.productName} orderNo={plan.orderNo} />
      {plan.note && <p className={styles.note}>{plan.note}</p>}

      <section className={surface.card} aria-labelledby={ids.unpaid}>
        <div className={styles.cardHead}>
          <h2 id={ids.unpaid} className={styles.cardTitle}>
            {t('installments.toPay')}
          </h2>
          {waiting.length > 1 && (
            <label className={styles.selectAll}>
              <input type="checkbox" checked={allChecked} onChange={() => setCount((current) => tapAll(waiting, current))} />
              <span>{t('installments.selectAll')}</span>
            </label>
          )}
        </div>
        {waiting.length === 0 ? (
          <p className={styles.muted}>{t('installments.nothingToPay')}</p>
        ) : (
          <ul className={styles.periods}>
            {waiting.map((period, index) => (
              <li key={period.periodNo}>
                <label className={styles.period} data-disabled={!canTap(waiting, count, index) || undefined}>
                  <input
                    type="checkbox"
                    checked={index < count}
                    disabled={!canTap(waiting, count, index)}
                    onChange={() => setCount((current) => tapPeriod(waiting, current, index))}
                  />
                  <span className={styles.periodText}>
                    <span className={styles.periodName}>{period.repayDes}</span>
                    <span className={styles.muted}>{t('installments.due', { date: period.dueTime })}</span>
                  </span>
                  <span className={styles.periodAmount}>{period.at}</span>
                </label>
              </li>
            ))}
          </ul>
        )}
        {plan.lateCharges > 0 && (
          <p className={styles.line}>
            <span>{t('installments.lateCharges')}</span>
            <strong>{formatMoney(plan.lateCharges, market)}</strong>
          </p>
        )}
        {/* each waiver and refund, worded by the server (docs/product/waivers-and-refunds.md#what-the-borrower-sees) */}
        {plan.adjustments?.map((line, i) => (
          <p key={i} className={styles.line}>
            <span>{line.text}</span>
            <strong>{line.value}</strong>
          </p>
        ))}
      </section>

      {paid.length > 0 && (
        <section className={surface.card} aria-labelledby={ids.paid}>
          <h2 id={ids.paid} className={styles.cardTitle}>
            {t('installments.paidTitle')}
          </h2>
          <ul className={styles.periods}>
            {paid.map((period) => (
              <li key={period.periodNo} className={styles.period}>
                <span className={styles.periodText}>
                  <span className={styles.periodName}>{period.repayDes}</span>
                  <span className={styles.muted}>{t('installments.due', { date: period.dueTime })}</span>
                </span>
                <span className={styles.periodAmount}>
                  {period.at}
                  <span className={styles.paidMark}>{t('common:plan.paid')}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}

      {waiting.length > 0 && (
        <div className={styles.payBar}>
          <p className={styles.total} id={ids.total} aria-live="polite">
            <span>{t('installments.total')}</span>
            <strong>{formatMoney(total, market)}</strong>
          </p>
          {total === 0 && (
            <p id={ids.hint} className={styles.muted}>
              {t('installments.chooseFirst')}
            </p>
          )}
          <button
            type="button"
            className={`${buttons.primary} ${buttons.block}`}
            aria-disabled={total === 0 || undefined}
            aria-describedby={total === 0 ? ids.hint : ids.total}
            onClick={pay}
          >
            {t('payNow')}
          </button>
        </div>
      )}
    </>
  )
}
