import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
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
    // two databases created on disk: over 20 s when both cores were busy
  }, 60_000)
})

describe('openPglite statements', () => {
  it('starts each statement once the event loop has taken in waiting I/O, so a chain of statements cannot starve new connections', async () => {
    const database = await openPglite()
    try {
      // A callback queued for the loop's check phase stands for the connections waiting: each
      // statement of a chain must run after it, never among the microtasks before it.
      const order: string[] = []
      for (let i = 0; i < 3; i++) {
        setImmediate(() => order.push(`io ${i}`))
        await database.db.execute(sql`select ${i}::int as n`)
        order.push(`statement ${i}`)
      }
      expect(order).toEqual(['io 0', 'statement 0', 'io 1', 'statement 1', 'io 2', 'statement 2'])
      // a transaction's statements too
      await database.db.transaction(async (tx) => {
        setImmediate(() => order.push('io tx'))
        await tx.execute(sql`select 1`)
        order.push('statement tx')
      })
      expect(order.slice(-2)).toEqual(['io tx', 'statement tx'])
    } finally {
      await database.close()
    }
  })
})
