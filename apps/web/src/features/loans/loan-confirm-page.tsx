import { SECRET_PARAM_KEYS } from '@kilat/contract'
import { allowedAmounts } from '@kilat/domain'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from '../../shared/i18n'
import { useLocation, useNavigate } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { formatMoney } from '../../shared/format'
import buttons from '../../shared/ui/button.module.css'
import { CostSummary } from '../../shared/ui/cost-summary'
import { useFollowUrl } from '../../shared/ui/follow-url'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { deferredPart } from '../../shared/ui/deferred-part'
import { Skeleton } from '../../shared/ui/skeleton'
import { contractsQuery, type Contracts } from './api/get-contracts'
import { loanConfirmQuery, type LoanConfirm } from './api/get-loan-confirm'
import { usePushLoan } from './api/push-loan'
import { Agreements } from './components/agreements'
import { DetailLines } from './components/detail-lines'
import { Disclosure } from './components/disclosure'
import { AmountChooser, PeriodChooser } from './components/loan-choice'
import { PayoutLine } from './components/payout-line'
import { RepayPlan } from './components/repay-plan'
import { loanParams, type LoanChoice } from './params'
import styles from './loans.module.css'

// India's Key Fact Statement and agreement popup: out of the other markets' first load.
const KeyFacts = deferredPart(() => import('./components/key-fact-statement').then((m) => m.KeyFactStatement)).Part
const AgreementPopup = deferredPart(() => import('./components/agreement-popup').then((m) => m.AgreementPopup)).Part

/** A drag fires a change per step; the offer is priced again once the thumb rests this long. */
const SETTLE_MS = 250

/**
 * Loan confirmation (docs/product/loans.md#confirmation-screen): the borrower chooses the amount
 * and the installments, sees what that choice costs and where the money goes, reads the agreements
 * and confirms. The choice lives in the address (`amount`, `periods`), so a reload or coming back
 * from an agreement or the payout account keeps it.
 */
export function LoanConfirmPage() {
  const { t } = useTranslation('loans')
  const { t: tc } = useTranslation()
  const api = useApi()
  const { productId = 0, amount, periods } = loanParams(useLocation().search)
  // The previous offer stays on screen while the next choice is priced: no skeleton, no jump.
  // Another product's offer never stands in for this one.
  const offer = useScreenQuery({
    ...loanConfirmQuery(api, { productId, amount, periods }),
    meanwhile: (previous: LoanConfirm | undefined) => (previous?.productId === productId ? previous : undefined),
  })
  const contracts = useScreenQuery(contractsQuery(api, productId))

  let content
  if (offer.state.status === 'ready' && contracts.state.status === 'ready') {
    content = <ConfirmForm offer={offer.state.data} contracts={contracts.state.data} pricing={offer.updating} />
  } else {
    const [state, retry] = offer.state.status !== 'ready' ? [offer.state, offer.retry] : [contracts.state, contracts.retry]
    content =
      state.status === 'loading' || state.status === 'ready' ? (
        <Skeleton blocks={[200, 180, 120, 160]} />
      ) : (
        <ScreenFailure state={state} retry={retry} missing={t('confirm.missingProduct')} />
      )
  }
  return <PageFrame title={tc('routes.loanConfirm')}>{content}</PageFrame>
}

/**
 * The borrower's amount and installments: what the address says, else the offer's own. A drag is
 * held as a draft and written to the address (replacing the entry, never adding one) once it
 * settles; the address is what the offer is priced for.
 */
function useLoanChoice(offer: LoanConfirm) {
  const location = useLocation()
  const navigate = useNavigate()
  const params = loanParams(location.search)
  const inAddress: LoanChoice = { amount: params.amount ?? offer.amount, periods: params.periods ?? offer.periods }
  // A draft belongs to the address it was made on: once the address moves on (the draft landed,
  // or the borrower went back), the address wins.
  const [draft, setDraft] = useState<(LoanChoice & { on: string }) | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const commit = (next: LoanChoice) => {
    clearTimeout(timer.current)
    const search = new URLSearchParams(location.search)
    // The router's location may still hold the session token the address bar already dropped.
    for (const key of SECRET_PARAM_KEYS) search.delete(key)
    search.set('amount', String(next.amount))
    search.set('periods', String(next.periods))
    // The same path: the shell keeps the scroll position (it resets it only for another screen).
    void navigate({ pathname: location.pathname, search: `?${search}` }, { replace: true })
  }

  const shown: LoanChoice = draft !== null && draft.on === location.search ? draft : inAddress
  const choose = (next: LoanChoice, delay: number) => {
    setDraft({ ...next, on: location.search })
    clearTimeout(timer.current)
    if (delay > 0) timer.current = setTimeout(() => commit(next), delay)
    else commit(next)
  }
  return {
    amount: shown.amount,
    periods: shown.periods,
    /** The figures on screen are not yet those of the choice. */
    settling: shown.amount !== inAddress.amount || shown.periods !== inAddress.periods,
    chooseAmount: (amount: number) => choose({ amount, periods: shown.periods }, SETTLE_MS),
    choosePeriods: (periods: number) => choose({ amount: shown.amount, periods }, 0),
  }
}

