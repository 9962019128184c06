/**
 * The 'get code' countdown (docs/product/registration.md: 60 s, ticking each second): `onTick`
 * with the seconds left, from `seconds` down to 1, then `onEnd`. `running` says whether a new
 * code must wait.
 */
export interface Countdown {
  readonly running: boolean
  start(seconds: number): void
  stop(): void
}

export function createCountdown(onTick: (secondsLeft: number) => void, onEnd: () => void): Countdown {
  let timer: ReturnType<typeof setInterval> | undefined
  let left = 0
  const stop = () => {
    clearInterval(timer)
    timer = undefined
    left = 0
  }
  return {
    get running() {
      return timer !== undefined
    },
    start(seconds) {
      stop()
      left = Math.max(1, Math.round(seconds))
      onTick(left)
      timer = setInterval(() => {
        left -= 1
        if (left > 0) onTick(left)
        else {
          stop()
          onEnd()
        }
      }, 1000)
    },
    stop,
  }
}
