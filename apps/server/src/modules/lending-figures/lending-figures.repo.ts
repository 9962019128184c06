import { sql } from 'drizzle-orm'
import { MARKET_INFO, ORDER_STATUS, TKB_HORIZON_DAYS, type Market } from '@kilat/domain'
import type { Executor } from '../../db/client.js'

export interface LendingTotals {
  totalDisbursed: number
  borrowersServed: number
  outstandingLoans: number
  /** Outstanding principal, cents (domain outstandingPrincipal, computed in SQL). */
  outstanding: number
  /** Of which on loans more than 90 days overdue. */
  outstandingBeyond90: number
}

/** Our own loans still being repaid (partners' loans are the partners' figures). */
const REPAYING = [ORDER_STATUS.repayingInstallments, ORDER_STATUS.due, ORDER_STATUS.overdue]

/**
 * The market's lending totals from the orders themselves (docs/product/registration.md#lending-figures):
 * every disbursed loan of our own products; a loan's days overdue count from its oldest unpaid
 * installment's due date in the market's calendar; the outstanding amount is the principal not
 * yet repaid, payments covering late charges and interest first (as domain outstandingPrincipal).
 */
export async function lendingTotals(db: Executor, market: Market): Promise<LendingTotals> {
  const zone = MARKET_INFO[market].timeZone
  const repaying = sql.raw(REPAYING.join(', '))
  const result = await db.execute(sql`
    with own as (
      select o.status, o.borrower_id, o.principal,
             greatest(0, o.principal - greatest(0, o.paid - o.interest - o.penalty)) as owed,
             (select min(p.due_at) from order_periods p where p.order_id = o.id and p.paid < p.total) as oldest_due
      from orders o
      join products pr on pr.id = o.product_id
      where pr.market = ${market} and not pr.is_partner and o.disbursed_at is not null
    )
    select
      sum(principal) as disbursed,
      count(distinct borrower_id) as borrowers,
      count(*) filter (where status in (${repaying})) as loans,
      sum(owed) filter (where status in (${repaying})) as outstanding,
      sum(owed) filter (
        where status in (${repaying})
          and oldest_due is not null
          and (now() at time zone ${zone})::date - (oldest_due at time zone ${zone})::date > ${TKB_HORIZON_DAYS}
      ) as beyond
    from own
  `)
  // pg and PGlite both answer with the rows in `rows`; sums of bigint come back as numeric text
  const row = (result as unknown as { rows: Array<Record<'disbursed' | 'borrowers' | 'loans' | 'outstanding' | 'beyond', unknown>> }).rows[0]
  const n = (v: unknown) => Number(v ?? 0)
  return {
    totalDisbursed: n(row?.disbursed),
    borrowersServed: n(row?.borrowers),
    outstandingLoans: n(row?.loans),
    outstanding: n(row?.outstanding),
    outstandingBeyond90: n(row?.beyond),
  }
}
