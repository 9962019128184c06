import { useEffect, useId, useState } from 'react'
import { useLocation, useNavigate } from '../../shared/router'
import { useApi } from '../../shared/api'
import { useScreenQuery, type ScreenState } from '../../shared/api/screen-query'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import buttons from '../../shared/ui/button.module.css'
import { useScreenHref } from '../../shared/ui/follow-url'
import { Notice } from '../../shared/ui/notice'
import { PageFrame } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { showToast } from '../../shared/ui/toast'
import { payOptionsQuery, type PayOption, type PayOptions } from './api/get-pay-options'
import { choosePayCode, choosePayType, freshChoice, readChoice, saveChoice, type RepayChoice } from './choice'
import { repayParams, type PayType, type RepayParams } from './params'
import styles from './repayment.module.css'
import surface from '../../shared/ui/card.module.css'

/**
 * docs/product/screens.md#individual: bank or mini market, a bank and then one of
 * its channels, or a mini market; the choice is kept locally and /that issues the account.
 */
export function IndividualPage() {
  const { t } = useTranslation('repayment')
  const { t: tc } = useTranslation()
  const api = useApi()
  const params = repayParams(useLocation().search)
  const input = { orderId: params.orderId ?? '', productId: params.productId }
  const banks = useScreenQuery(payOptionsQuery(api, { ...input, payType: 1 }))
  const markets = useScreenQuery(payOptionsQuery(api, { ...input, payType: 2 }))

  let content
  const failed = [banks, markets].find((q) => q.state.status !== 'ready' && q.state.status !== 'loading')
  if (banks.state.status === 'ready' && markets.state.status === 'ready') {
    content = <Choice params={params} lists={{ 1: banks.state.data, 2: markets.state.data }} />
  } else if (failed) {
    content = <ScreenFailure state={failed.state as Failure} retry={failed.retry} missing={t('missingOrder')} />
  } else content = <Skeleton blocks={[52, 220, 56]} />
  return <PageFrame title={tc('routes.individual')}>{content}</PageFrame>
}

type Failure = Extract<ScreenState<PayOptions>, { status: 'session' | 'error' | 'missing' }>

function Choice({ params, lists }: { params: RepayParams; lists: Record<PayType, PayOptions> }) {
  const { t } = useTranslation('repayment')
  const navigate = useNavigate()
  const href = useScreenHref()
  const ids = { type: useId(), bank: useId(), method: useId(), market: useId(), note: useId() }
  // A type the market does not offer (India has no mini markets) has no tab.
  const types = ([1, 2] as const).filter((type) => lists[type].list.length > 0)
  const [choice, setChoice] = useState<RepayChoice>(() => freshChoice(null, params.specificNum))
  // The bank's channel (ATM, its app, internet banking): asked for, not stored (the kept choice has no field for it).
  const [channel, setChannel] = useState<number | undefined>(undefined)

  // The stored choice exists only in the browser: read after hydration, so the server's HTML and
  // the first browser render agree. Opening this page starts a fresh repayment (isDefault 1).
  useEffect(() => {
    const fresh = freshChoice(readChoice(), params.specificNum)
    const offered = types.includes(fresh.payType) ? fresh : choosePayType(fresh, types[0] ?? 1)
    const start = { ...offered, isDefault: 1 as const }
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage exists only after hydration
    setChoice(start)
    saveChoice(start)
    // Once per visit to the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  const update = (next: RepayChoice) => {
    setChoice(next)
    saveChoice(next)
  }

  if (types.length === 0) {
    return (
      <Notice heading={t('individual.noneTitle')}>
        <p>{t('individual.noneBody')}</p>
      </Notice>
    )
  }

  const payType = types.includes(choice.payType) ? choice.payType : (types[0] ?? 1)
  const list = lists[payType].list
  // docs/product/screens.md#individual: a mini market is chosen by default (the server lists Alfamart first).
  const market = payType === 2 ? (list.find((m) => m.payCode === choice.payCode) ?? list[0]) : undefined
  const bank = payType === 1 ? list.find((b) => b.payCode === choice.payCode) : undefined

  const submit = () => {
    const selected = payType === 1 ? bank : market
    const complete = selected !== undefined && (payType === 2 || selected.method.length === 0 || channel !== undefined)
    if (!complete || !params.orderId) {
      showToast(t('individual.incomplete'))
      return
    }
    const final = { ...choice, payType, payCode: selected.payCode, specificNum: params.specificNum }
    saveChoice(final)
    void navigate(
      href(SCREEN_PATHS.that, {
        orderId: params.orderId,
        productId: params.productId,
        payCode: final.payCode,
        payType,
        specificNum: params.specificNum || undefined,
        purpose: params.purpose === 'extension' ? 'extension' : undefined,
        isDefault: final.isDefault,
        group: payType === 1 ? channel : undefined,
      }),
    )
  }

  return (
    <form
      className={styles.choiceForm}
      aria-describedby={params.purpose === 'extension' || params.specificNum > 0 ? ids.note : undefined}
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      {(params.purpose === 'extension' || params.specificNum > 0) && (
        <p id={ids.note} className={styles.note}>
          {params.purpose === 'extension' ? t('individual.extension') : t('individual.installments', { count: params.specificNum })}
        </p>
      )}
      {types.length > 1 && (
        <fieldset className={styles.tabs}>
          <legend className="visually-hidden">{t('individual.typeLegend')}</legend>
          {types.map((type) => (
            <label key={type} className={styles.tab}>
              <input
                type="radio"
                name={ids.type}
                checked={payType === type}
                onChange={() => {
                  update(choosePayType(choice, type))
                  setChannel(undefined)
                }}
              />
              <span>{t(`individual.payType${type}`)}</span>
            </label>
          ))}
        </fieldset>
      )}

      {payType === 1 ? (
        <>
          <OptionList
            legend={t('individual.bankLegend')}
            name={ids.bank}
            options={list}
            selected={bank?.payCode}
            onChoose={(payCode) => {
              update(choosePayCode(choice, payCode))
              setChannel(undefined)
            }}
          />
          {/* The channels open only once a bank is chosen. */}
          {bank && bank.method.length > 0 && (
            <fieldset className={surface.card}>
              <legend className={styles.legend}>{t('individual.methodLegend', { bank: bank.bankName })}</legend>
              <ul className={styles.options}>
                {bank.method.map((name, index) => (
                  <li key={name}>
                    <label className={styles.option}>
                      <input type="radio" name={ids.method} checked={channel === index} onChange={() => setChannel(index)} />
                      <span>{name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
          )}
        </>
      ) : (
        <OptionList
          legend={t('individual.marketLegend')}
          name={ids.market}
          options={list}
          selected={market?.payCode}
          onChoose={(payCode) => update(choosePayCode(choice, payCode))}
        />
      )}

      <button type="submit" className={`${buttons.primary} ${buttons.block}`}>
        {t('individual.submit')}
      </button>
    </form>
  )
}

function OptionList({
  legend,
  name,
  options,
  selected,
  onChoose,
}: {
  legend: string
  name: string
  options: readonly PayOption[]
  selected: string | undefined
  onChoose: (payCode: string) => void
}) {
  return (
    <fieldset className={surface.card}>
      <legend className={styles.legend}>{legend}</legend>
      <ul className={styles.options}>
        {options.map((option) => (
          <li key={option.payCode}>
            <label className={styles.option}>
              <input type="radio" name={name} value={option.payCode} checked={selected === option.payCode} onChange={() => onChoose(option.payCode)} />
              <span>{option.bankName}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  )
}
