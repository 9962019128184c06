import { createHash } from 'node:crypto'

/** A stored file's bytes and its entity tag (the content hash, so the same bytes always give the same tag). */
export interface StoredFile {
  data: Buffer
  etag: string
}

/**
 * Where uploaded files live (docs/product/complaints.md#images). Names are made by the server
 * (never the sender's file name) and are the only key: the database says who may read a file.
 * Two adapters: the database (database-storage.ts), which every server process on one PostgreSQL
 * shares and the default with `DATABASE_URL`; the local disk (local-disk-storage.ts), one
 * machine's folder, the default with the embedded database, which is one process's anyway
 * (docs/product/platform.md#scale-out).
 */
export interface FileStorage {
  put(name: string, data: Buffer): Promise<void>
  /** The file's bytes and ETag, or null when there is no such file. */
  get(name: string): Promise<StoredFile | null>
  /** The ETag alone, or null: answers a conditional request without sending the bytes over. */
  etagOf(name: string): Promise<string | null>
  delete(name: string): Promise<void>
}

/** A stored name: lower-case letters, digits, `-` and `_`, then one extension. Nothing else reaches a path. */
export const STORED_NAME = /^[a-z0-9_-]{8,64}\.(jpg|png|webp)$/

const CONTENT_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' }

/** The content type a stored name's extension stands for. */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[name.slice(name.lastIndexOf('.') + 1)] ?? 'application/octet-stream'
}

/** The SHA-256 of the bytes, in hex: what the database keeps, and inside the ETag's quotes. */
export const sha256Of = (data: Buffer): string => createHash('sha256').update(data).digest('hex')

/** A strong ETag from a content hash (RFC 9110 §8.8.3: an opaque string in double quotes). */
export const etagFromHash = (sha256: string): string => `"${sha256}"`

/**
 * Whether an If-None-Match header names this ETag (RFC 9110 §13.1.2: a list, weak comparison, `*`
 * for any): then the client's copy is current and the answer is 304.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  if (ifNoneMatch.trim() === '*') return true
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
}
