import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import styles from './modal.module.css'

/**
 * A modal popup on the browser's own `<dialog>`: focus moves into it and stays there, Escape and the
 * back gesture close it, and the page behind is inert. antd-mobile's Popup and Dialog would add
 * about 27 KiB gzip to a route's first load (their animation library); this costs well under one.
 * A popup open on arrival (a rating asked on load) is in the server's HTML already open, styled as
 * the modal it becomes, so the first paint shows it (the page does not repaint its largest element
 * once the scripts arrive); before the next paint after hydration it becomes the real modal (focus
 * kept inside, the page behind inert).
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
  // Only the first render (the server's HTML) carries `open`; from then on showModal and close
  // decide. React removing the attribute would hide a modal without closing it, leaving the page
  // behind inert.
  const [openInHtml] = useState(open)

  useLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !isModal(dialog)) {
      // Opened by the server's HTML (or by React's attribute): reopen as a modal.
      if (dialog.open) dialog.close()
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
      open={openInHtml || undefined}
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

function isModal(dialog: HTMLDialogElement): boolean {
  try {
    return dialog.matches(':modal')
  } catch {
    // A browser without `:modal` (older WebViews): an open dialog there was opened by showModal.
    return dialog.open
  }
}
