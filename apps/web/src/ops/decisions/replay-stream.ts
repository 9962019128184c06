import { isSuccess, opsPolicyReplay, type DataOf, type ReplayLine } from '@kilat/contract'
import { opsPostStream } from '../app/api'

export type ReplayResult = DataOf<typeof opsPolicyReplay>

/** The replay's own failure: the server's `error` line, its words as it wrote them. */
export class ReplayFailed extends Error {
  override name = 'ReplayFailed'
}

/**
 * Runs a version over the market's past applications (docs/product/decisions.md#replay): the answer
 * streams as lines of JSON, each progress line told as it comes, then the result. A refusal before
 * the stream (the usual envelope) is thrown as the console's call error; an `error` line as
 * `ReplayFailed`; a stream that ends without a result too.
 */
export async function runReplay(
  body: { versionId: number; days: number },
  onProgress: (done: number, total: number) => void,
  signal?: AbortSignal,
): Promise<ReplayResult> {
  const response = await opsPostStream(opsPolicyReplay, body, signal)
  if (!(response.headers.get('content-type') ?? '').includes('ndjson')) {
    // answered whole, as any call: the envelope's data is the result
    const envelope: unknown = await response.json()
    if (isSuccess(envelope)) return (envelope as { data: ReplayResult }).data
    throw new ReplayFailed('')
  }
  if (!response.body) throw new ReplayFailed('')
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let buffered = ''
  const read = (line: string): ReplayResult | undefined => {
    if (line.trim() === '') return undefined
    const parsed = JSON.parse(line) as ReplayLine
    if (parsed.type === 'progress') onProgress(parsed.done, parsed.total)
    else if (parsed.type === 'error') throw new ReplayFailed(parsed.message)
    else if (parsed.type === 'result') {
      const { type: _type, ...result } = parsed
      return result
    }
    return undefined
  }
  try {
    for (;;) {
      const { done, value } = await reader.read()
      buffered += decoder.decode(value, { stream: !done })
      const lines = buffered.split('\n')
      // the last piece may be a line not yet whole: kept for the next chunk, or read at the end
      buffered = done ? '' : (lines.pop() ?? '')
      for (const line of lines) {
        const result = read(line)
        if (result) return result
      }
      if (done) throw new ReplayFailed('')
    }
  } finally {
    // a result, an error line or leaving the screen: the rest of the stream is not needed
    void reader.cancel().catch(() => {})
  }
}
