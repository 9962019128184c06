import '../ui/antd-shim'
import Dialog from 'antd-mobile/es/components/dialog'
import { pageText } from '../i18n'
import type { BridgeMessage } from './index'
import styles from './bridge-notice.module.css'

/** Browser stand-in for the shell: shows the message and payload the shell would have received. */
export function showBridgeNotice(name: BridgeMessage, payload: unknown): void {
  const t = pageText
  void Dialog.alert({
    title: t('common:bridge.title'),
    confirmText: t('common:actions.ok'),
    content: (
      <div className={styles.notice}>
        <p>{t('common:bridge.body')}</p>
        <dl>
          <dt>{t('common:bridge.message')}</dt>
          <dd><code>{name}</code></dd>
          <dt>{t('common:bridge.payload')}</dt>
          <dd><pre>{JSON.stringify(payload, null, 2)}</pre></dd>
        </dl>
      </div>
    ),
  })
}
