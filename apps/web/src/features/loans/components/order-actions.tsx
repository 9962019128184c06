import type { OrderAction } from '@kilat/domain'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
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

/** design.md section 5: an installment loan repays period by period, on its own screen. */
const INSTALLMENT_STATUS = 170

/**
 * The action area of design.md section 5: repay (with the extension link when the order allows
 * one), or borrow again from the same product through the shell.
 */
export function OrderActions({ details, actions }: { details: LoanDetails; actions: readonly OrderAction[] }) {
  const { t } = useTranslation('loans')
  const textSet = useTextSet()
  const api = useApi()
  const href = useScreenHref()
  const order = { productId: details.productId, orderId: details.orderNo }

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
              {t('detail.amountDue')}
              <strong>{formatMoney(details.amountDue, details.market)}</strong>
            </p>
          )}
          <Link
            className={`${buttons.primary} ${buttons.block}`}
            to={href(details.orderStatus === INSTALLMENT_STATUS ? SCREEN_PATHS.installments : SCREEN_PATHS.individual, order)}
          >
            {textSet.t('repayBtn')}
          </Link>
        </>
      )}
      {actions.includes('delay') && (
        <Link className={styles.delay} to={href(SCREEN_PATHS.repayDelay, order)}>
          {t('detail.delay')}
        </Link>
      )}
      {actions.includes('loanMore') && (
        <button type="button" className={`${buttons.primary} ${buttons.block}`} onClick={loanMore}>
          {textSet.t('loanMore')}
        </button>
      )}
    </section>
  )
}
