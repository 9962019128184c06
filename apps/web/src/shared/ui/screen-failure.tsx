import { useTranslation } from '../i18n'
import type { ScreenState } from '../api/screen-query'
import { sendToNative } from '../bridge'
import buttons from './button.module.css'
import { Notice } from './notice'
import { useGoBack } from './page-frame'

type Failure = Extract<ScreenState<unknown>, { status: 'session' | 'error' | 'missing' }>

/**
 * Why a screen shows no data (a failed load is never "nothing"): the session ended (the shell signs
 * in again), the address lacks the id the screen needs (`missing` says which), or the load failed,
 * with the server's message when it gave one and a retry that asks again only when pressed.
 */
export function ScreenFailure({ state, retry, missing }: { state: Failure; retry: () => void; missing?: string }) {
  const { t } = useTranslation()
  const goBack = useGoBack()
  if (state.status === 'session') {
    return (
      <Notice
        heading={t('errors.sessionTitle')}
        actions={
          <button type="button" className={buttons.primary} onClick={() => sendToNative('offToLogin')}>
            {t('actions.login')}
          </button>
        }
      >
        <p>{t('errors.sessionBody')}</p>
      </Notice>
    )
  }
  if (state.status === 'missing') {
    // docs/product/screens.md#when-a-screen-cannot-show-its-data: name the missing id, offer a way back.
    return (
      <Notice
        heading={t('errors.missingTitle')}
        actions={
          <a
            className={buttons.primary}
            href="/"
            onClick={(event) => {
              event.preventDefault()
              goBack()
            }}
          >
            {t('actions.back')}
          </a>
        }
      >
        <p>{missing ?? t('errors.pageBody')}</p>
      </Notice>
    )
  }
  return (
    <Notice
      heading={t('errors.loadTitle')}
      actions={
        state.retryable !== false && (
          <button type="button" className={buttons.primary} onClick={retry}>
            {t('actions.retry')}
          </button>
        )
      }
    >
      <p>{state.message ?? t('errors.loadBody')}</p>
    </Notice>
  )
}
