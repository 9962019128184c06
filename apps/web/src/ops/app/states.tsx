import { Alert, Button, Result, Spin } from 'antd'
import { useRouteError } from 'react-router'
import { useOpsText } from './i18n'

export function Loading() {
  const { t } = useOpsText()
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }} role="status" aria-live="polite">
      <Spin />
      <span className="ops-visually-hidden">{t('app.loading')}</span>
    </div>
  )
}

export function NotFound() {
  const { t } = useOpsText()
  return <Result status="404" title={t('app.notFound')} />
}

export function NotAllowed() {
  const { t } = useOpsText()
  return <Result status="403" title={t('app.notAllowed')} />
}

/** A call that failed: what the server said, and a way to try again. */
export function LoadFailure({ error, retry }: { error: unknown; retry?: () => void }) {
  const { t } = useOpsText()
  const detail = error instanceof Error && error.message ? error.message : undefined
  return (
    <Alert
      type="error"
      showIcon
      title={t('app.failed')}
      description={detail}
      action={retry ? <Button onClick={retry}>{t('app.retry')}</Button> : undefined}
    />
  )
}

export function RouteFailure() {
  const error = useRouteError()
  const { t } = useOpsText()
  console.error(error)
  return <Result status="error" title={t('app.failed')} extra={<Button href="/ops">{t('app.retry')}</Button>} />
}
