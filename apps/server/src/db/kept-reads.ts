import type { Db } from './client.js'

/**
 * A read kept by the process for a few seconds, per database and key: for the console's summary
 * counts that sum many rows and move slowly (docs/performance/console-at-scale.md). The time is the
 * machine's, not a desk's clock, so a test clock never keeps a read longer. A read that fails is not
 * kept; two callers inside the window share one read.
 */
export function keptReads<T>(keepMs: number): (db: Db, key: string, read: () => Promise<T>) => Promise<T> {
  const byDb = new WeakMap<Db, Map<string, { until: number; value: Promise<T> }>>()
  return (db, key, read) => {
    let kept = byDb.get(db)
    if (!kept) byDb.set(db, (kept = new Map()))
    const found = kept.get(key)
    if (found && found.until > Date.now()) return found.value
    const value = read()
    kept.set(key, { until: Date.now() + keepMs, value })
    value.catch(() => kept.delete(key))
    return value
  }
}
