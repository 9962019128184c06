import { useTranslation } from 'react-i18next'
import { PageFrame } from '../../shared/ui/page-frame'
import { BridgeProbe } from './components/bridge-probe'
import { DeviceFieldsForm } from './components/device-fields'
import { DeviceProbes } from './components/device-probes'
import { ScreenLinks } from './components/screen-links'
import { SessionStatus } from './components/session-status'
import { SignInBox } from './components/sign-in-box'
import { useDeviceFields, useSettledValue } from './use-device-fields'
import styles from './test-preview.module.css'

/** spec.md 2.6: stands in for the app shell, so every screen can be opened with a real session. */
export function TestPreviewPage() {
  const { t } = useTranslation('testPreview')
  const { t: tc } = useTranslation()
  const { fields, update, reset } = useDeviceFields()
  const session = useSettledValue(fields.sessionId.trim())

  return (
    <PageFrame title={tc('routes.testPreview')}>
      <p className={styles.intro}>{t('intro')}</p>
      <SessionStatus session={session} onSignedOut={() => update({ sessionId: '' })} />
      <SignInBox onSignedIn={(sessionId) => update({ sessionId })} />
      <DeviceFieldsForm fields={fields} onChange={update} onReset={reset} />
      <ScreenLinks fields={fields} />
      <DeviceProbes />
      <BridgeProbe />
    </PageFrame>
  )
}
