/**
 * The native bridge (docs/product/screens.md#native-bridge): messages the page sends to the app shell.
 *
 * - iOS (WKWebView): `window.webkit.messageHandlers[name].postMessage(payload)`; the shell registers
 *   one script message handler per message name and receives the payload object.
 * - Android (WebView): the shell adds one JavaScript interface named `KilatAndroid`
 *   (`addJavascriptInterface(bridge, "KilatAndroid")`) with one `@JavascriptInterface` method per
 *   message name, each taking one string: the payload as JSON. Strings because that is all a
 *   JavaScript interface method can receive reliably.
 * - A plain browser (marketing visitors, /testPreview): a fallback so every button still does
 *   something visible: `to` opens the address in the page, home and back navigate, the phone call
 *   opens `tel:`, the rest show what would have been sent.
 *
 * The payloads are ours and the shell's to agree on (docs/product/screens.md#native-bridge).
 */
export interface BridgePayloads {
  /** Open a screen of the shell: a path of this web app or a full address. */
  to: { url: string; title?: string }
  closeWebview: Record<string, never>
  /** Product detail page of the shell (docs/product/loans.md#actions: "borrow again"). */
  toP: { productId: string }
  toHome: Record<string, never>
  /** The borrower's own area ("mine") of the shell. */
  toMine: Record<string, never>
  /** The session was refused: the shell signs the borrower out and shows its login. */
  offToLogin: Record<string, never>
  callTelephone: { phone: string }
  /**
   * The app store rating prompt (docs/product/loans.md#rating: 4 or 5 stars); `url` is the store page the
   * loan details name (`playeduL`), for shells that open it themselves.
   */
  toRate: { url?: string; score?: number }
  /** A tracking event ("burial point") for the shell's analytics. */
  confirmBurialPoint: { event: string; productId?: string; moduleId?: string | number; positionId?: string | number }
  /** Bank card binding handed to the shell, and its end. */
  startBank: { orderId?: string; productId?: string }
  endBank: { success?: boolean }
}

export type BridgeMessage = keyof BridgePayloads

export const BRIDGE_MESSAGES = [
  'to', 'closeWebview', 'toP', 'toHome', 'toMine', 'offToLogin',
  'callTelephone', 'toRate', 'confirmBurialPoint', 'startBank', 'endBank',
] as const satisfies readonly BridgeMessage[]

export const ANDROID_INTERFACE = 'KilatAndroid'

export type BridgeEnvironment = 'ios' | 'android' | 'browser'

interface IosHandlers {
  webkit?: { messageHandlers?: Record<string, { postMessage(payload: unknown): void } | undefined> }
}
type AndroidInterface = Partial<Record<string, (json: string) => void>>

function iosHandler(win: Window, name: BridgeMessage) {
  return (win as Window & IosHandlers).webkit?.messageHandlers?.[name]
}

function androidInterface(win: Window): AndroidInterface | undefined {
  return (win as unknown as Record<string, AndroidInterface | undefined>)[ANDROID_INTERFACE]
}

/** Which shell hosts the page (for a message name: whether that shell handles it). */
export function bridgeEnvironment(win: Window = window, name?: BridgeMessage): BridgeEnvironment {
  const ios = (win as Window & IosHandlers).webkit?.messageHandlers
  if (ios && (name === undefined || ios[name])) return 'ios'
  const android = androidInterface(win)
  if (android && (name === undefined || typeof android[name] === 'function')) return 'android'
  return 'browser'
}

export interface BrowserFallback {
  /** In-app navigation (the router's navigate); a full page load when not configured. */
  navigate(path: string): void
  /** Shows what would have been sent. */
  notify(name: BridgeMessage, payload: unknown): void
}

const defaultFallback: BrowserFallback = {
  navigate: (path) => window.location.assign(path),
  notify: (name, payload) => {
    void import('./bridge-notice').then((m) => m.showBridgeNotice(name, payload))
  },
}

let fallback: BrowserFallback = defaultFallback

/** The app root hands in the router's navigate; tests hand in spies. */
export function configureBridgeFallback(next: Partial<BrowserFallback>): void {
  fallback = { ...fallback, ...next }
}

export function resetBridgeFallback(): void {
  fallback = defaultFallback
}

function runBrowserFallback<N extends BridgeMessage>(name: N, payload: BridgePayloads[N], win: Window): void {
  switch (name) {
    case 'toHome':
      fallback.navigate('/')
      return
    case 'to': {
      // Without a shell the page itself opens the screen: a full address in place of this page, one
      // of our paths in the app; a scheme only a shell understands can only be shown.
      const { url } = payload as BridgePayloads['to']
      if (/^https?:\/\//i.test(url)) win.location.assign(url)
      else if (/^[a-z][a-z\d+.-]*:/i.test(url)) fallback.notify(name, payload)
      else fallback.navigate(url.startsWith('/') ? url : `/${url}`)
      return
    }
    case 'closeWebview':
      if (win.history.length > 1) win.history.back()
      else fallback.navigate('/')
      return
    case 'callTelephone': {
      const phone = (payload as BridgePayloads['callTelephone']).phone.replace(/[^\d+]/g, '')
      win.location.href = `tel:${phone}`
      return
    }
    default:
      fallback.notify(name, payload)
  }
}

/** Sends a message to the shell, or runs the browser fallback. Returns where it went. */
export function sendToNative<N extends BridgeMessage>(
  name: N,
  ...args: BridgePayloads[N] extends Record<string, never> ? [payload?: BridgePayloads[N]] : [payload: BridgePayloads[N]]
): BridgeEnvironment {
  const payload = (args[0] ?? {}) as BridgePayloads[N]
  const win = window
  const env = bridgeEnvironment(win, name)
  if (env === 'ios') iosHandler(win, name)?.postMessage(payload)
  else if (env === 'android') androidInterface(win)?.[name]?.(JSON.stringify(payload))
  else runBrowserFallback(name, payload, win)
  return env
}
