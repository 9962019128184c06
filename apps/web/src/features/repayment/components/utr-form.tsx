import { isValidUtr } from '@kilat/domain'
import { useId, useState } from 'react'
import { useTranslation } from '../../../shared/i18n'
import buttons from '../../../shared/ui/button.module.css'
import { useSubmitUtr } from '../api/submit-utr'
import styles from '../repayment.module.css'
import surface from '../../../shared/ui/card.module.css'

/**
 * India's bank transfer (docs/product/screens.md#that): after paying, the borrower enters the UTR
 * their bank gave them, so the payment can be matched; once sent, the page shows it.
 */
export function UtrForm({ orderId, accountId, submitted, onSubmitted }: { orderId: string; accountId: number; submitted: string | null; onSubmitted: (utr: string) => void }) {
  const { t } = useTranslation('repayment')
  const ids = { title: useId(), input: useId(), hint: useId(), error: useId() }
  const [value, setValue] = useState('')
  const [invalid, setInvalid] = useState(false)
  const send = useSubmitUtr(t('utr.sending'))

  if (submitted) {
    return (
      <section className={surface.card} aria-labelledby={ids.title}>
        <h2 id={ids.title} className={styles.sectionTitle}>{t('utr.title')}</h2>
        <p className={styles.done}>{t('utr.done', { utr: submitted })}</p>
      </section>
    )
  }
  return (
    <section className={surface.card} aria-labelledby={ids.title}>
      <h2 id={ids.title} className={styles.sectionTitle}>{t('utr.title')}</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          const utr = value.trim()
          if (!isValidUtr(utr)) {
            setInvalid(true)
            return
          }
          send.mutate({ orderId, accountId, utr }, { onSuccess: (data) => onSubmitted(data.utr) })
        }}
      >
        <label htmlFor={ids.input} className={styles.label}>{t('utr.label')}</label>
        <p id={ids.hint} className={styles.hint}>{t('utr.hint')}</p>
        <input
          id={ids.input}
          className={styles.input}
          inputMode="numeric"
          autoComplete="off"
          maxLength={12}
          value={value}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? `${ids.hint} ${ids.error}` : ids.hint}
          onChange={(event) => {
            setValue(event.target.value.replace(/\D/g, ''))
            setInvalid(false)
          }}
        />
        {invalid && (
          <p id={ids.error} className={styles.error} role="alert">
            {t('utr.invalid')}
          </p>
        )}
        <button type="submit" className={`${buttons.secondary} ${buttons.block}`} disabled={send.isPending}>
          {t('utr.submit')}
        </button>
      </form>
    </section>
  )
}
