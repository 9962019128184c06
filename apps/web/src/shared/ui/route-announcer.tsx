import { useEffect, useEffectEvent, useRef, useState } from 'react'
import { useLocation } from '../router'
import styles from './route-announcer.module.css'

/**
 * After a navigation to another screen (never on the first page): says the new screen's title in a polite live region
 * (WCAG 4.1.3) and moves focus to its heading (WCAG 2.4.3). The region is on the page from the
 * start, empty, so the server's markup and the first render agree and screen readers watch it.
 */
export function RouteAnnouncer({ title }: { title: string }) {
  // A new screen, not a screen changing its own query (a slider writing the amount into the
  // address would otherwise take the focus away from the slider).
  const { pathname } = useLocation()
  const [message, setMessage] = useState('')
  const first = useRef(true)
  const announce = useEffectEvent(() => {
    setMessage(title)
    const heading = document.querySelector('h1')
    if (!heading) return
    if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
    heading.classList.add(styles.focused as string)
    heading.focus({ preventScroll: true })
  })
  useEffect(() => {
    if (first.current) first.current = false
    else announce()
  }, [pathname])
  return (
    <div className="visually-hidden" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  )
}
