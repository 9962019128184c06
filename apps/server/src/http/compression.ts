import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib'
import type { FastifyReply, FastifyRequest } from 'fastify'

/**
 * Compression of the API's answers (JSON of a few kilobytes), in one synchronous call on the
 * request's own turn. @fastify/compress, which still compresses pages and files, pipes every
 * payload through streams and zlib's thread pool: for answers this small that plumbing cost more
 * than compressing itself, about a quarter of the recommended list's time
 * (docs/decisions/0008-api-performance.md). Brotli, else gzip, nothing under 1 KiB, as for pages.
 */
export const COMPRESS_THRESHOLD = 1024

/** Pages and files (@fastify/compress in app.ts): brotli at quality 4 costs little CPU per request. */
export const BROTLI_PARAMS = { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 4 }

/**
 * Answers: quality 2 with a 64 KiB window. On answers of 2-7 KiB quality 4 spent most of its time
 * setting up its 4 MiB window; quality 3 still took a sixth of a list-showing loan-details request
 * under load, quality 2 about 100 µs less for 2-3 % more bytes (1,627 instead of 1,586 for 6.8 KB,
 * measured in docs/decisions/0008-api-performance.md); a larger answer still compresses, with a
 * shorter reach back.
 */
const ANSWER_BROTLI = { [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT, [zlib.BROTLI_PARAM_QUALITY]: 2, [zlib.BROTLI_PARAM_LGWIN]: 16 }
const GZIP_LEVEL = 6

export type AnswerEncoding = 'br' | 'gzip'

/**
 * The encoding to answer with for an Accept-Encoding header: brotli or gzip, whichever the client
 * weighs higher (brotli on a tie; `*` stands for either), none when it accepts neither.
 */
export function answerEncoding(header: string | string[] | undefined): AnswerEncoding | undefined {
  if (header === undefined) return undefined
  const weights = new Map<string, number>()
  for (const part of (Array.isArray(header) ? header.join(',') : header).toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim())
    if (name === '') continue
    const q = params.find((p) => p.startsWith('q='))
    const weight = q === undefined ? 1 : Number(q.slice(2))
    weights.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(weight) ? weight : 0)
  }
  const weightOf = (name: AnswerEncoding) => weights.get(name) ?? weights.get('*') ?? 0
  const br = weightOf('br')
  const gzip = weightOf('gzip')
  if (br <= 0 && gzip <= 0) return undefined
  return br >= gzip ? 'br' : 'gzip'
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary')
  if (vary === undefined) reply.header('vary', 'accept-encoding')
  else if (!/\baccept-encoding\b/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`)
}

/** onSend hook of the API's routes: compresses a serialized answer the client accepts compressed. */
export async function compressAnswer(req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload
  if (reply.hasHeader('content-encoding') || Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return payload
  const encoding = answerEncoding(req.headers['accept-encoding'])
  addVary(reply)
  if (!encoding) return payload
  reply.header('content-encoding', encoding)
  reply.removeHeader('content-length')
  if (encoding === 'gzip') return gzipSync(payload, { level: GZIP_LEVEL })
  return brotliCompressSync(payload, { params: { ...ANSWER_BROTLI, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload) } })
}
