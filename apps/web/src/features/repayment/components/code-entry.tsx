import type { BankCard } from '@kilat/contract'
import { useId, useState } from 'react'
import { useTranslation } from '../../../shared/i18n'
import buttons from '../../../shared/ui/button.module.css'
import { Modal } from '../../../shared/ui/modal'
import styles from '../plans.module.css'
import { CODE_MIN_LENGTH, type CardRepayment } from './use-card-repayment'

/** The SMS code entry of card repay (docs/product/screens.md#repay-card): the code, a 60 s countdown back to 'get code', cancel and confirm. */
export function CodeEntry({ repay, card }: { repay: CardRepayment; card: BankCard }) {
  const { t } = useTranslation('repayment')
  const ids = { input: useId(), hint: useId(), error: useId() }
  const [code, setCode] = useState('')
  const { countdown } = repay
  const ready = code.trim().length >= CODE_MIN_LENGTH

  const close = () => {
    setCode('')
    repay.cancel()
  }

  return (
    <Modal
      open={repay.codeOpen}
      title={t('code.title')}
      onClose={close}
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={close}>
            {t('code.cancel')}
          </button>
          <button type="button" className={buttons.primary} disabled={!ready || repay.busy} onClick={() => void repay.confirm(code)}>
            {t('code.confirm')}
          </button>
        </>
      }
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          void repay.confirm(code)
        }}
      >
        <p id={ids.hint} className={styles.muted}>
          {t('code.sent', { bank: card.bankName, cardNo: card.cardNo })}
        </p>
        <label htmlFor={ids.input} className={styles.fieldLabel}>
          {t('code.label')}
        </label>
        <div className={styles.codeRow}>
          <input
            id={ids.input}
            className={styles.input}
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\s/g, '').slice(0, 16))}
            inputMode="numeric"
            autoComplete="one-time-code"
            aria-describedby={repay.codeError ? `${ids.hint} ${ids.error}` : ids.hint}
            aria-invalid={repay.codeError ? true : undefined}
          />
          <button
            type="button"
            className={`${buttons.secondary} ${styles.codeButton}`}
            disabled={countdown.running || repay.busy}
            onClick={() => void repay.commit(card)}
          >
            {countdown.running ? t('code.resendIn', { count: countdown.left }) : t('code.getCode')}
          </button>
        </div>
        {repay.codeError && (
          <p id={ids.error} className={styles.error} role="alert">
            {repay.codeError}
          </p>
        )}
      </form>
    </Modal>
  )
}
