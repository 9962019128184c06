import { sql, type SQL } from 'drizzle-orm'
import type { Cents } from '@kilat/domain'
import { rowsOf, type Executor } from '../../db/client.js'

/**
 * What the ledger says of loans around a period's cut-off, for credit bureau reporting
 * (docs/product/credit-reporting.md#figures): the principal and interest each installment received
 * after the cut-off (taken back from what it holds now, to give what it held then), and the last
 * payment before the cut-off. A payment counts from when the gateway says it was paid
 * (`received_at`), as the borrower sees it, even when its callback came later.
 */

export interface PaidAtCutoff {
  /** By installment: the principal and the interest received at or after the cut-off. */
  since: Map<number, { principal: Cents; interest: Cents }>
  lastPayment: { at: Date; amount: Cents } | null
}

const id = (v: string | number) => Number(v)

export async function paidAtCutoff(db: Executor, orderKeys: readonly number[], cutoffAt: Date): Promise<Map<number, PaidAtCutoff>> {
  const out = new Map<number, PaidAtCutoff>()
  if (orderKeys.length === 0) return out
  const keys = sql`${`{${orderKeys.join(',')}}`}::bigint[]`
  const cutoff = sql`${cutoffAt.toISOString()}::timestamptz`
  // one after the other: the caller's transaction runs one statement at a time
  const parts = await rowsOf<{ order_id: string | number; period_no: number; component: 'interest' | 'principal'; amount: string | number }>(
      db.execute(sql`select l.order_id, l.period_no, l.component, sum(l.amount) as amount from ledger_entries l join payments p on p.id = l.payment_id
        where l.order_id = any(${keys}) and p.received_at >= ${cutoff} and l.component in ('interest', 'principal')
        group by l.order_id, l.period_no, l.component`),
  )
  const last = await rowsOf<{ order_id: string | number; at: string | Date; amount: string | number }>(
      db.execute(sql`select distinct on (l.order_id) l.order_id, p.received_at as at, sum(l.amount) as amount from ledger_entries l join payments p on p.id = l.payment_id
        where l.order_id = any(${keys}) and p.received_at < ${cutoff}
        group by l.order_id, p.id, p.received_at order by l.order_id, p.received_at desc, p.id desc`),
  )
  const of = (key: number) => {
    let found = out.get(key)
    if (!found) out.set(key, (found = { since: new Map(), lastPayment: null }))
    return found
  }
  for (const r of parts) {
    const period = of(id(r.order_id)).since
    const before = period.get(r.period_no) ?? { principal: 0 as Cents, interest: 0 as Cents }
    period.set(r.period_no, { ...before, [r.component]: Number(r.amount) as Cents })
  }
  for (const r of last) of(id(r.order_id)).lastPayment = { at: new Date(r.at), amount: Number(r.amount) as Cents }
  return out
}

/** The principal and interest the ledger received at or after the cut-off for the loans `orders` selects (their ids). */
export async function paidTotalSince(db: Executor, orders: SQL, cutoffAt: Date): Promise<Cents> {
  const [row] = await rowsOf<{ total: string | number | null }>(
    db.execute(sql`select coalesce(sum(l.amount), 0) as total from ledger_entries l join payments p on p.id = l.payment_id
      where l.order_id in (${orders}) and p.received_at >= ${cutoffAt.toISOString()}::timestamptz and l.component in ('interest', 'principal')`),
  )
  return Number(row?.total ?? 0) as Cents
}
