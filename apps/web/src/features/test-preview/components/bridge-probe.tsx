import { useState, useSyncExternalStore } from 'react'
import { useTranslation } from '../../../shared/i18n'
import { BRIDGE_MESSAGES, bridgeEnvironment, sendToNative, type BridgeMessage, type BridgePayloads } from '../../../shared/bridge'
import { SCREEN_PATHS } from '../../../shared/screens'
import styles from '../test-preview.module.css'

/** A sample payload per message, so the shell's handlers can be tried one by one. */
const SAMPLES: { [N in BridgeMessage]: BridgePayloads[N] } = {
  to: { url: SCREEN_PATHS.loanDetail, title: 'Loan details' },
  closeWebview: {},
  toP: { productId: '1' },
  toHome: {},
  toMine: {},
  offToLogin: {},
  callTelephone: { phone: '+62 21 5000 0000' },
  toRate: { score: 5 },
  confirmBurialPoint: { event: 'test_preview', moduleId: 30, positionId: 0 },
  startBank: { orderId: '' },
  endBank: { success: true },
}

const noSubscription = () => () => {}

/** Sends any of the bridge's messages, to check the shell (or see the browser fallback). */
export function BridgeProbe() {
  const { t } = useTranslation('testPreview')
  const [message, setMessage] = useState<BridgeMessage>('toP')
  // The shell's objects exist only in the browser: the server renders "browser".
  const environment = useSyncExternalStore(noSubscription, () => bridgeEnvironment(window), () => 'browser' as const)
  const send = () => (sendToNative as (name: BridgeMessage, payload: unknown) => void)(message, SAMPLES[message])
  return (
    <section className={styles.card} aria-labelledby="bridge-heading">
      <h2 id="bridge-heading" className={styles.cardTitle}>{t('bridge.heading')}</h2>
      <p className={styles.hint}>{t(`bridge.environment.${environment}`)}</p>
      <div className={`${styles.row} ${styles.spaced}`}>
        <div className={`${styles.field} ${styles.grow}`}>
          <label className={styles.label} htmlFor="bridge-message">{t('bridge.message')}</label>
          <select id="bridge-message" className={styles.input} value={message} onChange={(event) => setMessage(event.target.value as BridgeMessage)}>
            {BRIDGE_MESSAGES.map((name) => (
              <option key={name} value={name}>{name}</option>
            ))}
          </select>
        </div>
        <button type="button" className={styles.button} onClick={send}>{t('bridge.send')}</button>
      </div>
      <pre className={styles.payload} aria-label={t('bridge.payload')}>{JSON.stringify(SAMPLES[message])}</pre>
    </section>
  )
}
