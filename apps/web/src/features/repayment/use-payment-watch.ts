import { useEffect, useEffectEvent, useRef } from 'react'
import { useApi } from '../../shared/api'
import { getAccountStatus, type AccountStatus } from './api/get-account-status'

/** docs/product/screens.md#that: how often an open account is asked about while the page is on view. */
export const POLL_INTERVAL_MS = 2000

/**
 * Asks every 2 s whether the account was paid, while `active` (the account is pending) and the page
 * is visible, so the page turns paid within a few seconds of the gateway's callback, without a
 * reload. Stops when hidden (and asks at once on return), unmounted, paid or expired. Effects do
 * not run on the server, so its render never polls. A failed ask is retried at the next tick.
 * Returns `checkNow`, to ask at once (after the borrower says they paid).
 */
export function usePaymentWatch(accountId: number, active: boolean, onStatus: (status: AccountStatus) => void): () => void {
  const api = useApi()
  const report = useEffectEvent(onStatus)
  const checkNow = useRef<() => void>(() => {})

  useEffect(() => {
    if (!active) return
    let stopped = false
    let inFlight = false
    let timer: ReturnType<typeof setTimeout> | undefined
    let controller: AbortController | undefined
    const visible = () => document.visibilityState === 'visible'

    const schedule = () => {
      clearTimeout(timer)
      if (!stopped && visible()) timer = setTimeout(() => void check(), POLL_INTERVAL_MS)
    }
    const check = async () => {
      if (stopped || inFlight || !visible()) return
      clearTimeout(timer)
      inFlight = true
      controller = new AbortController()
      try {
        const status = await getAccountStatus(api, accountId, controller.signal)
        if (!stopped) report(status)
      } catch {
        // A lost connection or a busy server: the next tick asks again.
      } finally {
        inFlight = false
      }
      schedule()
    }
    const onVisibility = () => {
      if (visible()) void check()
      else clearTimeout(timer)
    }

    checkNow.current = () => void check()
    document.addEventListener('visibilitychange', onVisibility)
    schedule()
    return () => {
      stopped = true
      clearTimeout(timer)
      controller?.abort()
      checkNow.current = () => {}
      document.removeEventListener('visibilitychange', onVisibility)
    }
  }, [api, accountId, active])

  return () => checkNow.current()
}
