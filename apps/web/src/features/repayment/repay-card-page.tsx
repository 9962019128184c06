import { useId, useState } from 'react'
import { Link, useLocation } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery, type ScreenState } from '../../shared/api/screen-query'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import buttons from '../../shared/ui/button.module.css'
import { useScreenHref } from '../../shared/ui/follow-url'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { cardPageUrl } from './api/card-repayment'
import { repaymentWayQuery, type RepaymentWay } from './api/get-repayment-way'
import { CodeEntry } from './components/code-entry'
import { useCardRepayment } from './components/use-card-repayment'
import { repayParams } from './params'
import styles from './plans.module.css'
import surface from '../../shared/ui/card.module.css'

/** Card repay, the older flow (docs/product/screens.md#repay-card): choose a card, commit, confirm with the SMS code. */
export function RepayCardPage() {
  const { t } = useTranslation('repayment')
  const { t: tc } = useTranslation()
  const api = useApi()
  const { orderId = '', productId } = repayParams(useLocation().search)
  const { state, retry } = useScreenQuery(repaymentWayQuery(api, orderId))

  let content
  if (state.status === 'ready') content = <CardRepay way={state.data} orderId={orderId} productId={productId} />
  else if (state.status === 'loading') content = <Skeleton blocks={[72, 160, 60]} />
  else content = <ScreenFailure state={withDefaultMessage(state, t('card.listFailed'), tc('errors.network'))} retry={retry} missing={t('missingOrder')} />
  return <PageFrame title={tc('routes.repayCard')}>{content}</PageFrame>
}

/** docs/product/screens.md#repay-card: a card list that could not be read says the server's message, else 'card list query failed'. */
function withDefaultMessage<T>(state: Exclude<ScreenState<T>, { status: 'ready' | 'loading' }>, fallback: string, networkText: string) {
  if (state.status !== 'error') return state
  // The API client gives an answer without a message (and a lost connection) its network text.
  return !state.message || state.message === networkText ? { ...state, message: fallback } : state
}

function CardRepay({ way, orderId, productId }: { way: RepaymentWay; orderId: string; productId?: number }) {
  const { t } = useTranslation('repayment')
  const api = useApi()
  const href = useScreenHref()
  const ids = { cards: useId(), amount: useId(), error: useId() }
  const [cardId, setCardId] = useState<number | undefined>(way.bankCards[0]?.id)
  const card = way.bankCards.find((one) => one.id === cardId)
  const repay = useCardRepayment({ orderId, productId, way })
  const bindHref = href(SCREEN_PATHS.bindBank, { orderId, productId })
  const [opening, setOpening] = useState(false)

  const openCardPage = async () => {
    if (opening) return
    setOpening(true)
    try {
      const url = await cardPageUrl(api, { orderId, amount: way.amount }, t('card.opening'))
      // The gateway's hosted page is a page of its own, not a screen of this app.
      if (url) window.location.assign(url)
    } catch {
      // The client has shown the server's message.
    } finally {
      setOpening(false)
    }
  }

  return (
    <>
      <section className={surface.card} aria-labelledby={ids.amount}>
        <h2 id={ids.amount} className={styles.cardTitle}>
          {t('card.amountTitle')}
        </h2>
        <p className={styles.bigAmount}>{way.amountText}</p>
      </section>

      {way.bankCards.length === 0 ? (
        <section className={surface.card} aria-labelledby={ids.cards}>
          <h2 id={ids.cards} className={styles.cardTitle}>
            {t('card.cardsTitle')}
          </h2>
          <p>{t('card.noCards')}</p>
          <Link className={`${buttons.primary} ${buttons.block}`} to={bindHref}>
            {t('card.addCard')}
          </Link>
        </section>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (card) repay.commit(card)
          }}
        >
          <fieldset className={surface.card}>
            <legend className={styles.legend}>{t('card.cardsTitle')}</legend>
            <ul className={styles.periods}>
              {way.bankCards.map((one) => (
                <li key={one.id}>
                  <label className={styles.period}>
                    <input type="radio" name="cardId" value={one.id} checked={one.id === cardId} onChange={() => setCardId(one.id)} />
                    <span className={styles.periodText}>
                      <span className={styles.periodName}>{one.bankName}</span>
                      <span className={styles.muted}>{t('card.number', { cardNo: one.cardNo })}</span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            <Link className={styles.addLink} to={bindHref}>
              {t('card.addAnother')}
            </Link>
          </fieldset>
          {repay.pageError && (
            <p id={ids.error} className={styles.error} role="alert">
              {repay.pageError}
            </p>
          )}
          <div className={styles.payBar}>
            <button type="submit" className={`${buttons.primary} ${buttons.block}`} disabled={!card || repay.busy}>
              {repay.busy ? t('card.sending') : t('card.pay')}
            </button>
          </div>
        </form>
      )}

      {way.alipay === 1 && (
        <p className={styles.centered}>
          <button type="button" className={buttons.link} onClick={() => void openCardPage()} disabled={opening}>
            {t('card.cardPage')}
          </button>
        </p>
      )}

      {card && <CodeEntry repay={repay} card={card} />}
    </>
  )
}
