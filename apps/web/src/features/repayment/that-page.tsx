import { groupsOfFour, type Market } from '@kilat/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link, useLocation } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { formatMoney } from '../../shared/format'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import buttons from '../../shared/ui/button.module.css'
import { useScreenHref } from '../../shared/ui/follow-url'
import { deferredPart } from '../../shared/ui/deferred-part'
import { Modal } from '../../shared/ui/modal'
import { Notice } from '../../shared/ui/notice'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { StatusIcon } from '../../shared/ui/status-icon'
import { showToast } from '../../shared/ui/toast'
import { accountQuery, type AccountRequest, type VirtualAccount } from './api/generate-account'
import type { AccountStatus } from './api/get-account-status'
import { PaySteps } from './components/pay-steps'
import { repayParams } from './params'
import styles from './repayment.module.css'
import surface from '../../shared/ui/card.module.css'
import { accountRequest } from './that.data'
import { usePaymentWatch } from './use-payment-watch'

// India's bank transfer only: kept out of everyone else's first load.
const UtrForm = deferredPart(() => import('./components/utr-form').then((m) => m.UtrForm)).Part

/** India's bank transfer: paid by the borrower's own bank, matched by the UTR they submit. */
const UTR_METHOD = 'BANK_TRANSFER'

/**
 * docs/product/screens.md#that: the account to pay, how to pay it, and the page turning
 * paid by itself once the gateway's callback arrives.
 */
export function ThatPage() {
  const { t } = useTranslation('repayment')
  const { t: tc } = useTranslation()
  const api = useApi()
  const { search } = useLocation()
  const input = accountRequest(search) ?? { ...repayParams(search), orderId: '', isDefault: 0 as const }
  const account = useScreenQuery(accountQuery(api, input))

  let content
  if (account.state.status === 'ready') {
    content = <AccountView account={account.state.data} market={account.state.data.market} input={input} />
  } else if (account.state.status !== 'loading') {
    content = <ScreenFailure state={account.state} retry={account.retry} missing={t('missingOrder')} />
  } else content = <Skeleton blocks={[160, 56, 220]} />
  return <PageFrame title={tc('routes.that')}>{content}</PageFrame>
}

