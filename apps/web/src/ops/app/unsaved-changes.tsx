import { Modal } from 'antd'
import { useState, type ReactNode } from 'react'
import { useBeforeUnload, useBlocker } from '../../shared/router'
import { useOpsText } from './i18n'

export interface UnsavedChanges {
  /** Closes the form (its drawer's close button, Cancel): at once while nothing is unsaved, else once the staff member chooses to leave. */
  close: () => void
  /** The question: rendered beside the form. */
  dialog: ReactNode
}

/**
 * A console form with unsaved input (docs/product/console-screens.md#unsaved-input): while `dirty`,
 * a move to another screen (a menu link, Back) and closing the form ask first, "Leave" or "Stay",
 * and a reload or closing the tab gets the browser's own question. Leave closes the form with
 * `close` (a move within the same screen, such as Back to its other tab, would leave it open) and
 * goes where the staff member was going. A save makes the form clean: no question after it.
 */
export function useUnsavedChanges(dirty: boolean, close: () => void): UnsavedChanges {
  const { t } = useOpsText()
  const blocker = useBlocker(dirty)
  const [closing, setClosing] = useState(false)

  useBeforeUnload(dirty)

  const leave = () => {
    if (closing) setClosing(false)
    else blocker.proceed()
    close()
  }
  const stay = () => {
    setClosing(false)
    blocker.reset()
  }
  return {
    close: () => (dirty ? setClosing(true) : close()),
    // Always rendered, open or not: closing, it gives the focus back to where it was (a field, a link).
    dialog: (
      <Modal
        open={blocker.state === 'blocked' || closing}
        title={t('app.unsaved.title')}
        okText={t('app.unsaved.leave')}
        okButtonProps={{ danger: true }}
        cancelText={t('app.unsaved.stay')}
        onOk={leave}
        onCancel={stay}
      >
        <p>{t('app.unsaved.body')}</p>
      </Modal>
    ),
  }
}
