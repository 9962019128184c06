import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'
import { bureauCorrections, bureauRecords, bureauRuns, bureauSends } from './credit-reporting.schema.js'

/**
 * Corrections (docs/product/credit-reporting.md#corrections): a kept run is never changed, so what
 * a run reported wrongly is put right by a new record in the next run, with the market's correction
 * indicator. A resolved credit-report dispute asks for one; the complaints module reads where it
 * stands.
 */

/** One run that reported an order, as a dispute shows it. */
export interface ReportedRecord {
  runId: number
  period: string
  state: string
  balance: number
  overdue: number
  daysPastDue: number
  correction: boolean
  sentTo: string[]
}

/** The runs that reported an order (the current build of each period), newest first. */
export async function reportedRecordsOf(db: Executor, orderKey: number): Promise<ReportedRecord[]> {
  const rows = await db
    .select({
      runId: bureauRuns.id,
      period: bureauRuns.period,
      state: bureauRecords.state,
      balance: bureauRecords.balance,
      overdue: bureauRecords.overdue,
      daysPastDue: bureauRecords.daysPastDue,
      correction: bureauRecords.correction,
    })
    .from(bureauRecords)
    .innerJoin(bureauRuns, eq(bureauRuns.id, bureauRecords.runId))
    .where(and(eq(bureauRecords.orderKey, orderKey), eq(bureauRuns.status, 'built')))
    .orderBy(desc(bureauRuns.period))
    .limit(36)
  if (rows.length === 0) return []
  const sends = await db
    .select({ runId: bureauSends.runId, bureau: bureauSends.bureau })
    .from(bureauSends)
    .where(and(inArray(bureauSends.runId, rows.map((r) => r.runId)), eq(bureauSends.status, 'confirmed')))
  return rows.map((r) => ({ ...r, sentTo: sends.filter((s) => s.runId === r.runId).map((s) => s.bureau) }))
}

/**
 * A resolved credit-report dispute asks for a correction: the order's record in the next run carries
 * the market's correction indicator. Call it inside the transaction that closes the complaint.
 */
export async function requestCorrection(tx: Executor, input: { orderKey: number; market: Market; complaintId: number; staffId: number; at: Date }): Promise<void> {
  await tx.insert(bureauCorrections).values({ orderKey: input.orderKey, market: input.market, complaintId: input.complaintId, requestedBy: input.staffId, requestedAt: input.at })
}

/** Whether a correction of the order waits for a run that carries it to be confirmed sent. */
export async function correctionPendingOf(db: Executor, orderKey: number): Promise<boolean> {
  const states = await correctionStates(db, and(eq(bureauCorrections.orderKey, orderKey)))
  return [...states.values()].some((s) => s === 'correction_queued')
}

async function correctionStates(db: Executor, where: ReturnType<typeof and>): Promise<Map<number, 'correction_queued' | 'correction_sent'>> {
  const rows = await db
    .select({ id: bureauCorrections.id, complaintId: bureauCorrections.complaintId, runId: bureauCorrections.runId })
    .from(bureauCorrections)
    .where(where)
  const runIds = rows.flatMap((r) => (r.runId === null ? [] : [r.runId]))
  const sent =
    runIds.length === 0
      ? new Set<number>()
      : new Set((await db.select({ runId: bureauSends.runId }).from(bureauSends).where(and(inArray(bureauSends.runId, runIds), eq(bureauSends.status, 'confirmed')))).map((s) => s.runId))
  return new Map(rows.map((r) => [r.complaintId ?? -r.id, r.runId !== null && sent.has(r.runId) ? 'correction_sent' : 'correction_queued']))
}

/**
 * Where each dispute's correction stands: `correction_queued` until a run carrying it is confirmed
 * sent to a bureau, then `correction_sent`. Complaints without a correction are absent.
 */
export async function disputeStatesOf(db: Executor, complaintIds: readonly number[]): Promise<Map<number, 'correction_queued' | 'correction_sent'>> {
  if (complaintIds.length === 0) return new Map()
  return correctionStates(db, and(isNotNull(bureauCorrections.complaintId), inArray(bureauCorrections.complaintId, [...complaintIds])))
}
