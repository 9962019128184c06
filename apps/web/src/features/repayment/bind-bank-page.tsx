import { CARD_NO } from '@kilat/domain'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState } from 'react'
import { useLocation, useNavigate } from '../../shared/router'
import { isApiError, useApi } from '../../shared/api'
import { useScreenQuery } from '../../shared/api/screen-query'
import { useTranslation } from '../../shared/i18n'
import { SCREEN_PATHS } from '../../shared/screens'
import buttons from '../../shared/ui/button.module.css'
import { useScreenHref } from '../../shared/ui/follow-url'
import { LeaveGuard } from '../../shared/ui/leave-guard'
import { PageFrame, useGoBack } from '../../shared/ui/page-frame'
import { ScreenFailure } from '../../shared/ui/screen-failure'
import { Skeleton } from '../../shared/ui/skeleton'
import { addBankCard, cardBanksQuery } from './api/bind-card'
import { repayParams } from './params'
import styles from './plans.module.css'
import surface from '../../shared/ui/card.module.css'

/** What a card number may be: 12 to 19 digits (the server also checks its Luhn digit). */
const HOLDER_MAX = 80

interface Errors {
  bank?: string
  cardNo?: string
  holder?: string
}

/** Adds a bank card to repay from (docs/product/screens.md#bind-bank), then back to card repay. */
export function BindBankPage() {
  const { t: tc } = useTranslation()
  const api = useApi()
  const { state, retry } = useScreenQuery(cardBanksQuery(api))

  let content
  if (state.status === 'ready') content = <BindForm banks={state.data.list} />
  else if (state.status === 'loading') content = <Skeleton blocks={[60, 60, 60]} />
  else content = <ScreenFailure state={state} retry={retry} />
  return <PageFrame title={tc('routes.bindBank')}>{content}</PageFrame>
}

function BindForm({ banks }: { banks: readonly { bankCode: string; bankName: string }[] }) {
  const { t } = useTranslation('repayment')
  const api = useApi()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const goBack = useGoBack()
  const href = useScreenHref()
  const { orderId, productId } = repayParams(useLocation().search)
  const ids = { bank: useId(), cardNo: useId(), holder: useId(), bankError: useId(), cardError: useId(), holderError: useId(), cardHint: useId(), failure: useId() }
  const [bankCode, setBankCode] = useState('')
  const [cardNo, setCardNo] = useState('')
  const [holder, setHolder] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const [failure, setFailure] = useState<string>()
  const [busy, setBusy] = useState(false)
  // Card numbers are never kept on the phone: leaving loses them, so a stray back asks first, and
  // the form's own way on after the card is added does not.
  const added = useRef(false)
  const unsaved = () => !added.current && (bankCode !== '' || cardNo !== '' || holder !== '')

  const submit = async () => {
    if (busy) return
    const digits = cardNo.replace(/[\s-]/g, '')
    const next: Errors = {}
    if (!banks.some((bank) => bank.bankCode === bankCode)) next.bank = t('bind.chooseBank')
    if (!CARD_NO.test(digits)) next.cardNo = t('bind.cardInvalid')
    if (holder.trim() === '') next.holder = t('bind.holderRequired')
    setErrors(next)
    setFailure(undefined)
    if (next.bank || next.cardNo || next.holder) {
      document.getElementById(next.bank ? ids.bank : next.cardNo ? ids.cardNo : ids.holder)?.focus()
      return
    }
    setBusy(true)
    try {
      await addBankCard(api, queryClient, { bankCode, cardNo: digits, holderName: holder.trim() }, t('bind.sending'))
      added.current = true
      if (orderId) void navigate(href(SCREEN_PATHS.repayCard, { orderId, productId }), { replace: true })
      else goBack()
    } catch (error) {
      // The server says why the card was refused, in the borrower's language.
      setFailure(isApiError(error) && error.message ? error.message : t('bind.failed'))
    } finally {
      setBusy(false)
    }
  }

  const described = (error: string | undefined, errorId: string, hint?: string) => [hint, error ? errorId : undefined].filter(Boolean).join(' ') || undefined

  return (
    <form
      className={surface.card}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <div className={styles.field}>
        <label htmlFor={ids.bank} className={styles.fieldLabel}>
          {t('bind.bank')}
        </label>
        <select
          id={ids.bank}
          className={styles.input}
          value={bankCode}
          onChange={(event) => setBankCode(event.target.value)}
          aria-invalid={errors.bank ? true : undefined}
          aria-describedby={described(errors.bank, ids.bankError)}
        >
          <option value="">{t('bind.bankPlaceholder')}</option>
          {banks.map((bank) => (
            <option key={bank.bankCode} value={bank.bankCode}>
              {bank.bankName}
            </option>
          ))}
        </select>
        {errors.bank && (
          <p id={ids.bankError} className={styles.error}>
            {errors.bank}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.cardNo} className={styles.fieldLabel}>
          {t('bind.cardNo')}
        </label>
        <input
          id={ids.cardNo}
          className={styles.input}
          value={cardNo}
          onChange={(event) => setCardNo(event.target.value.replace(/[^\d\s-]/g, '').slice(0, 23))}
          inputMode="numeric"
          autoComplete="cc-number"
          aria-invalid={errors.cardNo ? true : undefined}
          aria-describedby={described(errors.cardNo, ids.cardError, ids.cardHint)}
        />
        <p id={ids.cardHint} className={styles.muted}>
          {t('bind.cardHint')}
        </p>
        {errors.cardNo && (
          <p id={ids.cardError} className={styles.error}>
            {errors.cardNo}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.holder} className={styles.fieldLabel}>
          {t('bind.holder')}
        </label>
        <input
          id={ids.holder}
          className={styles.input}
          value={holder}
          maxLength={HOLDER_MAX}
          onChange={(event) => setHolder(event.target.value)}
          autoComplete="cc-name"
          aria-invalid={errors.holder ? true : undefined}
          aria-describedby={described(errors.holder, ids.holderError)}
        />
        {errors.holder && (
          <p id={ids.holderError} className={styles.error}>
            {errors.holder}
          </p>
        )}
      </div>
      {failure && (
        <p id={ids.failure} className={styles.error} role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className={`${buttons.primary} ${buttons.block}`} disabled={busy}>
        {busy ? t('bind.sending') : t('bind.submit')}
      </button>
      <LeaveGuard when={unsaved} />
    </form>
  )
}
