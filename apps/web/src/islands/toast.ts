/**
 * The public pages' toast (docs/product/screens.md#toasts-and-popups: 2 s): the page's own
 * `#toast` live region, always in the document so that screen readers announce what it says.
 */
export const TOAST_MS = 2000

let timer: ReturnType<typeof setTimeout> | undefined

export function showToast(doc: Document, message: string, ms = TOAST_MS): void {
  const region = doc.getElementById('toast')
  if (!region) return
  clearTimeout(timer)
  region.textContent = message
  timer = setTimeout(() => {
    region.textContent = ''
  }, ms)
}
