import { useEffect } from 'react'
import { useTranslation } from '../i18n'

/**
 * Titles the document with data that arrived after the screen opened (a client navigation shows
 * the skeleton first, so its loader could not name the title). The app root titles each route in
 * an effect of the same commit, and a parent's effects run after its children's: queueing a
 * microtask lets this one land last.
 */
export function useDataTitle(title: string | undefined): void {
  const { t } = useTranslation()
  useEffect(() => {
    if (!title) return
    const text = t('titleFormat', { title })
    queueMicrotask(() => {
      document.title = text
    })
  }, [title, t])
}
