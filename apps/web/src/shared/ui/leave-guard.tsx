import { useTranslation } from '../i18n'
import { useBeforeUnload, useBlocker } from '../router'
import buttons from './button.module.css'
import { Modal } from './modal'

/**
 * Asks before a form with unsaved input is left (docs/product/screens.md#unsaved-input): a link, the
 * title bar's back, the phone's back, or the app shell closing the page. Stay keeps the form as it
 * was; Leave goes on where the borrower was going. `when` may be a function, asked at the moment
 * of each navigation (a form's own navigation after it is sent goes without asking).
 *
 * `kept`: what was typed is kept on the phone (the complaint's draft), so the question says so and
 * a reload does not ask; otherwise a reload or closing the page asks the browser's own question too.
 */
export function LeaveGuard({ when, kept = false }: { when: boolean | (() => boolean); kept?: boolean }) {
  const { t } = useTranslation()
  const blocker = useBlocker(when)
  useBeforeUnload(kept ? false : when)

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('navigation.leaveTitle')}
      onClose={blocker.reset}
      footer={
        <>
          <button type="button" className={buttons.secondary} onClick={blocker.proceed}>
            {t('navigation.leave')}
          </button>
          <button type="button" className={buttons.primary} onClick={blocker.reset}>
            {t('navigation.stay')}
          </button>
        </>
      }
    >
      <p>{t(kept ? 'navigation.leaveKeptBody' : 'navigation.leaveBody')}</p>
    </Modal>
  )
}
