import { pickSharedParams, SECRET_PARAM_KEYS, type SharedParamKey, type SharedParams } from '@kilat/contract'
import { useCallback } from 'react'
import { useLocation, useNavigate } from '../router'
import { sendToNative } from '../bridge'

const EXTERNAL = /^https?:\/\//i

/** A full address on another site (a partner's page), not one of our own screens. */
export function isExternalUrl(url: string, origin: string = globalThis.location?.origin ?? ''): boolean {
  if (!EXTERNAL.test(url)) return false
  try {
    return new URL(url).origin !== origin
  } catch {
    return true
  }
}

/**
 * One of our screens with the page's shared parameters that are safe in an address (market,
 * language, device; never the session), so that a reload renders the same market and language
 * on the server. What the path already says wins.
 */
export function withSharedParams(path: string, shared: SharedParams): string {
  const url = new URL(path, 'http://kilat.local')
  for (const [key, value] of Object.entries(shared)) {
    if (SECRET_PARAM_KEYS.includes(key as SharedParamKey) || value === undefined) continue
    if (!url.searchParams.has(key)) url.searchParams.set(key, value)
  }
  return `${url.pathname}${url.search}${url.hash}`
}

/**
 * Follows an address the API answered with (apply, jump, contract, loan push): a partner's page
 * opens in place of this one; our own screens open through the router, without a page load.
 *
 * `viaShell`: an address that is not http(s) belongs to the app shell, which opens it itself
 * (the bridge's `to`); without a shell the bridge's fallback opens it in this page
 * (docs/product/products.md#apply).
 */
export function useFollowUrl({ viaShell = false }: { viaShell?: boolean } = {}): (url: string) => void {
  const navigate = useNavigate()
  const { search } = useLocation()
  return useCallback(
    (url: string) => {
      if (!url) return
      if (viaShell && !EXTERNAL.test(url)) {
        sendToNative('to', { url })
        return
      }
      if (isExternalUrl(url)) {
        window.location.assign(url)
        return
      }
      const own = EXTERNAL.test(url) ? url.replace(/^https?:\/\/[^/]+/i, '') || '/' : url
      void navigate(withSharedParams(own.startsWith('/') ? own : `/${own}`, pickSharedParams(new URLSearchParams(search))))
    },
    [navigate, search, viaShell],
  )
}

/**
 * Addresses of our own screens for links rendered on the page. The shared parameters come from the
 * router's location (the same on the server and in the browser, so hydration matches).
 */
export function useScreenHref(): (path: string, query?: Record<string, string | number | undefined>) => string {
  const { search } = useLocation()
  return useCallback(
    (path, query = {}) => {
      const params = new URLSearchParams()
      for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value))
      const own = params.size > 0 ? `${path}?${params}` : path
      return withSharedParams(own, pickSharedParams(new URLSearchParams(search)))
    },
    [search],
  )
}
