import { afterEach } from 'vitest'

export interface SentMessage {
  name: string
  payload: unknown
}

/**
 * Stands in for the Android shell's `KilatAndroid` interface, recording every message the page
 * sends (the browser fallback would navigate or open a dialog instead).
 */
export function recordBridge(): SentMessage[] {
  const sent: SentMessage[] = []
  const shell = new Proxy({}, { get: (_target, name) => (json: string) => sent.push({ name: String(name), payload: JSON.parse(json) as unknown }) })
  ;(window as unknown as Record<string, unknown>).KilatAndroid = shell
  return sent
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).KilatAndroid
})
