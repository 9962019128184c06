import type { Executor } from './client.js'

/**
 * A statement built once per database and then reused by every request. Without it Drizzle builds
 * the same SQL text again on every call, and PostgreSQL parses and plans it again
 * (docs/decisions/0008-api-performance.md). `build` returns a query whose inputs are
 * `sql.placeholder`s, ended with `.prepare(name)`: on PostgreSQL the name is a server-side prepared
 * statement of each pooled connection (so one name must always mean one SQL text), on PGlite the
 * name is ignored and the built text is reused.
 *
 * Statements are kept per executor: a transaction gets its own on first use, so a statement never
 * runs outside the transaction it was called in.
 */
export function prepared<T>(build: (db: Executor) => T): (db: Executor) => T {
  const byExecutor = new WeakMap<Executor, T>()
  return (db) => {
    let statement = byExecutor.get(db)
    if (statement === undefined) {
      statement = build(db)
      byExecutor.set(db, statement)
    }
    return statement
  }
}
