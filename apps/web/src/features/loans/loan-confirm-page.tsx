import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { formatMoney } from '../../shared/format'
import buttons from '../../shared/ui/button.module.css'
import { CostSummary } from '../../shared/ui/cost-summary'
import { useFollowUrl } from '../../shared/ui/follow-url'
import { Modal } from '../../shared/ui/modal'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { contractsQuery, type Contracts } from './api/get-contracts'
import { loanConfirmQuery, type LoanConfirm } from './api/get-loan-confirm'
import { usePushLoan } from './api/push-loan'
import { Agreements } from './components/agreements'
import { DetailLines } from './components/detail-lines'
import { KeyFactStatement } from './components/key-fact-statement'
import { RepayPlan } from './components/repay-plan'
import { loanParams } from './params'
import styles from './loans.module.css'

/** spec.md 2.7 and 4.8: the offer, what it costs, the agreements, and the confirm button. */
export function LoanConfirmPage() {
  const { t: tc } = useTranslation()
  const api = useApi()
  const { productId = 0, amount } = loanParams(useLocation().search)
  const offer = useScreenQuery(loanConfirmQuery(api, { productId, amount }))
  const contracts = useScreenQuery(contractsQuery(api, productId))

  let content
  if (offer.state.status === 'ready' && contracts.state.status === 'ready') {
    content = <ConfirmForm offer={offer.state.data} contracts={contracts.state.data} />
  } else {
    const [state, retry] = offer.state.status !== 'ready' ? [offer.state, offer.retry] : [contracts.state, contracts.retry]
    content = state.status === 'loading' || state.status === 'ready' ? <Skeleton blocks={[140, 180, 120, 160]} /> : <ScreenFailure state={state} retry={retry} />
  }
  return <PageFrame title={tc('routes.loanConfirm')}>{content}</PageFrame>
}

function ConfirmForm({ offer, contracts }: { offer: LoanConfirm; contracts: Contracts }) {
  const { t } = useTranslation('loans')
  const { t: tc } = useTranslation()
  const [agreed, setAgreed] = useState(true)
  const [popOpen, setPopOpen] = useState(false)
  const push = usePushLoan(t('confirm.submitting'))
  const follow = useFollowUrl()
  const infoId = useId()
  const costId = useId()
  const hintId = useId()
  // spec.md 4.8: the agreement popup is India's (text set type 1), and only with an agreement to read.
  const needsPopup = offer.popAgreementUrl !== '' && offer.languageType === 1
  // India's borrowers get the Key Fact Statement, as does any loan quoted by its APR.
  const keyFacts = offer.languageType === 1 || offer.cost.headline.kind === 'apr'

  const submit = () => {
    if (!agreed || push.isPending) return
    push.mutate(
      { amount: offer.amount, periods: offer.periods, termUnit: offer.termUnit, productId: offer.productId },
      { onSuccess: (data) => follow(data.lendDetailsUrl) },
    )
  }

  const confirm = () => {
    if (!agreed) return
    if (needsPopup) setPopOpen(true)
    else submit()
  }

  return (
    <>
      <section className={styles.offer} aria-label={offer.productName}>
        <div className={styles.product}>
          <img className={styles.logo} src={offer.productLogo} alt={tc('product.logoAlt', { name: offer.productName })} width={40} height={40} />
          <span className={styles.productName}>{offer.productName}</span>
        </div>
        <p className={styles.amountTop}>{t('confirm.amountTop')}</p>
        <p className={styles.amount}>{formatMoney(offer.amount, offer.market)}</p>
      </section>

      <section className={styles.card} aria-labelledby={infoId}>
        <h2 id={infoId} className={styles.cardTitle}>{t('confirm.confirmTitle')}</h2>
        <DetailLines lines={offer.details} />
        <DetailLines lines={offer.detail1} />
        <DetailLines lines={offer.detail2} />
      </section>

      <RepayPlan plans={offer.repay_plans} market={offer.market} />

      <section className={styles.card} aria-labelledby={costId}>
        <h2 id={costId} className={styles.cardTitle}>{t('confirm.costTitle')}</h2>
        {keyFacts ? (
          <KeyFactStatement cost={offer.cost} market={offer.market} lateCharges={offer.note} />
        ) : (
          <CostSummary cost={offer.cost} market={offer.market} variant="list" />
        )}
      </section>

      <Agreements productId={offer.productId} contracts={contracts} checked={agreed} onChange={setAgreed} />

      <div className={styles.confirmBar}>
        {!agreed && (
          <p id={hintId} className={styles.hint}>
            {t('confirm.agreeFirst')}
          </p>
        )}
        <button
          type="button"
          className={`${buttons.primary} ${buttons.block}`}
          disabled={!agreed}
          aria-disabled={!agreed || push.isPending}
          aria-describedby={agreed ? undefined : hintId}
          onClick={confirm}
        >
          {t('confirm.confirmBtn')}
        </button>
      </div>

      <Modal
        open={popOpen}
        title={offer.popTitle || t('confirm.popTitle')}
        onClose={() => setPopOpen(false)}
        footer={
          <>
            <button type="button" className={buttons.secondary} onClick={() => setPopOpen(false)}>
              {t('confirm.popCancel')}
            </button>
            <button
              type="button"
              className={buttons.primary}
              onClick={() => {
                setPopOpen(false)
                submit()
              }}
            >
              {t('confirm.popAgree')}
            </button>
          </>
        }
      >
        {offer.popContent.split(/\n+/).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
        <p>
          <a
            href={offer.popAgreementUrl}
            onClick={(event) => {
              event.preventDefault()
              setPopOpen(false)
              follow(offer.popAgreementUrl)
            }}
          >
            {t('confirm.popRead')}
          </a>
        </p>
      </Modal>
    </>
  )
}
