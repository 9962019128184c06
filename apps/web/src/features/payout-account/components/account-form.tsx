import { ERROR_CODES } from '@kilat/contract'
import { useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { FieldsRefused, useApi } from '../../../shared/api'
import { useTranslation } from '../../../shared/i18n'
import buttons from '../../../shared/ui/button.module.css'
import surface from '../../../shared/ui/card.module.css'
import { payoutAccountQuery, type PayoutAccountData, type PayoutKind } from '../api/get-payout-account'
import { sendPayoutAccount, type PayoutAccountInput } from '../api/send-payout-account'
import { fieldsOf, isChosen, TYPED_FIELDS, type AccountField } from '../fields'
import styles from '../payout-account.module.css'
import { accountInWords } from './account-name'

type Values = Partial<Record<AccountField, string>>

/**
 * Gives the account in the market's terms: the kind, then its fields. What is missing is said
 * before sending; the server checks the rest and its refusals appear under their fields, in the
 * borrower's language. While a loan is on its way to the account, the form says so and stays shut.
 */
export function AccountForm({ data }: { data: PayoutAccountData }) {
  const { t } = useTranslation('payoutAccount')
  const api = useApi()
  const queryClient = useQueryClient()
  const ids = { title: useId(), kind: useId(), field: useId(), locked: useId() }
  const [kind, setKind] = useState<PayoutKind>(() => initialKind(data))
  const [values, setValues] = useState<Values>({})
  const [errors, setErrors] = useState<Values>({})
  const [failure, setFailure] = useState<string[]>([])
  const [saved, setSaved] = useState<string>()
  const [busy, setBusy] = useState(false)
  // A refusal because a payout started meanwhile: the server's own words stand for ours.
  const [lockedMessage, setLockedMessage] = useState<string>()
  const locked = !data.canChange || lockedMessage !== undefined
  const fields = fieldsOf(kind, data)
  const fieldId = (field: AccountField) => `${ids.field}-${field}`

  const choose = (next: PayoutKind) => {
    setKind(next)
    setErrors({})
    setFailure([])
  }

  const submit = async () => {
    if (busy || locked) return
    const missing: Values = {}
    for (const field of fields) if (!values[field]?.trim()) missing[field] = t(`fields.${field}.missing`)
    setErrors(missing)
    setFailure([])
    setSaved(undefined)
    const first = fields.find((field) => missing[field])
    if (first) {
      document.getElementById(fieldId(first))?.focus()
      return
    }
    const input: PayoutAccountInput = { kind }
    for (const field of fields) input[field] = values[field]?.trim()
    setBusy(true)
    try {
      const account = await sendPayoutAccount(input)
      queryClient.setQueryData(payoutAccountQuery(api).queryKey, (current) => current && { ...current, account })
      // The number is not kept on screen once saved: the card above shows it masked.
      setValues({})
      setSaved(t('form.saved', { account: accountInWords(t, account) }))
    } catch (error) {
      showRefusal(error)
    } finally {
      setBusy(false)
    }
  }

  const showRefusal = (error: unknown) => {
    if (!(error instanceof FieldsRefused)) {
      setFailure([t('form.failed')])
      return
    }
    if (String(error.code) === String(ERROR_CODES.payoutAccountLocked)) {
      setLockedMessage(error.message)
      // What the cache says of the account (changeable) is out of date: ask again.
      void queryClient.invalidateQueries({ queryKey: payoutAccountQuery(api).queryKey })
      return
    }
    const byField: Values = {}
    const others: string[] = []
    for (const refusal of error.refusals) {
      const field = fields.find((name) => name === refusal.field)
      if (field && byField[field] === undefined) byField[field] = refusal.message
      else if (!field) others.push(refusal.message)
    }
    setErrors(byField)
    const first = fields.find((field) => byField[field])
    // Refusals of no field on screen (the kind) show above the button; a refusal naming no field
    // at all, or another failure, as the envelope's message.
    setFailure(others.length > 0 ? others : first ? [] : [error.message])
    if (first) document.getElementById(fieldId(first))?.focus()
  }

  // A typed field's hint, then its error: a screen reader says both after the label.
  const describedBy = (field: AccountField) =>
    [isChosen(field) ? undefined : `${fieldId(field)}-hint`, errors[field] ? `${fieldId(field)}-error` : undefined].filter(Boolean).join(' ') || undefined

  return (
    <section className={surface.card} aria-labelledby={ids.title}>
      <h2 id={ids.title} className={styles.title}>
        {data.account ? t('form.changeTitle') : t('form.addTitle')}
      </h2>
      {locked && (
        <p id={ids.locked} className={styles.locked}>
          {lockedMessage ?? t('locked')}
        </p>
      )}
      <form
        noValidate
        aria-describedby={locked ? ids.locked : undefined}
        onSubmit={(event) => {
          event.preventDefault()
          void submit()
        }}
      >
        <fieldset className={styles.bare} disabled={locked}>
          {data.kinds.length > 1 && (
            <fieldset className={styles.kinds}>
              <legend className={styles.label}>{t('form.kind')}</legend>
              <div className={styles.segments}>
                {data.kinds.map((option) => (
                  <label key={option} className={styles.segment}>
                    <input type="radio" name={ids.kind} value={option} checked={kind === option} onChange={() => choose(option)} />
                    <span>{t(`kinds.${option}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {fields.map((field) => {
            const id = fieldId(field)
            const own = {
              id,
              className: styles.input,
              value: values[field] ?? '',
              'aria-invalid': errors[field] ? true : undefined,
              'aria-describedby': describedBy(field),
            }
            let control
            if (isChosen(field)) {
              control = (
                <select {...own} onChange={(event) => setValues({ ...values, [field]: event.target.value })}>
                  <option value="">{t(`fields.${field}.choose`)}</option>
                  {(field === 'bankCode' ? data.banks : data.wallets).map((option) => (
                    <option key={option.code} value={option.code}>
                      {option.name}
                    </option>
                  ))}
                </select>
              )
            } else {
              const spec = TYPED_FIELDS[field]
              control = (
                <>
                  <input
                    {...own}
                    type={spec.type ?? 'text'}
                    inputMode={spec.inputMode}
                    autoComplete={spec.autoComplete}
                    autoCapitalize={spec.autoCapitalize}
                    spellCheck={false}
                    maxLength={spec.maxLength}
                    onChange={(event) => setValues({ ...values, [field]: spec.keep ? event.target.value.replace(spec.keep, '') : event.target.value })}
                  />
                  <p id={`${id}-hint`} className={styles.hint}>
                    {t(`fields.${field}.hint`)}
                  </p>
                </>
              )
            }
            return (
              <div key={field} className={styles.field}>
                <label htmlFor={id} className={styles.label}>
                  {t(`fields.${field}.label`)}
                </label>
                {control}
                {errors[field] && (
                  <p id={`${id}-error`} className={styles.error}>
                    {errors[field]}
                  </p>
                )}
              </div>
            )
          })}
          {failure.length > 0 && (
            <div className={styles.failure} role="alert">
              {failure.map((message) => (
                <p key={message}>{message}</p>
              ))}
            </div>
          )}
          <button type="submit" className={`${buttons.primary} ${buttons.block}`} disabled={busy || locked}>
            {busy ? t('form.saving') : t('form.submit')}
          </button>
        </fieldset>
      </form>
      {/* Always on the page, so that a screen reader hears what arrives in it. */}
      <p className={styles.saved} role="status">
        {saved}
      </p>
    </section>
  )
}

/** The kind of the account the borrower has, else the market's first. */
function initialKind(data: PayoutAccountData): PayoutKind {
  const own = data.account?.kind
  return own !== undefined && data.kinds.includes(own) ? own : (data.kinds[0] ?? 'bank')
}
