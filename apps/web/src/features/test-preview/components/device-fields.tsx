import { LOCALES, MARKETS, type Locale, type Market } from '@kilat/domain'
import { useTranslation } from '../../../shared/i18n'
import { DEMO_SESSIONS, TEXT_FIELDS, type DeviceFields } from '../fields'
import styles from '../test-preview.module.css'

interface Props {
  fields: DeviceFields
  onChange: (patch: Partial<DeviceFields>) => void
  onReset: () => void
}

/** The editable device fields; every change is kept on this device (localStorage). */
export function DeviceFieldsForm({ fields, onChange, onReset }: Props) {
  const { t } = useTranslation('testPreview')
  return (
    <section className={styles.card} aria-labelledby="device-heading">
      <h2 id="device-heading" className={styles.cardTitle}>{t('device.heading')}</h2>
      <p className={styles.hint}>{t('device.saved')}</p>
      <div className={styles.grid}>
        {TEXT_FIELDS.map((name) => (
          <div key={name} className={name === 'sessionId' ? `${styles.field} ${styles.wide}` : styles.field}>
            <label className={styles.label} htmlFor={`field-${name}`}>{t(`device.${name}`)}</label>
            <input
              id={`field-${name}`}
              className={styles.input}
              value={fields[name]}
              onChange={(event) => onChange({ [name]: event.target.value })}
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              inputMode={name === 'productId' || name === 'orderId' ? 'text' : undefined}
            />
            {name === 'sessionId' && (
              <div className={styles.actions} role="group" aria-label={t('device.demoGroup', { country: t(`countries.${fields.market}`) })}>
                {DEMO_SESSIONS[fields.market].map((session, index) => (
                  <button key={session} type="button" className={styles.secondary} onClick={() => onChange({ sessionId: session })}>
                    {index === 0 ? t('device.useDemo') : t('device.useDemoSecond')}
                  </button>
                ))}
              </div>
            )}
          </div>
        ))}
        <div className={styles.field}>
          <label className={styles.label} htmlFor="field-market">{t('device.market')}</label>
          <select
            id="field-market"
            className={styles.input}
            value={fields.market}
            onChange={(event) => onChange({ market: event.target.value as Market })}
          >
            {MARKETS.map((market) => (
              <option key={market} value={market}>{t(`markets.${market}`)}</option>
            ))}
          </select>
        </div>
        <div className={styles.field}>
          <label className={styles.label} htmlFor="field-lang">{t('device.language')}</label>
          <select
            id="field-lang"
            className={styles.input}
            value={fields.lang}
            onChange={(event) => onChange({ lang: event.target.value as Locale | '' })}
          >
            <option value="">{t('device.languageDefault')}</option>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale}>{t(`languages.${locale}`)}</option>
            ))}
          </select>
        </div>
      </div>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onReset}>{t('device.reset')}</button>
      </div>
    </section>
  )
}
