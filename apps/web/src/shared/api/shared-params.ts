import { SECRET_PARAM_KEYS, pickSharedParams, type SharedParams } from '@kilat/contract'

/**
 * docs/product/shell-and-sessions.md#shared-parameters: every call carries the shared parameters the app shell put in the page address.
 * The first load captures them; they live in memory and in sessionStorage (one webview tab), so a
 * reload after the address was cleaned still forwards them.
 */
const STORAGE_KEY = 'kilat.shared-params'

let current: SharedParams = {}

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage
  } catch {
    // Storage can throw when the webview blocks it; memory alone still serves this page.
    return undefined
  }
}

function readStored(): SharedParams {
  const raw = storage()?.getItem(STORAGE_KEY)
  if (!raw) return {}
  try {
    return pickSharedParams(JSON.parse(raw) as Record<string, unknown>)
  } catch {
    return {}
  }
}

/** Keeps what an earlier load of this tab saw, overridden by what this address carries. */
export function captureSharedParams(search: string = globalThis.location?.search ?? ''): SharedParams {
  current = { ...readStored(), ...pickSharedParams(new URLSearchParams(search)) }
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify(current))
  } catch {
    // Quota or privacy mode: memory keeps working.
  }
  return current
}

export function getSharedParams(): SharedParams {
  return current
}

/** Tests and sign-out start from a clean slate. */
export function resetSharedParams(): void {
  current = {}
  storage()?.removeItem(STORAGE_KEY)
}

/**
 * docs/product/shell-and-sessions.md#session-cookie-and-the-address-bar: the token must not stay in the address bar (Referer, screenshots, shared
 * links); the HttpOnly cookie the server set covers reloads. History state is kept so the router's
 * entry stays intact.
 */
export function stripSecretParams(win: Window = window): void {
  const url = new URL(win.location.href)
  let changed = false
  for (const key of SECRET_PARAM_KEYS) {
    if (url.searchParams.has(key)) {
      url.searchParams.delete(key)
      changed = true
    }
  }
  if (changed) win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}
