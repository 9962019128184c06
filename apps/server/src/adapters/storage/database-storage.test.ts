import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../db/client.js'
import { openTestDatabase } from '../../test/setup-db.js'
import { DatabaseStorage } from './database-storage.js'
import { defaultStorage } from './default-storage.js'
import { etagFromHash, etagMatches, sha256Of, type FileStorage } from './file-storage.js'
import { LocalDiskStorage } from './local-disk-storage.js'
import { storedFiles } from './stored-files.schema.js'

// The same SQL on both engines: this file runs on PGlite by default and on PostgreSQL with DATABASE_URL.
let database: Database
let dir: string

beforeAll(async () => {
  database = await openTestDatabase()
  dir = mkdtempSync(path.join(tmpdir(), 'kilat-storage-'))
})
afterAll(async () => {
  await database?.close()
  rmSync(dir, { recursive: true, force: true })
})

const bytes = (n: number, seed = 7) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 31 + seed) % 256))

describe.each([
  ['database', () => new DatabaseStorage(database.db)],
  ['local disk', () => new LocalDiskStorage(dir)],
] as const)('%s storage', (_, make: () => FileStorage) => {
  it('gives back the bytes it was given, every byte value, with their hash as a quoted ETag', async () => {
    const storage = make()
    const data = bytes(70_000)
    await storage.put('0123456789abcdef.png', data)
    const got = await storage.get('0123456789abcdef.png')
    expect(got?.data.equals(data)).toBe(true)
    expect(got?.etag).toBe(`"${sha256Of(data)}"`)
    expect(await storage.etagOf('0123456789abcdef.png')).toBe(got?.etag)
  })

  it('answers null for no such file, and for a name not of the server\'s shape', async () => {
    const storage = make()
    expect(await storage.get('ffffffffffffffff.jpg')).toBeNull()
    expect(await storage.etagOf('ffffffffffffffff.jpg')).toBeNull()
    expect(await storage.get('../../etc/passwd')).toBeNull()
    await expect(storage.put('../escape.png', bytes(3))).rejects.toThrow(/not a stored file name/)
  })

  it('replaces a file written again under its name, and deletes it', async () => {
    const storage = make()
    await storage.put('replaced-file-1.jpg', bytes(10, 1))
    await storage.put('replaced-file-1.jpg', bytes(12, 2))
    expect((await storage.get('replaced-file-1.jpg'))?.data.equals(bytes(12, 2))).toBe(true)
    await storage.delete('replaced-file-1.jpg')
    expect(await storage.get('replaced-file-1.jpg')).toBeNull()
    await storage.delete('replaced-file-1.jpg')
  })
})

describe('database storage', () => {
  it('keeps the type, size and hash beside the bytes', async () => {
    const data = bytes(1234)
    await new DatabaseStorage(database.db).put('typed-file-01.jpg', data)
    const rows = await database.db.select().from(storedFiles)
    const row = rows.find((r) => r.name === 'typed-file-01.jpg')
    expect(row).toMatchObject({ contentType: 'image/jpeg', size: 1234, sha256: sha256Of(data) })
  })

  it('is what a server on PostgreSQL uses by default; the embedded database keeps the local disk', () => {
    expect(defaultStorage({ kind: 'postgres', db: database.db }, dir)).toBeInstanceOf(DatabaseStorage)
    expect(defaultStorage({ kind: 'pglite', db: database.db }, dir)).toBeInstanceOf(LocalDiskStorage)
  })
})

describe('etagMatches', () => {
  const tag = etagFromHash('abc')
  it('finds the tag in an If-None-Match list, weak or strong, and * matches anything', () => {
    expect(etagMatches('"abc"', tag)).toBe(true)
    expect(etagMatches('"x", W/"abc"', tag)).toBe(true)
    expect(etagMatches('*', tag)).toBe(true)
    expect(etagMatches('"abcd"', tag)).toBe(false)
    expect(etagMatches('abc', tag)).toBe(false)
    expect(etagMatches(undefined, tag)).toBe(false)
  })
})
