import { useEffect, useId, useRef, type ReactNode } from 'react'
import styles from './modal.module.css'

/**
 * A modal popup on the browser's own `<dialog>`: focus moves into it and stays there, Escape and the
 * back gesture close it, and the page behind is inert. antd-mobile's Popup and Dialog would add
 * about 27 KiB gzip to a route's first load (their animation library); this costs well under one.
 * The server renders it closed; it opens after hydration.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
}: {
  open: boolean
  title: string
  /** Escape, or the shell's back gesture: the same as the popup's own cancel. */
  onClose: () => void
  children?: ReactNode
  footer?: ReactNode
}) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal()
      else dialog.setAttribute('open', '')
      // The browser would focus the first button (the first star of a rating), which on a phone
      // reads as already chosen; the title is where reading starts anyway.
      dialog.querySelector<HTMLElement>(`[id="${titleId}"]`)?.focus()
    } else if (!open && dialog.open) {
      dialog.close()
    }
  }, [open, titleId])

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // React's state decides whether it is open, not the browser.
        event.preventDefault()
        onClose()
      }}
    >
      {open && (
        <div className={styles.panel}>
          <h2 id={titleId} className={styles.title} tabIndex={-1}>{title}</h2>
          {children && <div className={styles.body}>{children}</div>}
          {footer && <div className={styles.footer}>{footer}</div>}
        </div>
      )}
    </dialog>
  )
}
