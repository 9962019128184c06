/**
 * Toasts (docs/product/screens.md#toasts-and-popups): 2 s by default; a custom duration counts only above 300 ms,
 * otherwise 3000 ms. antd-mobile's Toast loads on first use, so it stays out of the first-load code.
 */
export const DEFAULT_TOAST_MS = 2000
const SHORT_TOAST_FALLBACK_MS = 3000
const MIN_CUSTOM_TOAST_MS = 300

export function toastDuration(custom?: number): number {
  if (custom === undefined) return DEFAULT_TOAST_MS
  return custom > MIN_CUSTOM_TOAST_MS ? custom : SHORT_TOAST_FALLBACK_MS
}

type ToastModule = typeof import('antd-mobile/es/components/toast').default

let toastModule: Promise<ToastModule> | undefined
function loadToast(): Promise<ToastModule> {
  // The React 19 render shim comes with it: only Toast and Dialog need it.
  toastModule ??= Promise.all([import('antd-mobile/es/components/toast'), import('./antd-shim')]).then(([m]) => m.default)
  return toastModule
}

/**
 * An open popup (`<dialog>` opened with showModal, see modal.tsx) sits in the browser's top layer,
 * above every z-index: a toast in the body would hide under its backdrop. Inside the popup it shows.
 */
function toastContainer(): HTMLElement {
  return document.querySelector<HTMLElement>('dialog[open]') ?? document.body
}

export function showToast(content: string, duration?: number): void {
  void loadToast().then((Toast) => {
    Toast.show({ content, duration: toastDuration(duration), getContainer: toastContainer })
  })
}

/** Shows a loading toast until the returned function is called (safe to call more than once). */
export function showLoading(content: string): () => void {
  let closed = false
  let handler: { close(): void } | undefined
  void loadToast().then((Toast) => {
    if (closed) return
    handler = Toast.show({ icon: 'loading', content, duration: 0, maskClickable: false, getContainer: toastContainer })
  })
  return () => {
    if (closed) return
    closed = true
    handler?.close()
  }
}

/** Warms the toast code while the network is idle, so the first failure shows without delay. */
export function preloadToast(): void {
  void loadToast()
}
