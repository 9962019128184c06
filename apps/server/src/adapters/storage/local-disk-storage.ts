import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { STORED_NAME, type FileStorage } from './file-storage.js'

/** Files in one folder on the local disk (by default `DATA_DIR/uploads`), created on first write. */
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

  async get(name: string): Promise<Buffer | null> {
    if (!STORED_NAME.test(name)) return null
    try {
      return await readFile(path.join(this.dir, name))
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      throw error
    }
  }

  async delete(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true })
  }
}
