import type { Db, Executor, Tx } from '../../db/client.js'
import { isSealed, SecretError, type Keyring } from './secret-box.js'

/**
 * Re-sealing a column (docs/decisions/0021-secrets-at-rest.md#rotation): the rows whose value is
 * plain (written before sealing) or sealed under another key than the current one, in batches by
 * id, each batch its own transaction, so that the server keeps serving meanwhile: a value stays
 * readable by its old key (still listed) until its row is re-sealed. A row is written only where it
 * still holds the value read (compare and set), so that a process doing the same, or a change in
 * between, is never overwritten. The module that owns the column says how to read and write it.
 */

export interface SealedRow {
  id: number
  value: string
}

export interface SealedColumn {
  /** table.column, for the report. */
  name: string
  /** Rows with id above `afterId` not sealed under `keyId` (only the plain ones with `onlyPlain`), by id, at most `limit`. */
  pending(db: Executor, keyId: string, afterId: number, limit: number, onlyPlain: boolean): Promise<SealedRow[]>
  /** The row's plain value; throws SecretError when it does not open. */
  open(row: SealedRow, keyring: Keyring): string
  /** Writes `plain` sealed under the current key where the row still holds `row.value`; false when it changed meanwhile. */
  replace(tx: Tx, row: SealedRow, plain: string, keyring: Keyring): Promise<boolean>
}

export interface ResealCounts {
  column: string
  /** Values found plain: sealed now (or, dry run, to be). */
  plain: number
  /** Values under an older key: re-sealed now (or, dry run, to be). */
  old: number
  /** Values that changed between the read and the write (another process re-sealed them): left as they are. */
  changed: number
  /** Values that do not open with any listed key (unknown key id, tampered, another row's): left as they are. */
  unreadable: number
  /** Of those, the rows' ids (the first 20), for the operator to look at. */
  unreadableIds: number[]
}

export interface ResealOptions {
  batchSize?: number
  dryRun?: boolean
  /** Only values still plain (the server's start after the upgrade), not those under an older key. */
  onlyPlain?: boolean
  /** Called after each batch's transaction: tests do server calls there. */
  afterBatch?: (counts: ResealCounts) => Promise<void> | void
}

export const RESEAL_BATCH_SIZE = 200

export async function resealColumn(db: Db, keyring: Keyring, column: SealedColumn, options: ResealOptions = {}): Promise<ResealCounts> {
  const { batchSize = RESEAL_BATCH_SIZE, dryRun = false, onlyPlain = false } = options
  const counts: ResealCounts = { column: column.name, plain: 0, old: 0, changed: 0, unreadable: 0, unreadableIds: [] }
  let afterId = 0
  for (;;) {
    const rows = await column.pending(db, keyring.currentKeyId, afterId, batchSize, onlyPlain)
    if (rows.length === 0) break
    afterId = rows[rows.length - 1]!.id
    const work: Array<{ row: SealedRow; plain: string; wasPlain: boolean }> = []
    for (const row of rows) {
      const wasPlain = !isSealed(row.value)
      try {
        work.push({ row, plain: wasPlain ? row.value : column.open(row, keyring), wasPlain })
      } catch (error) {
        if (!(error instanceof SecretError)) throw error
        counts.unreadable += 1
        if (counts.unreadableIds.length < 20) counts.unreadableIds.push(row.id)
      }
    }
    if (dryRun) {
      for (const { wasPlain } of work) counts[wasPlain ? 'plain' : 'old'] += 1
    } else {
      await db.transaction(async (tx) => {
        for (const { row, plain, wasPlain } of work) {
          if (await column.replace(tx, row, plain, keyring)) counts[wasPlain ? 'plain' : 'old'] += 1
          else counts.changed += 1
        }
      })
    }
    await options.afterBatch?.(counts)
    if (rows.length < batchSize) break
  }
  return counts
}
