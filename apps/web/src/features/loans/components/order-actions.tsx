import { ORDER_STATUS, type OrderAction } from '@kilat/domain'
import { useTranslation } from '../../../shared/i18n'
import { Link } from '../../../shared/router'
import { useApi } from '../../../shared/api'
import { sendToNative } from '../../../shared/bridge'
import { formatMoney } from '../../../shared/format'
import { useTextSet } from '../../../shared/market'
import { SCREEN_PATHS } from '../../../shared/screens'
import buttons from '../../../shared/ui/button.module.css'
import { useScreenHref } from '../../../shared/ui/follow-url'
import type { LoanDetails } from '../api/get-loan-details'
import { LOAN_MORE_MODULE_ID, saveServiceEvent } from '../api/save-service-event'
import styles from '../loans.module.css'

/**
 * The action area (docs/product/loans.md#actions): repay (with the extension link when the order
 * allows one), or borrow again from the same product through the shell. A partner's order is
 * repaid and extended on the partner's own page (docs/product/money-rules.md#partner-orders).
 */
export function OrderActions({ details, actions }: { details: LoanDetails; actions: readonly OrderAction[] }) {
  const { t } = useTranslation('loans')
  const textSet = useTextSet()
  const api = useApi()
  const href = useScreenHref()
  const order = { productId: details.productId, orderId: details.orderNo }
  const partnerUrl = details.inside === 0 && details.h5Url ? details.h5Url : undefined
  // An installment loan repays period by period, on its own screen.
  const repayPath = details.orderStatus === ORDER_STATUS.repayingInstallments ? SCREEN_PATHS.installments : SCREEN_PATHS.individual
  // Elsewhere the button pays what it shows: the installments the amount due covers, or everything.
  const repayQuery = repayPath === SCREEN_PATHS.individual && details.amountDuePeriods > 0 ? { ...order, specificNum: details.amountDuePeriods } : order

  const loanMore = () => {
    saveServiceEvent(api, { productId: details.productId, moduleId: LOAN_MORE_MODULE_ID, positionId: 0 })
    sendToNative('toP', { productId: String(details.productId) })
  }

  return (
    <section className={styles.actions} aria-label={t('detail.actionsLabel')}>
      {actions.includes('repay') && (
        <>
          {details.amountDue > 0 && (
            <p className={styles.due}>
              {t('common:figures.amountDue')}
              <strong>{formatMoney(details.amountDue, details.market)}</strong>
            </p>
          )}
          {partnerUrl ? (
            <a className={`${buttons.primary} ${buttons.block}`} href={partnerUrl} rel="noopener">
              {textSet.t('repayBtn')}
            </a>
          ) : (
            <Link className={`${buttons.primary} ${buttons.block}`} to={href(repayPath, repayQuery)} prefetch="viewport">
              {textSet.t('repayBtn')}
            </Link>
          )}
        </>
      )}
      {actions.includes('delay') &&
        (partnerUrl ? (
          <a className={styles.delay} href={partnerUrl} rel="noopener">
            {t('detail.delay')}
          </a>
        ) : (
          <Link className={styles.delay} to={href(SCREEN_PATHS.repayDelay, order)}>
            {t('detail.delay')}
          </Link>
        ))}
      {actions.includes('loanMore') && (
        <button type="button" className={`${buttons.primary} ${buttons.block}`} onClick={loanMore}>
          {textSet.t('loanMore')}
        </button>
      )}
    </section>
  )
}
