import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.js'
import { STORED_NAME, contentTypeOf, etagFromHash, sha256Of, type FileStorage, type StoredFile } from './file-storage.js'
import { storedFiles } from './stored-files.schema.js'

/**
 * Files as rows of `stored_files`: every server process on the same PostgreSQL reads what any of
 * them wrote (docs/product/platform.md#scale-out). Complaint images are at most a few hundred
 * kilobytes once re-encoded, which `bytea` holds well; the hash is computed once, on write, and is
 * the ETag, so a conditional request reads 64 characters rather than the image.
 */
export class DatabaseStorage implements FileStorage {
  constructor(private readonly db: Db) {}

  async put(name: string, data: Buffer): Promise<void> {
    if (!STORED_NAME.test(name)) throw new Error(`not a stored file name: ${name}`)
    const row = { bytes: data, contentType: contentTypeOf(name), size: data.length, sha256: sha256Of(data) }
    // A name is written once; a second write (a demo image drawn by two processes at once) is the same bytes.
    await this.db
      .insert(storedFiles)
      .values({ name, ...row })
      .onConflictDoUpdate({ target: storedFiles.name, set: row })
  }

  async get(name: string): Promise<StoredFile | null> {
    if (!STORED_NAME.test(name)) return null
    const [row] = await this.db.select({ bytes: storedFiles.bytes, sha256: storedFiles.sha256 }).from(storedFiles).where(eq(storedFiles.name, name))
    return row ? { data: row.bytes, etag: etagFromHash(row.sha256) } : null
  }

  async etagOf(name: string): Promise<string | null> {
    if (!STORED_NAME.test(name)) return null
    const [row] = await this.db.select({ sha256: storedFiles.sha256 }).from(storedFiles).where(eq(storedFiles.name, name))
    return row ? etagFromHash(row.sha256) : null
  }

  async delete(name: string): Promise<void> {
    await this.db.delete(storedFiles).where(eq(storedFiles.name, name))
  }
}
