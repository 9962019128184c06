import type { Market } from '@kilat/domain'
import { useState, type FormEvent } from 'react'
import { useTranslation } from '../../../shared/i18n'
import type { UserInfo } from '../api/get-user-info'
import { FieldsRefused } from '../../../shared/api'
import { sendIdentity, sendPayoutAccount } from '../api/kyc-steps'
import { DEMO_ACCOUNTS, demoIdentity, GENDERS, IDENTITY_FIELDS, identityBody, type IdentityField, type IdentityValues } from '../demo-identity'
import { screenQuery, type DeviceFields } from '../fields'
import styles from '../test-preview.module.css'
import { SCREEN_PATHS } from '../../../shared/screens'

/** Identity fields typed on a phone's number pad. */
const NUMERIC_FIELDS: ReadonlySet<IdentityField> = new Set(['nik', 'aadhaar.lastFour', 'address.provinceCode', 'address.cityCode', 'address.pinCode', 'address.postalCode'])

/** What a step's last call came to: saved, or the server's reasons. */
type Outcome = { ok: string } | { refused: string[] }

/**
 * The app shell's steps after sign-in (docs/product/identity-and-payout-account.md): its identity
 * (KYC) step and its bank step, for the signed-in borrower, in the borrower's own market.
 */
export function KycSteps({ session, borrower, fields }: { session: string; borrower: UserInfo; fields: DeviceFields }) {
  return (
    <>
      <IdentityStep session={session} market={borrower.market} seed={`${session}|${borrower.phone}`} />
      <PayoutAccountStep session={session} market={borrower.market} fields={fields} />
    </>
  )
}

/**
 * A refusal in words: each refused field's reason after the field's name, or the server's message
 * when it named none (a number another borrower holds, a session that ended).
 */
function refusedOutcome(error: unknown, name: (field: string) => string, failed: string): Outcome {
  if (!(error instanceof FieldsRefused)) return { refused: [failed] }
  if (error.refusals.length === 0) return { refused: [error.message] }
  return { refused: error.refusals.map((refusal) => `${name(refusal.field)}: ${refusal.message}`) }
}

function IdentityStep({ session, market, seed }: { session: string; market: Market; seed: string }) {
  const { t } = useTranslation('testPreview')
  const [values, setValues] = useState<IdentityValues>(() => demoIdentity(market, seed))
  const [outcome, setOutcome] = useState<Outcome>()
  const [busy, setBusy] = useState(false)
  const fields = IDENTITY_FIELDS[market]
  const label = (field: IdentityField) => t(`kyc.identity.fields.${field}`)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    setBusy(true)
    setOutcome(undefined)
    try {
      const { identity } = await sendIdentity(identityBody(market, values, new Date()), session)
      setOutcome({ ok: t('kyc.identity.saved', { version: identity.version }) })
    } catch (error) {
      const known = (field: string): field is IdentityField => (fields as readonly string[]).includes(field)
      setOutcome(refusedOutcome(error, (field) => (known(field) ? label(field) : field), t('kyc.failed')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.card} aria-labelledby="kyc-identity-heading">
      <h2 id="kyc-identity-heading" className={styles.cardTitle}>{t('kyc.identity.heading')}</h2>
      <p className={styles.hint}>{t('kyc.identity.hint')}</p>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div className={styles.grid}>
          {fields.map((field) => {
            const id = `kyc-${field.replace('.', '-')}`
            const change = (value: string) => setValues((current) => ({ ...current, [field]: value }))
            return (
              <div key={field} className={field === 'fullName' || field === 'address.street' ? `${styles.field} ${styles.wide}` : styles.field}>
                <label className={styles.label} htmlFor={id}>{label(field)}</label>
                {field === 'gender' ? (
                  <select id={id} className={styles.input} value={values.gender ?? ''} onChange={(event) => change(event.target.value)}>
                    {GENDERS[market].map((gender) => (
                      <option key={gender} value={gender}>{t(`kyc.identity.genders.${gender}`)}</option>
                    ))}
                  </select>
                ) : (
                  <input
                    id={id}
                    className={styles.input}
                    type={field === 'birthDate' ? 'date' : 'text'}
                    inputMode={NUMERIC_FIELDS.has(field) ? 'numeric' : undefined}
                    autoComplete="off"
                    spellCheck={false}
                    value={values[field] ?? ''}
                    onChange={(event) => change(event.target.value)}
                  />
                )}
              </div>
            )
          })}
        </div>
        <div className={styles.actions}>
          <button type="submit" className={`${styles.button} ${styles.block}`} disabled={busy}>
            {busy ? t('kyc.sending') : t('kyc.identity.submit')}
          </button>
        </div>
      </form>
      <StepOutcome outcome={outcome} />
    </section>
  )
}

function PayoutAccountStep({ session, market, fields }: { session: string; market: Market; fields: DeviceFields }) {
  const { t } = useTranslation('testPreview')
  const [outcome, setOutcome] = useState<Outcome>()
  const [busy, setBusy] = useState(false)

  const saveDemo = async () => {
    if (busy) return
    setBusy(true)
    setOutcome(undefined)
    try {
      const { account } = await sendPayoutAccount(DEMO_ACCOUNTS[market], session)
      setOutcome({ ok: t('kyc.account.saved', { account: account.masked, nameCheck: account.nameCheck }) })
    } catch (error) {
      setOutcome(refusedOutcome(error, (field) => field, t('kyc.failed')))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={styles.card} aria-labelledby="kyc-account-heading">
      <h2 id="kyc-account-heading" className={styles.cardTitle}>{t('kyc.account.heading')}</h2>
      <p className={styles.hint}>{t('kyc.account.hint')}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={() => void saveDemo()} disabled={busy}>
          {busy ? t('kyc.sending') : t('kyc.account.useDemo')}
        </button>
        {/* A full page load, as the shell opens a screen: the session in the address becomes the cookie. */}
        <a className={styles.secondary} href={`${SCREEN_PATHS.payoutAccount}?${screenQuery(fields)}`}>
          {t('kyc.account.open')}
        </a>
      </div>
      <StepOutcome outcome={outcome} />
    </section>
  )
}

/** A step's result, in a live region that is always on the page, so a screen reader hears what arrives. */
function StepOutcome({ outcome }: { outcome: Outcome | undefined }) {
  const { t } = useTranslation('testPreview')
  return (
    <div className={styles.outcome} role="status">
      {outcome && 'ok' in outcome && <p className={`${styles.status} ${styles.ok}`}>{outcome.ok}</p>}
      {outcome && 'refused' in outcome && (
        <div className={`${styles.status} ${styles.error}`}>
          <p className={styles.refusedTitle}>{t('kyc.refused')}</p>
          <ul className={styles.refusals}>
            {outcome.refused.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  )
}
