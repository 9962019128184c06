import '@testing-library/jest-dom/vitest'
import '../shared/ui/antd-shim'
import { cleanup, configure } from '@testing-library/react'
import Dialog from 'antd-mobile/es/components/dialog'
import Toast from 'antd-mobile/es/components/toast'
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest'
import { resetSharedParams } from '../shared/api'
import { resetBridgeFallback } from '../shared/bridge'
import { createTranslator, setPageTranslator } from '../shared/i18n'
import { allResources } from '../shared/i18n/all-resources'
import { server } from './msw'

// Texts outside React (toasts, bridge notices) come from the page's translator: English unless a
// test renders the app in another language (render-app.tsx).
// findBy… and waitFor wait up to 5 s, not the library's 1 s: a screen's first render (its lazy route
// and query) took over a second when both cores were busy, and the test failed with an empty page.
configure({ asyncUtilTimeout: 5_000 })

const english = createTranslator({ locale: 'en', resources: allResources() })
setPageTranslator(english)

const consoleErrors: unknown[][] = []
const allowed: RegExp[] = []

/**
 * Lets one test accept a console.error it cannot avoid. Only for artifacts of the test setup
 * itself (server and browser rendering in one process), never for the app's own errors.
 */
export function allowConsoleError(pattern: RegExp): void {
  allowed.push(pattern)
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(async () => {
  server.close()
  // React flushes a commit's effects in a task of its scheduler (setImmediate under Node). A toast
  // or dialog closed by the file's last test commits as its animation ends; a flush still due when
  // the file's environment is torn down runs without \`window\` and fails the whole run (seen once
  // in a clean-clone CI run on a loaded two-core host, every test green). Wait for the popups to
  // leave the page, then let the scheduler's pending tasks run.
  Toast.clear()
  Dialog.clear()
  for (let waited = 0; waited < 2_000 && document.querySelector('.adm-toast-mask, .adm-dialog, .adm-mask'); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
})

beforeEach(() => {
  consoleErrors.length = 0
  allowed.length = 0
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (allowed.some((pattern) => pattern.test(String(args[0])))) return
    consoleErrors.push(args)
  })
})

afterEach(async () => {
  cleanup()
  server.resetHandlers()
  resetSharedParams()
  resetBridgeFallback()
  localStorage.clear()
  sessionStorage.clear()
  // antd-mobile keeps its toast container between calls; close what is open, keep the container.
  Toast.clear()
  Dialog.clear()
  setPageTranslator(english)
  // Any console.error (React warnings, hydration mismatches, act() misuse) fails the test.
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map((part) => (part instanceof Error ? part.stack : String(part))).join(' ')
    throw new Error(`console.error was called ${consoleErrors.length} time(s): ${first}`)
  }
})
