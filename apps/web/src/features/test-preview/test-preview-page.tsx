import { useEffect, useRef, useState } from 'react'
import { useTranslation } from '../../shared/i18n'
import { useLocation } from '../../shared/router'
import { deferredPart } from '../../shared/ui/deferred-part'
import { PageFrame } from '../../shared/ui/page-frame'
import { useDemoOrders, type DemoOrders } from './api/get-demo-orders'
import { useUserInfo } from './api/get-user-info'
import { useLoginSettings } from './api/login-init'
import { DeviceFieldsForm } from './components/device-fields'
import { ScreenLinks } from './components/screen-links'
import { SessionStatus } from './components/session-status'
import { SignInBox } from './components/sign-in-box'
import { fieldsFromSearch, type DeviceFields } from './fields'
import { useDeviceFields, useSettledValue } from './use-device-fields'
import styles from './test-preview.module.css'

// Below the sign-in and the device fields: out of the page's first load.
const DemoOrderLinks = deferredPart(() => import('./components/demo-orders').then((m) => m.DemoOrderLinks)).Part
const KycSteps = deferredPart(() => import('./components/kyc-steps').then((m) => m.KycSteps)).Part
const DeviceProbes = deferredPart(() => import('./components/device-probes').then((m) => m.DeviceProbes)).Part
const BridgeProbe = deferredPart(() => import('./components/bridge-probe').then((m) => m.BridgeProbe)).Part

/** Stands in for the app shell (docs/product/screens.md#testpreview), so every screen can be opened with a real session. */
export function TestPreviewPage() {
  const { t } = useTranslation('testPreview')
  const { t: tc } = useTranslation()
  const { fields, update, reset } = useDeviceFields()
  const session = useSettledValue(fields.sessionId.trim())
  const user = useUserInfo(session)
  const settings = useLoginSettings()
  // Demo mode only, and only for a borrower: a refused session has no orders to show.
  const demo = useDemoOrders(session, Boolean(user.data) && settings.data?.demo === true)
  useDemoIds(demo.data, session, update)

  return (
    <PageFrame title={tc('routes.testPreview')}>
      <p className={styles.intro}>{t('intro')}</p>
      <SessionStatus session={session} onSignedOut={() => update({ sessionId: '' })} />
      <SignInBox onSignedIn={(sessionId) => update({ sessionId })} />
      <DeviceFieldsForm fields={fields} onChange={update} onReset={reset} />
      {/* Another borrower starts from their own made-up identity. */}
      {user.data && <KycSteps key={`${session}|${user.data.phone}`} session={session} borrower={user.data} fields={fields} />}
      {demo.data && <DemoOrderLinks fields={fields} demo={demo.data} />}
      <ScreenLinks fields={fields} />
      <DeviceProbes />
      <BridgeProbe />
    </PageFrame>
  )
}

/**
 * Fills the product and order ids with the demo borrower's own, once per session, so the screen
 * links open working screens; ids the address named stay as the shell gave them.
 */
function useDemoIds(demo: DemoOrders | undefined, session: string, update: (patch: Partial<DeviceFields>) => void) {
  const { search } = useLocation()
  const [fromAddress] = useState(() => fieldsFromSearch(search))
  const filledFor = useRef<string | null>(null)
  useEffect(() => {
    if (!demo || filledFor.current === session) return
    filledFor.current = session
    const patch: Partial<DeviceFields> = {}
    if (!fromAddress.productId && demo.productId !== null) patch.productId = String(demo.productId)
    const first = demo.orders[0]
    if (!fromAddress.orderId && first) patch.orderId = first.orderNo
    update(patch)
  }, [demo, session, update, fromAddress])
}
