import { useId } from 'react'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { useTranslation } from '../../shared/i18n'
import surface from '../../shared/ui/card.module.css'
import { Notice } from '../../shared/ui/notice'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { payoutAccountQuery, type PayoutAccountData, type PayoutAccountView } from './api/get-payout-account'
import { AccountForm } from './components/account-form'
import { AccountName } from './components/account-name'
import styles from './payout-account.module.css'

type NameCheck = PayoutAccountView['nameCheck']

/** How each name check reads: settled, still under way, or a problem the borrower should see. */
const TONE: Record<NameCheck, 'ok' | 'waiting' | 'problem'> = {
  match: 'ok',
  accepted: 'ok',
  notAvailable: 'ok',
  pending: 'waiting',
  mismatch: 'problem',
  unknownAccount: 'problem',
}

/**
 * The account a loan is paid into (docs/product/identity-and-payout-account.md#payout-account):
 * what it is now, masked, with its name check in plain words, and a form to give another in the
 * market's terms. Never while a loan is being paid into it, and only once the identity is known.
 */
export function PayoutAccountPage() {
  const { t: tc } = useTranslation()
  const api = useApi()
  const { state, retry } = useScreenQuery(payoutAccountQuery(api))

  let content
  if (state.status === 'ready') content = <PayoutAccount data={state.data} />
  else if (state.status === 'loading') content = <Skeleton blocks={[120, 280]} />
  else content = <ScreenFailure state={state} retry={retry} />
  return <PageFrame title={tc('routes.payoutAccount')}>{content}</PageFrame>
}

function PayoutAccount({ data }: { data: PayoutAccountData }) {
  const { t } = useTranslation('payoutAccount')
  const titleId = useId()
  const { account } = data
  return (
    <>
      <section className={surface.card} aria-labelledby={titleId}>
        <h2 id={titleId} className={styles.title}>
          {t('current.title')}
        </h2>
        {account ? (
          <>
            <p className={styles.masked}>
              <AccountName account={account} />
            </p>
            <p className={styles[TONE[account.nameCheck]]}>{t(`nameCheck.${account.nameCheck}`)}</p>
          </>
        ) : (
          <p className={styles.none}>{t('current.none')}</p>
        )}
      </section>
      {data.hasIdentity ? (
        <AccountForm data={data} />
      ) : (
        <Notice heading={t('identity.title')}>
          <p>{t('identity.body')}</p>
        </Notice>
      )}
    </>
  )
}
