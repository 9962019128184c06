import { createHash } from 'node:crypto'

/**
 * The audit trail's hash chain (docs/product/operations.md#audit-trail): each row's hash is
 * SHA-256 over the previous row's hash and the canonical JSON of the row's own fields, so that
 * changing, removing or reordering any row breaks every link after it.
 */

/** The `prev_hash` of the first row. */
export const GENESIS_HASH = '0'.repeat(64)

/** What a row's hash covers: everything but its id and the hashes themselves. */
export interface ChainFields {
  /** ISO 8601, milliseconds, UTC. */
  at: string
  staffId: number | null
  role: string | null
  action: string
  recordType: string
  recordId: string
  before: unknown
  after: unknown
  ip: string | null
}

export interface ChainRow extends ChainFields {
  id: number
  prevHash: string
  hash: string
}

/**
 * JSON with object keys sorted at every depth: jsonb stores keys in its own order, so the text
 * hashed must not depend on the order they were written or read in.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v === undefined ? null : v)).join(',')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return 'null'
  return JSON.stringify(value)
}

export function chainHash(prevHash: string, fields: ChainFields): string {
  const { at, staffId, role, action, recordType, recordId, before, after, ip } = fields
  const covered = { at, staffId, role, action, recordType, recordId, before: before ?? null, after: after ?? null, ip }
  return createHash('sha256').update(prevHash, 'utf8').update('\n', 'utf8').update(canonicalJson(covered), 'utf8').digest('hex')
}

export interface BrokenLink {
  id: number
  /** `prev_hash`: the row does not point at the row before it (one removed or inserted); `hash`: its fields changed. */
  reason: 'prev_hash' | 'hash'
}

/** The first row, in id order, that does not follow from `previousHash` and the rows before it. */
export function firstBrokenLink(rows: Iterable<ChainRow>, previousHash = GENESIS_HASH): BrokenLink | null {
  let prev = previousHash
  for (const row of rows) {
    if (row.prevHash !== prev) return { id: row.id, reason: 'prev_hash' }
    if (chainHash(row.prevHash, row) !== row.hash) return { id: row.id, reason: 'hash' }
    prev = row.hash
  }
  return null
}