function ConfirmForm({ offer, contracts, pricing }: { offer: LoanConfirm; contracts: Contracts; pricing: boolean }) {
  const { t } = useTranslation('loans')
  const { t: tc } = useTranslation()
  const [agreed, setAgreed] = useState(true)
  const [popOpen, setPopOpen] = useState(false)
  const push = usePushLoan(t('confirm.submitting'))
  const follow = useFollowUrl()
  const choice = useLoanChoice(offer)
  const infoId = useId()
  const costId = useId()
  const hintId = useId()
  const amounts = useMemo(() => amountsOf(offer), [offer])
  // Until the offer on screen is the one chosen, confirming would sign figures the borrower has not seen.
  const stale = pricing || choice.settling || offer.amount !== choice.amount || offer.periods !== choice.periods
  // docs/product/loans.md#agreement-popup: India's text set, and only with an agreement to read.
  const needsPopup = offer.popAgreementUrl !== '' && offer.languageType === 1
  // India's borrowers get the Key Fact Statement, as does any loan quoted by its APR.
  const keyFacts = offer.languageType === 1 || offer.cost.headline.kind === 'apr'
  const signed: LoanChoice = { amount: offer.amount, periods: offer.periods }

  const submit = () => {
    if (!agreed || stale || push.isPending) return
    push.mutate(
      { amount: offer.amount, periods: offer.periods, termUnit: offer.termUnit, productId: offer.productId },
      { onSuccess: (data) => follow(data.lendDetailsUrl) },
    )
  }

  const confirm = () => {
    if (!agreed || stale) return
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
        <AmountChooser amounts={amounts} value={choice.amount} market={offer.market} onChange={choice.chooseAmount} />
        <PeriodChooser options={offer.periodOptions} value={choice.periods} onChange={choice.choosePeriods} />
      </section>

      {/* Every figure below is the server's for the choice above; while the next is priced the last stays, marked busy. */}
      <div className={stale ? styles.pricing : undefined} aria-busy={stale}>
        <p className="visually-hidden" role="status">
          {stale ? t('confirm.pricing') : t('confirm.priced', { amount: formatMoney(offer.amount, offer.market) })}
        </p>
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
            <KeyFacts cost={offer.cost} market={offer.market} lateCharges={offer.lateCharges} />
          ) : (
            <CostSummary cost={offer.cost} market={offer.market} variant="list" lateCharges={offer.lateCharges} />
          )}
        </section>

        <Disclosure disclosure={offer.disclosure} />
      </div>

      <PayoutLine />

      <Agreements productId={offer.productId} choice={{ amount: choice.amount, periods: choice.periods }} contracts={contracts} checked={agreed} onChange={setAgreed} />

      <div className={styles.confirmBar}>
        {!agreed && (
          <p id={hintId} className={styles.hint}>
            {t('confirm.agreeFirst')}
          </p>
        )}
        <button
          type="button"
          className={`${buttons.primary} ${buttons.block}`}
          disabled={!agreed || stale}
          aria-disabled={!agreed || stale || push.isPending}
          aria-describedby={agreed ? undefined : hintId}
          onClick={confirm}
        >
          {t('confirm.confirmBtn')}
        </button>
      </div>

      {needsPopup && (
        <AgreementPopup
          offer={offer}
          signed={signed}
          open={popOpen}
          onClose={() => setPopOpen(false)}
          onAgree={() => {
            setPopOpen(false)
            submit()
          }}
        />
      )}
    </>
  )
}

/** The amounts the product allows; none to choose from when its limits are not a usable range. */
function amountsOf(offer: LoanConfirm): number[] {
  try {
    return allowedAmounts({ min: offer.minAmount, max: offer.maxAmount, step: offer.amountStep })
  } catch {
    // More stops than any borrower could use: the catalogue refuses such a product, so only the
    // offered amount is shown.
    return [offer.amount]
  }
}
