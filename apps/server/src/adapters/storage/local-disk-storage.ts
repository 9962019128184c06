import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { STORED_NAME, etagFromHash, sha256Of, type FileStorage, type StoredFile } from './file-storage.js'

/**
 * Files in one folder on the local disk (by default `DATA_DIR/uploads`), created on first write:
 * one machine's, so for the embedded database only (file-storage.ts). The ETag is the content's
 * hash, computed on each read (an image is at most a few hundred kilobytes).
 */
export class LocalDiskStorage implements FileStorage {
  private ready: Promise<unknown> | undefined

  constructor(private readonly dir: string) {}

  private pathOf(name: string): string {
    // The name is the server's own, but a path is only ever built from a name of this shape.
    if (!STORED_NAME.test(name)) throw new Error(`not a stored file name: ${name}`)
    return path.join(this.dir, name)
  }

  async put(name: string, data: Buffer): Promise<void> {
    const target = this.pathOf(name)
    this.ready ??= mkdir(this.dir, { recursive: true })
    await this.ready
    // written aside, then renamed: a reader never sees half a file
    const temp = `${target}.${process.pid}.tmp`
    await writeFile(temp, data, { mode: 0o600 })
    await rename(temp, target)
  }

  async get(name: string): Promise<StoredFile | null> {
    if (!STORED_NAME.test(name)) return null
    try {
      const data = await readFile(path.join(this.dir, name))
      return { data, etag: etagFromHash(sha256Of(data)) }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async etagOf(name: string): Promise<string | null> {
    return (await this.get(name))?.etag ?? null
  }

  async delete(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true })
  }
}
