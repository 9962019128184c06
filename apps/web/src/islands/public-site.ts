import { readIslandData, type PublicSiteData } from './data'
import { showToast } from './toast'

/**
 * The marketing site's island (docs/product/screens.md#marketing-site): the navigation scrolls to
 * each section and puts the section's path in the address (the server renders each path with the
 * same page, its section in view); the contact form checks its four fields and says so in a toast.
 * It makes no call. Returns a function that removes what it installed (for tests).
 */
export function startPublicSite(doc: Document = document): () => void {
  const data = readIslandData<PublicSiteData>(doc)
  if (!data) return () => {}
  const win = doc.defaultView ?? window
  doc.documentElement.classList.add('js')

  const links = () => [...doc.querySelectorAll<HTMLAnchorElement>('a[data-section]')]
  const reduceMotion = () => win.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false

  function show(section: string, how: ScrollBehavior) {
    const target = doc.getElementById(section)
    if (!target) return
    for (const link of links()) {
      if (link.dataset.section !== section) {
        link.removeAttribute('aria-current')
        continue
      }
      link.setAttribute('aria-current', 'page')
      // On a narrow phone the navigation scrolls sideways: keep its current entry in view.
      const strip = link.closest('ul')
      if (strip && link.parentElement) strip.scrollLeft = link.parentElement.offsetLeft - 16
    }
    const title = links().find((link) => link.dataset.section === section)?.dataset.title
    if (title) doc.title = title
    target.scrollIntoView({ behavior: how, block: 'start' })
    // Keyboard and screen-reader users continue from the section they chose.
    target.focus({ preventScroll: true })
  }

  function onClick(event: MouseEvent) {
    const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>('a[data-section]')
    if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    const section = link.dataset.section ?? ''
    const url = new URL(link.href, win.location.href)
    if (url.pathname + url.search !== win.location.pathname + win.location.search) {
      win.history.pushState({ section }, '', url.pathname + url.search)
    }
    show(section, reduceMotion() ? 'auto' : 'smooth')
  }

  function onPopState() {
    const link = links().find((l) => new URL(l.href, win.location.href).pathname === win.location.pathname)
    if (link?.dataset.section) show(link.dataset.section, 'auto')
  }

  const form = doc.querySelector<HTMLFormElement>('form[data-contact]')
  function onSubmit(event: SubmitEvent) {
    event.preventDefault()
    if (!form || !data) return
    const fields = ['name', 'telephone', 'email', 'remark'].map((name) => form.elements.namedItem(name) as HTMLInputElement | null)
    if (fields.some((field) => !field || field.value.trim() === '')) {
      showToast(doc, data.texts.incomplete)
      fields.find((field) => field && field.value.trim() === '')?.focus()
      return
    }
    showToast(doc, data.texts.sent)
    form.reset()
  }

  // The browser's own bubbles stay for JavaScript-off; with the island, the page's toast says it.
  if (form) form.noValidate = true
  doc.addEventListener('click', onClick)
  win.addEventListener('popstate', onPopState)
  form?.addEventListener('submit', onSubmit)
  return () => {
    doc.removeEventListener('click', onClick)
    win.removeEventListener('popstate', onPopState)
    form?.removeEventListener('submit', onSubmit)
  }
}

startPublicSite()
