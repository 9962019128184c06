import { Alert, Button, Spin } from 'antd'
import { useRouteError } from '../../shared/router'
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
  return <Alert type="warning" showIcon title={t('app.notFound')} />
}

export function NotAllowed() {
  const { t } = useOpsText()
  return <Alert type="warning" showIcon title={t('app.notAllowed')} />
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
  return <Alert type="error" showIcon title={t('app.failed')} action={<Button href="/ops">{t('app.retry')}</Button>} />
}

/** A page-sized notice (a link that cannot work, say): a heading and what to do. */
export function Notice({ title }: { title: string }) {
  return <Alert type="warning" showIcon title={title} />
}