function AccountView({ account, market, input }: { account: VirtualAccount; market: Market; input: AccountRequest }) {
  const { t } = useTranslation('repayment')
  const api = useApi()
  const queryClient = useQueryClient()
  const href = useScreenHref()
  const ids = { account: useId(), steps: useId() }
  const [paid, setPaid] = useState<Pick<AccountStatus, 'paidAt' | 'orderStatus'> | null>(null)
  const [utr, setUtr] = useState<string | null>(null)
  const [tipsOpen, setTipsOpen] = useState(false)
  const [waiting, setWaiting] = useState(false)
  const [renewing, setRenewing] = useState(false)
  const query = accountQuery(api, input)
  const status = account.status

  const checkNow = usePaymentWatch(account.accountId, status === 'pending', (answer) => {
    if (answer.utr) setUtr(answer.utr)
    if (answer.status === 'paid') setPaid({ paidAt: answer.paidAt, orderStatus: answer.orderStatus })
    if (answer.status === status) return
    if (answer.status === 'paid') {
      // Everything else about the order changed (loan details, installments): fetched again when next shown.
      void queryClient.invalidateQueries({ refetchType: 'none' })
    }
    queryClient.setQueryData(query.queryKey, { ...account, status: answer.status })
  })

  const renew = () => {
    setRenewing(true)
    // The expired account is kept on the server; asking again issues a new one.
    void queryClient
      .fetchQuery({ ...query, staleTime: 0 })
      .catch(() => showToast(t('that.renewFailed')))
      .finally(() => setRenewing(false))
  }

  const loanDetailHref = href(SCREEN_PATHS.loanDetail, { orderId: input.orderId, productId: input.productId })
  const amount = formatMoney(account.amount, market)

  return (
    <>
      {/* Announced when the payment arrives, without the borrower moving. */}
      <div aria-live="polite">
        {status === 'paid' && (
          <Notice
            icon={paid ? <StatusIcon status={paid.orderStatus} /> : undefined}
            heading={t('that.paidTitle')}
            actions={
              <Link className={buttons.primary} to={loanDetailHref}>
                {t('that.loanDetail')}
              </Link>
            }
          >
            <p>{paid?.paidAt ? t('that.paidAt', { amount, time: paid.paidAt }) : t('that.paidBody', { amount })}</p>
          </Notice>
        )}
      </div>
      {status === 'expired' && (
        <Notice
          heading={t('that.expiredTitle')}
          actions={
            <button type="button" className={buttons.primary} onClick={renew} disabled={renewing}>
              {t('that.newAccount')}
            </button>
          }
        >
          <p>{t('that.expiredBody')}</p>
        </Notice>
      )}
      {status === 'pending' && (
        <>
          <section className={surface.card} aria-labelledby={ids.account}>
            <h2 id={ids.account} className={styles.codeLabel}>
              {t(account.payType === 1 ? 'that.account1' : 'that.account2')}
            </h2>
            <div className={styles.codeRow}>
              <output className={styles.code}>
                <Grouped value={account.vcode} />
              </output>
              <CopyButton code={account.vcode} />
            </div>
            <dl className={styles.facts}>
              <div>
                <dt>{t('that.total')}</dt>
                <dd className={styles.amount}>{amount}</dd>
              </div>
              <div>
                <dt>{t('that.billNo')}</dt>
                <dd>{account.cardNo}</dd>
              </div>
              <div>
                <dt>{t('that.method')}</dt>
                <dd>{account.payName}</dd>
              </div>
              <div>
                <dt>{t('that.expires')}</dt>
                <dd>{account.expiresAt}</dd>
              </div>
            </dl>
          </section>

          {account.payCode === UTR_METHOD && (
            <UtrForm orderId={input.orderId} accountId={account.accountId} submitted={utr} onSubmitted={setUtr} />
          )}

          <section className={surface.card} aria-labelledby={ids.steps}>
            <h2 id={ids.steps} className={styles.sectionTitle}>{t('that.stepsTitle')}</h2>
            <PaySteps steps={account.payStep} open={input.group ?? 0} />
            <p className={styles.note}>{t('that.slipNote')}</p>
          </section>

          {waiting && (
            <p className={styles.waiting} role="status">
              {t('that.checking')}
            </p>
          )}
          <button type="button" className={`${buttons.primary} ${buttons.block}`} onClick={() => setTipsOpen(true)}>
            {t('that.paidButton')}
          </button>
          <Modal
            open={tipsOpen}
            title={t('that.tipsTitle')}
            onClose={() => setTipsOpen(false)}
            footer={
              <>
                <button type="button" className={buttons.secondary} onClick={() => setTipsOpen(false)}>
                  {t('that.tipsCancel')}
                </button>
                <button
                  type="button"
                  className={buttons.primary}
                  onClick={() => {
                    setTipsOpen(false)
                    setWaiting(true)
                    checkNow()
                  }}
                >
                  {t('that.tipsConfirm')}
                </button>
              </>
            }
          >
            <p>{t('that.tipsBody')}</p>
          </Modal>
        </>
      )}
      <p className={styles.bottomLink}>
        <Link to={href(SCREEN_PATHS.customerService)}>{t('that.complaint')}</Link>
      </p>
    </>
  )
}

/**
 * The account in groups of four, as the borrower types it at an ATM or a till. Each group is an
 * inline block, so a line may break only between groups, and the stylesheet draws the gap with no
 * character in it: at 320 px a 16-digit account wraps between groups, never leaving a digit alone
 * on a line, and a copy by hand gives the number alone, as the Copy button does (a bank's app may
 * refuse spaces).
 */
function Grouped({ value }: { value: string }) {
  return groupsOfFour(value).map((group, i) => <span key={i}>{group}</span>)
}

function CopyButton({ code }: { code: string }) {
  const { t } = useTranslation('repayment')
  return (
    <button
      type="button"
      className={`${buttons.secondary} ${styles.copy}`}
      onClick={() => {
        const copy = navigator.clipboard?.writeText(code) ?? Promise.reject(new Error('no clipboard'))
        copy.then(
          () => showToast(t('that.copied')),
          () => showToast(t('that.copyFailed')),
        )
      }}
    >
      {t('that.copy')}
    </button>
  )
}
