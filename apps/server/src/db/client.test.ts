import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from './client.js'

const root = mkdtempSync(path.join(tmpdir(), 'kilat-client-'))

afterAll(() => {
  rmSync(root, { recursive: true, force: true })
})

describe('openPglite on disk', () => {
  it('creates missing parent folders, refuses a second opener, and takes over a stale lock', async () => {
    const dataDir = path.join(root, 'nested', 'pglite')
    const first = await openPglite(dataDir)
    expect(first.kind).toBe('pglite')
    expect(existsSync(`${dataDir}.lock`)).toBe(true)
    // the lock names a live process (a child of this one would do; the parent process is one)
    writeFileSync(`${dataDir}.lock`, String(process.ppid))
    await expect(openPglite(dataDir)).rejects.toThrow(/in use by process/)
    writeFileSync(`${dataDir}.lock`, String(process.pid))
    await first.close()
    expect(existsSync(`${dataDir}.lock`)).toBe(false)

    writeFileSync(`${dataDir}.lock`, '999999999') // no such process
    const again = await openPglite(dataDir)
    expect(await again.ping()).toBe(true)
    await again.close()
  })
})
