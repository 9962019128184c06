import { and, arrayOverlaps, asc, desc, eq, gt, gte, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import type { Executor, Tx } from '../../db/client.js'
import { auditLog, type AuditRow } from './audit.schema.js'
import { GENESIS_HASH, chainHash, firstBrokenLink, type BrokenLink, type ChainFields, type ChainRow } from './audit.chain.js'

/** Any constant works; it only has to be the same in every process of this application. */
const AUDIT_LOCK_KEY = 7_345_016

export interface AuditEntry {
  /** Null for the system or an unknown sign-in email. */
  staffId: number | null
  role: string | null
  /** `<area>.<verb>`, e.g. `staff.create`. */
  action: string
  recordType: string
  recordId: string | number
  before?: unknown
  after?: unknown
  ip?: string | null
  /**
   * Whose staff may read the row: the market of the order or complaint it is about, the markets of
   * the staff account; null only for a row about no market (a sign-in with an unknown email).
   */
  markets: readonly Market[] | null
  at?: Date
}

/** What jsonb gives back: dates as strings, no undefined members. The hash covers exactly that. */
const asStored = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)))

/**
 * Adds a row to the audit trail inside the caller's transaction, so that the change and its record
 * commit or fail together. Appends are serialized by a transaction-level advisory lock: two
 * writers reading the same last row would fork the chain.
 */
export async function record(tx: Tx, entry: AuditEntry): Promise<AuditRow> {
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK_KEY})`)
  const [last] = await tx.select({ hash: auditLog.hash }).from(auditLog).orderBy(desc(auditLog.id)).limit(1)
  const at = entry.at ?? new Date()
  const fields: ChainFields = {
    at: at.toISOString(),
    staffId: entry.staffId,
    role: entry.role,
    action: entry.action,
    recordType: entry.recordType,
    recordId: String(entry.recordId),
    before: asStored(entry.before),
    after: asStored(entry.after),
    ip: entry.ip ?? null,
  }
  const prevHash = last?.hash ?? GENESIS_HASH
  const [row] = await tx
    .insert(auditLog)
    .values({ ...fields, at, markets: entry.markets === null ? null : [...entry.markets], prevHash, hash: chainHash(prevHash, fields) })
    .returning()
  if (!row) throw new Error('audit insert returned no row')
  return row
}

const toChainRow = (row: AuditRow): ChainRow => ({
  id: row.id,
  at: row.at.toISOString(),
  staffId: row.staffId,
  role: row.role,
  action: row.action,
  recordType: row.recordType,
  recordId: row.recordId,
  before: row.before,
  after: row.after,
  ip: row.ip,
  prevHash: row.prevHash,
  hash: row.hash,
})

export interface VerifyResult {
  rows: number
  broken: BrokenLink | null
}

/** Walks the whole chain in id order, a page at a time; stops at the first broken link. */
export async function verifyChain(db: Executor, pageSize = 1000): Promise<VerifyResult> {
  let prev = GENESIS_HASH
  let afterId = 0
  let rows = 0
  for (;;) {
    const page = await db.select().from(auditLog).where(gt(auditLog.id, afterId)).orderBy(asc(auditLog.id)).limit(pageSize)
    if (page.length === 0) return { rows, broken: null }
    const chain = page.map(toChainRow)
    const broken = firstBrokenLink(chain, prev)
    if (broken) return { rows: rows + chain.findIndex((r) => r.id === broken.id), broken }
    rows += page.length
    const lastRow = chain[chain.length - 1]!
    prev = lastRow.hash
    afterId = lastRow.id
  }
}

export interface AuditQuery {
  staffId?: number | undefined
  recordType?: string | undefined
  recordId?: string | undefined
  from?: Date | undefined
  to?: Date | undefined
  /** Key-set paging: rows with a smaller id than this (the last row of the previous page). */
  before?: number | undefined
  /** Only rows about these markets, and rows about none (docs/product/operations.md#audit-trail). */
  markets?: readonly Market[] | undefined
  limit: number
}

/** Newest first, by id: paging by key stays fast however long the trail grows. */
export async function searchAudit(db: Executor, q: AuditQuery): Promise<{ rows: AuditRow[]; nextBefore: number | null }> {
  const where: SQL[] = []
  if (q.staffId !== undefined) where.push(eq(auditLog.staffId, q.staffId))
  if (q.recordType !== undefined) where.push(eq(auditLog.recordType, q.recordType))
  if (q.recordId !== undefined) where.push(eq(auditLog.recordId, q.recordId))
  if (q.from !== undefined) where.push(gte(auditLog.at, q.from))
  if (q.to !== undefined) where.push(lte(auditLog.at, q.to))
  if (q.before !== undefined) where.push(lt(auditLog.id, q.before))
  if (q.markets !== undefined) where.push(or(isNull(auditLog.markets), arrayOverlaps(auditLog.markets, [...q.markets]))!)
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(q.limit + 1)
  const page = rows.slice(0, q.limit)
  return { rows: page, nextBefore: rows.length > q.limit ? page[page.length - 1]!.id : null }
}
