/**
 * Where uploaded files live (docs/product/complaints.md#images). Names are made by the server
 * (never the sender's file name) and are the only key: the database says who may read a file.
 * The local-disk adapter is the default; an object-store adapter fits the same interface, and is
 * what a deployment of more than one server process needs (a local folder is one machine's).
 */
export interface FileStorage {
  put(name: string, data: Buffer): Promise<void>
  /** The file's bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>
  delete(name: string): Promise<void>
}

/** A stored name: lower-case letters, digits, `-` and `_`, then one extension. Nothing else reaches a path. */
export const STORED_NAME = /^[a-z0-9_-]{8,64}\.(jpg|png|webp)$/
