import { sql, type SQL } from 'drizzle-orm'
import { ORDER_STATUS, type Cents, type Market } from '@kilat/domain'
import { rowsOf, type Executor } from '../../db/client.js'

/**
 * What the orders module tells credit bureau reporting (docs/product/credit-reporting.md#accounts):
 * which of a market's loans a period's run reports, page by page in id order, with each loan's
 * schedule; and the same loans' scheduled total, counted apart, for the run's check against the
 * ledger. Each installment comes with what it has received and had waived so far (the running sums
 * written with the ledger's and the money desk's entries); the reporting module takes back what
 * came after the cut-off. A loan is reported when it was paid out before the cut-off and was not settled before
 * the period began; a loan named in `also` (a correction) is reported whatever its dates.
 */

/** Our own loans that were paid out: partner loans are their lender's to report. */
const PAID_OUT = [ORDER_STATUS.repayingInstallments, ORDER_STATUS.due, ORDER_STATUS.overdue, ORDER_STATUS.settled]

export interface ReportableScope {
  market: Market
  /** The instant the period began and the instant it ended (the cut-off). */
  periodStartAt: Date
  cutoffAt: Date
  /** Orders a correction asks to report again. */
  also: readonly number[]
}

export interface ReportableOrder {
  orderKey: number
  orderNo: string
  borrowerId: number
  principal: Cents
  disbursedAt: Date
  settledAt: Date | null
  termDays: number
  schedule: { periodNo: number; dueAt: Date; principal: Cents; interest: Cents; paid: Cents; interestPaid: Cents; principalPaid: Cents; interestWaived: Cents }[]
}

/** The scope's condition on the orders aliased `o`. */
function inScope(scope: ReportableScope): SQL {
  const also = scope.also.length > 0 ? sql`or o.id in (${sql.join(scope.also.map((k) => sql`${k}`), sql`, `)})` : sql``
  return sql`o.product_id in (select p.id from products p where p.market = ${scope.market})
      and o.status in (${sql.raw(PAID_OUT.join(', '))})
      and ((o.disbursed_at < ${scope.cutoffAt.toISOString()}::timestamptz
            and (o.settled_at is null or o.settled_at >= ${scope.periodStartAt.toISOString()}::timestamptz))
           ${also})`
}

/** The ids of the scope's orders, as SQL: other modules' checks count over the same loans. */
export function reportableOrdersSql(scope: ReportableScope): SQL {
  return sql`select o.id from orders o where ${inScope(scope)}`
}

/** The next page of the scope's orders after `afterKey`, with their schedules. */
export async function reportableOrdersPage(db: Executor, scope: ReportableScope, afterKey: number, limit: number): Promise<ReportableOrder[]> {
  const rows = await rowsOf<{
    id: string | number
    order_no: string
    borrower_id: string | number
    principal: string | number
    disbursed_at: string | Date
    settled_at: string | Date | null
    term_days: number
    schedule: { period_no: number; due_at: string; principal: string | number; interest: string | number; paid: string | number; interest_paid: string | number; principal_paid: string | number; interest_waived: string | number }[]
  }>(
    db.execute(sql`select o.id, o.order_no, o.borrower_id, o.principal, o.disbursed_at, o.settled_at, o.term_days,
        (select json_agg(json_build_object('period_no', p.period_no, 'due_at', p.due_at, 'principal', p.principal, 'interest', p.interest, 'paid', p.paid,
             'interest_paid', p.interest_paid, 'principal_paid', p.principal_paid, 'interest_waived', p.interest_waived) order by p.period_no)
           from order_periods p where p.order_id = o.id) as schedule
      from orders o
      where o.id > ${afterKey} and ${inScope(scope)}
      order by o.id
      limit ${limit}`),
  )
  return rows.map((r) => ({
    orderKey: Number(r.id),
    orderNo: r.order_no,
    borrowerId: Number(r.borrower_id),
    principal: Number(r.principal) as Cents,
    disbursedAt: new Date(r.disbursed_at),
    settledAt: r.settled_at === null ? null : new Date(r.settled_at),
    termDays: r.term_days,
    schedule: (r.schedule ?? []).map((p) => ({
      periodNo: p.period_no,
      dueAt: new Date(p.due_at),
      principal: Number(p.principal) as Cents,
      interest: Number(p.interest) as Cents,
      paid: Number(p.paid) as Cents,
      interestPaid: Number(p.interest_paid) as Cents,
      principalPaid: Number(p.principal_paid) as Cents,
      interestWaived: Number(p.interest_waived) as Cents,
    })),
  }))
}

/** How many orders the scope holds, and the principal and interest they owe now (neither paid nor waived). */
export async function reportableTotals(db: Executor, scope: ReportableScope): Promise<{ orders: number; owedNow: Cents }> {
  const [row] = await rowsOf<{ orders: string | number; owed: string | number | null }>(
    db.execute(sql`with scope as (${reportableOrdersSql(scope)})
      select (select count(*) from scope) as orders,
             (select coalesce(sum(p.principal + p.interest - p.paid - p.interest_waived), 0) from order_periods p where p.order_id in (select id from scope)) as owed`),
  )
  return { orders: Number(row?.orders ?? 0), owedNow: Number(row?.owed ?? 0) as Cents }
}
