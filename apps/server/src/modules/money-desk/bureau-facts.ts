import { sql, type SQL } from 'drizzle-orm'
import type { Cents } from '@kilat/domain'
import { rowsOf, type Executor } from '../../db/client.js'

/**
 * What the money desk says of loans around a period's cut-off, for credit bureau reporting
 * (docs/product/credit-reporting.md#figures): the interest released from each installment (a
 * waiver, or India's cooling-off exit) at or after the cut-off, taken back from what it holds now;
 * and whether finance waived anything (interest or late charges) before it, which makes a settled
 * loan "settled after a waiver".
 */

export interface ReliefAtCutoff {
  /** Interest released at or after the cut-off, by installment. */
  interestSince: Map<number, Cents>
  /** What finance waived, of interest and late charges. */
  waived: Cents
}

export async function reliefAtCutoff(db: Executor, orderKeys: readonly number[], cutoffAt: Date): Promise<Map<number, ReliefAtCutoff>> {
  const out = new Map<number, ReliefAtCutoff>()
  if (orderKeys.length === 0) return out
  const cutoff = sql`${cutoffAt.toISOString()}::timestamptz`
  const rows = await rowsOf<{ order_id: string | number; period_no: number | null; interest: string | number; waived: string | number }>(
    db.execute(sql`select e.order_id, e.period_no,
        coalesce(sum(e.amount) filter (where e.component = 'interest' and e.created_at >= ${cutoff}), 0) as interest,
        coalesce(sum(e.amount) filter (where a.kind = 'waiver' and e.created_at < ${cutoff}), 0) as waived
      from adjustment_entries e join adjustments a on a.id = e.adjustment_id
      where e.order_id = any(${`{${orderKeys.join(',')}}`}::bigint[]) and e.component in ('interest', 'late_charge')
      group by e.order_id, e.period_no`),
  )
  for (const r of rows) {
    const key = Number(r.order_id)
    let found = out.get(key)
    if (!found) out.set(key, (found = { interestSince: new Map(), waived: 0 as Cents }))
    if (r.period_no !== null) found.interestSince.set(r.period_no, Number(r.interest) as Cents)
    found.waived = (found.waived + Number(r.waived)) as Cents
  }
  return out
}

/** The interest released at or after the cut-off from the loans `orders` selects (their ids). */
export async function interestReliefTotalSince(db: Executor, orders: SQL, cutoffAt: Date): Promise<Cents> {
  const [row] = await rowsOf<{ total: string | number | null }>(
    db.execute(sql`select coalesce(sum(amount), 0) as total from adjustment_entries
      where order_id in (${orders}) and created_at >= ${cutoffAt.toISOString()}::timestamptz and component = 'interest'`),
  )
  return Number(row?.total ?? 0) as Cents
}
