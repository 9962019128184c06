import { randomUUID } from 'node:crypto'
import { constants as zlib, crc32, deflateRawSync } from 'node:zlib'

/**
 * Parts of answers kept encoded (docs/performance/api.md#loan-details-the-recommended-list-kept-encoded):
 * a value the same for many borrowers (the recommended list of a market, language and day) is
 * turned into JSON once, and its deflated bytes once, then joined to each borrower's own part of
 * the answer as text, and as compressed bytes when the answer is sent gzip. The JSON sent is the
 * same, byte for byte, as JSON.stringify of the answer would be.
 */
export interface KeptPart {
  /** The value's JSON text. */
  readonly json: string
  /** The same as UTF-8 bytes, for the checksum and the length of a gzip answer. */
  readonly bytes: Buffer
  /** Raw deflate of the bytes, flushed to a byte boundary and not final: a middle segment of a deflate stream. */
  deflated(): Buffer
}

const parts = new WeakMap<object, KeptPart>()

/** Parts met while an answer is serialized (JSON.stringify is synchronous); null outside. */
let splicing: KeptPart[] | null = null

/** What stands for a kept part in the text JSON.stringify writes: no value of an answer can hold it. */
const TOKEN = `\u0000kept ${randomUUID()}`
const TOKEN_JSON = JSON.stringify(TOKEN)

/**
 * Marks `value` (an array or a plain object, frozen from now on, as it is shared by every answer
 * that carries it) as kept, with its JSON written once. Serialized anywhere else it is written in
 * full, so a kept value is always also an ordinary value.
 */
export function keepJson<T extends object>(value: T): T {
  const json = JSON.stringify(value)
  const bytes = Buffer.from(json)
  let deflated: Buffer | undefined
  parts.set(value, {
    json,
    bytes,
    // the list is compressed once, at the highest level: its cost is not on a request's path
    deflated: () => (deflated ??= deflateRawSync(bytes, { level: 9, finishFlush: zlib.Z_SYNC_FLUSH })),
  })
  Object.defineProperty(value, 'toJSON', {
    enumerable: false,
    value(this: object) {
      if (splicing === null) return Array.isArray(this) ? [...(this as unknown[])] : { ...this }
      splicing.push(parts.get(this)!)
      return TOKEN
    },
  })
  return Object.freeze(value)
}

/**
 * Whether an answer's data is a kept part or has one as a field: where the serializer of calls
 * looks for them, so that answers without any take Fastify's own path. A kept part deeper in an
 * answer is written in full, as an ordinary value.
 */
export function holdsKept(data: unknown): boolean {
  if (typeof data !== 'object' || data === null) return false
  if (parts.has(data)) return true
  for (const key in data) {
    const value = (data as Record<string, unknown>)[key]
    if (typeof value === 'object' && value !== null && parts.has(value)) return true
  }
  return false
}

/** An answer's JSON as pieces: the text written per request and the kept parts between them. */
export interface SplicedJson {
  text: string
  /** Strings and kept parts in order; undefined when the answer holds no kept part. */
  pieces?: Array<string | KeptPart>
}

/** JSON.stringify of an answer, with each kept part's JSON put in where it stands. */
export function spliceJson(payload: unknown): SplicedJson {
  const outer = splicing
  const found: KeptPart[] = (splicing = [])
  let written: string
  try {
    written = JSON.stringify(payload)
  } finally {
    splicing = outer
  }
  if (found.length === 0) return { text: written }
  const pieces: Array<string | KeptPart> = []
  const texts: string[] = []
  let from = 0
  for (const part of found) {
    const at = written.indexOf(TOKEN_JSON, from)
    if (at < 0) throw new Error('a kept part of an answer was not found in its JSON')
    const before = written.slice(from, at)
    pieces.push(before, part)
    texts.push(before, part.json)
    from = at + TOKEN_JSON.length
  }
  const after = written.slice(from)
  pieces.push(after)
  texts.push(after)
  return { text: texts.join(''), pieces }
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
/** An empty final block: ends a deflate stream whose last piece was a kept part. */
const FINAL_BLOCK = deflateRawSync(Buffer.alloc(0))

/**
 * A deflate stored block (RFC 1951 3.2.4) of at most 65,535 bytes, starting on a byte boundary as
 * every segment here does.
 */
function storedBlock(bytes: Buffer, final: boolean): Buffer {
  const header = Buffer.alloc(5)
  header[0] = final ? 1 : 0
  header.writeUInt16LE(bytes.length, 1)
  header.writeUInt16LE(~bytes.length & 0xffff, 3)
  return Buffer.concat([header, bytes])
}

/**
 * A gzip member of the pieces. Each kept part's bytes, deflated once, go in as they are; each piece
 * of the borrower's own is deflated now (flushed to a byte boundary, the last one final), or stored
 * as it is when it is shorter than `storeBelow` bytes: setting up zlib costs more than such a piece
 * saves, as for a whole answer under the compression threshold. A flushed deflate segment refers to
 * nothing before it, so the segments form one valid stream (RFC 1951, 1952); the checksum and
 * length are of the whole text.
 */
export function gzipPieces(pieces: ReadonlyArray<string | KeptPart>, level: number, storeBelow: number): Buffer {
  const chunks: Buffer[] = [GZIP_HEADER]
  let crc = 0
  let size = 0
  pieces.forEach((piece, i) => {
    const last = i === pieces.length - 1
    if (typeof piece === 'string') {
      if (piece === '' && !last) return
      const bytes = Buffer.from(piece)
      crc = crc32(bytes, crc)
      size += bytes.length
      if (bytes.length < Math.min(storeBelow, 65_536)) chunks.push(storedBlock(bytes, last))
      else chunks.push(deflateRawSync(bytes, { level, finishFlush: last ? zlib.Z_FINISH : zlib.Z_SYNC_FLUSH }))
    } else {
      crc = crc32(piece.bytes, crc)
      size += piece.bytes.length
      chunks.push(piece.deflated())
      if (last) chunks.push(FINAL_BLOCK)
    }
  })
  const trailer = Buffer.alloc(8)
  trailer.writeUInt32LE(crc >>> 0, 0)
  trailer.writeUInt32LE(size >>> 0, 4)
  chunks.push(trailer)
  return Buffer.concat(chunks)
}
