import { Tag } from 'antd'
import { useOpsText } from '../app/i18n'

/** Whether a run may be sent, in words beside the colour. */
export function ReadyTag({ sendable }: { sendable: boolean }) {
  const { t } = useOpsText()
  return <Tag color={sendable ? 'green' : 'red'}>{t(sendable ? 'bureau.ready' : 'bureau.hasErrors')}</Tag>
}
