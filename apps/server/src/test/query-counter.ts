import type { Database } from '../db/client.js'

export interface QueryCounter {
  /** The statements sent since the counter started (or was last reset), in order. */
  readonly statements: string[]
  reset(): void
  stop(): void
}

type QueryFn = (...args: unknown[]) => unknown

/** The SQL text of a driver call: pg takes a string or `{ text }`, PGlite a string. */
function textOf(arg: unknown): string {
  if (typeof arg === 'string') return arg
  if (typeof arg === 'object' && arg !== null && 'text' in arg) return String((arg as { text: unknown }).text)
  return String(arg)
}

/**
 * Counts the statements the server sends to the database, by wrapping the driver's own query
 * functions (PGlite's `query` and `exec`; pg's `query` of every client the pool lends, which
 * both `pool.query` and transactions use). Every round trip passes there, whatever builds the SQL.
 */
export function countQueries(database: Database): QueryCounter {
  const statements: string[] = []
  const restores: Array<() => void> = []
  const wrap = (target: object, key: string) => {
    const holder = target as Record<string, QueryFn>
    const original = holder[key]
    if (typeof original !== 'function') return
    const hadOwn = Object.prototype.hasOwnProperty.call(target, key)
    holder[key] = function (this: unknown, ...args: unknown[]) {
      statements.push(textOf(args[0]))
      return original.apply(this, args)
    }
    restores.push(() => {
      if (hadOwn) holder[key] = original
      else delete holder[key]
    })
  }

  const { handle } = database
  if (handle.kind === 'pglite') {
    wrap(handle.client, 'query')
    wrap(handle.client, 'exec')
  } else {
    // pool.query and transactions both go through a client the pool lends: count there, once.
    const pool = handle.client
    const wrapped = new WeakSet<object>()
    const onAcquire = (client: object) => {
      if (wrapped.has(client)) return
      wrapped.add(client)
      wrap(client, 'query')
    }
    pool.on('acquire', onAcquire)
    restores.push(() => pool.off('acquire', onAcquire))
  }

  return {
    statements,
    reset: () => {
      statements.length = 0
    },
    stop: () => {
      for (const restore of restores.reverse()) restore()
    },
  }
}
