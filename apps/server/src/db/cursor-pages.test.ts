import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openTestDatabase } from '../test/setup-db.js'
import { cursorPages, type Database } from './client.js'

/**
 * The PostgreSQL cursor of long reads (the CSV exports, docs/product/operations.md#exports): pages
 * of arrays, the last one short or none, its connection given back however the reader stops. On
 * PGlite there is none (the caller pages by key), which each test checks first.
 */
let database: Database

beforeAll(async () => {
  database = await openTestDatabase()
})

afterAll(async () => {
  await database.close()
})

const numbers = (n: number) => sql`select g, ${'x'}::text as t from generate_series(1, ${n}::int) g order by g`

/** Connections the pool holds and lends, when the database is PostgreSQL. */
function poolCounts() {
  if (database.handle.kind !== 'postgres') return null
  const { totalCount, idleCount } = database.handle.client
  return { lent: totalCount - idleCount, total: totalCount }
}

async function pagesOf(n: number, size: number): Promise<unknown[][][] | null> {
  const cursor = cursorPages(database.db, numbers(n), size)
  if (!cursor) return null
  const pages: unknown[][][] = []
  for await (const page of cursor) pages.push(page)
  return pages
}

describe('cursorPages', () => {
  it('reads a query in pages of arrays in the select order, the last one short or none', async () => {
    const seven = await pagesOf(7, 3)
    if (database.kind === 'pglite') {
      expect(seven).toBeNull()
      return
    }
    expect(seven).toEqual([
      [[1, 'x'], [2, 'x'], [3, 'x']],
      [[4, 'x'], [5, 'x'], [6, 'x']],
      [[7, 'x']],
    ])
    expect((await pagesOf(6, 3))?.map((p) => p.length)).toEqual([3, 3])
    expect(await pagesOf(0, 3)).toEqual([])
    expect(poolCounts()?.lent).toBe(0)
    expect(() => cursorPages(database.db, numbers(1), 0)).toThrow(/page size/)
  })

  it('ends its transaction and gives its connection back when the reader stops early', async () => {
    const cursor = cursorPages(database.db, numbers(100), 10)
    if (database.kind === 'pglite') {
      expect(cursor).toBeNull()
      return
    }
    const first = await cursor!.next()
    expect(first.value).toHaveLength(10)
    // the next page was already asked for: it must arrive before the rollback
    await cursor!.return(undefined)
    expect(poolCounts()?.lent).toBe(0)
    const open = await database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`)
    expect((open.rows[0] as { n: number }).n).toBe(0)
    // the connection is usable again: a second full read on the pool works
    expect((await pagesOf(4, 10))?.flat()).toHaveLength(4)
  })

  it('fails the reader on a failing query and does not lend the failed connection again', async () => {
    const failing = cursorPages(database.db, sql`select 10 / (5 - g) from generate_series(1, 10) g`, 2)
    if (database.kind === 'pglite') {
      expect(failing).toBeNull()
      return
    }
    const before = poolCounts()!.total
    const read = async () => {
      for await (const page of failing!) expect(page.length).toBeGreaterThan(0)
    }
    await expect(read()).rejects.toThrow(/division by zero/)
    expect(poolCounts()!.lent).toBe(0)
    expect(poolCounts()!.total).toBeLessThanOrEqual(before)
    expect((await pagesOf(2, 5))?.flat()).toHaveLength(2)
  })
})
