import { useId } from 'react'
import { useApi } from '../../../shared/api'
import { useScreenQuery } from '../../../shared/api/screen-query'
import { useTranslation } from '../../../shared/i18n'
import { Link } from '../../../shared/router'
import { useScreenHref } from '../../../shared/ui/follow-url'
import { payoutAccountQuery } from '../api/get-payout-account'
import styles from '../loans.module.css'
import { SCREEN_PATHS } from '../../../shared/screens'

/**
 * Where the loan is paid (docs/product/identity-and-payout-account.md#payout-account): the
 * institution and the last four digits at most, with a way to change the account, or to add one
 * when there is none. Its own query: the offer never waits for it, nor fails with it.
 */
export function PayoutLine() {
  const { t } = useTranslation('loans')
  const { t: tc } = useTranslation()
  const api = useApi()
  const href = useScreenHref()
  const titleId = useId()
  const { state } = useScreenQuery(payoutAccountQuery(api))

  let line
  let action: string | undefined
  if (state.status === 'ready') {
    const { account } = state.data
    if (account === null) {
      line = <p className={styles.payoutNone}>{t('confirm.payout.none')}</p>
      action = t('confirm.payout.add')
    } else {
      line = (
        <p className={styles.payoutAccount}>
          {account.last4 === null ? (
            account.masked
          ) : (
            <>
              {/* The dots mean nothing read out: a screen reader hears "BCA, ending in 7890". */}
              <span aria-hidden="true">{account.masked}</span>
              <span className="visually-hidden">{t('confirm.payout.endingIn', { institution: account.institution, last4: account.last4 })}</span>
            </>
          )}
        </p>
      )
      action = t('confirm.payout.change')
    }
  } else if (state.status === 'loading') {
    line = <p className={styles.payoutNone}>{tc('loading')}</p>
  } else {
    line = <p className={styles.payoutNone}>{t('confirm.payout.failed')}</p>
    action = t('confirm.payout.check')
  }

  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.cardTitle}>
        {t('confirm.payout.title')}
      </h2>
      <div className={styles.payout}>
        {line}
        {action && (
          <Link className={styles.payoutLink} to={href(SCREEN_PATHS.payoutAccount)}>
            {action}
          </Link>
        )}
      </div>
    </section>
  )
}
