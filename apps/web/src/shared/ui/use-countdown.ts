import { useCallback, useEffect, useState } from 'react'

/**
 * A seconds countdown (docs/product/shell-and-sessions.md#sms-codes: an SMS code button waits 60 s,
 * ticking each second). It counts from an end time, so a throttled background tab still ends on
 * time. `reset` stops it at once (a cancelled code entry, a failed send).
 */
export function useCountdown() {
  const [endsAt, setEndsAt] = useState<number | null>(null)
  const [left, setLeft] = useState(0)

  useEffect(() => {
    if (endsAt === null) return
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000))
      setLeft(remaining)
      if (remaining === 0) setEndsAt(null)
    }
    tick()
    const timer = setInterval(tick, 1000)
    return () => clearInterval(timer)
  }, [endsAt])

  const start = useCallback((seconds: number) => {
    setLeft(seconds)
    setEndsAt(Date.now() + seconds * 1000)
  }, [])

  const reset = useCallback(() => {
    setLeft(0)
    setEndsAt(null)
  }, [])

  return { left, running: left > 0, start, reset }
}
